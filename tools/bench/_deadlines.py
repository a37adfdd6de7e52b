"""The deadline scheduler with many pending deadlines: memory, the earliest-deadline query, a burst of firings.

    python -m tools.bench._deadlines [--deadlines N] [--burst B] [--dir DIR]

Each measure on its own database file:

* `clocks`: running two-player Pairs games, each holding exactly what
  `LobbyService.start` writes for a clock (the table row with its `clock`, its
  `table_seats`, a `remind` and an `expire` deadline for the seat to move),
  so that the `deadlines` table holds `pending` rows. One game is built through
  the service (open_lobby, join, start with an injected clock) in a scratch
  database; every game is then written by bulk insert with the rows the
  service's own clock code gives for its seats and start time, and the
  template's rows are checked equal to what the service wrote. `ROUNDS`
  bursts of `burst` games run out of time one after the other (in virtual
  time; their reminders were sent, so each holds its `expire` row only); the
  other games are part way through their decisions. Each burst is fired
  through `Scheduler.fire_due` calling `ClockService.expire`: each firing loads
  the game, plays the engine's default action for the seat and commits it with
  its deadline consumed, one transaction each, like a click.
* `clocks-small-<n>`: after each of those bursts, the same burst on a database
  holding only it, for the ratio that shows a firing costs no more with many
  deadlines pending (taken in turn, so both see the same machine weather).
* `lobbies`: `pending` lobby expiries, `burst` of them due (each firing closes
  its lobby), the cheapest kind of firing.

Measured: the Python heap the scheduler holds with every deadline pending (it
keeps no deadline in memory), the database pages of the deadlines and their
index per pending deadline (dbstat), the median time of the query that finds
the earliest deadline (the scheduler's every wake-up), and the time to fire a
burst. For the clocks, checks that each game that ran out of time fired once
and advanced exactly one version with its default action, the others not at
all, and that a second pass after each burst fires nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import sqlite3
import statistics
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from bot.services.clock import TableClock
from bot.services.scheduler import Scheduler
from bot.services.tables import COMPUTER_FLOOR, Tables, TableStore
from bot.storage import TABLE_SEAT, Database, Deadline, Seat, TableRecord

QUERIES = 1000  # earliest-deadline queries timed (fewer on a small database: `queries_for`)
LATER = 86_400.0  # seconds: when the lobby deadlines not in the burst are due
GAME = "pairs"
PLAYERS = 2
ROUNDS = 3  # bursts fired in turn on the large database and on a small one, for the ratio
GUILD = 900_000_000_000_000_001
CHANNEL = 10_000_000  # channel of game n: CHANNEL + n
USER = 1_000_000  # seat s of game n: USER + PLAYERS * n + s

Plan = Literal["burst", "both", "reminded"]


# ----- the heap, the disk and the earliest deadline ------------------------------
async def _scheduler_heap(
    db: Database, fire: Callable[[Deadline], Awaitable[None]], clock: Callable[[], float]
) -> tuple[Scheduler, int]:
    """A scheduler over `db` and the Python heap it holds once it has looked at the earliest deadline."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        scheduler = Scheduler(db, fire, clock=clock)
        await scheduler.delay()
        gc.collect()
        heap = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return scheduler, heap


def queries_for(pending: int) -> int:
    """How many earliest-deadline queries are timed on a database of `pending` deadlines: `QUERIES`, or five a
    deadline on a small one (a tiny run checks the bench, and its median needs no thousand)."""
    return max(1, min(QUERIES, 5 * pending))


async def _earliest_us(*dbs: Database, queries: int = QUERIES) -> list[float]:
    """Median time of the scheduler's earliest-deadline query on each database, in µs (the queries alternate)."""
    timings: list[list[float]] = [[] for _ in dbs]
    for _ in range(queries):
        for db, times in zip(dbs, timings, strict=True):
            started = time.perf_counter()
            await db.deadlines.next()
            times.append(time.perf_counter() - started)
    return [statistics.median(times) * 1e6 for times in timings]


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


