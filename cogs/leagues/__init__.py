"""The leagues extension: `/league`, the league message's buttons, and the leagues playing themselves out.

It needs the tables extension (loaded first): a league's tables are posted and refreshed by its refresher.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

from cogs.leagues._cog import LeagueCog
from cogs.leagues._components import routes
from cogs.leagues._handlers import LeagueHandlers
from cogs.tables import TablesCog

if TYPE_CHECKING:
    from bot.runtime import CardroomBot


async def setup(bot: CardroomBot) -> None:
    tables = bot.get_cog("Tables")
    if not isinstance(tables, TablesCog):
        raise commands.ExtensionFailed(__name__, RuntimeError("the leagues extension needs the tables extension"))
    handlers = LeagueHandlers(bot, bot.leagues, tables.refresher)
    bot.add_dynamic_items(*routes(handlers))
    await bot.add_cog(LeagueCog(bot, handlers))
