"""The floor under the move path: the fastest plain program that commits exactly the rows a move commits.

The floor commits again, one by one, the very moves the path's bot committed (`_committed.Committed`): for each,
one transaction holding the table row's UPDATE (state, last seat and action, clock, version, time; for a game's
end its status and end time too), whose trigger `actions_append` appends the log row as it does for the bot; the
clock's deadlines deleted and written and the seats' turns (the bot's own `clock_statements`); and for a game's
end its results rows (each seat's rating before and after noted on it) and its holders' ratings rows, with the
game's deadlines and turns deleted. Nothing else: no version check, no RETURNING, no reading back, no rating
worked out (the rows are known), no engine, no rendering.

It is sent in one trip, as the bot sends an ordinary move: on SQLite the whole transaction, `BEGIN IMMEDIATE` to
`COMMIT`, is one function run on the connection's thread, handed over once (`SqliteFloor.commit`); on PostgreSQL
it is one statement (`_bare_postgres`). A floor that sent each statement in its own trip (about eight hand-overs
to SQLite's thread, eight round trips to the server) was slower than the bot itself on PostgreSQL: no floor.

Same back end, same schema (our migrations), same settings: the pragmas of the bot's own connection (read from
it, not assumed), or its `synchronous_commit`. Each game the path played gets a fresh row of the floor's own,
copied from the bot's row with the deadlines and turns it held before the move (`FloorLoop.replay`), so every
move finds what the bot's found.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage import MIGRATIONS, ClockWrite, Database, clock_statements
from bot.storage._rows import dump_options, dump_seats

from ._committed import RESULT_COLUMNS, Committed

Statement = tuple[str, list[tuple[Any, ...]]]  # SQL with `?` placeholders, and the rows of its parameters

# The table row's first state, copied from the bot's (`start_row`); its id is the floor's own.
START_ROW = (
    "INSERT INTO tables (guild_id, channel_id, game, status, host_id, options, seats, seed, state, version,"
    " table_message_id, locale, created_at, updated_at, shown_version, ping_message_id, clock, notified, salt)"
    " VALUES (?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
SEED_DEADLINE = "INSERT INTO deadlines (table_id, seat, kind, due_at) VALUES (?, ?, ?, ?)"
SEED_TURN = "INSERT INTO table_seats (table_id, seat, user_id, since, due_at) VALUES (?, ?, ?, ?, ?)"
# A move: the trigger `actions_append` appends its log row (game, seq = the new version, seat, action, time).
MOVE = (
    "UPDATE tables SET state = ?, last_seat = ?, last_action = ?, clock = COALESCE(?, clock),"
    " version = version + 1, updated_at = ? WHERE id = ?"
)
END = (
    "UPDATE tables SET state = ?, last_seat = ?, last_action = ?, clock = COALESCE(?, clock), status = 'finished',"
    " ended_at = ?, version = version + 1, updated_at = ? WHERE id = ?"
)
RESULTS = (
    f"INSERT INTO results (table_id, {', '.join(RESULT_COLUMNS)}, finished_at)"
    f" VALUES ({', '.join('?' for _ in range(len(RESULT_COLUMNS) + 2))})"
)
RATINGS = (
    "INSERT INTO ratings (guild_id, game, player, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, game, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
    " games = excluded.games, updated_at = excluded.updated_at"
)
FORGET = ("DELETE FROM deadlines WHERE table_id = ?", "DELETE FROM table_seats WHERE table_id = ?")


@dataclass(frozen=True)
class Pragmas:
    journal_mode: str
    synchronous: int  # 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
    busy_timeout: int
    foreign_keys: int

    @property
    def synchronous_name(self) -> str:
        return {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}.get(self.synchronous, str(self.synchronous))


async def pragmas_of(db: Database) -> Pragmas:
    """The pragmas in force on our Database's own connection (synchronous is per connection)."""
    conn = db._connection()  # the bench reads the live settings rather than restating them
    values = []
    for name in ("journal_mode", "synchronous", "busy_timeout", "foreign_keys"):
        rows = list(await conn.execute_fetchall(f"PRAGMA {name}"))
        values.append(rows[0][0])
    return Pragmas(str(values[0]).lower(), int(values[1]), int(values[2]), int(values[3]))


