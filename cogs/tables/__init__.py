"""The tables extension: lobbies, public tables, private hands, actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.tables._cog import TablesCog
from cogs.tables._components import routes
from cogs.tables._next import routes as next_routes

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

__all__ = ["TablesCog", "setup"]  # `TablesCog`: what the other cogs may reach (typed, through `bot.get_cog`)


async def setup(bot: CardroomBot) -> None:
    cog = TablesCog(bot)
    bot.add_dynamic_items(*routes(cog.handlers), *next_routes(cog.handlers.onward))
    await bot.add_cog(cog)
