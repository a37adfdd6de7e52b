"""One scheduler over the `deadlines` table: it sleeps until the earliest deadline and fires what is due.

No task per table and no deadline held in memory: the database's index gives
the earliest `due_at` in one step (O(log n)), and each firing deletes its row
in the same transaction as its effect, so a deadline fires once even across a
crash (an overdue one fires at the next start, late but never twice). A
deadline whose effect fails is tried again `RETRY` seconds later rather than
in a tight loop. `fire_due` takes the time from the injected clock, so tests
move time forward instead of sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot.storage import Database, Deadline

log = logging.getLogger("cardroom.scheduler")

Fire = Callable[[Deadline], Awaitable[None]]

BATCH = 500  # deadlines read per query when many are due at once
IDLE = 300.0  # seconds: the longest sleep, so a deadline added by another process is seen within it
RETRY = 60.0  # seconds before a deadline whose effect failed is tried again


class Scheduler:
    def __init__(self, db: Database, fire: Fire, *, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self._fire = fire
        self._clock = clock
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def poke(self) -> None:
        """A deadline was added: look again at the earliest (it may come before the one waited for)."""
        self._wake.set()

    async def fire_due(self) -> int:
        """Fire every deadline due now, earliest first; returns how many were fired."""
        now = self._clock()
        fired = 0
        while True:
            due = await self.db.due_deadlines(now, BATCH)
            for deadline in due:
                try:
                    await self._fire(deadline)
                    fired += 1
                except Exception:
                    log.exception("Deadline %s of game %s failed; trying again later", deadline.kind, deadline.game_id)
                    await self.db.postpone_deadline(deadline, now + RETRY)
            if len(due) < BATCH:
                return fired

    async def delay(self) -> float:
        """Seconds until the earliest pending deadline (at most `IDLE`)."""
        due = await self.db.next_deadline()
        return IDLE if due is None else min(IDLE, max(0.0, due - self._clock()))

    async def run(self) -> None:
        while True:
            try:
                await self.fire_due()
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), await self.delay())
            except Exception:  # a cancellation is not an Exception: it stops the loop
                log.exception("Scheduler pass failed; trying again in %s s", RETRY)
                await asyncio.sleep(RETRY)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self.run(), name="deadlines")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
