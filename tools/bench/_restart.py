"""Section 9: the first click after a restart with many open, clocked tables, through the bot itself.

`tables` open tables are built as for section 8 (`_scale.copies`: a Pairs game played a few moves, its row copied,
one table in `BEHIND` behind its message), with their clocks' rows copied too: each table's deadlines (its seat's
reminder and expiry) and its seats' turns, as a running clocked table has them. Then the bot restarts on that file:
the clock starts before the database is opened (SQLite's check of the file at start included, as the bot's
default `CARDROOM_INTEGRITY_CHECK=auto` runs it), the real bot starts in this process (`_bot.BenchBot`: its
`setup_hook`, the tables cog's start-up with its paced repair and the deadline scheduler), and one table's players
click every `CLICK_EVERY` through the whole path from that moment, for `window` seconds, while the repair edits
the other tables' messages through a loopback Discord whose every request takes `REST_LATENCY`. Measured: the
start-up, the time from opening the database to the first click's answer, every click's latency, the requests
made and the tables held in memory.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from pathlib import Path
from typing import Any

from bot.services.tables import Tables
from bot.storage import Database

from ._gateway import Snowflakes
from ._path import Game, Room
from ._scale import copies

REST_LATENCY = 0.05  # seconds each request to Discord takes
WINDOW = 4.0  # seconds of clicks after the restart
QUICK_WINDOW = 1.5
CLICK_EVERY = 0.1  # seconds between two clicks
BEHIND = 10  # one table in BEHIND is behind its message
EDIT_DELAY = 1.2  # the bot's default table edit delay
SEAT_COLUMNS = ("seat", "user_id", "since", "due_at")  # a seat's turn (`table_seats`)


async def clocked_copies(db: Database, count: int) -> tuple[Room, Game, int]:
    """`count` open tables (`copies`), each with its clock's deadlines and turns as the template game's; the room
    (stopped) and its game, and the number of deadline rows."""
    room, game, _ = await copies(db, count, behind_every=BEHIND)
    await room.close()
    template = game.table.id
    async with db._transaction() as tx:  # the bench's own bulk copy, in one statement per table
        for table, columns in (("deadlines", ("seat", "kind", "due_at")), ("table_seats", SEAT_COLUMNS)):
            await tx.conn.execute(
                f"INSERT INTO {table} (table_id, {', '.join(columns)})"
                f" SELECT g.id, {', '.join('r.' + column for column in columns)}"
                f" FROM tables g JOIN {table} r ON r.table_id = ? WHERE g.status = 'active' AND g.id != ?",
                (template, template),
            )
    async with db._reading() as conn:
        await conn.fetch("PRAGMA wal_checkpoint(TRUNCATE)")  # it answers a row: read it whole
        rows = await conn.fetch("SELECT COUNT(*) FROM deadlines")
    return room, game, int(rows[0][0])


async def restart_bench(directory: Path, tables: int, window: float = WINDOW) -> dict[str, Any]:
    """The restart with `tables` open clocked tables (see the module's doc)."""
    path = directory / "restart.sqlite3"
    db = await Database.open(path)
    try:
        room, game, deadlines = await clocked_copies(db, tables)
    finally:
        await db.close()
    restart = time.perf_counter()
    db = await Database.open(path)  # the bot's default: SQLite's check of the file first ("auto")
    opened = time.perf_counter()
    live = Room(Tables(db), random.Random(11), Snowflakes(), edit_delay=EDIT_DELAY, latency=REST_LATENCY)
    live.guild_id = room.guild_id
    try:
        bot = await live.started()
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
            latencies.append(answered - max(due, started))
            first = answered - restart if first is None else first
            clicks += 1
            if handled.outcome.finished:
                game = await live.open_game()  # the players start another game
        ended = time.perf_counter()
        sent = [at for at in bot.session.sent_at if restart <= at <= ended]
        per_second = [
            sum(1 for at in sent if second <= at - restart < second + 1) for second in range(int(ended - restart) + 1)
        ]
        repairs = bot.cog.refresher.repairs
        result = {
            "tables": tables,
            "deadlines": deadlines,
            "window_s": window,
            "rest_latency_ms": REST_LATENCY * 1000,
            "open_database_ms": (opened - restart) * 1000,
            "start_up_ms": (started - restart) * 1000,
            "first_click_answered_ms": (first or 0.0) * 1000,
            "clicks": len(latencies),
            "click_median_ms": statistics.median(latencies) * 1000,
            "click_max_ms": max(latencies) * 1000,
            "requests": len(sent),
            "peak_requests_per_second": max(per_second, default=0),
            "repaired": repairs.released,
            "left_to_repair": len(repairs),
            "held_in_memory": live.service.store.held_in_memory(),
        }
    finally:
        await live.close()
        await db.close()
    return result


def restart_text(result: dict[str, Any]) -> str:
    return "\n".join(
        [
            f"9. Restart with {result['tables']:,} open clocked tables ({result['deadlines']:,} deadlines; one in"
            f" {BEHIND} behind its message), clicks every {CLICK_EVERY * 1000:.0f} ms for {result['window_s']:g} s"
            f" through the bot; each request to Discord takes {result['rest_latency_ms']:.0f} ms",
            f"  database opened (its check included) in {result['open_database_ms']:.1f} ms, the bot started"
            f" {result['start_up_ms']:.1f} ms after the restart; first click answered"
            f" {result['first_click_answered_ms']:.1f} ms after the restart (target under 1,000 ms)",
            f"  {result['clicks']} clicks: median {result['click_median_ms']:.1f} ms, max {result['click_max_ms']:.1f}"
            f" ms; {result['requests']:,} requests (peak {result['peak_requests_per_second']:,}/s);"
            f" {result['repaired']:,} tables repaired, {result['left_to_repair']:,} left;"
            f" {result['held_in_memory']:,} tables in memory",
        ]
    )
