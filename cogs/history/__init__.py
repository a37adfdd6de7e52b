"""The history extension: /stats, /history and /replay, and the replay's components."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.history._cog import HistoryCog
from cogs.history._components import routes

if TYPE_CHECKING:
    from bot.runtime import CardroomBot


async def setup(bot: CardroomBot) -> None:
    cog = HistoryCog(bot)
    bot.add_dynamic_items(*routes(cog.handlers))
    await bot.add_cog(cog)
