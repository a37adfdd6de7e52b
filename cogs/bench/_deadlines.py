"""The deadline scheduler with many pending deadlines: memory, the earliest-deadline query, a burst of firings.

`pending` lobbies are stored, each with its expiry in the `deadlines` table;
`burst` of them are due now, the rest later. Measured: the Python heap the
scheduler holds (it keeps no deadline in memory), the database pages of the
deadlines and their index per pending deadline, the time of the query that
finds the earliest deadline (the scheduler's every wake-up), and the time to
fire the burst, each one closing its lobby in its own transaction.
"""

from __future__ import annotations

import gc
import json
import sqlite3
import statistics
import time
import tracemalloc
from dataclasses import dataclass
from typing import Any

from bot.services.scheduler import Scheduler
from bot.services.tables import TableService
from bot.storage import TABLE_SEAT, Database, Deadline

QUERIES = 1000  # earliest-deadline queries timed
LATER = 86_400.0  # seconds: when the deadlines not in the burst are due


@dataclass(frozen=True)
class DeadlinesResult:
    pending: int
    burst: int
    scheduler_heap_bytes: int  # Python heap held by a scheduler over all of them (tracemalloc)
    disk_bytes_per_deadline: float | None  # pages of the deadlines table and its index (dbstat), if available
    earliest_query_us: float  # median time of the scheduler's earliest-deadline query
    burst_seconds: float  # firing the burst: each deadline closes its lobby in one transaction
    fired: int

    @property
    def per_firing_ms(self) -> float:
        return self.burst_seconds / self.fired * 1000 if self.fired else 0.0


async def _store(db: Database, pending: int, burst: int, now: float) -> None:
    """`pending` lobbies with their expiries, in one transaction; the first `burst` are due at `now`."""
    conn = db._connection()
    seats = json.dumps([{"user_id": 1, "name": "Bench"}])
    await conn.execute("BEGIN IMMEDIATE")
    first = int((await (await conn.execute("SELECT COALESCE(MAX(id), 0) FROM games")).fetchone() or [0])[0]) + 1
    games = [
        (first + n, 10_000_000 + first + n, "pairs", "lobby", 1, "{}", seats, n, None, 0, "en", now, now)
        for n in range(pending)
    ]
    await conn.executemany(
        "INSERT INTO games (id, channel_id, game, status, host_id, options, seats, seed, state, version, locale,"
        " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        games,
    )
    await conn.executemany(
        "INSERT INTO deadlines (game_id, seat, kind, due_at) VALUES (?, ?, 'lobby', ?)",
        [(first + n, TABLE_SEAT, now - 1 if n < burst else now + LATER + n) for n in range(pending)],
    )
    await conn.execute("COMMIT")
    await conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the steady state: the bulk insert is not in the WAL


async def _disk_bytes(db: Database) -> float | None:
    try:
        rows = list(
            await db._connection().execute_fetchall(
                "SELECT SUM(pgsize) FROM dbstat WHERE name IN ('deadlines', 'deadlines_due')"
            )
        )
    except sqlite3.Error:  # SQLite built without SQLITE_ENABLE_DBSTAT_VTAB
        return None
    return None if rows[0][0] is None else float(rows[0][0])


async def deadlines_bench(db: Database, pending: int, burst: int) -> dict[str, Any]:
    now = time.time()
    await _store(db, pending, burst, now)
    service = TableService(db, lobby_expiry=LATER)
    fired: list[int] = []

    async def close(deadline: Deadline) -> None:
        if await service.expire_lobby(deadline.game_id) is not None:
            fired.append(deadline.game_id)

    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        scheduler = Scheduler(db, close)
        await scheduler.delay()
        gc.collect()
        heap = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    timings = []
    for _ in range(QUERIES):
        started = time.perf_counter()
        await db.next_deadline()
        timings.append(time.perf_counter() - started)
    disk = await _disk_bytes(db)
    started = time.perf_counter()
    count = await scheduler.fire_due()
    elapsed = time.perf_counter() - started
    result = DeadlinesResult(
        pending=pending,
        burst=burst,
        scheduler_heap_bytes=heap,
        disk_bytes_per_deadline=None if disk is None else disk / pending,
        earliest_query_us=statistics.median(timings) * 1e6,
        burst_seconds=elapsed,
        fired=len(fired) if count == len(fired) else -1,
    )
    return vars(result) | {"per_firing_ms": result.per_firing_ms}
