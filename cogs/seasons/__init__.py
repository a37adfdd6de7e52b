"""The seasons extension: `/cardroom season`, and each season's end posted with its champion (`/leaderboard season:`
is the info extension's, over `cogs.seasons.standings`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.seasons._cog import SeasonsCog

if TYPE_CHECKING:
    from bot.runtime import CardroomBot


async def setup(bot: CardroomBot) -> None:
    await bot.add_cog(SeasonsCog(bot))
