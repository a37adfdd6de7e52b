"""The order and the pace of the table repairs after a restart.

After a restart every open table, and every table whose message is behind its
row, gets one pass of the refresher (an edit, its bell). With thousands of
tables, passing them all at once would spend Discord's rate limits (50
requests per second for the whole bot) and the event loop on tables nobody is
looking at while people click. So they queue here, the most recently changed
first (the tables people are playing now), and leave at `rate` tables per
second, which keeps the repair's requests (an edit, and at most a bell posted
and one deleted per table) well inside the global limit. A table with live
work (a click, a deadline) leaves the queue at once: live work never waits
behind the repair (`take`).
"""

from __future__ import annotations

import asyncio
import heapq
import time
from collections.abc import Awaitable, Callable

REPAIR_RATE = 5.0  # tables per second by default (`CARDROOM_REPAIR_RATE`)


class RepairQueue:
    """Game ids by recency of their last change, handed out at most `rate` per second."""

    def __init__(
        self,
        rate: float = REPAIR_RATE,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if rate <= 0:
            raise ValueError(f"the repair rate must be positive, not {rate}")
        self.interval = 1.0 / rate
        self._clock = clock
        self._sleep = sleep
        self._heap: list[tuple[float, int]] = []  # (-changed_at, -table_id): newest first, then the newest game
        self._queued: set[int] = set()
        self._next_at: float | None = None  # when the next table may leave
        self.released = 0
        self.taken = 0  # left the queue for live work

    def __len__(self) -> int:
        return len(self._queued)

    def __contains__(self, table_id: int) -> bool:
        return table_id in self._queued

    def add(self, table_id: int, changed_at: float) -> None:
        """Queue a table for its repair (`changed_at`: its last change; the latest go first)."""
        if table_id in self._queued:
            return
        self._queued.add(table_id)
        heapq.heappush(self._heap, (-changed_at, -table_id))

    def take(self, table_id: int) -> bool:
        """Live work reached the table first: it leaves the queue (its live pass brings it up to date)."""
        if table_id not in self._queued:
            return False
        self._queued.discard(table_id)  # its heap entry is skipped when it comes up
        self.taken += 1
        return True

    async def next(self) -> int | None:
        """The next table to repair, once the pace allows it; None when the queue is empty."""
        if not self._queued:
            return None
        if self._next_at is not None:
            wait = self._next_at - self._clock()
            if wait > 0:
                await self._sleep(wait)
        while self._heap:
            _, negative_id = heapq.heappop(self._heap)
            table_id = -negative_id
            if table_id in self._queued:
                self._queued.discard(table_id)
                now = self._clock()
                self._next_at = max(self._next_at or now, now) + self.interval
                self.released += 1
                return table_id
        return None
