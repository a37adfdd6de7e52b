"""The games database: a SQLite file (aiosqlite, the default) or a PostgreSQL database (asyncpg).

`Database.open` takes a file path or a `postgresql://` URL. The SQL below is
written once; the back ends (`bot.storage._sqlite`, `bot.storage._postgres`)
run it and supply the few words that differ (`bot.storage._driver.Dialect`).

Concurrency model
-----------------
* SQLite: one connection, one operation at a time, every write a
  `BEGIN IMMEDIATE ... COMMIT` transaction, so processes on one file serialise.
  PostgreSQL: a pool of connections, writes at READ COMMITTED; what a write
  reads before it writes (ratings, claimed deadlines) it locks.
* Every change of a game row is `UPDATE games ... WHERE id = ? AND version = ?
  AND status = ?` (optimistic concurrency). Two clicks computed from the same
  version: the first transaction bumps the version, the second matches no row,
  rolls back and raises `StaleVersionError` with the current row. This holds
  across processes because the check and the write are one statement (a
  PostgreSQL UPDATE that meets a row being changed waits, then re-checks it).
* An accepted action (new state + version bump + action log row + results
  when it ends the game) is a single transaction: after a crash the database
  holds either all of it or none of it, so a crash loses at most the action in
  flight, and `active_games()` gives every open game back at start-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal, TypeVar

import aiosqlite

from bot import ratings
from bot.seating import COMPUTER_IDS
from bot.storage._driver import Connection, Dialect, Driver, Row, is_postgres
from bot.storage._migrations import MIGRATIONS, Migration, apply_migrations
from bot.storage._sqlite import SqliteDriver, ThreadConnection, run_at_once, write_transaction
from bot.storage.errors import (
    ChannelBusyError,
    DeadlineGoneError,
    GameNotFoundError,
    StaleVersionError,
    StorageError,
)
from bot.storage.health import INTEGRITY_MODES, IntegrityMode
from bot.storage.records import (
    OPEN_STATUSES,
    TABLE_SEAT,
    CardEmojiArt,
    CardsMode,
    ClockWrite,
    Deadline,
    GameRecord,
    GuildSettings,
    HistoryRow,
    LeaderOrder,
    LeaderRow,
    MeasureOrder,
    PlayerSettings,
    RepairRow,
    ResultRow,
    Seat,
    SeatRating,
    StatsRow,
    Status,
    TurnRow,
)

_INT64 = range(-(2**63), 2**63)
T = TypeVar("T")

RATED_KEPT: Final = 64  # games whose end's rating changes are kept for the read that follows it (`rating_changes`)
DISCORD_SHARD_SHIFT: Final = 22  # a server is on shard (guild_id >> 22) % shard_count (Discord's rule)

_LEADER_ORDER: Final[dict[str, tuple[str, ...]]] = {
    "rating": ("provisional", "conservative", "wins", "games"),
    "wins": ("wins", "average", "games"),
    "games": ("games", "wins", "average"),
    "measure": ("average", "wins", "games"),
}


@dataclass(frozen=True, slots=True)
class _Tx:
    """An open write transaction: its connection and its one timestamp."""

    conn: Connection
    now: float


@dataclass(slots=True)
class _Move:
    """One accepted action waiting for the next group commit."""

    game_id: int
    expected_version: int
    seat: int
    action: str
    state: str
    write: ClockWrite | None
    done: asyncio.Future[GameRecord]
    meanwhile: Callable[[], None] | None = None  # called once the move's commit is in flight (`commit_action`)


def _move_sql(dialect: Dialect) -> str:
    return (
        "UPDATE games SET state = ?, last_seat = ?, last_action = ?, clock = COALESCE(?, clock),"
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
        " WHERE d.game_id = ? AND d.seat = g.seat AND d.kind = g.kind AND EXISTS (SELECT FROM moved)),"
        " due AS (INSERT INTO deadlines (game_id, seat, kind, due_at)"
        " SELECT ?, n.seat, n.kind, n.due_at FROM unnest(?::bigint[], ?::text[], ?::double precision[])"
        " AS n (seat, kind, due_at) WHERE EXISTS (SELECT FROM moved)"
        " ON CONFLICT (game_id, seat, kind) DO UPDATE SET due_at = excluded.due_at),"
        " unseated AS (DELETE FROM table_seats AS s WHERE s.game_id = ? AND NOT (s.seat = ANY (?::bigint[]))"
        " AND EXISTS (SELECT FROM moved)),"
        " seated AS (INSERT INTO table_seats (game_id, seat, user_id, since, due_at)"
        " SELECT ?, t.seat, t.user_id, t.since, t.due_at"
        " FROM unnest(?::bigint[], ?::bigint[], ?::double precision[], ?::double precision[])"
        " AS t (seat, user_id, since, due_at) WHERE EXISTS (SELECT FROM moved)"
        " ON CONFLICT (game_id, seat) DO UPDATE"
        " SET user_id = excluded.user_id, since = excluded.since, due_at = excluded.due_at)"
        " SELECT * FROM moved"
    )


def _clock_parameters(game_id: int, write: ClockWrite) -> tuple[Any, ...]:
    """The clock's part of `_move_with_clock_sql`'s parameters."""
    gone = write.gone()
    due = write.due()
    turns = write.turns
    return (
        [seat for seat, _ in gone],
        [kind for _, kind in gone],
        game_id,
        game_id,
        [seat for seat, _, _ in due],
        [kind for _, kind, _ in due],
        [at for _, _, at in due],
        game_id,
        [turn.seat for turn in turns],
        game_id,
        [turn.seat for turn in turns],
        [turn.user_id for turn in turns],
        [turn.since for turn in turns],
        [turn.due_at for turn in turns],
    )


class Database:
    """Async access to the games database. Create with `await Database.open(path)`."""

    def __init__(self, driver: Driver, schema_version: int, clock: Callable[[], float]) -> None:
        """Private: use `Database.open`."""
        self._driver = driver
        self._sql = driver.dialect
        self._move_sql = _move_sql(driver.dialect)
        self._move_with_clock_sql = _move_with_clock_sql(driver.dialect)
        self._schema_version = schema_version
        self._clock = clock
        self._moves: list[_Move] = []  # accepted actions waiting for the group commit
        self._committer: asyncio.Task[None] | None = None
        # The move its own caller is committing (`_commit_alone`): this future is done once that move is.
        self._alone: asyncio.Future[None] | None = None
        self.group_commits = 0  # transactions that carried moves (for tests and the bench)
        self._rated: dict[int, dict[int, SeatRating]] = {}  # game id -> the rating changes its end just wrote

    # ----- life cycle -------------------------------------------------------
    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations: Sequence[Migration] = MIGRATIONS,
        clock: Callable[[], float] = time.time,
        durability: Literal["full", "normal"] = "full",
        integrity: IntegrityMode = "auto",
    ) -> Database:
        """Open (creating it and its directory if needed) and migrate the database at `path`.

        `path` is a SQLite file (or ":memory:"), or a `postgresql://` URL of an
        existing database (`bot.storage.is_postgres`). Re-opening is idempotent:
        only migrations not yet recorded in `schema_migrations` run. `migrations`
        and `clock` are injectable for tests. `durability` is SQLite's
        `synchronous` level (PostgreSQL: "normal" is `synchronous_commit = off`);
        anything but "full" or "normal" is refused.

        Before anything is written, SQLite checks an existing file (`integrity`:
        "full" is `PRAGMA integrity_check`, "quick" is `quick_check`, "auto" is
        full below `FULL_CHECK_LIMIT` and quick above, "off" skips it); a damaged
        file raises `DamagedDatabaseError` and is left untouched. PostgreSQL checks
        its own pages; `integrity` does not apply to it. Every failure to open is
        a `StorageError` whose message is one line saying what to do.
        """
        if durability not in ("full", "normal"):
            raise ValueError(f"durability must be 'full' or 'normal', not {durability!r}")
        if integrity not in INTEGRITY_MODES:
            raise ValueError(f"integrity must be one of {', '.join(INTEGRITY_MODES)}, not {integrity!r}")
        driver: Driver
        if is_postgres(path):
            from bot.storage._postgres import PostgresDriver  # asyncpg is loaded only when used

            driver = await PostgresDriver.open(str(path), durability=durability)
        else:
            driver = await SqliteDriver.open(path, durability=durability, integrity=integrity)
        try:
            version = await apply_migrations(driver, migrations, clock)
        except BaseException as exc:
            await driver.close()
            failure = driver.open_failure(exc)
            if failure is exc:
                raise
            raise failure from exc.__cause__ or exc
        return cls(driver, version, clock)

    async def close(self) -> None:
        """Wait for the operation in progress and the moves already accepted, then close. Idempotent."""
        while self._alone is not None or (self._committer is not None and not self._committer.done()):
            if self._alone is not None:
                await asyncio.wait([self._alone])
            if self._committer is not None and not self._committer.done():
                with contextlib.suppress(Exception):
                    await self._committer
        await self._driver.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    @property
    def schema_version(self) -> int:
        """The version of the last applied migration."""
        return self._schema_version

    @property
    def dialect(self) -> str:
        """The back end: "sqlite" or "postgresql"."""
        return self._sql.name

    # ----- plumbing ---------------------------------------------------------
    def _connection(self) -> aiosqlite.Connection:
        """SQLite's own connection (the bench and SQLite-only checks read it directly)."""
        if not isinstance(self._driver, SqliteDriver):
            raise StorageError("this database is not SQLite")
        return self._driver.raw()

    def _reading(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """A connection whose statements each commit on their own (reads, and single atomic writes)."""
        return self._driver.connection()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[_Tx]:
        """One write transaction: committed if the body returns, rolled back if it raises.

        Its single timestamp is read once the transaction has begun (in SQLite, once
        the write lock is held, so within one process timestamps follow the order in
        which transactions commit).
        """
        async with self._driver.transaction() as conn:
            yield _Tx(conn, self._clock())

    async def _in_transaction(
        self, body: Callable[[_Tx], Coroutine[Any, Any, T]], meanwhile: Callable[[], None] | None = None
    ) -> T:
        """`body` in one write transaction, as `_transaction` runs it (committed if it returns, rolled back if it
        raises). On SQLite the whole transaction runs on the connection's thread in one trip there and back
        (`ThreadConnection`): `body` must await nothing but its connection. About 0.1 ms less per statement
        than a trip per statement, which adds up for a game's end (its results, ratings and clock rows).

        `meanwhile` is called on the event loop while the transaction is in flight, as `commit_action`'s is:
        on SQLite once the COMMIT is under way, on PostgreSQL once the first statement is sent."""
        driver = self._driver
        loop = asyncio.get_running_loop()
        if not isinstance(driver, SqliteDriver):
            if meanwhile is not None:
                loop.call_soon(meanwhile)
            async with self._transaction() as tx:
                return await body(tx)
        clock = self._clock
        syncing = None if meanwhile is None else _on_loop(loop, meanwhile)

        def whole(raw: sqlite3.Connection) -> T:
            def work() -> T:
                return run_at_once(body(_Tx(ThreadConnection(raw), clock())))

            return write_transaction(raw, work, syncing)

        return await driver.in_one_trip(whole)

    async def _fetch(self, conn: Connection, game_id: int, *, lock: bool = False) -> GameRecord | None:
        """The game's row; `lock`: held until the transaction ends (PostgreSQL; SQLite's writer holds everything)."""
        rows = await conn.fetch(f"SELECT * FROM games WHERE id = ?{self._sql.lock_row if lock else ''}", (game_id,))
        return _record(rows[0]) if rows else None

    async def _update(
        self,
        tx: _Tx,
        game_id: int,
        expected_version: int,
        statuses: Iterable[Status],
        assignments: dict[str, Any],
        *,
        seat: int | None = None,
    ) -> GameRecord:
        """The optimistic write: bump the version of a row still at `expected_version` in `statuses`."""
        wanted = tuple(statuses)
        columns = "".join(f"{column} = ?, " for column in assignments)
        marks = ", ".join("?" for _ in wanted)
        rows = await tx.conn.fetch(
            f"UPDATE games SET {columns}version = version + 1, updated_at = ?"
            f" WHERE id = ? AND version = ? AND status IN ({marks}) RETURNING *",
            (*assignments.values(), tx.now, game_id, expected_version, *wanted),
        )
        if rows:
            record = _record(rows[0])
            if seat is not None and seat >= len(record.seats):
                raise ValueError(f"seat {seat} is not at this table")  # rolls the transaction back
            return record
        current = await self._fetch(tx.conn, game_id)
        if current is None:
            raise GameNotFoundError(game_id)
        raise StaleVersionError(current, expected_version)

    async def _insert_results(self, tx: _Tx, record: GameRecord, result: Sequence[ResultRow]) -> list[ratings.Change]:
        """The game's results rows and, for a finished game, its players' ratings: the changes rated."""
        if sorted(row.seat for row in result) != list(range(len(record.seats))):
            raise ValueError(f"results must have exactly one row per seat 0..{len(record.seats) - 1}")
        await tx.conn.executemany(
            "INSERT INTO results (game_id, seat, guild_id, game, user_id, name, place, won, measure, finished_at,"
            " clocked_out) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    record.id,
                    row.seat,
                    record.guild_id,
                    record.game,
                    row.user_id,
                    row.name,
                    row.place,
                    int(row.won),
                    row.measure,
                    tx.now,
                    int(row.clocked_out),
                )
                for row in result
            ],
        )
        if record.status == "finished":
            return await self._rate(tx, record, result)
        return []

    async def _rate(self, tx: _Tx, record: GameRecord, result: Sequence[ResultRow]) -> list[ratings.Change]:
        """Update the ratings of a finished game's players and note each seat's change on its result row; the
        changes (none when the game does not count)."""
        seats = _placed(result)
        if not ratings.counts(seats):
            return []
        guild = ratings.guild_key(record.guild_id)
        # Read and lock each holder's rating in one statement: a holder without one gets a newcomer's
        # (`bot.ratings.INITIAL`, overwritten below in this transaction), an existing row is locked as is,
        # so two games ending at once in two PostgreSQL sessions rate one after the other, never from the
        # same old rating. Holders in a fixed order: two such games lock in the same order.
        holders = sorted({seat.holder for seat in seats})
        start = ratings.INITIAL
        rows = await tx.conn.fetch(
            "INSERT INTO ratings (guild_id, game, player, mu, sigma, games, updated_at) VALUES "
            + ", ".join("(?, ?, ?, ?, ?, 0, ?)" for _ in holders)
            + " ON CONFLICT (guild_id, game, player) DO UPDATE SET games = ratings.games"
            " RETURNING player, mu, sigma, games",
            [value for holder in holders for value in (guild, record.game, holder, start.mu, start.sigma, tx.now)],
        )
        current = {str(row["player"]): ratings.Rating(row["mu"], row["sigma"], row["games"]) for row in rows}
        changes = ratings.rate(current, seats)
        await _store_ratings(tx, record.id, guild, record.game, changes)
        return changes

    async def rebuild_ratings(self) -> int:
        """Recompute every rating from the stored results, in one transaction; returns the games rated.

        Finished games are replayed in the order they ended (`finished_at`, then game id), through the
        same `bot.ratings.rate` as the incremental update, so the numbers are the same.
        """
        self._rated.clear()
        async with self._transaction() as tx:
            if self._sql.lock_table is not None:  # a game ending meanwhile waits, then rates from the rebuilt ones
                await tx.conn.execute(self._sql.lock_table.format("ratings"))
            await tx.conn.execute("DELETE FROM ratings")
            await tx.conn.execute(
                "UPDATE results SET mu_before = NULL, sigma_before = NULL, mu_after = NULL, sigma_after = NULL"
                " WHERE mu_before IS NOT NULL"
            )
            rows = await tx.conn.fetch(
                "SELECT r.game_id, r.guild_id, r.game, r.seat, r.user_id, r.place, r.won, r.clocked_out"
                " FROM results AS r JOIN games AS g ON g.id = r.game_id WHERE g.status = 'finished'"
                " ORDER BY r.finished_at, r.game_id, r.seat"
            )
            games: dict[int, tuple[int, str, list[ratings.Placed]]] = {}
            for row in rows:
                entry = games.setdefault(row["game_id"], (ratings.guild_key(row["guild_id"]), row["game"], []))
                entry[2].append(
                    ratings.Placed(
                        seat=row["seat"],
                        holder=ratings.holder(row["user_id"]),
                        place=row["place"],
                        won=bool(row["won"]),
                        clocked_out=bool(row["clocked_out"]),
                    )
                )
            board: dict[tuple[int, str, str], ratings.Rating] = {}
            rated = 0
            for game_id, (guild, game, seats) in games.items():  # dicts keep the query's order
                current = {
                    seat.holder: board[guild, game, seat.holder]
                    for seat in seats
                    if (guild, game, seat.holder) in board
                }
                changes = ratings.rate(current, seats)
                if not changes:
                    continue
                rated += 1
                for name, rating in ratings.holders_after(changes).items():
                    board[guild, game, name] = rating
                await _note_changes(tx, game_id, changes)
            await tx.conn.executemany(
                "INSERT INTO ratings (guild_id, game, player, mu, sigma, games, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(guild, game, holder, r.mu, r.sigma, r.games, tx.now) for (guild, game, holder), r in board.items()],
            )
            return rated

    async def ratings_of(self, *, guild_id: int | None, game: str) -> dict[str, ratings.Rating]:
        """Every holder's rating of `game` in `guild_id` (None: outside any server)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?",
                (ratings.guild_key(guild_id), game),
            )
            return {str(row["player"]): ratings.Rating(row["mu"], row["sigma"], row["games"]) for row in rows}

    async def rating_changes(self, game_id: int) -> dict[int, SeatRating]:
        """Each seat's rating before and after the game, for the seats it rated (empty when it rated nobody).

        Right after this process committed the game's end, the changes it wrote are given back without a read
        (once: the read after that goes to the rows)."""
        noted = self._rated.pop(game_id, None)
        if noted is not None:
            return noted
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT seat, mu_before, sigma_before, mu_after, sigma_after FROM results"
                " WHERE game_id = ? AND mu_after IS NOT NULL ORDER BY seat",
                (game_id,),
            )
            return {
                row["seat"]: SeatRating(
                    seat=row["seat"],
                    mu_before=row["mu_before"],
                    sigma_before=row["sigma_before"],
                    mu_after=row["mu_after"],
                    sigma_after=row["sigma_after"],
                )
                for row in rows
            }

    @staticmethod
    async def _write_clock(conn: Connection, game_id: int, write: ClockWrite) -> None:
        """The deadlines and turns of a clock change (the clock itself is set by the game's UPDATE).

        Deadlines that did not change keep their rows, so one that already fired
        (a reminder) is not written again.
        """
        for sql, rows in clock_statements(game_id, write):
            await conn.executemany(sql, rows)

    @staticmethod
    async def _forget_ended(conn: Connection, game_id: int) -> None:
        """A game that ended has nothing left to fire and nobody left to wait for."""
        await conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
        await conn.execute("DELETE FROM table_seats WHERE game_id = ?", (game_id,))

    # ----- lobby ------------------------------------------------------------
    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host: Seat,
        options: dict[str, Any],
        seed: int,
        locale: str,
        expires_at: float | None = None,
        clock: str | None = None,
        seats: Sequence[Seat] | None = None,
        salt: str | None = None,
    ) -> GameRecord:
        """A new lobby (version 0) closing itself at `expires_at` unless started by then.

        Its seats are `seats` (a rematch: the same players in the same order, `host` among them),
        else `host` alone in seat 0. Raises `ChannelBusyError` carrying the open game if the channel
        already has a lobby or an active game (refused by the partial unique index).
        """
        if seed not in _INT64:
            raise ValueError("seed must fit in a signed 64-bit integer (e.g. secrets.randbits(63))")
        seated = list(seats) if seats is not None else [host]
        if host.user_id not in {seat.user_id for seat in seated}:
            raise ValueError("the host must have a seat in the lobby")
        async with self._transaction() as tx:
            # The partial unique index refuses a second open game in the channel: that refusal (and only
            # that one) inserts nothing instead of failing, so the transaction can still read who holds it.
            rows = await tx.conn.fetch(
                "INSERT INTO games (guild_id, channel_id, game, status, host_id, options, seats, seed,"
                " state, version, locale, created_at, updated_at, clock, salt)"
                " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, NULL, 0, ?, ?, ?, ?, ?)"
                " ON CONFLICT (channel_id) WHERE status IN ('lobby', 'active') DO NOTHING RETURNING *",
                (
                    guild_id,
                    channel_id,
                    game,
                    host.user_id,
                    _dump_options(options),
                    _dump_seats(seated),
                    seed,
                    locale,
                    tx.now,
                    tx.now,
                    clock,
                    salt,
                ),
            )
            if not rows:
                existing = await self._open_in_channel(tx.conn, channel_id)
                if existing is None:  # PostgreSQL: it closed between the refusal and this read
                    raise StorageError(f"channel {channel_id} was busy a moment ago; try again")
                raise ChannelBusyError(existing)
            record = _record(rows[0])
            if expires_at is not None:
                await tx.conn.execute(
                    "INSERT INTO deadlines (game_id, seat, kind, due_at) VALUES (?, ?, 'lobby', ?)",
                    (record.id, TABLE_SEAT, expires_at),
                )
            return record

    async def update_lobby(
        self,
        game_id: int,
        expected_version: int,
        *,
        seats: list[Seat] | None = None,
        options: dict[str, Any] | None = None,
        clock: str | None = None,
        locale: str | None = None,
    ) -> GameRecord:
        """Change a lobby's seats, options, clock and/or language (`locale`, of its channel messages);
        `StaleVersionError` unless still a lobby at that version."""
        changes: dict[str, Any] = {}
        if clock is not None:
            changes["clock"] = clock
        if locale is not None:
            changes["locale"] = locale
        if seats is not None:
            changes["seats"] = _dump_seats(seats)
        if options is not None:
            changes["options"] = _dump_options(options)
        if not changes:
            raise ValueError("update_lobby needs seats, options, a clock or a locale")
        async with self._transaction() as tx:
            return await self._update(tx, game_id, expected_version, ("lobby",), changes)

    async def discard_lobby(self, game_id: int, expected_version: int) -> None:
        """Delete a lobby still at `expected_version` (an undo: nobody saw it); `StaleVersionError` otherwise."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "DELETE FROM deadlines WHERE game_id = (SELECT id FROM games WHERE id = ? AND version = ?"
                " AND status = 'lobby')",
                (game_id, expected_version),
            )
            changed = await tx.conn.execute(
                "DELETE FROM games WHERE id = ? AND version = ? AND status = 'lobby'", (game_id, expected_version)
            )
            if changed == 0:
                current = await self._fetch(tx.conn, game_id)
                if current is None:
                    raise GameNotFoundError(game_id)
                raise StaleVersionError(current, expected_version)

    async def set_table_message(self, game_id: int, message_id: int) -> None:
        """Remember the table's channel message. Not a game change: the version stays."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute("UPDATE games SET table_message_id = ? WHERE id = ?", (message_id, game_id))
            if changed == 0:
                raise GameNotFoundError(game_id)

    async def set_shown_version(self, game_id: int, version: int) -> None:
        """The table's channel message now shows `version` (it never goes back). Not a game change."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute(
                "UPDATE games SET shown_version = CASE WHEN shown_version < ? THEN ? ELSE shown_version END"
                " WHERE id = ?",
                (version, version, game_id),
            )
            if changed == 0:
                raise GameNotFoundError(game_id)

    async def set_ping(self, game_id: int, message_id: int | None) -> None:
        """The message that now tells the table's players it is their turn (None: there is none). Not a game change."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute("UPDATE games SET ping_message_id = ? WHERE id = ?", (message_id, game_id))
            if changed == 0:
                raise GameNotFoundError(game_id)

    async def set_notified(self, game_id: int, notified: dict[int, int]) -> None:
        """The decision (version) each seat was last told about. Not a game change."""
        text = json.dumps({str(seat): turn for seat, turn in sorted(notified.items())}, separators=(",", ":"))
        async with self._transaction() as tx:
            changed = await tx.conn.execute("UPDATE games SET notified = ? WHERE id = ?", (text, game_id))
            if changed == 0:
                raise GameNotFoundError(game_id)

    async def pinged_tables(self) -> list[GameRecord]:
        """Games with a turn notification posted in their channel, whatever their status (start-up tidying)."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM games WHERE ping_message_id IS NOT NULL ORDER BY id")
            return [_record(row) for row in rows]

    # ----- deadlines ----------------------------------------------------------
    async def next_deadline(self, *, shard_count: int = 1, shard_ids: Sequence[int] | None = None) -> float | None:
        """When the earliest pending deadline is due (None: there is none). One step down an index.

        With `shard_ids`, only deadlines of games on those shards count (see `claim_deadlines`).
        """
        join, where, params = _on_shards(shard_count, shard_ids)
        if join is None:
            return None
        async with self._reading() as conn:
            if not join:
                rows = await conn.fetch("SELECT MIN(due_at) FROM deadlines")
            else:
                rows = await conn.fetch(
                    f"SELECT d.due_at FROM deadlines AS d{join} WHERE TRUE{where} ORDER BY d.due_at LIMIT 1", params
                )
            return None if not rows or rows[0][0] is None else float(rows[0][0])

    async def claim_deadlines(
        self,
        now: float,
        limit: int,
        lease: float,
        *,
        shard_count: int = 1,
        shard_ids: Sequence[int] | None = None,
    ) -> list[Deadline]:
        """Take up to `limit` deadlines due at `now`, earliest first, and hold each for `lease` seconds.

        In one transaction their `due_at` moves to `now + lease`: no other process
        (nor this one) claims them again before that, and the claims of a process
        that died come back when their lease ends. They are returned with that new
        `due_at` (what `take_deadline`, `postpone_deadline` and a move's `consume`
        match on) and `fell_due`, the due time they had. PostgreSQL locks the rows
        it takes (`FOR UPDATE SKIP LOCKED`): two processes claiming at once take
        different deadlines; SQLite's writers take turns.

        With `shard_ids`, only deadlines of games whose server is on one of those
        shards are taken, by Discord's rule `(guild_id >> 22) % shard_count` (a game
        outside any server is on shard 0).
        """
        if lease <= 0:
            raise ValueError(f"a lease lasts a positive time, not {lease}")
        join, where, params = _on_shards(shard_count, shard_ids)
        if join is None or limit <= 0:
            return []
        until = now + lease
        async with self._transaction() as tx:
            rows = await tx.conn.fetch(
                f"SELECT d.game_id, d.seat, d.kind, d.due_at FROM deadlines AS d{join} WHERE d.due_at <= ?{where}"
                f" ORDER BY d.due_at LIMIT ?{self._sql.skip_locked}",
                (now, *params, limit),
            )
            await tx.conn.executemany(
                "UPDATE deadlines SET due_at = ? WHERE game_id = ? AND seat = ? AND kind = ?",
                [(until, row[0], row[1], row[2]) for row in rows],
            )
        return [Deadline(int(row[0]), int(row[1]), str(row[2]), until, fell_due=float(row[3])) for row in rows]

    async def due_deadlines(self, now: float, limit: int) -> list[Deadline]:
        """Up to `limit` deadlines due at `now`, earliest first."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT game_id, seat, kind, due_at FROM deadlines WHERE due_at <= ? ORDER BY due_at LIMIT ?",
                (now, limit),
            )
            return [Deadline(int(r[0]), int(r[1]), str(r[2]), float(r[3])) for r in rows]

    async def postpone_deadline(self, deadline: Deadline, until: float) -> bool:
        """Move a deadline to `until` (one whose effect failed is tried again then; a computer's move leases its
        own while it thinks). False when it was gone or moved meanwhile."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute(
                "UPDATE deadlines SET due_at = ? WHERE game_id = ? AND seat = ? AND kind = ? AND due_at = ?",
                (until, deadline.game_id, deadline.seat, deadline.kind, deadline.due_at),
            )
            return changed > 0

    @staticmethod
    async def _take(conn: Connection, deadline: Deadline) -> bool:
        changed = await conn.execute(
            "DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND kind = ? AND due_at = ?",
            (deadline.game_id, deadline.seat, deadline.kind, deadline.due_at),
        )
        return changed > 0

    async def take_deadline(self, deadline: Deadline) -> bool:
        """Delete a deadline that has fired; False when it was gone or moved meanwhile (nothing to do then)."""
        async with self._transaction() as tx:
            return await self._take(tx.conn, deadline)

    async def has_deadline(self, deadline: Deadline) -> bool:
        """Whether this very deadline (same due time) is still pending."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT 1 FROM deadlines WHERE game_id = ? AND seat = ? AND kind = ? AND due_at = ?",
                (deadline.game_id, deadline.seat, deadline.kind, deadline.due_at),
            )
            return bool(rows)

    async def close_expired_lobby(
        self, game_id: int, now: float, *, deadline: Deadline | None = None
    ) -> GameRecord | None:
        """Fire a lobby's expiry: one transaction deletes the deadline and closes the lobby if still one.

        The expiry is the lobby's deadline row if due at `now`, or exactly `deadline`
        (one `claim_deadlines` took: its row is held past `now` by the lease).
        Returns the closed game, or None when there was nothing to close (the
        deadline already fired, or the lobby started or was cancelled since).
        A closed lobby is `aborted` with no `ended_by`: nobody closed it.
        """
        async with self._transaction() as tx:
            if deadline is not None:
                if deadline.game_id != game_id or deadline.kind != "lobby":
                    raise ValueError(f"{deadline} is not the expiry of lobby {game_id}")
                changed = int(await self._take(tx.conn, deadline))
            else:
                changed = await tx.conn.execute(
                    "DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND kind = 'lobby' AND due_at <= ?",
                    (game_id, TABLE_SEAT, now),
                )
            if changed == 0:
                return None
            current = await self._fetch(tx.conn, game_id, lock=True)
            if current is None or current.status != "lobby":
                return None
            return await self._update(
                tx, game_id, current.version, ("lobby",), {"status": "aborted", "ended_at": tx.now, "ended_by": None}
            )

    async def behind_tables(self, *, ended_since: float) -> list[GameRecord]:
        """Games whose table message is behind their row: open ones, and those that ended since `ended_since`."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT * FROM games WHERE shown_version < version AND table_message_id IS NOT NULL"
                " AND (status IN ('lobby', 'active') OR ended_at >= ?) ORDER BY id",
                (ended_since,),
            )
            return [_record(row) for row in rows]

    async def tables_to_repair(self, *, ended_since: float) -> list[RepairRow]:
        """What a restart brings up to date, most recently changed first: open games, games whose table message is
        behind their row and that ended since `ended_since`, and games whose turn notification is still posted."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT id, guild_id, channel_id, game, status, updated_at, ping_message_id FROM games"
                " WHERE status IN ('lobby', 'active') OR ping_message_id IS NOT NULL"
                " OR (shown_version < version AND table_message_id IS NOT NULL AND ended_at >= ?)"
                " ORDER BY updated_at DESC, id DESC",
                (ended_since,),
            )
            return [RepairRow(row[0], row[1], row[2], row[3], row[4], row[5], row[6]) for row in rows]

    async def start(
        self, game_id: int, expected_version: int, *, state: str, clock: ClockWrite | None = None
    ) -> GameRecord:
        """Lobby -> active with the engine's initial `state`, and its clock (its lobby expiry is dropped)."""
        async with self._transaction() as tx:
            changes: dict[str, Any] = {"status": "active", "state": state}
            if clock is not None:
                changes["clock"] = clock.clock
            record = await self._update(tx, game_id, expected_version, ("lobby",), changes)
            await tx.conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            if clock is not None:
                await self._write_clock(tx.conn, game_id, clock)
            return record

    # ----- playing ----------------------------------------------------------
    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        *,
        seat: int,
        action: str,
        state: str,
        result: list[ResultRow] | None = None,
        clock: ClockWrite | None = None,
        consume: Deadline | None = None,
        meanwhile: Callable[[], None] | None = None,
    ) -> GameRecord:
        """Record one accepted action, atomically.

        In one transaction: the new `state` and version (+1), the action
        appended to the log with `seq` = the new version, the table's `clock`
        with its deadlines and turns, and, when `result` is given, status
        finished plus one results row per seat. Raises `StaleVersionError`
        (nothing written) unless the game is active at `expected_version`.
        A move the clock makes `consume`s its deadline: if that row is gone (a
        player's move got there first), `DeadlineGoneError` and nothing is written.

        `meanwhile` is called on the event loop, at most once, while the commit
        is in flight: SQLite syncs the transaction to disk on its own thread, and
        PostgreSQL works on the statement in its own process, both without the
        event loop, which can draw the answer meanwhile. It may be called and
        the commit still fail (what it drew is then thrown away), or never be
        called (a move that consumes a deadline).
        """
        if seat < 0:
            raise ValueError(f"seat {seat} is not at this table")
        if result is None and consume is None:
            done: asyncio.Future[GameRecord] = asyncio.get_running_loop().create_future()
            return await self._commit_move(
                _Move(game_id, expected_version, seat, action, state, clock, done, meanwhile)
            )

        rated: list[ratings.Change] = []

        async def finishing(tx: _Tx) -> GameRecord:  # a game's end, or a move the clock or a computer makes
            written = clock
            changes: dict[str, Any] = {"state": state, "last_seat": seat, "last_action": action}
            if written is not None:
                changes["clock"] = written.clock
            if result is not None:
                changes.update(status="finished", ended_at=tx.now)
            # The game's row first, then its deadline: every write locks in that order (no deadlock in PostgreSQL).
            record = await self._update(tx, game_id, expected_version, ("active",), changes, seat=seat)
            if consume is not None and not await self._take(tx.conn, consume):
                raise DeadlineGoneError(consume)  # rolls the move back
            if result is not None:
                rated[:] = await self._insert_results(tx, record, result)
                await self._forget_ended(tx.conn, game_id)
            elif written is not None:
                if consume is not None:  # its row is gone: the new clock may hold the same deadline again
                    kept = {key: due for key, due in written.previous.items() if key != (consume.seat, consume.kind)}
                    written = replace(written, previous=kept)
                await self._write_clock(tx.conn, game_id, written)
            return record

        record = await self._in_transaction(finishing, meanwhile if consume is None else None)
        if result is not None:
            self._note_rated(game_id, rated)
        return record

    def _note_rated(self, game_id: int, changes: Sequence[ratings.Change]) -> None:
        """Keep the rating changes a committed game's end wrote, for the one `rating_changes` that follows it."""
        self._rated[game_id] = {
            change.seat: SeatRating(
                seat=change.seat,
                mu_before=change.before.mu,
                sigma_before=change.before.sigma,
                mu_after=change.after.mu,
                sigma_after=change.after.sigma,
            )
            for change in changes
        }
        while len(self._rated) > RATED_KEPT:
            del self._rated[next(iter(self._rated))]

    async def update_clock(self, game_id: int, expected_version: int, clock: ClockWrite) -> GameRecord:
        """A running table's clock changes with no move (pause, resume, a player away): version +1."""
        async with self._transaction() as tx:
            record = await self._update(tx, game_id, expected_version, ("active",), {"clock": clock.clock})
            await self._write_clock(tx.conn, game_id, clock)
            return record

    async def _commit_move(self, move: _Move) -> GameRecord:
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

    async def _commit_alone(self, move: _Move) -> GameRecord:
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
                if isinstance(outcome, GameRecord):
                    move.done.set_result(outcome)
                else:
                    move.done.set_exception(outcome)

    async def _commit_batch(self, batch: list[_Move]) -> list[GameRecord | Exception]:
        """One transaction for the whole batch (a lone move is a single atomic statement).

        On SQLite the whole transaction runs on the connection's thread in one trip there and back
        (`SqliteDriver.in_one_trip`, `_commit_moves`): about a millisecond less per move than a trip per statement.
        """
        self.group_commits += 1
        loop = asyncio.get_running_loop()
        waiting = [move.meanwhile for move in batch if move.meanwhile is not None]
        if isinstance(self._driver, SqliteDriver):
            now, sql = self._clock(), self._move_sql

            syncing = _on_loop(loop, *waiting) if waiting else None
            return await self._driver.in_one_trip(lambda conn: _commit_moves(conn, sql, batch, now, syncing))
        for meanwhile in waiting:  # run once the statement is sent and the loop waits for the server
            loop.call_soon(meanwhile)
        if len(batch) == 1:  # one statement (`_move`): atomic by itself
            async with self._reading() as conn:
                return [await self._move(conn, batch[0], self._clock())]
        outcomes: dict[int, GameRecord | Exception] = {}
        async with self._transaction() as tx:
            # By game (a game's own moves in the order they came): two processes' batches lock rows in one order.
            for index in sorted(range(len(batch)), key=lambda index: batch[index].game_id):
                outcomes[index] = await self._move(tx.conn, batch[index], tx.now)
        return [outcomes[index] for index in range(len(batch))]

    async def _move(self, conn: Connection, move: _Move, now: float) -> GameRecord | Exception:
        """PostgreSQL: one move in one statement, its clock's rows included (`_move_with_clock_sql`)."""
        clock = None if move.write is None else move.write.clock
        parameters = (move.state, move.seat, move.action, clock, now, move.game_id, move.expected_version, move.seat)
        if move.write is None:
            rows = await conn.fetch(self._move_sql, parameters)
        else:
            rows = await conn.fetch(self._move_with_clock_sql, parameters + _clock_parameters(move.game_id, move.write))
        if rows:
            return _record(rows[0])
        current = await self._fetch(conn, move.game_id)
        if current is None:
            return GameNotFoundError(move.game_id)
        if current.version == move.expected_version and current.status == "active":
            return ValueError(f"seat {move.seat} is not at this table")
        return StaleVersionError(current, move.expected_version)

    async def abort(
        self,
        game_id: int,
        *,
        by_user_id: int,
        result: list[ResultRow] | None = None,
        expected_version: int | None = None,
    ) -> GameRecord:
        """Lobby/active -> aborted (version +1), remembering who aborted it.

        `result` (active games only) stores standings, e.g. for a forfeit; an
        aborted game never counts in the leaderboard. Raises `StaleVersionError`
        if the game already ended, or is not at `expected_version` when given.
        """
        async with self._transaction() as tx:
            current = await self._fetch(tx.conn, game_id, lock=True)
            if current is None:
                raise GameNotFoundError(game_id)
            if not current.is_open or expected_version not in (None, current.version):
                raise StaleVersionError(current, expected_version)
            if result is not None and current.status != "active":
                raise ValueError("only a started game can be aborted with results")
            record = await self._update(
                tx,
                game_id,
                current.version,
                OPEN_STATUSES,
                {"status": "aborted", "ended_at": tx.now, "ended_by": by_user_id},
            )
            if result is not None:
                await self._insert_results(tx, record, result)
            await self._forget_ended(tx.conn, game_id)
            return record

    # ----- reading ----------------------------------------------------------
    async def get(self, game_id: int) -> GameRecord:
        """The game with this id; `GameNotFoundError` if there is none (an id outside the column's range too)."""
        if game_id not in _INT64:
            raise GameNotFoundError(game_id)
        async with self._reading() as conn:
            record = await self._fetch(conn, game_id)
        if record is None:
            raise GameNotFoundError(game_id)
        return record

    async def _open_in_channel(self, conn: Connection, channel_id: int) -> GameRecord | None:
        rows = await conn.fetch(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return _record(rows[0]) if rows else None

    async def active_in_channel(self, channel_id: int) -> GameRecord | None:
        """The channel's lobby or active game, if any (there is at most one)."""
        async with self._reading() as conn:
            return await self._open_in_channel(conn, channel_id)

    async def latest_played_in_channel(self, channel_id: int) -> GameRecord | None:
        """The channel's most recent game that was started (running, finished or aborted after its start)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT * FROM games WHERE channel_id = ? AND state IS NOT NULL ORDER BY id DESC LIMIT 1",
                (channel_id,),
            )
            return _record(rows[0]) if rows else None

    async def active_games(self) -> list[GameRecord]:
        """Every lobby and active game, oldest first: what to resume at start-up."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM games WHERE status IN ('lobby', 'active') ORDER BY id")
            return [_record(row) for row in rows]

    async def actions(self, game_id: int) -> list[tuple[int, int, str]]:
        """The game's action log as (seq, seat, action JSON), in order."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT seq, seat, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
            return [(int(row[0]), int(row[1]), str(row[2])) for row in rows]

    async def results(self, game_id: int) -> list[ResultRow]:
        """The stored standings of one game, by seat (empty if it has none)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT seat, user_id, name, place, won, measure, clocked_out FROM results WHERE game_id = ?"
                " ORDER BY seat",
                (game_id,),
            )
            return [
                ResultRow(
                    seat=row["seat"],
                    user_id=row["user_id"],
                    name=row["name"],
                    place=row["place"],
                    won=bool(row["won"]),
                    measure=row["measure"],
                    clocked_out=bool(row["clocked_out"]),
                )
                for row in rows
            ]

    async def leaderboard(
        self,
        *,
        guild_id: int | None,
        game: str,
        order: LeaderOrder,
        limit: int = 10,
        measure_order: MeasureOrder = "high",
    ) -> list[LeaderRow]:
        """Top players of `game` in `guild_id` (None: games played outside any guild), finished games only.

        Each player's measure is their average per game (a total would favour whoever plays most).
        Sorted by `order`, ties broken by the other two of wins/games/measure, then by user id.
        Wins and games count down; the average counts down when more is better (`measure_order`
        "high": chips won) and up when fewer is better ("low": cards left). "rating" ranks by the
        conservative rating μ − 3σ, the provisional players (fewer than `bot.ratings.PROVISIONAL_GAMES`
        rated games) after all the others; a player with no rating has a newcomer's.
        """
        if order not in _LEADER_ORDER:
            raise ValueError(f"unknown leaderboard order {order!r}")
        if measure_order not in ("high", "low"):
            raise ValueError(f"unknown measure order {measure_order!r}")
        measure_dir = "DESC" if measure_order == "high" else "ASC"
        directions = {"average": measure_dir, "provisional": "ASC"}
        terms = [f"{col} {directions.get(col, 'DESC')}" for col in _LEADER_ORDER[order]]
        start = ratings.INITIAL
        async with self._reading() as conn:
            rows = await conn.fetch(
                "WITH scoped AS ("
                " SELECT r.game_id, r.user_id, r.name, r.won, r.measure, r.place,"
                "  ROW_NUMBER() OVER (PARTITION BY r.user_id ORDER BY r.finished_at DESC, r.game_id DESC) AS recency"
                " FROM results AS r JOIN games AS g ON g.id = r.game_id"
                f" WHERE r.guild_id {self._sql.same} ? AND r.game = ? AND g.status = 'finished')"
                " , board AS (SELECT user_id, MAX(CASE WHEN recency = 1 THEN name END) AS name,"
                # a computer level may sit at several seats of one game: it played and won that game once
                "  COUNT(DISTINCT game_id) AS games, COUNT(DISTINCT CASE WHEN won = 1 THEN game_id END) AS wins,"
                "  AVG(measure) AS average, MIN(place) AS best_place"
                "  FROM scoped GROUP BY user_id)"
                " , rated AS (SELECT b.*, COALESCE(k.mu, ?) AS mu, COALESCE(k.sigma, ?) AS sigma,"
                "  COALESCE(k.games, 0) AS rated FROM board AS b LEFT JOIN ratings AS k"
                f"  ON k.guild_id = ? AND k.game = ? AND k.player = {_holder_sql('b.user_id')})"
                " SELECT *, mu - ? * sigma AS conservative, rated < ? AS provisional"
                f" FROM rated ORDER BY {', '.join(terms)}, user_id LIMIT ?",
                (
                    guild_id,
                    game,
                    start.mu,
                    start.sigma,
                    ratings.guild_key(guild_id),
                    game,
                    ratings.CONFIDENCE,
                    ratings.PROVISIONAL_GAMES,
                    limit,
                ),
            )
            return [
                LeaderRow(
                    user_id=row["user_id"],
                    name=row["name"],
                    games=row["games"],
                    wins=row["wins"],
                    average=float(row["average"]),
                    best_place=row["best_place"],
                    mu=float(row["mu"]),
                    sigma=float(row["sigma"]),
                    rated=int(row["rated"]),
                )
                for row in rows
            ]

    async def history(self, *, guild_id: int | None, user_id: int, limit: int = 10) -> list[HistoryRow]:
        """A user's most recent finished games in `guild_id` (None: outside any guild), newest first."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT r.game_id, r.game, r.seat, r.place, r.won, r.measure, r.finished_at,"
                " (SELECT COUNT(*) FROM results AS o WHERE o.game_id = r.game_id) AS players"
                " FROM results AS r JOIN games AS g ON g.id = r.game_id"
                f" WHERE r.user_id = ? AND r.guild_id {self._sql.same} ? AND g.status = 'finished'"
                " ORDER BY r.finished_at DESC, r.game_id DESC LIMIT ?",
                (user_id, guild_id, limit),
            )
            return [
                HistoryRow(
                    game_id=row["game_id"],
                    game=row["game"],
                    seat=row["seat"],
                    players=row["players"],
                    place=row["place"],
                    won=bool(row["won"]),
                    measure=row["measure"],
                    finished_at=row["finished_at"],
                )
                for row in rows
            ]

    async def stats(self, *, guild_id: int | None, user_id: int) -> list[StatsRow]:
        """A user's record in each game they finished in `guild_id`: games, wins, rating, and their rank on that
        game's rating leaderboard in the server (ranked as `leaderboard(order="rating")` ranks), most played first.

        Two reads: everyone's games and wins in the games the user played there, then those games' ratings.
        """
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT r.game, r.user_id, COUNT(DISTINCT r.game_id) AS games,"
                " COUNT(DISTINCT CASE WHEN r.won = 1 THEN r.game_id END) AS wins"
                " FROM results AS r JOIN games AS g ON g.id = r.game_id"
                f" WHERE r.guild_id {self._sql.same} ? AND g.status = 'finished' AND r.game IN"
                "  (SELECT DISTINCT m.game FROM results AS m JOIN games AS n ON n.id = m.game_id"
                f"   WHERE m.user_id = ? AND m.guild_id {self._sql.same} ? AND n.status = 'finished')"
                " GROUP BY r.game, r.user_id",
                (guild_id, user_id, guild_id),
            )
            boards: dict[str, list[tuple[int, int, int]]] = {}
            for row in rows:
                boards.setdefault(str(row["game"]), []).append(
                    (int(row["user_id"]), int(row["games"]), int(row["wins"]))
                )
            if not boards:
                return []
            marks = ", ".join("?" for _ in boards)
            rated = await conn.fetch(
                f"SELECT game, player, mu, sigma, games FROM ratings WHERE guild_id = ? AND game IN ({marks})",
                (ratings.guild_key(guild_id), *boards),
            )
        held = {(str(r["game"]), str(r["player"])): ratings.Rating(r["mu"], r["sigma"], r["games"]) for r in rated}
        found = []
        for game, players in boards.items():
            board = []
            for player, games, wins in players:
                rating = held.get((game, ratings.holder(player)), ratings.INITIAL)
                board.append((rating.provisional, -rating.conservative, -wins, -games, player, rating))
            board.sort(key=lambda entry: entry[:5])
            for rank, (_, _, wins, games, player, rating) in enumerate(board, 1):
                if player == user_id:
                    found.append(
                        StatsRow(
                            game=game,
                            games=-games,
                            wins=-wins,
                            mu=rating.mu,
                            sigma=rating.sigma,
                            rated=rating.games,
                            rank=rank,
                            ranked=len(board),
                        )
                    )
        return sorted(found, key=lambda row: (-row.games, row.game))

    # ----- turns, servers, players ----------------------------------------------
    async def turns_of(self, user_id: int) -> list[TurnRow]:
        """Every running game where `user_id` has a seat: the ones where they must decide first, oldest deadline first.

        One indexed look-up (`table_seats_user`) joined to each game by its key.
        """
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT g.id, g.guild_id, g.channel_id, g.game, g.table_message_id, g.updated_at,"
                " s.seat, s.since, s.due_at"
                " FROM table_seats AS s JOIN games AS g ON g.id = s.game_id"
                " WHERE s.user_id = ? AND g.status = 'active'"
                " ORDER BY s.since IS NULL, s.due_at IS NULL, s.due_at, s.since, g.updated_at DESC",
                (user_id,),
            )
            return [
                TurnRow(
                    game_id=row["id"],
                    guild_id=row["guild_id"],
                    channel_id=row["channel_id"],
                    game=row["game"],
                    table_message_id=row["table_message_id"],
                    seat=row["seat"],
                    since=row["since"],
                    due_at=row["due_at"],
                    updated_at=row["updated_at"],
                )
                for row in rows
            ]

    async def open_tables(self, guild_id: int, limit: int = 100) -> list[GameRecord]:
        """A server's lobbies and running games, oldest first (index `games_open_guild`)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT * FROM games WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id LIMIT ?",
                (guild_id, limit),
            )
            return [_record(row) for row in rows]

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if not rows:
            return GuildSettings(guild_id=guild_id)
        row = rows[0]
        return GuildSettings(
            guild_id=guild_id,
            pace=row["pace"],
            timeouts=row["timeouts"],
            lobby_expiry=row["lobby_expiry"],
            notify_channel_id=row["notify_channel_id"],
        )

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        async with self._transaction() as tx:
            await tx.conn.execute(
                "INSERT INTO guild_settings (guild_id, pace, timeouts, lobby_expiry, notify_channel_id)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET pace = excluded.pace,"
                " timeouts = excluded.timeouts, lobby_expiry = excluded.lobby_expiry,"
                " notify_channel_id = excluded.notify_channel_id",
                (
                    settings.guild_id,
                    settings.pace,
                    settings.timeouts,
                    settings.lobby_expiry,
                    settings.notify_channel_id,
                ),
            )

    async def player(self, user_id: int) -> PlayerSettings:
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM players WHERE user_id = ?", (user_id,))
        if not rows:
            return PlayerSettings(user_id=user_id)
        return _player(rows[0])

    async def players(self, user_ids: Sequence[int]) -> dict[int, PlayerSettings]:
        """The settings of each of `user_ids` (defaults for those who never chose)."""
        found = {user_id: PlayerSettings(user_id=user_id) for user_id in user_ids}
        if not found:
            return found
        marks = ", ".join("?" for _ in found)
        async with self._reading() as conn:
            rows = await conn.fetch(f"SELECT * FROM players WHERE user_id IN ({marks})", tuple(found))
        for row in rows:
            found[row["user_id"]] = _player(row)
        return found

    async def set_player(self, player: PlayerSettings) -> None:
        async with self._transaction() as tx:
            await tx.conn.execute(
                "INSERT INTO players (user_id, notify, away_until, away_year, away_used, dm_refused, cards)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
                " away_until = excluded.away_until, away_year = excluded.away_year,"
                " away_used = excluded.away_used, dm_refused = excluded.dm_refused, cards = excluded.cards",
                (
                    player.user_id,
                    player.notify,
                    player.away_until,
                    player.away_year,
                    player.away_used,
                    int(player.dm_refused),
                    player.cards,
                ),
            )

    async def cards_mode(self, user_id: int) -> CardsMode:
        """How the person's own hands show cards ("emoji" unless they chose "text")."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT cards FROM players WHERE user_id = ?", (user_id,))
        return "text" if rows and rows[0][0] == "text" else "emoji"

    # ----- card emojis ------------------------------------------------------------
    async def card_emoji_art(self) -> dict[str, CardEmojiArt]:
        """Emoji name -> the art the bot uploaded under it (`bot.emojis`'s upload log)."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT name, emoji_id, hash FROM card_emojis")
        return {str(row[0]): CardEmojiArt(int(row[1]), str(row[2])) for row in rows}

    async def note_card_emoji_art(self, uploaded: Mapping[str, CardEmojiArt], forgotten: Iterable[str]) -> None:
        """Record the card emojis just uploaded and forget those deleted, in one transaction."""
        gone = [(name,) for name in forgotten if name not in uploaded]
        async with self._transaction() as tx:
            if gone:
                await tx.conn.executemany("DELETE FROM card_emojis WHERE name = ?", gone)
            if uploaded:
                await tx.conn.executemany(
                    "INSERT INTO card_emojis (name, emoji_id, hash) VALUES (?, ?, ?)"
                    " ON CONFLICT (name) DO UPDATE SET emoji_id = excluded.emoji_id, hash = excluded.hash",
                    [(name, art.emoji_id, art.hash) for name, art in uploaded.items()],
                )

    async def away_players(self, now: float) -> dict[int, float]:
        """Users away at `now`, with when they come back."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT user_id, away_until FROM players WHERE away_until > ?", (now,))
            return {int(row[0]): float(row[1]) for row in rows}


def _holder_sql(column: str) -> str:
    """SQL for the rating holder of the user id in `column` (`bot.ratings.holder`, for the computer levels too)."""
    levels = " ".join(f"WHEN {user_id} THEN 'cpu:{level}'" for level, user_id in COMPUTER_IDS.items())
    return f"(CASE {column} {levels} ELSE CAST({column} AS TEXT) END)"


def _on_shards(shard_count: int, shard_ids: Sequence[int] | None) -> tuple[str | None, str, tuple[int, ...]]:
    """The join and condition that keep the deadlines of games on `shard_ids` (None: every game).

    The join is "" when every game counts, None when no shard is asked for (nothing counts).
    """
    if shard_count < 1:
        raise ValueError(f"shard_count must be at least 1, not {shard_count}")
    if shard_ids is None:
        return "", "", ()
    wanted = tuple(sorted(set(shard_ids)))
    if any(shard not in range(shard_count) for shard in wanted):
        raise ValueError(f"shard ids must be in 0..{shard_count - 1}, not {list(shard_ids)}")
    if not wanted:
        return None, "", ()
    if len(wanted) == shard_count:
        return "", "", ()
    marks = ", ".join("?" for _ in wanted)
    return (
        " JOIN games AS g ON g.id = d.game_id",
        f" AND ((COALESCE(g.guild_id, 0) >> {DISCORD_SHARD_SHIFT}) % ?) IN ({marks})",
        (shard_count, *wanted),
    )


def _placed(result: Sequence[ResultRow]) -> list[ratings.Placed]:
    return [
        ratings.Placed(
            seat=row.seat,
            holder=ratings.holder(row.user_id),
            place=row.place,
            won=row.won,
            clocked_out=row.clocked_out,
        )
        for row in sorted(result, key=lambda row: row.seat)
    ]


async def _note_changes(tx: _Tx, game_id: int, changes: Sequence[ratings.Change]) -> None:
    await tx.conn.executemany(
        "UPDATE results SET mu_before = ?, sigma_before = ?, mu_after = ?, sigma_after = ?"
        " WHERE game_id = ? AND seat = ?",
        [(c.before.mu, c.before.sigma, c.after.mu, c.after.sigma, game_id, c.seat) for c in changes],
    )


async def _store_ratings(tx: _Tx, game_id: int, guild: int, game: str, changes: Sequence[ratings.Change]) -> None:
    """Write the new ratings of one game's holders and note each seat's change on its result row."""
    await tx.conn.executemany(
        "INSERT INTO ratings (guild_id, game, player, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, game, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
        " games = excluded.games, updated_at = excluded.updated_at",
        [
            (guild, game, name, rating.mu, rating.sigma, rating.games, tx.now)
            for name, rating in ratings.holders_after(changes).items()
        ],
    )
    await _note_changes(tx, game_id, changes)


def _player(row: Row) -> PlayerSettings:
    return PlayerSettings(
        user_id=row["user_id"],
        notify=row["notify"],
        away_until=row["away_until"],
        away_year=row["away_year"],
        away_used=row["away_used"],
        dm_refused=bool(row["dm_refused"]),
        cards="text" if row["cards"] == "text" else "emoji",
    )


# ----- the moves' transaction, on the connection's thread -------------------
def clock_statements(game_id: int, write: ClockWrite) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """The statements, each with its rows, that write a clock's deadlines and turns (none without rows): on the
    connection's thread (`_commit_one`) and through the async connection (`Database._write_clock`); the bench's bare
    commit of the same rows sends them one by one. PostgreSQL's move statement writes the same rows in one trip
    (`_clock_parameters`).

    Deadlines that did not change keep their rows (`ClockWrite.gone`, `ClockWrite.due`), so one that already
    fired (a reminder) is not written again.
    """
    gone = [(game_id, seat, kind) for seat, kind in write.gone()]
    due = [(game_id, seat, kind, at) for seat, kind, at in write.due()]
    turns = [(game_id, turn.seat, turn.user_id, turn.since, turn.due_at) for turn in write.turns]
    statements: list[tuple[str, list[tuple[Any, ...]]]] = [
        ("DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND kind = ?", gone),
        (
            "INSERT INTO deadlines (game_id, seat, kind, due_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, seat, kind) DO UPDATE SET due_at = excluded.due_at",
            due,
        ),
        ("DELETE FROM table_seats WHERE game_id = ?", [(game_id,)]),
        ("INSERT INTO table_seats (game_id, seat, user_id, since, due_at) VALUES (?, ?, ?, ?, ?)", turns),
    ]
    return [(sql, rows) for sql, rows in statements if rows]


def _on_loop(loop: asyncio.AbstractEventLoop, *calls: Callable[[], None]) -> Callable[[], None]:
    """What the connection's thread calls right before a COMMIT, which syncs without Python's lock: `calls`
    scheduled on the event loop, free meanwhile. A loop closed by then is left alone: the commit goes on."""

    def syncing() -> None:
        for call in calls:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(call)

    return syncing


def _commit_moves(
    conn: sqlite3.Connection, sql: str, batch: list[_Move], now: float, syncing: Callable[[], None] | None = None
) -> list[GameRecord | Exception]:
    """The group commit's transaction (see `Database._commit_batch`): each move applies or fails on its own.

    `syncing` is called right before the COMMIT, which writes the transaction to disk without holding Python's
    lock: most of a commit's time, which the event loop can use meanwhile.
    """
    if len(batch) == 1 and batch[0].write is None and syncing is None:
        return [_commit_one(conn, sql, batch[0], now)]
    return write_transaction(conn, lambda: [_commit_one(conn, sql, move, now) for move in batch], syncing)


def _commit_one(conn: sqlite3.Connection, sql: str, move: _Move, now: float) -> GameRecord | Exception:
    clock = None if move.write is None else move.write.clock
    parameters = (move.state, move.seat, move.action, clock, now, move.game_id, move.expected_version, move.seat)
    rows = conn.execute(sql, parameters).fetchall()
    if rows:
        if move.write is not None:
            for sql, values in clock_statements(move.game_id, move.write):
                conn.executemany(sql, values)
        return _record(rows[0])
    found = conn.execute("SELECT * FROM games WHERE id = ?", (move.game_id,)).fetchall()
    if not found:
        return GameNotFoundError(move.game_id)
    current = _record(found[0])
    if current.version == move.expected_version and current.status == "active":
        return ValueError(f"seat {move.seat} is not at this table")
    return StaleVersionError(current, move.expected_version)


# ----- (de)serialisation ----------------------------------------------------
def _dump_options(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


def _dump_seats(seats: Sequence[Seat]) -> str:
    user_ids = [seat.user_id for seat in seats if seat.user_id >= 0]  # computer levels (negative) may sit twice
    if len(set(user_ids)) != len(user_ids):
        raise ValueError("a user can hold only one seat")
    return json.dumps([{"user_id": s.user_id, "name": s.name} for s in seats], separators=(",", ":"))


# A row's JSON columns other than its state and clock change seldom (a table's options and seats are the same on
# every move): each text is parsed once and copied out of these, which spares a third of reading a row back.
_PARSED_TEXTS: Final = 4096


@lru_cache(maxsize=_PARSED_TEXTS)
def _options(text: str) -> dict[str, Any]:
    options: dict[str, Any] = json.loads(text)
    return options


@lru_cache(maxsize=_PARSED_TEXTS)
def _seats(text: str) -> tuple[Seat, ...]:
    return tuple(Seat(user_id=int(s["user_id"]), name=str(s["name"])) for s in json.loads(text))


@lru_cache(maxsize=_PARSED_TEXTS)
def _notified(text: str) -> dict[int, int]:
    return {int(seat): int(turn) for seat, turn in json.loads(text).items()}


def _record(row: Row) -> GameRecord:
    """The record of one `games` row. Its options, seats and notified are containers of its own, filled from texts
    parsed once (a value inside them, such as an option's list, is shared with the other rows of the same text)."""
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        status=row["status"],
        host_id=row["host_id"],
        options=dict(_options(row["options"])),
        seats=list(_seats(row["seats"])),
        seed=row["seed"],
        state=row["state"],
        version=row["version"],
        table_message_id=row["table_message_id"],
        locale=row["locale"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        ended_at=row["ended_at"],
        ended_by=row["ended_by"],
        shown_version=row["shown_version"],
        ping_message_id=row["ping_message_id"],
        clock=row["clock"],
        notified=dict(_notified(row["notified"])),
        salt=row["salt"],
    )