@dataclass(frozen=True)
class FloorResult:
    commits: int  # moves committed while timed
    seconds: float
    state_bytes: float  # mean state JSON length of those moves
    clock_rows: float  # mean deadlines and turns rows written per move (`clock_rows`)
    endings: int  # those that ended their game (results and ratings written)

    @property
    def per_second(self) -> float:
        return self.commits / self.seconds


def clock_rows(write: ClockWrite | None) -> int:
    """The clock's rows a move writes: deadlines deleted and written, the turns (their old rows deleted in one)."""
    return 0 if write is None else len(write.gone()) + len(write.due()) + len(write.turns)


def start_row(move: Committed, channel_id: int) -> tuple[Any, ...]:
    """`START_ROW`'s parameters: the table's row as the bot held it before `move` (in `channel_id`, the floor's own
    channel: each replay opens its rows anew, and a channel holds one open game)."""
    r = move.record
    notified = json.dumps({str(seat): turn for seat, turn in sorted(r.notified.items())}, separators=(",", ":"))
    seats = dump_seats(r.seats)
    return (
        r.guild_id, channel_id, r.game, r.host_id, dump_options(r.options), seats, r.seed, move.state,
        move.version - 1, r.table_message_id, r.locale, r.created_at, r.updated_at, r.shown_version,
        r.ping_message_id, r.clock, notified, r.salt,
    )  # fmt: skip


def seed_rows(table_id: int, move: Committed) -> list[Statement]:
    """The deadlines and turns the game held before `move` (its clock's previous deadlines; its turns as the move
    leaves them, the same seats and users), so the move deletes and replaces rows as the bot's did."""
    write = move.write
    if write is None:
        return []
    deadlines = [(table_id, seat, kind, at) for (seat, kind), at in write.previous.items()]
    turns = [(table_id, t.seat, t.user_id, t.since, t.due_at) for t in write.turns]
    return [(sql, rows) for sql, rows in ((SEED_DEADLINE, deadlines), (SEED_TURN, turns)) if rows]


def move_statements(table_id: int, move: Committed, now: float) -> list[Statement]:
    """The statements of `move`'s transaction on the floor's row `table_id`, each with its rows, in the bot's
    order: the table row (and, through its trigger, the log), then the clock's rows, or a game's end's rows."""
    clock = None if move.write is None else move.write.clock
    if move.ending is None:
        statements: list[Statement] = [(MOVE, [(move.state, move.seat, move.action, clock, now, table_id)])]
        if move.write is not None:
            statements.extend(clock_statements(table_id, move.write))
        return statements
    ending = move.ending
    statements = [(END, [(move.state, move.seat, move.action, clock, now, now, table_id)])]
    statements.append((RESULTS, [(table_id, *row, now) for row in ending.results]))
    if ending.ratings:
        statements.append((RATINGS, [(*row, now) for row in ending.ratings]))
    statements.extend((sql, [(table_id,)]) for sql in FORGET)
    return statements


