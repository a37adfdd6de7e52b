"""Scale: the memory of many open tables with a bounded cache.

The tables (`copies`, which section 2's full-cache run and section 9's restart use too): one 3-player Pairs game
is opened, started and played a few moves through the bot (`_path.Room`), then its
row is copied in one statement into as many open tables as asked, each in
its own channel with its own table message, each changed a second before the
last (so the most recently changed is the one people play). SQLite only, as
the copy is one SQLite statement; the tables are ordinary rows the service
reads like any other.

* `memory_at_scale`: a fresh `Tables` with the default bounded cache
  (`CARDROOM_TABLE_CACHE`) loads every open table once, as clicks would
  (`TableStore.get`), with tracemalloc tracing: the Python heap it holds
  afterwards, its peak, the process RSS, and the tables held. Next to it, the
  same with a cache large enough for everything, on a tenth of the tables, as
  bytes per table: what an unbounded cache would hold for all of them.
"""

from __future__ import annotations

import gc
import os
import random
import time
import tracemalloc
from pathlib import Path
from typing import Any

from bot import heap
from bot.services.tables import CACHE_SIZE, Tables
from bot.storage import Database

from ._gateway import Snowflakes
from ._path import Game, Room

PLAYED = 6  # moves of the template game before it is copied

_COLUMNS = (
    "guild_id, game, status, host_id, options, seats, seed, state, version, locale, created_at, clock, notified, salt"
)


def rss_bytes() -> int | None:
    """The process's resident set size now (Linux), else None."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


async def copies(
    db: Database, count: int, *, behind_every: int = 0, cache_size: int = CACHE_SIZE
) -> tuple[Room, Game, list[int]]:
    """`count` open tables: a template game played `PLAYED` moves, and `count - 1` copies of its row, each
    changed a second before the one before it; one copy in `behind_every` is behind its table message. The room
    plays through a service whose cache holds `cache_size` tables."""
    room = Room(Tables(db, cache_size=cache_size), random.Random(7), Snowflakes())
    game = await room.open_game()
    for _ in range(PLAYED):
        handled = await room.handle(room.click(game))
        room.played(game, handled)
        if handled.outcome.finished:
            game = await room.open_game()
    template = game.table.record
    # The bench writes the copies itself, one statement rather than `count` transactions, in a transaction of the
    # database's own (in turn with the writes the room's bot may still be making after its last move).
    async with db._transaction() as tx:
        await tx.conn.execute(
            f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)"
            f" INSERT INTO tables (channel_id, table_message_id, updated_at, shown_version, {_COLUMNS})"
            f" SELECT channel_id + i, table_message_id + i, updated_at - i,"
            f" CASE WHEN ? > 0 AND i % ? = 0 THEN version - 1 ELSE version END, {_COLUMNS}"
            f" FROM tables, n WHERE tables.id = ?",
            (count - 1, behind_every, max(behind_every, 1), template.id),
        )
        await tx.conn.execute("UPDATE tables SET shown_version = version WHERE id = ?", (template.id,))
    async with db._reading() as conn:
        await conn.fetch("PRAGMA wal_checkpoint(TRUNCATE)")  # it answers a row: read it whole
        rows = await conn.fetch("SELECT id FROM tables WHERE status = 'active' ORDER BY id")
    return room, game, [row[0] for row in rows]


# ----- memory -------------------------------------------------------------------------------------------------


async def _held(db: Database, ids: list[int], cache_size: int) -> dict[str, Any]:
    """Heap and RSS of a fresh service after it loaded every table of `ids` once (tracemalloc tracing)."""
    gc.collect()
    rss_before = rss_bytes()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        service = Tables(db, cache_size=cache_size)
        start = time.perf_counter()
        for table_id in ids:
            await service.store.get(table_id)
        seconds = time.perf_counter() - start
        gc.collect()
        heap, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    rss_after = rss_bytes()
    held = service.store.held_in_memory()
    built = service.store.cache.held_hot()
    pause = full_collection()  # the service, and its cache, still held
    del service
    gc.collect()
    return {
        "tables_touched": len(ids),
        "cache_size": cache_size,
        "held_in_memory": held,
        "held_built": built,
        "heap_bytes": heap - base,
        "peak_heap_bytes": peak - base,
        "rss_growth_bytes": None if rss_before is None or rss_after is None else rss_after - rss_before,
        "rss_bytes": rss_after,
        "seconds_traced": seconds,
        **pause,
    }


def full_collection() -> dict[str, Any]:
    """The pause of a full pass of the cyclic collector (best of three) and the objects it walks, with the tables
    held: what a full pass costs the event loop then (CPython runs one whenever its long-lived objects have grown
    by a quarter since the last). The start-up heap is frozen, as the bot freezes it (`memory_at_scale`)."""
    tracked = len(gc.get_objects())  # the frozen ones are not listed, nor walked
    pauses = []
    for _ in range(3):
        start = time.perf_counter()
        gc.collect()
        pauses.append(time.perf_counter() - start)
    return {"gc_tracked_objects": tracked, "gc_full_pass_ms": min(pauses) * 1000}


async def memory_at_scale(directory: Path, tables: int, cache_size: int = CACHE_SIZE) -> dict[str, Any]:
    db = await Database.open(directory / "scale.sqlite3")
    try:
        start = time.perf_counter()
        room, _, ids = await copies(db, tables)
        await room.close()  # its bot stops: the memory measured is the cache's
        built = time.perf_counter() - start
        heap.settle()  # as the bot does at the end of its start-up: what the collector walks is then the cache
        bounded = await _held(db, ids, cache_size)
        sample = ids[: max(1, tables // 10)]
        whole = await _held(db, sample, len(sample))
    finally:
        await db.close()
    per_table = whole["heap_bytes"] / len(sample)
    return {
        "tables": tables,
        "build_seconds": built,
        "bounded": bounded,
        "unbounded_sample": whole,
        "heap_bytes_per_table": per_table,
        "unbounded_heap_bytes_extrapolated": per_table * tables,
    }


# ----- restart ------------------------------------------------------------------------------------------------


def _mb(value: float | None) -> str:
    return "?" if value is None else f"{value / 1_048_576:.1f} MB"


def scale_text(result: dict[str, Any]) -> str:
    bounded, sample = result["bounded"], result["unbounded_sample"]
    return "\n".join(
        [
            f"8. Memory with {result['tables']:,} open tables in the database"
            f" (built in {result['build_seconds']:.1f} s)",
            f"  bounded      cache of {bounded['cache_size']:,}: every table loaded once through TableStore.get,"
            f" {bounded['held_in_memory']:,} held after ({bounded['held_built']:,} built, the others as packed"
            f" rows); heap {_mb(bounded['heap_bytes'])} (peak"
            f" {_mb(bounded['peak_heap_bytes'])}, tracemalloc), process RSS {_mb(bounded['rss_bytes'])}"
            f" (+{_mb(bounded['rss_growth_bytes'])})",
            f"  collector    with {bounded['held_in_memory']:,} tables held, a full pass of the cyclic collector walks"
            f" {bounded['gc_tracked_objects']:,} objects and stops the event loop for"
            f" {bounded['gc_full_pass_ms']:.0f} ms (the start-up heap frozen, as the bot does)",
            f"  unbounded    {sample['tables_touched']:,} tables all held:"
            f" {result['heap_bytes_per_table']:,.0f} B of heap per table; for all {result['tables']:,}:"
            f" {_mb(result['unbounded_heap_bytes_extrapolated'])} (extrapolated)",
        ]
    )
