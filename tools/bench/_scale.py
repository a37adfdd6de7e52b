"""Scale: the memory of many open tables with a bounded cache, and the first live click after a restart.

Both build their tables the same way: one 3-player Pairs game is opened,
started and played a few moves through the service (`_path.Room`), then its
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
* `restart_bench`: the bot restarts with that many open tables, a tenth of
  them behind their message. Start-up is what `TablesCog.cog_load` does (the
  rows to repair, then the repair queue), and the clicks of one table's
  players arrive through the bench's whole path (`Room.handle`) from the
  moment start-up is done, one after the other, for `window` seconds: the
  time to the first click's answer, and every click's latency, while the
  repair edits the table messages of a fake Discord whose every request
  takes `REST_LATENCY`. The same restart as before this change, for
  comparison: every open table loaded at start, every table marked for its
  edit at once.
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import os
import random
import statistics
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot import heap
from bot.discord_clock import DiscordClock
from bot.services.tables import CACHE_SIZE, Tables
from bot.storage import Database
from cogs.tables._refresher import TableRefresher
from cogs.tables._repair import REPAIR_RATE, RepairQueue

from ._gateway import Snowflakes
from ._path import Game, Room

PLAYED = 6  # moves of the template game before it is copied
REST_LATENCY = 0.05  # seconds each request to the fake Discord takes
WINDOW = 4.0  # seconds of clicks after a restart (the marks of a start all at once wait `delay`, 1.2 s, first)
QUICK_WINDOW = 1.5
CLICK_EVERY = 0.1  # seconds between two clicks
BEHIND = 10  # one table in BEHIND is behind its message

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


async def copies(db: Database, count: int, *, behind_every: int = 0) -> tuple[Room, Game, list[int]]:
    """`count` open tables: a template game played `PLAYED` moves, and `count - 1` copies of its row, each
    changed a second before the one before it; one copy in `behind_every` is behind its table message."""
    room = Room(Tables(db), random.Random(7), Snowflakes())
    game = await room.open_game()
    for _ in range(PLAYED):
        handled = await room.handle(room.click(game))
        room.played(game, handled)
        if handled.outcome.finished:
            game = await room.open_game()
    template = game.table.record
    conn = db._connection()  # the bench writes the copies itself: one statement, not `count` transactions
    await conn.execute("BEGIN IMMEDIATE")
    await conn.execute(
        f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)"
        f" INSERT INTO games (channel_id, table_message_id, updated_at, shown_version, {_COLUMNS})"
        f" SELECT channel_id + i, table_message_id + i, updated_at - i,"
        f" CASE WHEN ? > 0 AND i % ? = 0 THEN version - 1 ELSE version END, {_COLUMNS}"
        f" FROM games, n WHERE games.id = ?",
        (count - 1, behind_every, max(behind_every, 1), template.id),
    )
    await conn.execute("UPDATE games SET shown_version = version WHERE id = ?", (template.id,))
    await conn.execute("COMMIT")
    await conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    rows = await conn.execute_fetchall("SELECT id FROM games WHERE status = 'active' ORDER BY id")
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
        for game_id in ids:
            await service.store.get(game_id)
        seconds = time.perf_counter() - start
        gc.collect()
        heap, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    rss_after = rss_bytes()
    held = service.store.held_in_memory()
    pause = _full_collection()  # the service, and its cache, still held
    del service
    gc.collect()
    return {
        "tables_touched": len(ids),
        "cache_size": cache_size,
        "held_in_memory": held,
        "heap_bytes": heap - base,
        "peak_heap_bytes": peak - base,
        "rss_growth_bytes": None if rss_before is None or rss_after is None else rss_after - rss_before,
        "rss_bytes": rss_after,
        "seconds_traced": seconds,
        **pause,
    }


def _full_collection() -> dict[str, Any]:
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
        _, _, ids = await copies(db, tables)
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


class FakeDiscord:
    """The channels of a fake Discord: every request takes `latency` seconds and is counted when it ends."""

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.requests: list[float] = []  # when each request ended (perf_counter)
        self.ids = itertools.count(1_300_000_000_000_000_000, 4_194_304)

    async def _request(self) -> None:
        await asyncio.sleep(self.latency)
        self.requests.append(time.perf_counter())

    def get_partial_messageable(self, channel_id: int) -> Any:
        return self

    def get_partial_message(self, message_id: int) -> Any:
        return SimpleNamespace(edit=self._edit, delete=self._delete)

    async def _edit(self, **fields: Any) -> None:
        await self._request()

    async def _delete(self) -> None:
        await self._request()

    async def send(self, *args: Any, **fields: Any) -> Any:
        await self._request()
        return SimpleNamespace(id=next(self.ids))


def fake_bot(service: Tables, discord: FakeDiscord) -> Any:
    """What the refresher and its bell use of the bot."""
    return SimpleNamespace(
        tables=service,
        db=service.store.db,
        settings=SimpleNamespace(watching=60.0),
        get_partial_messageable=discord.get_partial_messageable,
        discord_clock=DiscordClock(),
        user=SimpleNamespace(id=1),
    )


async def _paced_start(service: Tables, refresher: TableRefresher) -> None:
    """`TablesCog.cog_load` now: the rows to repair, then the paced repair in the background."""
    refresher.repair(await service.store.to_repair())


async def _flood_start(service: Tables, refresher: TableRefresher) -> None:
    """`TablesCog.cog_load` before: every open table loaded into memory (the cache was unbounded), every table to
    repair marked for its edit at once."""
    db = service.store.db
    active = [service.store.build(record) for record in await db.games.active_games()]
    for table in active:
        service.store.cache.put(table.id, table)
    ids = {table.id for table in active}
    ids |= {record.id for record in await db.games.behind_tables(ended_since=time.time() - 86_400.0)}
    for record in await db.games.pinged_tables():
        ids.add(record.id)
    for game_id in sorted(ids):
        refresher.mark(game_id)


async def _restart(
    path: Path, room: Room, game: Game, start_up: Callable[[Tables, TableRefresher], Awaitable[None]], *,
    window: float, delay: float, cache_size: int,
) -> dict[str, Any]:  # fmt: skip
    db = await Database.open(path)
    service = Tables(db, cache_size=cache_size)
    discord = FakeDiscord(REST_LATENCY)
    refresher = TableRefresher(fake_bot(service, discord), delay, RepairQueue(REPAIR_RATE))
    live = Room(service, room.rng, room.ids)
    live.guild_id, live.application_id = room.guild_id, room.application_id
    restart = time.perf_counter()
    try:
        await start_up(service, refresher)
        started = time.perf_counter()
        latencies: list[float] = []
        first: float | None = None
        clicks = 0
        while time.perf_counter() - started < window or first is None:
            due = started + clicks * CLICK_EVERY
            wait = due - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            handled = await live.handle(live.click(game))
            answered = time.perf_counter()
            live.played(game, handled)
            refresher.mark(game.table.id)  # as the handler does after a move
            latencies.append(answered - max(due, started))
            first = answered - restart if first is None else first
            clicks += 1
            if handled.outcome.finished:
                game = await live.open_game()  # the players start another game
        ended = time.perf_counter()
        requests = [at for at in discord.requests if restart <= at <= ended]
        seconds = range(int(ended - restart) + 1)
        per_second = [sum(1 for at in requests if second <= at - restart < second + 1) for second in seconds]
        return {
            "start_up_ms": (started - restart) * 1000,
            "first_click_answered_ms": (first or 0.0) * 1000,
            "clicks": len(latencies),
            "click_median_ms": statistics.median(latencies) * 1000,
            "click_max_ms": max(latencies) * 1000,
            "requests": len(requests),
            "peak_requests_per_second": max(per_second, default=0),
            "repaired": refresher.repairs.released,
            "left_to_repair": len(refresher.repairs),
            "held_in_memory": service.store.held_in_memory(),
        }
    finally:
        refresher.stop_repair()
        for task in list(refresher._tasks.values()):
            task.cancel()
        await asyncio.gather(*refresher._tasks.values(), return_exceptions=True)
        await db.close()


async def restart_bench(directory: Path, tables: int, window: float = WINDOW, delay: float = 1.2) -> dict[str, Any]:
    """The restart with `tables` open tables, paced (now) and all at once (before), each on its own copy."""
    results: dict[str, Any] = {"tables": tables, "window_s": window, "rest_latency_ms": REST_LATENCY * 1000}
    for name, start_up in (("paced", _paced_start), ("at_once", _flood_start)):
        path = directory / f"restart-{name}.sqlite3"
        db = await Database.open(path)
        try:
            room, game, _ = await copies(db, tables, behind_every=BEHIND)
        finally:
            await db.close()
        cache_size = CACHE_SIZE if name == "paced" else 2 * tables  # before this change the cache had no bound
        results[name] = await _restart(path, room, game, start_up, window=window, delay=delay, cache_size=cache_size)
    return results


def _mb(value: float | None) -> str:
    return "?" if value is None else f"{value / 1_048_576:.1f} MB"


def scale_text(result: dict[str, Any]) -> str:
    bounded, sample = result["bounded"], result["unbounded_sample"]
    return "\n".join(
        [
            f"8. Memory with {result['tables']:,} open tables in the database"
            f" (built in {result['build_seconds']:.1f} s)",
            f"  bounded      cache of {bounded['cache_size']:,}: every table loaded once through TableStore.get,"
            f" {bounded['held_in_memory']:,} held after; heap {_mb(bounded['heap_bytes'])} (peak"
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


def restart_text(result: dict[str, Any]) -> str:
    lines = [
        f"9. Restart with {result['tables']:,} open tables (one in {BEHIND} behind its message), clicks every"
        f" {CLICK_EVERY * 1000:.0f} ms for {result['window_s']:g} s through the whole path; each request to the fake"
        f" Discord takes {result['rest_latency_ms']:.0f} ms"
    ]
    for name, label in (("paced", "paced now"), ("at_once", "all at once")):
        run = result[name]
        lines.append(
            f"  {label:<12} start-up {run['start_up_ms']:8.1f} ms; first click answered"
            f" {run['first_click_answered_ms']:8.1f} ms after the restart; {run['clicks']} clicks, median"
            f" {run['click_median_ms']:.1f} ms, max {run['click_max_ms']:.1f} ms; {run['requests']:,} requests"
            f" (peak {run['peak_requests_per_second']:,}/s),"
            f" {run['held_in_memory']:,} tables in memory"
        )
    return "\n".join(lines)
