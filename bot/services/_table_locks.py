"""One lock per table in this process, kept only while someone holds it or waits for it.

A dict of every table ever locked would grow with every table the process has
seen; here a table's lock goes when its last holder or waiter leaves, so the
dict holds at most the tables being acted on. Whoever arrives while the lock
exists waits on that same lock, so two actions on one table never overlap.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
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

    def locked(self, game_id: int) -> bool:
        entry = self._entries.get(game_id)
        return entry is not None and entry.lock.locked()

    @asynccontextmanager
    async def held(self, game_id: int) -> AsyncIterator[None]:
        """Hold the table's lock; `BusyError` when it is not free within `timeout` seconds."""
        entry = self._entries.get(game_id)
        if entry is None:
            entry = self._entries[game_id] = _Entry()
        entry.users += 1
        try:
            if entry.users == 1:
                await entry.lock.acquire()  # nobody else holds or awaits it: taken at once, without wait_for's task
            else:
                try:
                    await asyncio.wait_for(entry.lock.acquire(), self.timeout)
                except TimeoutError:
                    raise BusyError() from None
            try:
                yield
            finally:
                entry.lock.release()
        finally:
            entry.users -= 1
            if not entry.users:
                del self._entries[game_id]
