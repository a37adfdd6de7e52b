"""The record of a game: the channel's latest, its public log move by move, its fairness check once over."""

from __future__ import annotations

import asyncio

from bot.errors import CardroomError
from bot.services.fairness import Verification, verify
from bot.services.log import LogCache, LogEntry, public_log
from bot.services.tables.store import TableStore
from bot.services.tables.table import Table


class HistoryService:
    """Reads of what a game was (its log is rebuilt by a replay, cached by version)."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self._logs = LogCache()

    async def latest_played(self, channel_id: int) -> Table | None:
        """The channel's running game, else its most recent game that was started (for its log)."""
        record = await self.store.db.tables.latest_played_in_channel(channel_id)
        if record is None:
            return None
        if record.status in ("lobby", "active"):
            return await self.store.get(record.id)  # the cached table: a read must not replace a newer one
        return await self.store.with_ratings(self.store.build(record))

    async def public_log(self, table_id: int) -> tuple[Table, list[LogEntry]]:
        """The table and its whole public log, move by move (rebuilt by a replay, off the event loop)."""
        table = await self.store.get(table_id)
        if table.state is None:
            return table, []
        entries = self._logs.get(table_id, table.record.version)
        if entries is None:
            actions = await self.store.db.tables.actions(table_id)
            entries = await asyncio.to_thread(public_log, table.engine, table.record, actions)
            self._logs.put(table_id, table.record.version, entries)
        return table, entries

    async def verification(self, table_id: int, *, announced: str | None = None) -> tuple[Table, Verification]:
        """Check a game that is over: its commitment, and its replay from the seed (refused while it runs: its seed
        would reveal the deck)."""
        table = await self.store.get(table_id)
        if table.record.is_open:
            raise CardroomError("verify.not_over")
        actions = await self.store.db.tables.actions(table_id)
        found = await asyncio.to_thread(verify, table.engine, table.record, actions, announced=announced)
        return table, found