async def _count(db: Database, sql: str, *parameters: Any) -> int:
    rows = list(await db._connection().execute_fetchall(sql, parameters))
    return int(rows[0][0])


async def _bulk(db: Database, inserts: list[tuple[str, list[tuple[Any, ...]]]]) -> None:
    """The rows in one transaction, then a checkpoint: the steady state, the bulk insert is not in the WAL."""
    conn = db._connection()
    await conn.execute("BEGIN IMMEDIATE")
    for sql, rows in inserts:
        await conn.executemany(sql, rows)
    await conn.execute("COMMIT")
    await conn.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")  # it answers a row: read it whole


# ----- lobby expiries ----------------------------------------------------------
async def _store_lobbies(db: Database, pending: int, burst: int, now: float) -> None:
    """`pending` lobbies with their expiries; the first `burst` are due at `now`."""
    seats = json.dumps([{"user_id": 1, "name": "Bench"}])
    games = [
        (n + 1, CHANNEL + n + 1, GAME, "lobby", 1, "{}", seats, n, None, 0, "en", now, now) for n in range(pending)
    ]
    deadlines = [(n + 1, TABLE_SEAT, now - 1 if n < burst else now + LATER + n) for n in range(pending)]
    await _bulk(
        db,
        [
            (
                "INSERT INTO tables (id, channel_id, game, status, host_id, options, seats, seed, state, version,"
                " locale, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                games,
            ),
            ("INSERT INTO deadlines (table_id, seat, kind, due_at) VALUES (?, ?, 'lobby', ?)", deadlines),
        ],
    )


async def lobby_bench(db: Database, pending: int, burst: int) -> dict[str, Any]:
    """`pending` lobby expiries, `burst` of them due: each firing closes its lobby in one transaction."""
    now = time.time()
    await _store_lobbies(db, pending, burst, now)
    service = Tables(db, lobby_expiry=LATER)
    fired: Counter[int] = Counter()

    async def close(deadline: Deadline) -> None:
        if await service.lobby.expire_lobby(deadline.table_id, deadline) is not None:
            fired[deadline.table_id] += 1

    scheduler, heap = await _scheduler_heap(db, close, time.time)
    [earliest] = await _earliest_us(db, queries=queries_for(pending))
    disk = await _disk_bytes(db)
    started = time.perf_counter()
    count = await scheduler.fire_due()
    elapsed = time.perf_counter() - started
    again = await scheduler.fire_due()
    return {
        "pending": pending,
        "burst": burst,
        "scheduler_heap_bytes": heap,
        "disk_bytes_per_deadline": None if disk is None else disk / pending,
        "earliest_query_us": earliest,
        "burst_seconds": elapsed,
        "fired": count,
        "per_firing_ms": elapsed / count * 1000 if count else 0.0,
        "fired_once": count == burst and again == 0 and set(fired.values()) == {1} and len(fired) == burst,
    }


# ----- clock expiries ----------------------------------------------------------
def _name(user_id: int) -> str:
    return f"Player {user_id}"


def _seats_json(seats: list[Seat]) -> str:
    """`games.seats` as the database writes it."""
    return json.dumps([{"user_id": s.user_id, "name": s.name} for s in seats], separators=(",", ":"))


