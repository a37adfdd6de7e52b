"""The floor under the move path: a plain aiosqlite connection committing a move's rows.

Same schema (our migrations' statements), same pragmas as our `Database`
connection (read from it, not assumed), one `BEGIN IMMEDIATE ... COMMIT` per
move holding an UPDATE of the games row (a state of the same JSON size) and
an INSERT into the action log. Nothing else: no version check, no RETURNING,
no engine, no rendering.

That is the floor the 0.5 target was set against, when a move wrote nothing else. Since the table clock, a move
at a clocked table also writes the clock's rows: the clock in the games row, its deadlines and the seats' turns.
With `clock_rows`, the bare commit writes those too, the very rows the path's moves wrote (`BareLoop.writes`),
each statement in its own trip as a plain program would: the bare commit of the same rows.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage import MIGRATIONS, ClockWrite, Database, clock_statements

ACTION_JSON = '{"kind":"hit"}'
ROWS = 100  # games rows the updates rotate over
# One move's statements, as both back ends send them (PostgreSQL's placeholders numbered from these).
UPDATE_ROW = "UPDATE games SET state = ?, version = ?, updated_at = ? WHERE id = ?"
UPDATE_ROW_AND_CLOCK = "UPDATE games SET state = ?, clock = ?, version = ?, updated_at = ? WHERE id = ?"
INSERT_ACTION = "INSERT INTO actions (game_id, seq, seat, action, created_at) VALUES (?, ?, ?, ?, ?)"


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
class BareResult:
    commits: int
    seconds: float
    state_bytes: int

    @property
    def per_second(self) -> float:
        return self.commits / self.seconds


class BareLoop:
    """Commits one move's rows at a time over `ROWS` games rows, and times it; a back end gives `commit`.

    `clock_rows`: each commit also writes the clock's rows of one of `writes` (the path's moves', in turn)."""

    def __init__(self, state: str, *, clock_rows: bool = False) -> None:
        self.state = state
        self.clock_rows = clock_rows
        self.writes: list[ClockWrite] = []
        self.versions = dict.fromkeys(range(1, ROWS + 1), 1)
        self.done = 0
        self.commits = 0
        self.seconds = 0.0

    async def commit(self, game_id: int, version: int, seat: int, write: ClockWrite | None) -> None:
        """One transaction: the UPDATE of the games row `game_id` to `version` and the INSERT of its action; with
        `write`, the clock in that row and the clock's rows (the bot's own `clock_statements`, one by one)."""
        raise NotImplementedError

    def statements(
        self, game_id: int, version: int, seat: int, write: ClockWrite | None
    ) -> list[tuple[str, tuple[Any, ...]]]:
        """The UPDATE of the games row (with the clock, given `write`) and the INSERT of its action, each with its
        parameters: what every back end's `commit` sends first, before the clock's rows (`clock_statements`)."""
        now = time.time()
        update: tuple[str, tuple[Any, ...]]
        if write is None:
            update = (UPDATE_ROW, (self.state, version, now, game_id))
        else:
            update = (UPDATE_ROW_AND_CLOCK, (self.state, write.clock, version, now, game_id))
        return [update, (INSERT_ACTION, (game_id, version, seat, ACTION_JSON, now))]

    def _write(self) -> ClockWrite | None:
        if not self.clock_rows or not self.writes:
            return None
        return self.writes[self.done % len(self.writes)]

    async def run(self, commits: int, *, record: bool = True) -> None:
        """`commits` transactions, each an UPDATE of a games row and an INSERT into the action log (and, with
        `clock_rows`, the clock's rows of the next of `writes`)."""
        start = time.perf_counter()
        for _ in range(commits):
            game_id = self.done % ROWS + 1
            self.versions[game_id] += 1
            await self.commit(game_id, self.versions[game_id], self.done % 3, self._write())
            self.done += 1
        if record:
            self.seconds += time.perf_counter() - start
            self.commits += commits

    def result(self) -> BareResult:
        return BareResult(commits=self.commits, seconds=self.seconds, state_bytes=len(self.state))


class BareCommits(BareLoop):
    """A plain aiosqlite connection on a database of our schema, committing one move's rows at a time."""

    def __init__(self, conn: aiosqlite.Connection, state: str, *, clock_rows: bool = False) -> None:
        super().__init__(state, clock_rows=clock_rows)
        self.conn = conn

    @classmethod
    async def open(cls, path: Path, pragmas: Pragmas, state: str, *, clock_rows: bool = False) -> BareCommits:
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            await conn.execute(f"PRAGMA busy_timeout = {pragmas.busy_timeout}")
            await conn.execute(f"PRAGMA journal_mode = {pragmas.journal_mode}")
            await conn.execute(f"PRAGMA synchronous = {pragmas.synchronous}")
            await conn.execute(f"PRAGMA foreign_keys = {pragmas.foreign_keys}")
            for migration in MIGRATIONS:
                for statement in migration.statements:
                    await conn.execute(statement)
            now = time.time()
            await conn.execute("BEGIN IMMEDIATE")
            for channel in range(ROWS):
                await conn.execute(
                    "INSERT INTO games (guild_id, channel_id, game, status, host_id, options, seats, seed, state,"
                    " version, locale, created_at, updated_at) VALUES (1, ?, 'pairs', 'active', 1, '{}', '[]', 7, ?,"
                    " 1, 'en', ?, ?)",
                    (channel, state, now, now),
                )
            await conn.execute("COMMIT")
        except BaseException:
            await conn.close()
            raise
        return cls(conn, state, clock_rows=clock_rows)

    async def commit(self, game_id: int, version: int, seat: int, write: ClockWrite | None) -> None:
        conn = self.conn
        await conn.execute("BEGIN IMMEDIATE")
        for sql, parameters in self.statements(game_id, version, seat, write):
            await conn.execute(sql, parameters)
        if write is not None:
            for sql, rows in clock_statements(game_id, write):
                await conn.executemany(sql, rows)
        await conn.execute("COMMIT")

    async def close(self) -> None:
        await self.conn.close()
