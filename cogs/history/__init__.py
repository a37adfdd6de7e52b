"""The history extension: /stats, /history and /replay (the replay components are registered by cogs.tables)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.history._cog import HistoryCog

if TYPE_CHECKING:
    from bot.runtime import CardroomBot


async def setup(bot: CardroomBot) -> None:
    await bot.add_cog(HistoryCog(bot))