@dataclass(frozen=True)
class Template:
    """One started game, as the service wrote it, and what cloning it needs."""

    row: dict[str, Any]  # its `games` row
    record: TableRecord  # the lobby it started from (seats, version)
    lobby_clock: TableClock  # the clock the start began from
    to_act: tuple[int, ...]  # who decides first
    version: int  # the version after the start
    default_action: str  # the action the clock plays for the first to act, as logged
    started_at: float  # the service's clock at the start

    @property
    def bank(self) -> float:
        return self.lobby_clock.bank

    def rows(
        self, table_id: int, channel_id: int, users: list[int], since: float
    ) -> tuple[dict[str, Any], list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """The table row, deadline rows and seat rows `LobbyService.start` writes for this game started at `since`."""
        seats = [Seat(user_id, _name(user_id)) for user_id in users]
        record = replace(self.record, id=table_id, channel_id=channel_id, host_id=users[0], seats=seats)
        clock = self.lobby_clock.begin(len(seats), self.to_act, since, self.version, {}, floor=COMPUTER_FLOOR)
        write = TableStore.clock_write(record, None, clock)
        row = self.row | {
            "id": table_id,
            "channel_id": channel_id,
            "host_id": users[0],
            "seats": _seats_json(seats),
            "clock": write.clock,
            "created_at": since,
            "updated_at": since,
        }
        deadlines = sorted((table_id, seat, kind, due) for (seat, kind), due in write.deadlines.items())
        turns = [(table_id, turn.seat, turn.user_id, turn.since, turn.due_at) for turn in write.turns]
        return row, deadlines, turns


async def make_template(path: Path, now: float) -> Template:
    """A two-player Pairs game opened, joined and started through `Tables` at `now`, in its own database.

    Raises RuntimeError unless `Template.rows` gives back exactly the rows the service wrote.
    """
    db = await Database.open(path)
    try:
        service = Tables(db, clock=lambda: now)
        users = [USER + seat for seat in range(PLAYERS)]
        host = Seat(users[0], _name(users[0]))
        lobby = await service.lobby.open_lobby(guild_id=GUILD, channel_id=CHANNEL, game=GAME, host=host, locale="en")
        for user in users[1:]:
            lobby = await service.lobby.join(lobby.id, Seat(user, _name(user)))
        # The clock plays the game's safe default here: this bench measures the scheduler, not the computer players
        # (whose time per decision the computers section reports).
        lobby = await service.lobby.set_clock_option(lobby.id, host.user_id, "auto", "default")
        lobby = await service.lobby.set_clock_option(lobby.id, host.user_id, "away", "off")  # timeouts, not away hours
        assert lobby.clock is not None
        started = await service.lobby.start(lobby.id, host.user_id)
        assert started.state is not None
        conn = db._connection()
        games = list(await conn.execute_fetchall("SELECT * FROM tables WHERE id = ?", (started.id,)))
        row = dict(zip(games[0].keys(), tuple(games[0]), strict=True))
        deadlines = [
            tuple(r)
            for r in await conn.execute_fetchall(
                "SELECT table_id, seat, kind, due_at FROM deadlines WHERE table_id = ? ORDER BY seat, kind",
                (started.id,),
            )
        ]
        turns = [
            tuple(r)
            for r in await conn.execute_fetchall(
                "SELECT table_id, seat, user_id, since, due_at FROM table_seats WHERE table_id = ? ORDER BY seat",
                (started.id,),
            )
        ]
        seat = started.to_act[0]
        template = Template(
            row=row,
            record=lobby.record,
            lobby_clock=lobby.clock,
            to_act=started.to_act,
            version=started.record.version,
            default_action=started.engine.default_action(started.state, seat).model_dump_json(),
            started_at=now,
        )
        again, again_deadlines, again_turns = template.rows(started.id, CHANNEL, users, now)
        same = {k: v for k, v in again.items() if k not in ("created_at", "updated_at")}
        if (
            any(row[k] != v for k, v in same.items())
            or again_deadlines != deadlines
            or again_turns != turns
            or len(deadlines) != 2
        ):
            raise RuntimeError("the cloned rows differ from what LobbyService.start wrote")
        return template
    finally:
        await db.close()


def plan(pending: int, burst: int, rounds: int = 1) -> list[Plan]:
    """What each game's deadlines are so that `pending` rows are stored, `rounds` x `burst` of them expiries to fire.

    A burst game's reminder was sent (its row is gone), so it holds one row;
    a game part way through its decision holds two; when the parity needs it,
    one game past its reminder but not out of time holds one. The burst games
    are spread evenly through the ids.
    """
    burst = min(burst * rounds, pending)
    both, odd = divmod(pending - burst, 2)
    games = burst + both + odd
    overdue = {n * games // burst for n in range(burst)} if burst else set()
    kinds: list[Plan] = []
    left = odd
    for n in range(games):
        if n in overdue:
            kinds.append("burst")
        elif left:
            kinds.append("reminded")
            left -= 1
        else:
            kinds.append("both")
    return kinds


def rounds_for(pending: int, burst: int) -> int:
    """How many bursts a database of `pending` deadlines can hold (at most `ROUNDS`)."""
    return max(1, min(ROUNDS, pending // max(burst, 1)))


class ClockRun:
    """A database of running clocks whose `rounds` bursts fall due one after the other, fired through the service.

    Virtual time: the games were built for `now`; burst `g` falls due at
    `now + g * step`, all its expiries within the half-step before. Every other
    deadline lies beyond the last burst (`horizon`): reminders still ahead, or
    one already sent with its expiry later still.
    """

    def __init__(self, db: Database, template: Template, pending: int, burst: int, rounds: int) -> None:
        self.db = db
        self.template = template
        self.burst = min(burst, pending)
        self.rounds = rounds
        self.kinds = plan(pending, self.burst, rounds)
        clock = template.lobby_clock
        self.now = template.started_at
        self.horizon = (1 - clock.remind) * clock.bank / 4
        self.step = self.horizon / rounds
        self.moment = self.now  # the clock of the service and the scheduler
        self.groups: list[list[int]] = [[] for _ in range(rounds)]
        self.service = Tables(db, clock=self.time)  # a fresh service: no table cached, as after a restart
        self.fired: Counter[int] = Counter()
        self.automatic = 0
        self.scheduler: Scheduler | None = None
        self.figures: dict[str, Any] = {}
        self.bursts: list[dict[str, Any]] = []

    def time(self) -> float:
        return self.moment

    def _since(self, kind: Plan, index: int, of: int) -> float:
        """When the decision of the `index`-th game of its kind (`of` such games) began.

        Burst game `index` belongs to burst `index % rounds`; its expiry falls in
        the half-step before that burst's time, the burst's expiries spread apart.
        """
        clock = self.template.lobby_clock
        bank = clock.bank
        if kind == "burst":
            group, rank = index % self.rounds, index // self.rounds
            size = of // self.rounds + (group < of % self.rounds)
            return self.now + group * self.step - (rank + 1) / (size + 1) * self.step / 2 - bank
        if kind == "both":  # the reminder is still ahead, beyond the last burst
            return self.now - (clock.remind * bank - self.horizon) * (index + 1) / (of + 1)
        return self.now - bank + 2 * self.horizon  # reminded already; out of time beyond the last burst

    async def build(self) -> None:
        """The games, with their clocks, seats and deadlines, in one transaction."""
        template = self.template
        columns = list(template.row)
        counts = Counter(self.kinds)
        games: list[tuple[Any, ...]] = []
        deadlines: list[tuple[Any, ...]] = []
        turns: list[tuple[Any, ...]] = []
        seen: Counter[Plan] = Counter()
        started = time.perf_counter()
        for n, kind in enumerate(self.kinds):
            table_id = n + 1
            index = seen[kind]
            seen[kind] += 1
            if kind == "burst":
                self.groups[index % self.rounds].append(table_id)
            since = self._since(kind, index, counts[kind])
            users = [USER + PLAYERS * n + seat for seat in range(PLAYERS)]
            row, due_rows, seats = template.rows(table_id, CHANNEL + table_id, users, since)
            games.append(tuple(row[c] for c in columns))
            deadlines.extend(d for d in due_rows if kind == "both" or d[2] == "expire")
            turns.extend(seats)
        await _bulk(
            self.db,
            [
                (f"INSERT INTO tables ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})", games),
                ("INSERT INTO deadlines (table_id, seat, kind, due_at) VALUES (?, ?, ?, ?)", deadlines),
                ("INSERT INTO table_seats (table_id, seat, user_id, since, due_at) VALUES (?, ?, ?, ?, ?)", turns),
            ],
        )
        self.figures["build_seconds"] = time.perf_counter() - started
        self.figures["games"] = len(self.kinds)
        self.figures["pending"] = await _count(self.db, "SELECT COUNT(*) FROM deadlines")

    async def _expire(self, deadline: Deadline) -> None:
        if deadline.kind != "expire":
            raise ValueError(f"only expiries fall due in this bench, not {deadline.kind!r}")
        outcome = await self.service.clock.expire(deadline)
        if outcome is not None:
            self.fired[outcome.table.id] += 1
            self.automatic += outcome.by_clock

    async def measure(self) -> None:
        """The scheduler's heap and the deadlines' pages, with every deadline pending."""
        self.scheduler, heap = await _scheduler_heap(self.db, self._expire, self.time)
        disk = await _disk_bytes(self.db)
        self.figures["scheduler_heap_bytes"] = heap
        self.figures["disk_bytes_per_deadline"] = None if disk is None else disk / self.figures["pending"]

    async def fire(self, group: int, earliest: float) -> None:
        """Burst `group` falls due: one pass firing it, then a second one. `earliest`: the query timed before."""
        assert self.scheduler is not None
        self.moment = self.now + group * self.step
        pending = await _count(self.db, "SELECT COUNT(*) FROM deadlines")
        started = time.perf_counter()
        count = await self.scheduler.fire_due()
        elapsed = time.perf_counter() - started
        again = await self.scheduler.fire_due()
        self.bursts.append(
            {
                "pending": pending,
                "due": len(self.groups[group]),
                "fired": count,
                "fired_again": again,
                "seconds": elapsed,
                "per_firing_ms": elapsed / count * 1000 if count else 0.0,
                "earliest_query_us": earliest,
            }
        )

    async def result(self) -> dict[str, Any]:
        """The figures (medians over the bursts) and the checks."""
        template = self.template
        rows = await self.db._connection().execute_fetchall("SELECT id, version, last_seat, last_action FROM tables")
        burst_ids = {table_id for group in self.groups for table_id in group}
        seat = template.to_act[0]
        advanced = moved = 0
        still = True
        for table_id, version, last_seat, last_action in rows:
            if table_id in burst_ids:
                advanced += version == template.version + 1
                moved += last_seat == seat and last_action == template.default_action
            else:
                still = still and version == template.version
        fired = sum(b["fired"] for b in self.bursts)
        return self.figures | {
            "burst": self.burst,
            "rounds": self.rounds,
            "earliest_query_us": statistics.median(b["earliest_query_us"] for b in self.bursts),
            "burst_seconds": statistics.median(b["seconds"] for b in self.bursts),
            "per_firing_ms": statistics.median(b["per_firing_ms"] for b in self.bursts),
            "fired": fired,
            "fired_again": sum(b["fired_again"] for b in self.bursts),
            "fired_once": set(self.fired) == burst_ids and set(self.fired.values()) <= {1} and fired == len(burst_ids),
            "due": len(burst_ids),
            "automatic_moves": self.automatic,
            "advanced_one_version": advanced,
            "default_actions": moved,
            "others_unchanged": still,
            "overdue_left": await _count(self.db, "SELECT COUNT(*) FROM deadlines WHERE due_at <= ?", self.moment),
            "pending_after": await _count(self.db, "SELECT COUNT(*) FROM deadlines"),
            "bursts": self.bursts,
        }


def clocks_ok(result: dict[str, Any]) -> bool:
    """Every overdue game fired once, as one automatic move (+1 version, its default action); nothing else moved."""
    due = result["due"]
    return bool(
        result["fired_once"]
        and result["fired"] == result["automatic_moves"] == result["advanced_one_version"] == due
        and result["default_actions"] == due
        and result["fired_again"] == 0
        and result["others_unchanged"]
        and result["overdue_left"] == 0
    )


async def clocks_bench(directory: Path, template: Template, pending: int, burst: int) -> dict[str, Any]:
    """`pending` clock deadlines, `burst` expiries due at once, against the same with only the burst pending.

    The large database holds `rounds` bursts that fall due one after the
    other; each round also builds a small database holding only a burst (afresh
    each time, so that only `burst` are ever pending there), times the
    earliest-deadline query on both in alternation, then fires the large
    database's burst and the small one's: on a shared machine both see the same
    weather.
    """
    rounds = rounds_for(pending, burst)
    large_db = await Database.open(directory / "clocks.sqlite3")
    small_runs: list[dict[str, Any]] = []
    try:
        large = ClockRun(large_db, template, pending, burst, rounds)
        await large.build()
        await large.measure()
        for group in range(rounds):
            small_db = await Database.open(directory / f"clocks-small-{group}.sqlite3")
            try:
                small = ClockRun(small_db, template, burst, burst, 1)
                await small.build()
                await small.measure()
                large_us, small_us = await _earliest_us(large_db, small_db, queries=queries_for(pending))
                await large.fire(group, large_us)
                await small.fire(0, small_us)
                small_runs.append(await small.result())
            finally:
                await small_db.close()
        large_result = await large.result()
    finally:
        await large_db.close()
    counts = ("fired", "fired_again", "due", "automatic_moves", "advanced_one_version", "default_actions")
    small_result = small_runs[0] | {
        **{name: sum(r[name] for r in small_runs) for name in counts},  # over the small databases
        "fired_once": all(r["fired_once"] for r in small_runs),
        "others_unchanged": all(r["others_unchanged"] for r in small_runs),
        "overdue_left": sum(r["overdue_left"] for r in small_runs),
        "rounds": len(small_runs),
        "earliest_query_us": statistics.median(r["earliest_query_us"] for r in small_runs),
        "burst_seconds": statistics.median(r["burst_seconds"] for r in small_runs),
        "per_firing_ms": statistics.median(r["per_firing_ms"] for r in small_runs),
        "bursts": [b for r in small_runs for b in r["bursts"]],
        "checks_ok": all(clocks_ok(r) for r in small_runs),
    }
    return {
        "clocks": large_result | {"checks_ok": clocks_ok(large_result)},
        "clocks_small": small_result,
    }


async def deadlines_bench(directory: Path, pending: int, burst: int) -> dict[str, Any]:
    """The databases under `directory`; `pending` deadlines (rows) each, `burst` due at once."""
    burst = min(burst, pending)
    template = await make_template(directory / "template.sqlite3", time.time())
    clocks = await clocks_bench(directory, template, pending, burst)
    db = await Database.open(directory / "lobbies.sqlite3")
    try:
        lobbies = await lobby_bench(db, pending, burst)
    finally:
        await db.close()
    large, small = clocks["clocks"], clocks["clocks_small"]
    return {
        "pending": pending,
        "burst": burst,
        "clocks": large,
        "clocks_small": small,
        "lobbies": lobbies,
        "clocks_ok": large["checks_ok"] and small["checks_ok"],
        "per_firing_ratio": large["per_firing_ms"] / small["per_firing_ms"] if small["per_firing_ms"] else None,
        "earliest_query_ratio": large["earliest_query_us"] / small["earliest_query_us"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench._deadlines", description=__doc__.splitlines()[0])
    parser.add_argument("--deadlines", type=int, default=100_000, help="pending deadlines (default 100000)")
    parser.add_argument("--burst", type=int, default=1000, help="deadlines due at once among them (default 1000)")
    parser.add_argument("--dir", type=Path, dest="directory", help="where to create the databases (default: tmp)")
    args: Any = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cardroom-deadlines-", dir=args.directory) as tmp:
        result = asyncio.run(deadlines_bench(Path(tmp), args.deadlines, args.burst))
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
