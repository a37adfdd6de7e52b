"""The games database: one SQLite file in WAL mode, reached through aiosqlite.

Concurrency model
-----------------
* One `Database` owns one connection (aiosqlite runs it on its own thread).
  Every operation, read or write, holds `self._lock`, so the statements of two
  coroutines never interleave on the connection and nobody reads another
  coroutine's uncommitted changes.
* Every write is one `BEGIN IMMEDIATE ... COMMIT` transaction. IMMEDIATE takes
  SQLite's write lock up front, so two processes on the same file serialise
  (the second waits up to `busy_timeout`) instead of failing half-way.
* Every change of a game row is `UPDATE games ... WHERE id = ? AND version = ?
  AND status = ?` (optimistic concurrency). Two clicks computed from the same
  version: the first transaction bumps the version, the second matches no row,
  rolls back and raises `StaleVersionError` with the current row. This holds
  across processes because the check and the write are one statement inside a
  write-locked transaction.
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
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal

import aiosqlite

from bot import ratings
from bot.seating import COMPUTER_IDS
from bot.storage._migrations import MIGRATIONS, Migration, apply_migrations, rollback
from bot.storage.errors import (
    ChannelBusyError,
    DeadlineGoneError,
    GameNotFoundError,
    StaleVersionError,
    StorageError,
)
from bot.storage.health import INTEGRITY_MODES, IntegrityMode, check_integrity, open_failure
from bot.storage.records import (
    OPEN_STATUSES,
    TABLE_SEAT,
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

BUSY_TIMEOUT_MS: Final = 5000
_MIN_SQLITE: Final = (3, 35, 0)  # UPDATE ... RETURNING
_INT64 = range(-(2**63), 2**63)
_WAL_RETRY: Final = 0.01  # seconds between two tries of the switch to WAL

_LEADER_ORDER: Final[dict[str, tuple[str, ...]]] = {
    "rating": ("provisional", "conservative", "wins", "games"),
    "wins": ("wins", "average", "games"),
    "games": ("games", "wins", "average"),
    "measure": ("average", "wins", "games"),
}


@dataclass(frozen=True, slots=True)
class _Tx:
    """An open write transaction: its connection and its one timestamp."""

    conn: aiosqlite.Connection
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


_MOVE_SQL = (
    "UPDATE games SET state = ?, last_seat = ?, last_action = ?, clock = COALESCE(?, clock),"
    " version = version + 1, updated_at = ?"
    " WHERE id = ? AND version = ? AND status = 'active' AND ? < json_array_length(seats)"
    " RETURNING *"
)


class Database:
    """Async access to the games database. Create with `await Database.open(path)`."""

    def __init__(self, conn: aiosqlite.Connection, schema_version: int, clock: Callable[[], float]) -> None:
        """Private: use `Database.open`."""
        self._conn: aiosqlite.Connection | None = conn
        self._schema_version = schema_version
        self._clock = clock
        self._lock = asyncio.Lock()
        self._moves: list[_Move] = []  # accepted actions waiting for the group commit
        self._committer: asyncio.Task[None] | None = None
        # The move its own caller is committing (`_commit_alone`): this future is done once that move is.
        self._alone: asyncio.Future[None] | None = None
        self.group_commits = 0  # transactions that carried moves (for tests and the bench)

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

        Re-opening is idempotent: only migrations not yet recorded in
        `schema_migrations` run. `migrations` and `clock` are injectable for tests.
        `durability` is SQLite's `synchronous` level (see below); anything but
        "full" or "normal" is refused.

        Before anything is written, SQLite checks an existing file (`integrity`:
        "full" is `PRAGMA integrity_check`, "quick" is `quick_check`, "auto" is
        full below `FULL_CHECK_LIMIT` and quick above, "off" skips it); a damaged
        file raises `DamagedDatabaseError` and is left untouched. Every failure
        to open is a `StorageError` whose message is one line saying what to do.
        """
        if durability not in ("full", "normal"):
            raise ValueError(f"durability must be 'full' or 'normal', not {durability!r}")
        if integrity not in INTEGRITY_MODES:
            raise ValueError(f"integrity must be one of {', '.join(INTEGRITY_MODES)}, not {integrity!r}")
        if sqlite3.sqlite_version_info < _MIN_SQLITE:
            raise StorageError(f"SQLite {sqlite3.sqlite_version} is too old; 3.35 or newer is needed")
        memory = str(path) == ":memory:"
        if not memory:
            try:
                await asyncio.to_thread(Path(path).parent.mkdir, parents=True, exist_ok=True)
                await asyncio.to_thread(check_integrity, Path(path), integrity, BUSY_TIMEOUT_MS)
            except (OSError, sqlite3.Error) as exc:
                raise open_failure(exc, path) from exc
        try:
            # isolation_level=None: no implicit transactions, we issue BEGIN/COMMIT ourselves.
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as exc:
            raise open_failure(exc, path) from exc
        conn.row_factory = sqlite3.Row
        try:
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            mode = await _switch_to_wal(conn)
            if mode != ("memory" if memory else "wal"):
                raise StorageError(f"could not switch {path} to WAL (journal_mode is {mode})")
            # Durability: in WAL mode a COMMIT appends to the -wal file. With
            # synchronous=NORMAL that append is not fsync'ed: an application crash
            # (even SIGKILL) still loses nothing committed, because the data is in
            # the OS page cache, but a power loss or kernel crash can drop the last
            # few committed transactions (never corrupting the file). We choose
            # FULL by default, which fsyncs the WAL on every commit, so "a crash
            # loses at most the action in flight" also holds for power loss. The
            # cost is one fsync per commit (shared by concurrent moves through the
            # group commit); the setting CARDROOM_DURABILITY=normal trades the
            # power-loss guarantee for lower latency on slow disks.
            await conn.execute(f"PRAGMA synchronous = {durability.upper()}")
            await conn.execute("PRAGMA foreign_keys = ON")
            version = await apply_migrations(conn, migrations, clock)
        except BaseException as exc:
            await conn.close()
            if isinstance(exc, sqlite3.Error):
                raise open_failure(exc, path) from exc
            raise
        return cls(conn, version, clock)

    async def close(self) -> None:
        """Wait for the operation in progress and the moves already accepted, then close. Idempotent."""
        while self._alone is not None or (self._committer is not None and not self._committer.done()):
            if self._alone is not None:
                await asyncio.wait([self._alone])
            if self._committer is not None and not self._committer.done():
                with contextlib.suppress(Exception):
                    await self._committer
        async with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None:
                await conn.close()

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

    # ----- plumbing ---------------------------------------------------------
    def _connection(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StorageError("the database is closed")
        return self._conn

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            conn = self._connection()
            try:
                yield conn
            except sqlite3.Error as exc:
                raise StorageError(str(exc)) from exc

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[_Tx]:
        """One write transaction: committed if the body returns, rolled back if it raises.

        Its single timestamp is read once the write lock is held, so within one
        process timestamps follow the order in which transactions commit.
        """
        async with self._lock:
            conn = self._connection()
            # Every await below can be interrupted by a cancellation of the caller.
            # The statement it was waiting for still runs on the connection thread,
            # which executes in order, so the ROLLBACK queued by the handler always
            # comes after it: the transaction is undone (or, if COMMIT was already
            # queued, committed whole) before the next one can begin.
            try:
                await conn.execute("BEGIN IMMEDIATE")
                yield _Tx(conn, self._clock())
                await conn.execute("COMMIT")
            except BaseException as exc:
                await rollback(conn)
                if isinstance(exc, sqlite3.Error):
                    raise StorageError(str(exc)) from exc
                raise

    async def _fetch(self, conn: aiosqlite.Connection, game_id: int) -> GameRecord | None:
        rows = list(await conn.execute_fetchall("SELECT * FROM games WHERE id = ?", (game_id,)))
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
        rows = list(
            await tx.conn.execute_fetchall(
                f"UPDATE games SET {columns}version = version + 1, updated_at = ?"
                f" WHERE id = ? AND version = ? AND status IN ({marks}) RETURNING *",
                (*assignments.values(), tx.now, game_id, expected_version, *wanted),
            )
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

    async def _insert_results(self, tx: _Tx, record: GameRecord, result: Sequence[ResultRow]) -> None:
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
            await self._rate(tx, record, result)

    async def _rate(self, tx: _Tx, record: GameRecord, result: Sequence[ResultRow]) -> None:
        """Update the ratings of a finished game's players and note each seat's change on its result row."""
        seats = _placed(result)
        if not ratings.counts(seats):
            return
        guild = ratings.guild_key(record.guild_id)
        marks = ", ".join("?" for _ in seats)
        rows = await tx.conn.execute_fetchall(
            f"SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? AND player IN ({marks})",
            (guild, record.game, *(seat.holder for seat in seats)),
        )
        current = {str(row["player"]): ratings.Rating(row["mu"], row["sigma"], row["games"]) for row in rows}
        changes = ratings.rate(current, seats)
        await _store_ratings(tx, record.id, guild, record.game, changes)

    async def rebuild_ratings(self) -> int:
        """Recompute every rating from the stored results, in one transaction; returns the games rated.

        Finished games are replayed in the order they ended (`finished_at`, then game id), through the
        same `bot.ratings.rate` as the incremental update, so the numbers are the same.
        """
        async with self._transaction() as tx:
            await tx.conn.execute("DELETE FROM ratings")
            await tx.conn.execute(
                "UPDATE results SET mu_before = NULL, sigma_before = NULL, mu_after = NULL, sigma_after = NULL"
                " WHERE mu_before IS NOT NULL"
            )
            rows = await tx.conn.execute_fetchall(
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
            rows = await conn.execute_fetchall(
                "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?",
                (ratings.guild_key(guild_id), game),
            )
            return {str(row["player"]): ratings.Rating(row["mu"], row["sigma"], row["games"]) for row in rows}

    async def rating_changes(self, game_id: int) -> dict[int, SeatRating]:
        """Each seat's rating before and after the game, for the seats it rated (empty when it rated nobody)."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
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
    async def _write_clock(conn: aiosqlite.Connection, game_id: int, write: ClockWrite) -> None:
        """The deadlines and turns of a clock change (the clock itself is set by the game's UPDATE)."""
        for sql, rows in _clock_statements(game_id, write):
            await conn.executemany(sql, rows)

    @staticmethod
    async def _forget_ended(conn: aiosqlite.Connection, game_id: int) -> None:
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
            try:
                rows = list(
                    await tx.conn.execute_fetchall(
                        "INSERT INTO games (guild_id, channel_id, game, status, host_id, options, seats, seed,"
                        " state, version, locale, created_at, updated_at, clock, salt)"
                        " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, NULL, 0, ?, ?, ?, ?, ?) RETURNING *",
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
                )
            except sqlite3.IntegrityError as exc:
                existing = await self._open_in_channel(tx.conn, channel_id)
                if existing is None:  # some other constraint failed
                    raise
                raise ChannelBusyError(existing) from exc
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
            cursor = await tx.conn.execute(
                "DELETE FROM games WHERE id = ? AND version = ? AND status = 'lobby'", (game_id, expected_version)
            )
            if cursor.rowcount == 0:
                current = await self._fetch(tx.conn, game_id)
                if current is None:
                    raise GameNotFoundError(game_id)
                raise StaleVersionError(current, expected_version)

    async def set_table_message(self, game_id: int, message_id: int) -> None:
        """Remember the table's channel message. Not a game change: the version stays."""
        async with self._transaction() as tx:
            cursor = await tx.conn.execute("UPDATE games SET table_message_id = ? WHERE id = ?", (message_id, game_id))
            if cursor.rowcount == 0:
                raise GameNotFoundError(game_id)

    async def set_shown_version(self, game_id: int, version: int) -> None:
        """The table's channel message now shows `version` (it never goes back). Not a game change."""
        async with self._transaction() as tx:
            cursor = await tx.conn.execute(
                "UPDATE games SET shown_version = MAX(shown_version, ?) WHERE id = ?", (version, game_id)
            )
            if cursor.rowcount == 0:
                raise GameNotFoundError(game_id)

    async def set_ping(self, game_id: int, message_id: int | None) -> None:
        """The message that now tells the table's players it is their turn (None: there is none). Not a game change."""
        async with self._transaction() as tx:
            cursor = await tx.conn.execute("UPDATE games SET ping_message_id = ? WHERE id = ?", (message_id, game_id))
            if cursor.rowcount == 0:
                raise GameNotFoundError(game_id)

    async def set_notified(self, game_id: int, notified: dict[int, int]) -> None:
        """The decision (version) each seat was last told about. Not a game change."""
        text = json.dumps({str(seat): turn for seat, turn in sorted(notified.items())}, separators=(",", ":"))
        async with self._transaction() as tx:
            cursor = await tx.conn.execute("UPDATE games SET notified = ? WHERE id = ?", (text, game_id))
            if cursor.rowcount == 0:
                raise GameNotFoundError(game_id)

    async def pinged_tables(self) -> list[GameRecord]:
        """Games with a turn notification posted in their channel, whatever their status (start-up tidying)."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall("SELECT * FROM games WHERE ping_message_id IS NOT NULL ORDER BY id")
            return [_record(row) for row in rows]

    # ----- deadlines ----------------------------------------------------------
    async def next_deadline(self) -> float | None:
        """When the earliest pending deadline is due (None: there is none). One step down an index."""
        async with self._reading() as conn:
            rows = list(await conn.execute_fetchall("SELECT MIN(due_at) FROM deadlines"))
            return None if rows[0][0] is None else float(rows[0][0])

    async def due_deadlines(self, now: float, limit: int) -> list[Deadline]:
        """Up to `limit` deadlines due at `now`, earliest first."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
                "SELECT game_id, seat, kind, due_at FROM deadlines WHERE due_at <= ? ORDER BY due_at LIMIT ?",
                (now, limit),
            )
            return [Deadline(int(r[0]), int(r[1]), str(r[2]), float(r[3])) for r in rows]

    async def postpone_deadline(self, deadline: Deadline, until: float) -> bool:
        """Move a deadline to `until` (one whose effect failed is tried again then; a computer's move leases its
        own while it thinks). False when it was gone or moved meanwhile."""
        async with self._transaction() as tx:
            cursor = await tx.conn.execute(
                "UPDATE deadlines SET due_at = ? WHERE game_id = ? AND seat = ? AND kind = ? AND due_at = ?",
                (until, deadline.game_id, deadline.seat, deadline.kind, deadline.due_at),
            )
            return cursor.rowcount > 0

    @staticmethod
    async def _take(conn: aiosqlite.Connection, deadline: Deadline) -> bool:
        cursor = await conn.execute(
            "DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND kind = ? AND due_at = ?",
            (deadline.game_id, deadline.seat, deadline.kind, deadline.due_at),
        )
        return cursor.rowcount > 0

    async def take_deadline(self, deadline: Deadline) -> bool:
        """Delete a deadline that has fired; False when it was gone or moved meanwhile (nothing to do then)."""
        async with self._transaction() as tx:
            return await self._take(tx.conn, deadline)

    async def has_deadline(self, deadline: Deadline) -> bool:
        """Whether this very deadline (same due time) is still pending."""
        async with self._reading() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT 1 FROM deadlines WHERE game_id = ? AND seat = ? AND kind = ? AND due_at = ?",
                    (deadline.game_id, deadline.seat, deadline.kind, deadline.due_at),
                )
            )
            return bool(rows)

    async def close_expired_lobby(self, game_id: int, now: float) -> GameRecord | None:
        """Fire a lobby's expiry: one transaction deletes the deadline and closes the lobby if still one.

        Returns the closed game, or None when there was nothing to close (the
        deadline already fired, or the lobby started or was cancelled since).
        A closed lobby is `aborted` with no `ended_by`: nobody closed it.
        """
        async with self._transaction() as tx:
            cursor = await tx.conn.execute(
                "DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND kind = 'lobby' AND due_at <= ?",
                (game_id, TABLE_SEAT, now),
            )
            if cursor.rowcount == 0:
                return None
            current = await self._fetch(tx.conn, game_id)
            if current is None or current.status != "lobby":
                return None
            return await self._update(
                tx, game_id, current.version, ("lobby",), {"status": "aborted", "ended_at": tx.now, "ended_by": None}
            )

    async def behind_tables(self, *, ended_since: float) -> list[GameRecord]:
        """Games whose table message is behind their row: open ones, and those that ended since `ended_since`."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
                "SELECT * FROM games WHERE shown_version < version AND table_message_id IS NOT NULL"
                " AND (status IN ('lobby', 'active') OR ended_at >= ?) ORDER BY id",
                (ended_since,),
            )
            return [_record(row) for row in rows]

    async def tables_to_repair(self, *, ended_since: float) -> list[RepairRow]:
        """What a restart brings up to date, most recently changed first: open games, games whose table message is
        behind their row and that ended since `ended_since`, and games whose turn notification is still posted."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
                "SELECT id, channel_id, game, status, updated_at, ping_message_id FROM games"
                " WHERE status IN ('lobby', 'active') OR ping_message_id IS NOT NULL"
                " OR (shown_version < version AND table_message_id IS NOT NULL AND ended_at >= ?)"
                " ORDER BY updated_at DESC, id DESC",
                (ended_since,),
            )
            return [RepairRow(row[0], row[1], row[2], row[3], row[4], row[5]) for row in rows]

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
    ) -> GameRecord:
        """Record one accepted action, atomically.

        In one transaction: the new `state` and version (+1), the action
        appended to the log with `seq` = the new version, the table's `clock`
        with its deadlines and turns, and, when `result` is given, status
        finished plus one results row per seat. Raises `StaleVersionError`
        (nothing written) unless the game is active at `expected_version`.
        A move the clock makes `consume`s its deadline: if that row is gone (a
        player's move got there first), `DeadlineGoneError` and nothing is written.
        """
        if seat < 0:
            raise ValueError(f"seat {seat} is not at this table")
        if result is None and consume is None:
            return await self._commit_move(
                game_id, expected_version, seat=seat, action=action, state=state, write=clock
            )
        async with self._transaction() as tx:
            if consume is not None and not await self._take(tx.conn, consume):
                raise DeadlineGoneError(consume)
            changes: dict[str, Any] = {"state": state, "last_seat": seat, "last_action": action}
            if clock is not None:
                changes["clock"] = clock.clock
            if result is not None:
                changes.update(status="finished", ended_at=tx.now)
            record = await self._update(tx, game_id, expected_version, ("active",), changes, seat=seat)
            if result is not None:
                await self._insert_results(tx, record, result)
                await self._forget_ended(tx.conn, game_id)
            elif clock is not None:
                if consume is not None:  # its row is gone: the new clock may hold the same deadline again
                    kept = {key: due for key, due in clock.previous.items() if key != (consume.seat, consume.kind)}
                    clock = replace(clock, previous=kept)
                await self._write_clock(tx.conn, game_id, clock)
            return record

    async def update_clock(self, game_id: int, expected_version: int, clock: ClockWrite) -> GameRecord:
        """A running table's clock changes with no move (pause, resume, a player away): version +1."""
        async with self._transaction() as tx:
            record = await self._update(tx, game_id, expected_version, ("active",), {"clock": clock.clock})
            await self._write_clock(tx.conn, game_id, clock)
            return record

    async def _commit_move(
        self, game_id: int, expected_version: int, *, seat: int, action: str, state: str, write: ClockWrite | None
    ) -> GameRecord:
        """The hot path, with group commit.

        Each move is one UPDATE whose trigger appends the action to the log.
        Moves that arrive while a commit is running wait for the next one and
        share its transaction, so a burst across many tables pays for one fsync,
        not one each; every move still succeeds or fails on its own version
        check. Returns once the move's transaction is committed. A move that
        finds nothing being committed is committed at once by its own caller
        (no task to start, no turn of the event loop to wait for).
        """
        done: asyncio.Future[GameRecord] = asyncio.get_running_loop().create_future()
        move = _Move(game_id, expected_version, seat, action, state, write, done)
        idle = self._committer is None or self._committer.done()
        if idle and self._alone is None and not self._moves:
            return await self._commit_alone(move)
        self._moves.append(move)
        if idle and self._alone is None:
            self._committer = asyncio.create_task(self._commit_moves(), name="cardroom-group-commit")
        return await done

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
        """One transaction for the whole batch (a lone move with no clock is a single atomic statement), run on
        the connection's thread in one trip there and back, its statements one after the other.

        aiosqlite has no public call for several statements in one trip: `Connection._execute` is how each of
        its own methods runs on that thread. A cancellation of the caller leaves the trip to finish whole.
        """
        self.group_commits += 1
        async with self._reading() as conn:
            run: Any = conn._execute  # untyped in aiosqlite
            outcomes: list[GameRecord | Exception] = await run(_commit_moves, conn._conn, batch, self._clock())
            return outcomes

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
            current = await self._fetch(tx.conn, game_id)
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

    async def _open_in_channel(self, conn: aiosqlite.Connection, channel_id: int) -> GameRecord | None:
        rows = list(
            await conn.execute_fetchall(
                "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
            )
        )
        return _record(rows[0]) if rows else None

    async def active_in_channel(self, channel_id: int) -> GameRecord | None:
        """The channel's lobby or active game, if any (there is at most one)."""
        async with self._reading() as conn:
            return await self._open_in_channel(conn, channel_id)

    async def latest_played_in_channel(self, channel_id: int) -> GameRecord | None:
        """The channel's most recent game that was started (running, finished or aborted after its start)."""
        async with self._reading() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "SELECT * FROM games WHERE channel_id = ? AND state IS NOT NULL ORDER BY id DESC LIMIT 1",
                    (channel_id,),
                )
            )
            return _record(rows[0]) if rows else None

    async def active_games(self) -> list[GameRecord]:
        """Every lobby and active game, oldest first: what to resume at start-up."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall("SELECT * FROM games WHERE status IN ('lobby', 'active') ORDER BY id")
            return [_record(row) for row in rows]

    async def actions(self, game_id: int) -> list[tuple[int, int, str]]:
        """The game's action log as (seq, seat, action JSON), in order."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
                "SELECT seq, seat, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            )
            return [(int(row[0]), int(row[1]), str(row[2])) for row in rows]

    async def results(self, game_id: int) -> list[ResultRow]:
        """The stored standings of one game, by seat (empty if it has none)."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall(
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
            rows = await conn.execute_fetchall(
                "WITH scoped AS ("
                " SELECT r.game_id, r.user_id, r.name, r.won, r.measure, r.place,"
                "  ROW_NUMBER() OVER (PARTITION BY r.user_id ORDER BY r.finished_at DESC, r.game_id DESC) AS recency"
                " FROM results AS r JOIN games AS g ON g.id = r.game_id"
                " WHERE r.guild_id IS ? AND r.game = ? AND g.status = 'finished')"
                " , board AS (SELECT user_id, MAX(CASE WHEN recency = 1 THEN name END) AS name,"
                # a computer level may sit at several seats of one game: it played and won that game once
                "  COUNT(DISTINCT game_id) AS games, COUNT(DISTINCT CASE WHEN won THEN game_id END) AS wins,"
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
            rows = await conn.execute_fetchall(
                "SELECT r.game_id, r.game, r.seat, r.place, r.won, r.measure, r.finished_at,"
                " (SELECT COUNT(*) FROM results AS o WHERE o.game_id = r.game_id) AS players"
                " FROM results AS r JOIN games AS g ON g.id = r.game_id"
                " WHERE r.user_id = ? AND r.guild_id IS ? AND g.status = 'finished'"
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
            rows = await conn.execute_fetchall(
                "SELECT r.game, r.user_id, COUNT(DISTINCT r.game_id) AS games,"
                " COUNT(DISTINCT CASE WHEN r.won THEN r.game_id END) AS wins"
                " FROM results AS r JOIN games AS g ON g.id = r.game_id"
                " WHERE r.guild_id IS ? AND g.status = 'finished' AND r.game IN"
                "  (SELECT DISTINCT m.game FROM results AS m JOIN games AS n ON n.id = m.game_id"
                "   WHERE m.user_id = ? AND m.guild_id IS ? AND n.status = 'finished')"
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
            rated = await conn.execute_fetchall(
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
            rows = await conn.execute_fetchall(
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
            rows = await conn.execute_fetchall(
                "SELECT * FROM games WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id LIMIT ?",
                (guild_id, limit),
            )
            return [_record(row) for row in rows]

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self._reading() as conn:
            rows = list(await conn.execute_fetchall("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,)))
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
                "INSERT OR REPLACE INTO guild_settings (guild_id, pace, timeouts, lobby_expiry, notify_channel_id)"
                " VALUES (?, ?, ?, ?, ?)",
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
            rows = list(await conn.execute_fetchall("SELECT * FROM players WHERE user_id = ?", (user_id,)))
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
            rows = await conn.execute_fetchall(f"SELECT * FROM players WHERE user_id IN ({marks})", tuple(found))
        for row in rows:
            found[row["user_id"]] = _player(row)
        return found

    async def set_player(self, player: PlayerSettings) -> None:
        async with self._transaction() as tx:
            await tx.conn.execute(
                "INSERT OR REPLACE INTO players (user_id, notify, away_until, away_year, away_used, dm_refused)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    player.user_id,
                    player.notify,
                    player.away_until,
                    player.away_year,
                    player.away_used,
                    int(player.dm_refused),
                ),
            )

    async def away_players(self, now: float) -> dict[int, float]:
        """Users away at `now`, with when they come back."""
        async with self._reading() as conn:
            rows = await conn.execute_fetchall("SELECT user_id, away_until FROM players WHERE away_until > ?", (now,))
            return {int(row[0]): float(row[1]) for row in rows}


def _holder_sql(column: str) -> str:
    """SQL for the rating holder of the user id in `column` (`bot.ratings.holder`, for the computer levels too)."""
    levels = " ".join(f"WHEN {user_id} THEN 'cpu:{level}'" for level, user_id in COMPUTER_IDS.items())
    return f"(CASE {column} {levels} ELSE CAST({column} AS TEXT) END)"


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


def _player(row: sqlite3.Row) -> PlayerSettings:
    return PlayerSettings(
        user_id=row["user_id"],
        notify=row["notify"],
        away_until=row["away_until"],
        away_year=row["away_year"],
        away_used=row["away_used"],
        dm_refused=bool(row["dm_refused"]),
    )


async def _switch_to_wal(conn: aiosqlite.Connection) -> str:
    """`PRAGMA journal_mode = WAL`, waiting out another connection switching the same new file.

    SQLite does not call the busy handler for this switch: two processes
    opening a new database at once would otherwise see "database is locked".
    """
    waited = 0.0
    while True:
        try:
            rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
            return str(rows[0][0]).lower()
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY or waited * 1000 >= BUSY_TIMEOUT_MS:
                raise
        await asyncio.sleep(_WAL_RETRY)
        waited += _WAL_RETRY


# ----- the moves' transaction, on the connection's thread -------------------
def _clock_statements(game_id: int, write: ClockWrite) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """The statements, each with its rows, that write a clock's deadlines and turns (none without rows).

    Deadlines that did not change keep their rows, so one that already fired
    (a reminder) is not written again.
    """
    gone = [
        (game_id, seat, kind)
        for (seat, kind), due in write.previous.items()
        if write.deadlines.get((seat, kind)) != due
    ]
    due = [
        (game_id, seat, kind, at)
        for (seat, kind), at in write.deadlines.items()
        if write.previous.get((seat, kind)) != at
    ]
    turns = [(game_id, turn.seat, turn.user_id, turn.since, turn.due_at) for turn in write.turns]
    statements: list[tuple[str, list[tuple[Any, ...]]]] = [
        ("DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND kind = ?", gone),
        ("INSERT OR REPLACE INTO deadlines (game_id, seat, kind, due_at) VALUES (?, ?, ?, ?)", due),
        ("DELETE FROM table_seats WHERE game_id = ?", [(game_id,)]),
        ("INSERT INTO table_seats (game_id, seat, user_id, since, due_at) VALUES (?, ?, ?, ?, ?)", turns),
    ]
    return [(sql, rows) for sql, rows in statements if rows]


def _commit_moves(conn: sqlite3.Connection, batch: list[_Move], now: float) -> list[GameRecord | Exception]:
    """The group commit's transaction (see `Database._commit_batch`): each move applies or fails on its own."""
    if len(batch) == 1 and batch[0].write is None:
        return [_commit_one(conn, batch[0], now)]
    conn.execute("BEGIN IMMEDIATE")
    try:
        outcomes = [_commit_one(conn, move, now) for move in batch]
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):  # SQLite may have rolled back by itself
            conn.execute("ROLLBACK")
        raise
    return outcomes


def _commit_one(conn: sqlite3.Connection, move: _Move, now: float) -> GameRecord | Exception:
    clock = None if move.write is None else move.write.clock
    parameters = (move.state, move.seat, move.action, clock, now, move.game_id, move.expected_version, move.seat)
    rows = conn.execute(_MOVE_SQL, parameters).fetchall()
    if rows:
        if move.write is not None:
            for sql, values in _clock_statements(move.game_id, move.write):
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


def _record(row: sqlite3.Row) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        status=row["status"],
        host_id=row["host_id"],
        options=json.loads(row["options"]),
        seats=[Seat(user_id=int(s["user_id"]), name=str(s["name"])) for s in json.loads(row["seats"])],
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
        notified={int(seat): int(turn) for seat, turn in json.loads(row["notified"]).items()},
        salt=row["salt"],
    )
