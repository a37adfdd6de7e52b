"""One scheduler over the `deadlines` table: it sleeps until the earliest deadline and fires what is due.

No task per table and no deadline held in memory: the database's index gives
the earliest `due_at` in one step (O(log n)), and each firing deletes its row
in the same transaction as its effect, so a deadline fires once even across a
crash (an overdue one fires at the next start, late but never twice). A
deadline whose effect fails is tried again `RETRY` seconds later rather than
in a tight loop. `fire_due` takes the time from the injected clock, so tests
move time forward instead of sleeping.

Several processes may run a scheduler on one database: each pass claims what
it fires (`db.deadlines.claim`), which holds those rows for `LEASE`
seconds, so no two processes fire the same deadline; the claims of a process
that dies come back when their lease ends, and fire then. A process running
some of the shards (`shard_count`, `shard_ids`) claims only the deadlines of
its servers' games. An effect must finish within the lease: a deadline whose
lease ran out before its turn came is left for the next claim.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence

from bot.observe import logs, metrics
from bot.services._due_loop import DueLoop
from bot.storage import Database, Deadline, StorageError

log = logging.getLogger("cardroom.scheduler")

Fire = Callable[[Deadline], Awaitable[None]]

BATCH = 500  # deadlines claimed per query when many are due at once
LEASE = 60.0  # seconds a claimed deadline is held while it fires (a dead process's claims come back after it)
IDLE = 300.0  # seconds: the longest sleep, so a deadline added by another process is seen within it
RETRY = 60.0  # seconds before a deadline whose effect failed is tried again


class Scheduler(DueLoop):
    name = "deadlines"
    retry = RETRY
    log = log

    def __init__(
        self,
        db: Database,
        fire: Fire,
        *,
        clock: Callable[[], float] = time.time,
        shard_count: int = 1,
        shard_ids: Sequence[int] | None = None,
        lease: float = LEASE,
    ) -> None:
        """`fire` is the effect of a due deadline; `shard_ids` (of `shard_count`) the shards whose games this
        scheduler serves (None: every game); `lease` how long a claimed deadline is held (the bot scales it with
        its time scale, as every duration)."""
        super().__init__()
        self.db = db
        self._fire = fire
        self._clock = clock
        self.lease = lease
        self.shard_count = shard_count
        self.shard_ids = None if shard_ids is None else tuple(shard_ids)

    async def fire_due(self) -> int:
        """Claim and fire every deadline due now, earliest first; returns how many were fired."""
        fired = 0
        while True:
            now = self._clock()
            due = await self.db.deadlines.claim(
                now, BATCH, self.lease, shard_count=self.shard_count, shard_ids=self.shard_ids
            )
            for deadline in due:
                if self._clock() >= deadline.due_at:
                    continue  # its lease ran out while earlier ones fired: another pass may hold it now
                try:
                    late = max(0.0, self._clock() - deadline.fell_due_at)
                    with logs.in_context(table_id=deadline.table_id):
                        await self._fire(deadline)
                    fired += 1
                    metrics.DEADLINES_FIRED.labels(deadline.kind).inc()
                    metrics.DEADLINE_DELAY.observe(late)
                except StorageError:
                    raise  # the database failing: the loop says so once; this claim's lease brings it back
                except Exception:
                    log.exception(
                        "Deadline %s of table %s failed; trying again later", deadline.kind, deadline.table_id
                    )
                    await self.db.deadlines.postpone(deadline, self._clock() + RETRY)
            if len(due) < BATCH:
                return fired

    def now(self) -> float:
        return self._clock()

    async def delay(self) -> float:
        """Seconds until the earliest pending deadline of this scheduler's games (at most `IDLE`)."""
        due = await self.db.deadlines.next(shard_count=self.shard_count, shard_ids=self.shard_ids)
        return IDLE if due is None else min(IDLE, max(0.0, due - self._clock()))

    async def take_back_claims(self) -> int:
        """The claims this scheduler's shards held when their process stopped fall due again now (a process claims
        only its own shards' deadlines: those are its previous run's), instead of after their lease."""
        taken = await self.db.deadlines.release_claims(shard_count=self.shard_count, shard_ids=self.shard_ids)
        if taken:
            log.info("Took back %d deadlines claimed before the restart", taken)
        return taken

    async def prepare(self) -> None:
        """Before the first wait: take back the previous run's claims."""
        try:
            await self.take_back_claims()
        except Exception:  # the database away at start: their leases bring them back
            log.exception("Could not take back the deadlines claimed before the restart")
