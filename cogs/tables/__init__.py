"""The tables extension: lobbies, public tables, private hands, actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.tables._cog import TablesCog
from cogs.tables._components import DYNAMIC_ITEMS

if TYPE_CHECKING:
    from bot.runtime import CardroomBot


async def setup(bot: CardroomBot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(TablesCog(bot))
