"""The ends forced on a table: the host's or a moderator's abort, a server manager's `/cardroom` end."""

from __future__ import annotations

from bot.errors import ForgedComponentError, NotHostError, TableEndedError
from bot.services.tables.store import TableStore
from bot.services.tables.table import Gate, Table, open_gate
from bot.storage import StaleVersionError


class AdminService:
    """Ending an open table before its game does, and the list a server's managers end them from."""

    def __init__(self, store: TableStore) -> None:
        self.store = store

    async def abort(self, channel_id: int, user_id: int, *, can_manage: bool, gate: Gate = open_gate) -> Table:
        table = await self.store.in_channel(channel_id)
        if table is None:
            raise TableEndedError("error.no_table")
        async with self.store.locked(table.id):
            table = await self.store.fresh(table.id)
            if table.record.status not in ("lobby", "active"):
                raise TableEndedError()
            if user_id != table.record.host_id and not can_manage:
                raise NotHostError("error.abort_forbidden")
            await gate()
            return self.store.committed(await self.store.db.tables.abort(table.id, by_user_id=user_id))

    async def force_end(self, table_id: int, guild_id: int, user_id: int, gate: Gate = open_gate) -> Table:
        """A server manager ends one of the server's open tables (`/cardroom`); the caller checked the permission."""
        async with self.store.locked(table_id):
            try:
                table = await self.store.fresh(table_id)
            except ForgedComponentError:
                raise TableEndedError() from None
            if table.record.guild_id != guild_id:
                raise TableEndedError()
            if not table.record.is_open:
                raise TableEndedError()
            await gate()
            try:
                return self.store.committed(await self.store.db.tables.abort(table_id, by_user_id=user_id))
            except StaleVersionError:
                await self.store.fresh(table_id)
                raise TableEndedError() from None

    async def open_tables(self, guild_id: int) -> list[Table]:
        """The server's open tables as the database holds them (a listing: not kept in memory)."""
        return [self.store.build(record) for record in await self.store.db.tables.open_tables(guild_id)]