class FloorLoop:
    """Commits moves the bot committed, one transaction each, and times them; a back end gives `open_rows` and
    `commit`. `clock`: the commits' time (the bot's `Database` takes one too)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.commits = 0
        self.seconds = 0.0
        self.states: list[int] = []
        self.rows: list[int] = []
        self.endings = 0
        self.channels = 0  # the floor's own channel ids, one per row it opens

    async def open_rows(self, firsts: Sequence[Committed]) -> list[int]:
        """A fresh table row for the game of each of `firsts` (its first move to replay), as the bot held it before
        that move, with its deadlines and turns (`start_row`, `seed_rows`): their ids, in order. Not timed."""
        raise NotImplementedError

    async def commit(self, table_id: int, move: Committed) -> None:
        """`move`'s rows on the floor's table row `table_id`: one transaction, sent in one trip."""
        raise NotImplementedError

    async def replay(self, moves: Sequence[Committed], *, settle: int = 0) -> None:
        """Commit `moves` again, in order, each game on a row of its own opened first; the first `settle` are not
        timed (the floor's steady state, as the path's own `record=False` moves)."""
        firsts: dict[int, Committed] = {}
        for move in moves:
            firsts.setdefault(move.table_id, move)
        ids = dict(zip(firsts, await self.open_rows(list(firsts.values())), strict=True))
        for move in moves[:settle]:
            await self.commit(ids[move.table_id], move)
        timed = moves[settle:]
        start = time.perf_counter()
        for move in timed:
            await self.commit(ids[move.table_id], move)
        self.seconds += time.perf_counter() - start
        self.commits += len(timed)
        self.states.extend(len(move.state) for move in timed)
        self.rows.extend(clock_rows(move.write) for move in timed if move.ending is None)
        self.endings += sum(move.ending is not None for move in timed)

    def next_channel(self) -> int:
        self.channels += 1
        return self.channels

    def result(self) -> FloorResult:
        return FloorResult(
            commits=self.commits,
            seconds=self.seconds,
            state_bytes=statistics.fmean(self.states) if self.states else 0.0,
            clock_rows=statistics.fmean(self.rows) if self.rows else 0.0,
            endings=self.endings,
        )


def _run(conn: sqlite3.Connection, statements: Sequence[Statement]) -> None:
    """On the connection's thread: `statements` in one `BEGIN IMMEDIATE ... COMMIT`, rolled back if one fails; a
    lone statement of one row is a transaction by itself (an unclocked move)."""
    if len(statements) == 1 and len(statements[0][1]) == 1:
        conn.execute(statements[0][0], statements[0][1][0])
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        for sql, rows in statements:
            if len(rows) == 1:
                conn.execute(sql, rows[0])
            else:
                conn.executemany(sql, rows)
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):  # SQLite may have rolled back by itself
            conn.execute("ROLLBACK")
        raise


def _open_rows(conn: sqlite3.Connection, starts: Sequence[tuple[tuple[Any, ...], Committed]]) -> list[int]:
    """On the connection's thread: the rows `starts` name (`START_ROW`'s parameters, and the move whose rows before
    it are seeded), in one transaction; their ids."""
    ids: list[int] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for parameters, move in starts:
            table_id = conn.execute(START_ROW, parameters).lastrowid
            assert table_id is not None
            for sql, rows in seed_rows(table_id, move):
                conn.executemany(sql, rows)
            ids.append(table_id)
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    return ids


class SqliteFloor(FloorLoop):
    """A plain aiosqlite connection on a database of our schema, committing each move in one hand-over.

    aiosqlite runs every call on the connection's own thread, one hand-over there and back per call: a statement
    each, through its public methods. Its `Connection._execute` is the call they all go through, and it runs any
    function there: the floor hands it the whole transaction (`_run`) at once, as the bot's group commit does
    (`SqliteDriver.in_one_trip`). No SQL text is built from values: every value is a bound parameter.
    """

    def __init__(self, conn: aiosqlite.Connection, clock: Callable[[], float] = time.time) -> None:
        super().__init__(clock)
        self.conn = conn

    @classmethod
    async def open(cls, path: Path, pragmas: Pragmas, clock: Callable[[], float] = time.time) -> SqliteFloor:
        """A new database at `path` of our schema (the migrations' statements), with `pragmas`."""
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            await conn.execute(f"PRAGMA busy_timeout = {pragmas.busy_timeout}")
            await conn.execute(f"PRAGMA journal_mode = {pragmas.journal_mode}")
            await conn.execute(f"PRAGMA synchronous = {pragmas.synchronous}")
            await conn.execute(f"PRAGMA foreign_keys = {pragmas.foreign_keys}")
            for migration in MIGRATIONS:
                for statement in migration.statements:
                    await conn.execute(statement)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, clock)

    async def on_thread(self, work: Callable[..., Any], *args: Any) -> Any:
        """`work(sqlite3 connection, *args)` run on the connection's thread: one hand-over there and back."""
        run: Any = self.conn._execute  # untyped in aiosqlite, as in `SqliteDriver.in_one_trip`
        return await run(work, self.conn._conn, *args)

    async def open_rows(self, firsts: Sequence[Committed]) -> list[int]:
        starts = [(start_row(move, self.next_channel()), move) for move in firsts]
        ids: list[int] = await self.on_thread(_open_rows, starts)
        return ids

    async def commit(self, table_id: int, move: Committed) -> None:
        await self.on_thread(_run, move_statements(table_id, move, self.clock()))

    async def close(self) -> None:
        await self.conn.close()
