"""The info extension: /rules and /leaderboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.info._cog import InfoCog

if TYPE_CHECKING:
    from bot.runtime import CardroomBot


async def setup(bot: CardroomBot) -> None:
    await bot.add_cog(InfoCog(bot))
