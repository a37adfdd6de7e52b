"""The group commit of the moves: the hot path of an accepted action, one transaction for a burst of them.

A move is one UPDATE of its table row (its version checked) whose trigger appends the action to the log, with its
clock's deadlines and turns in the same transaction. Moves that arrive while a commit is running share the next
one, so a burst across many tables pays for one sync to disk; each move still succeeds or fails on its own version
check. The games repository (`TableRepository.commit_action`) hands its plain moves here; `Database.close` waits for
the moves already accepted.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.storage._driver import Connection, Dialect
from bot.storage._rows import row_record
from bot.storage._sqlite import SqliteDriver, write_transaction
from bot.storage.errors import StaleVersionError, StorageError, TableNotFoundError
from bot.storage.records import ClockWrite, TableRecord

if TYPE_CHECKING:
    from bot.storage.database import Database


@dataclass(slots=True)
class Move:
    """One accepted action waiting for the next group commit."""

    table_id: int
    expected_version: int
    seat: int
    action: str
    state: str
    write: ClockWrite | None
    done: asyncio.Future[TableRecord]
    meanwhile: Callable[[], None] | None = None  # called once the move's commit is in flight (`commit_action`)


def _move_sql(dialect: Dialect) -> str:
    return (
        "UPDATE tables SET state = ?, last_seat = ?, last_action = ?, clock = COALESCE(?, clock),"
        " version = version + 1, updated_at = ?"
        f" WHERE id = ? AND version = ? AND status = 'active' AND ? < {dialect.seat_count}"
        " RETURNING *"
    )


def _move_with_clock_sql(dialect: Dialect) -> str:
    """PostgreSQL: a move and its clock's deadlines and turns in one statement, so one trip to the server.

    Its sub-statements see one snapshot and must not touch a row twice: the deadlines deleted are those the new
    clock no longer holds (changed ones are updated in place), the turns deleted those of seats no longer listed.
    Nothing but the UPDATE applies when the version check fails (each waits for `moved`). Parameters: the move's
    eight (`_move_sql`), then the deadlines gone (seats, kinds), due (seats, kinds, times) and the turns (seats, user
    ids, since, due).
    """
    moved = _move_sql(dialect)
    return (
        f"WITH moved AS ({moved}),"
        " gone AS (DELETE FROM deadlines AS d USING unnest(?::bigint[], ?::text[]) AS g (seat, kind)"
        " WHERE d.table_id = ? AND d.seat = g.seat AND d.kind = g.kind AND EXISTS (SELECT FROM moved)),"
        " due AS (INSERT INTO deadlines (table_id, seat, kind, due_at)"
        " SELECT ?, n.seat, n.kind, n.due_at FROM unnest(?::bigint[], ?::text[], ?::double precision[])"
        " AS n (seat, kind, due_at) WHERE EXISTS (SELECT FROM moved)"
        " ON CONFLICT (table_id, seat, kind) DO UPDATE SET due_at = excluded.due_at, fell_due = NULL),"
        " unseated AS (DELETE FROM table_seats AS s WHERE s.table_id = ? AND NOT (s.seat = ANY (?::bigint[]))"
        " AND EXISTS (SELECT FROM moved)),"
        " seated AS (INSERT INTO table_seats (table_id, seat, user_id, since, due_at)"
        " SELECT ?, t.seat, t.user_id, t.since, t.due_at"
        " FROM unnest(?::bigint[], ?::bigint[], ?::double precision[], ?::double precision[])"
        " AS t (seat, user_id, since, due_at) WHERE EXISTS (SELECT FROM moved)"
        " ON CONFLICT (table_id, seat) DO UPDATE"
        " SET user_id = excluded.user_id, since = excluded.since, due_at = excluded.due_at)"
        " SELECT * FROM moved"
    )


def _clock_parameters(table_id: int, write: ClockWrite) -> tuple[Any, ...]:
    """The clock's part of `_move_with_clock_sql`'s parameters (`ClockWrite.columns`, the game's id among them)."""
    gone_seats, gone_kinds, due_seats, due_kinds, due_times, seats, users, since, due = write.columns()
    return (
        gone_seats, gone_kinds, table_id, table_id, due_seats, due_kinds, due_times, table_id,
        seats, table_id, seats, users, since, due,
    )  # fmt: skip


class GroupCommit:
    """The moves waiting for their commit, and the commit under way (one per `Database`)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._move_sql = _move_sql(db._sql)
        self._move_with_clock_sql = _move_with_clock_sql(db._sql)
        self._moves: list[Move] = []  # accepted actions waiting for the group commit
        self._committer: asyncio.Task[None] | None = None
        # The move its own caller is committing (`_commit_alone`): this future is done once that move is.
        self._alone: asyncio.Future[None] | None = None
        self.count = 0  # transactions that carried moves (for tests and the bench: `Database.group_commits`)

    async def drain(self) -> None:
        """Wait for the move in progress and the moves already accepted."""
        while self._alone is not None or (self._committer is not None and not self._committer.done()):
            if self._alone is not None:
                await asyncio.wait([self._alone])
            if self._committer is not None and not self._committer.done():
                with contextlib.suppress(Exception):
                    await self._committer

    async def commit(self, move: Move) -> TableRecord:
        """The hot path, with group commit.

        Each move is one UPDATE whose trigger appends the action to the log.
        Moves that arrive while a commit is running wait for the next one and
        share its transaction, so a burst across many tables pays for one fsync,
        not one each; every move still succeeds or fails on its own version
        check. Returns once the move's transaction is committed. A move that
        finds nothing being committed is committed at once by its own caller
        (no task to start, no turn of the event loop to wait for).
        """
        idle = self._committer is None or self._committer.done()
        if idle and self._alone is None and not self._moves:
            return await self._commit_alone(move)
        self._moves.append(move)
        if idle and self._alone is None:
            self._committer = asyncio.create_task(self._commit_moves(), name="cardroom-group-commit")
        return await move.done

    async def _commit_alone(self, move: Move) -> TableRecord:
        """One move in its own transaction, by its caller; the moves that arrive meanwhile wait for the next one.

        A caller cancelled meanwhile leaves its move to be committed or not as a cancelled caller's move in a
        batch would be (a statement already sent to the connection's thread finishes there).
        """
        alone = self._alone = asyncio.get_running_loop().create_future()
        try:
            (outcome,) = await self._commit_batch([move])
        finally:
            self._alone = None
            alone.set_result(None)
            if self._moves and (self._committer is None or self._committer.done()):
                self._committer = asyncio.create_task(self._commit_moves(), name="cardroom-group-commit")
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    async def _commit_moves(self) -> None:
        while self._moves:
            batch = [move for move in self._moves if not move.done.done()]  # skip callers that gave up
            self._moves = []
            if not batch:
                continue
            try:
                outcomes = await self._commit_batch(batch)
            except BaseException as exc:
                failure = exc if isinstance(exc, Exception) else StorageError("the commit was interrupted")
                for move in batch:
                    if not move.done.done():
                        move.done.set_exception(failure)
                if not isinstance(exc, Exception):
                    raise
                continue
            for move, outcome in zip(batch, outcomes, strict=True):
                if move.done.done():
                    continue  # the caller gave up; its move is committed all the same
                if isinstance(outcome, TableRecord):
                    move.done.set_result(outcome)
                else:
                    move.done.set_exception(outcome)

    async def _commit_batch(self, batch: list[Move]) -> list[TableRecord | Exception]:
        """One transaction for the whole batch (a lone move is a single atomic statement).

        On SQLite the whole transaction runs on the connection's thread in one trip there and back
        (`SqliteDriver.in_one_trip`, `_commit_moves`): about a millisecond less per move than a trip per statement.
        """
        self.count += 1
        loop = asyncio.get_running_loop()
        waiting = [move.meanwhile for move in batch if move.meanwhile is not None]
        if isinstance(self._db._driver, SqliteDriver):
            now, sql = self._db._clock(), self._move_sql

            syncing = on_loop(loop, *waiting) if waiting else None
            return await self._db._driver.in_one_trip(lambda conn: _commit_sqlite(conn, sql, batch, now, syncing))
        for meanwhile in waiting:  # run once the statement is sent and the loop waits for the server
            loop.call_soon(meanwhile)
        if len(batch) == 1:  # one statement (`_move`): atomic by itself
            async with self._db._driver.statement() as conn:
                return [await self._move(conn, batch[0], self._db._clock())]
        outcomes: dict[int, TableRecord | Exception] = {}
        async with self._db._transaction() as tx:
            # By game (a game's own moves in the order they came): two processes' batches lock rows in one order.
            for index in sorted(range(len(batch)), key=lambda index: batch[index].table_id):
                outcomes[index] = await self._move(tx.conn, batch[index], tx.now)
        return [outcomes[index] for index in range(len(batch))]

    async def _move(self, conn: Connection, move: Move, now: float) -> TableRecord | Exception:
        """PostgreSQL: one move in one statement, its clock's rows included (`_move_with_clock_sql`)."""
        clock = None if move.write is None else move.write.clock
        parameters = (move.state, move.seat, move.action, clock, now, move.table_id, move.expected_version, move.seat)
        if move.write is None:
            rows = await conn.fetch(self._move_sql, parameters)
        else:
            rows = await conn.fetch(
                self._move_with_clock_sql, parameters + _clock_parameters(move.table_id, move.write)
            )
        if rows:
            return row_record(rows[0])
        rows = await conn.fetch("SELECT * FROM tables WHERE id = ?", (move.table_id,))
        current = row_record(rows[0]) if rows else None
        if current is None:
            return TableNotFoundError(move.table_id)
        if current.version == move.expected_version and current.status == "active":
            return ValueError(f"seat {move.seat} is not at this table")
        return StaleVersionError(current, move.expected_version)


def clock_statements(table_id: int, write: ClockWrite) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """The statements, each with its rows, that write a clock's deadlines and turns (none without rows): on the
    connection's thread (`_commit_one`) and through the async connection (`TableRepository.write_clock`); the
    bench's bare commit of the same rows sends them one by one. PostgreSQL's move statement writes the same rows in
    one trip (`_clock_parameters`).

    Deadlines that did not change keep their rows (`ClockWrite.gone`, `ClockWrite.due`), so one that already
    fired (a reminder) is not written again.
    """
    gone = [(table_id, seat, kind) for seat, kind in write.gone()]
    due = [(table_id, seat, kind, at) for seat, kind, at in write.due()]
    turns = [(table_id, turn.seat, turn.user_id, turn.since, turn.due_at) for turn in write.turns]
    statements: list[tuple[str, list[tuple[Any, ...]]]] = [
        ("DELETE FROM deadlines WHERE table_id = ? AND seat = ? AND kind = ?", gone),
        (
            "INSERT INTO deadlines (table_id, seat, kind, due_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (table_id, seat, kind) DO UPDATE SET due_at = excluded.due_at, fell_due = NULL",
            due,
        ),
        ("DELETE FROM table_seats WHERE table_id = ?", [(table_id,)]),
        ("INSERT INTO table_seats (table_id, seat, user_id, since, due_at) VALUES (?, ?, ?, ?, ?)", turns),
    ]
    return [(sql, rows) for sql, rows in statements if rows]


def on_loop(loop: asyncio.AbstractEventLoop, *calls: Callable[[], None]) -> Callable[[], None]:
    """What the connection's thread calls right before a COMMIT, which syncs without Python's lock: `calls`
    scheduled on the event loop, free meanwhile. A loop closed by then is left alone: the commit goes on."""

    def syncing() -> None:
        for call in calls:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(call)

    return syncing


def _commit_sqlite(
    conn: sqlite3.Connection, sql: str, batch: list[Move], now: float, syncing: Callable[[], None] | None = None
) -> list[TableRecord | Exception]:
    """The group commit's transaction (see `GroupCommit._commit_batch`): each move applies or fails on its own.

    `syncing` is called right before the COMMIT, which writes the transaction to disk without holding Python's
    lock: most of a commit's time, which the event loop can use meanwhile.
    """
    if len(batch) == 1 and batch[0].write is None and syncing is None:
        return [_commit_one(conn, sql, batch[0], now)]
    return write_transaction(conn, lambda: [_commit_one(conn, sql, move, now) for move in batch], syncing)


def _commit_one(conn: sqlite3.Connection, sql: str, move: Move, now: float) -> TableRecord | Exception:
    clock = None if move.write is None else move.write.clock
    parameters = (move.state, move.seat, move.action, clock, now, move.table_id, move.expected_version, move.seat)
    rows = conn.execute(sql, parameters).fetchall()
    if rows:
        if move.write is not None:
            for sql, values in clock_statements(move.table_id, move.write):
                conn.executemany(sql, values)
        return row_record(rows[0])
    found = conn.execute("SELECT * FROM tables WHERE id = ?", (move.table_id,)).fetchall()
    if not found:
        return TableNotFoundError(move.table_id)
    current = row_record(found[0])
    if current.version == move.expected_version and current.status == "active":
        return ValueError(f"seat {move.seat} is not at this table")
    return StaleVersionError(current, move.expected_version)
