"""Ask the tables extension to redraw tables this extension changed (their clocks, or their end)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cogs.tables import TablesCog

if TYPE_CHECKING:
    from bot.runtime import CardroomBot


def redraw(bot: CardroomBot, table_ids: Iterable[int]) -> None:
    """Mark each table for a coalesced edit of its message; nothing happens without the tables extension."""
    cog = bot.get_cog("Tables")
    if not isinstance(cog, TablesCog):
        return
    for table_id in table_ids:
        cog.refresher.mark(table_id)
