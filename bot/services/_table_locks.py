"""One lock per table in this process, kept only while someone holds it or waits for it.

A dict of every table ever locked would grow with every table the process has
seen; here a table's lock goes when its last holder or waiter leaves, so the
dict holds at most the tables being acted on. Whoever arrives while the lock
exists waits on that same lock, so two actions on one table never overlap.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.errors import BusyError


@dataclass
class _Entry:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0  # holders and waiters


class TableLocks:
    """`timeout`: seconds a caller waits for a table's lock before `BusyError`."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self._entries: dict[int, _Entry] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def locked(self, table_id: int) -> bool:
        entry = self._entries.get(table_id)
        return entry is not None and entry.lock.locked()

    def held(self, table_id: int) -> _Held:
        """Hold the table's lock (`async with`); `BusyError` when it is not free within `timeout` seconds."""
        return _Held(self, table_id)


class _Held:
    """One holding of a table's lock: taken on entry, given back on exit (a plain class rather than a generator:
    it is entered on every move)."""

    __slots__ = ("_entry", "_locks", "_table_id")

    def __init__(self, locks: TableLocks, table_id: int) -> None:
        self._locks = locks
        self._table_id = table_id
        self._entry: _Entry | None = None

    async def __aenter__(self) -> None:
        entries = self._locks._entries
        entry = entries.get(self._table_id)
        if entry is None:
            entry = entries[self._table_id] = _Entry()
        entry.users += 1
        try:
            if entry.users == 1:
                await entry.lock.acquire()  # nobody else holds or awaits it: taken at once, without wait_for's task
            else:
                try:
                    await asyncio.wait_for(entry.lock.acquire(), self._locks.timeout)
                except TimeoutError:
                    raise BusyError() from None
        except BaseException:
            self._leave(entry)
            raise
        self._entry = entry

    async def __aexit__(self, *exc_info: object) -> None:
        entry = self._entry
        assert entry is not None
        entry.lock.release()
        self._leave(entry)

    def _leave(self, entry: _Entry) -> None:
        entry.users -= 1
        if not entry.users:
            del self._locks._entries[self._table_id]
