"""The games database: a SQLite file (aiosqlite, the default) or a PostgreSQL database (asyncpg).

`Database` opens and closes it, runs its transactions and its checks at start; what is read and written lives in
its repositories, one per concern (`bot.storage.repos`): `db.tables` (lobbies, games, the action log and the move's
commit), `db.deadlines`, `db.ratings`, `db.results` (standings, leaderboards, history, stats), `db.players`,
`db.servers` (server settings) and `db.emojis` (the card emojis uploaded).

`Database.open` takes a file path or a `postgresql://` URL. The SQL below is
written once; the back ends (`bot.storage._sqlite`, `bot.storage._postgres`)
run it and supply the few words that differ (`bot.storage._driver.Dialect`).

Concurrency model
-----------------
* SQLite: one connection, one operation at a time, every write a
  `BEGIN IMMEDIATE ... COMMIT` transaction, so processes on one file serialise.
  PostgreSQL: a pool of connections, writes at READ COMMITTED; what a write
  reads before it writes (ratings, claimed deadlines) it locks.
* Every change of a table row is `UPDATE tables ... WHERE id = ? AND version = ?
  AND status = ?` (optimistic concurrency). Two clicks computed from the same
  version: the first transaction bumps the version, the second matches no row,
  rolls back and raises `StaleVersionError` with the current row. This holds
  across processes because the check and the write are one statement (a
  PostgreSQL UPDATE that meets a row being changed waits, then re-checks it).
* An accepted action (new state + version bump + action log row + clock
  deadlines and turns + results when it ends the game) is a single transaction: after a crash the database
  holds either all of it or none of it, so a crash loses at most the action in
  flight, and `db.tables.active_tables()` gives every open game back at start-up.
* What follows a move is bookkeeping committed light (`_light`): which version
  the table's message shows, which turn notification stands and whom it told.
  Such a commit has no sync of its own; it survives a crash of the bot's
  process, and only an OS or server crash before the next durable commit can
  lose it, which costs at worst a message edited or a turn announced again
  (`TableRepository.set_shown_version`, `set_bell`). A move costs one durable
  transaction however many messages follow it: `durable_commits` counts them.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, TypeVar

import aiosqlite

from bot.storage._driver import Connection, Driver, is_postgres
from bot.storage._migrations import MIGRATIONS, Migration, apply_migrations
from bot.storage._moves import GroupCommit, on_loop
from bot.storage._rows import Tx
from bot.storage._sqlite import SqliteDriver, ThreadConnection, run_at_once, write_transaction
from bot.storage.errors import StorageError
from bot.storage.health import INTEGRITY_MODES, IntegrityMode
from bot.storage.repos import (
    DeadlineRepository,
    EmojiRepository,
    LeagueRepository,
    PlayerRepository,
    PreMoveRepository,
    RatingRepository,
    ResultRepository,
    SeasonRepository,
    ServerRepository,
    TableRepository,
)

T = TypeVar("T")


class Database:
    """Async access to the games database. Create with `await Database.open(path)`; read and write through its
    repositories (`db.tables`, `db.deadlines`, `db.ratings`, `db.results`, `db.players`, `db.servers`, `db.emojis`)."""

    def __init__(self, driver: Driver, schema_version: int, clock: Callable[[], float]) -> None:
        """Private: use `Database.open`."""
        self._driver = driver
        self._sql = driver.dialect
        self._schema_version = schema_version
        self._clock = clock
        self._moves = GroupCommit(self)  # accepted actions waiting for the group commit, and the one under way
        self._opened_at = (driver.durable_commits, driver.light_commits)  # what the migrations at open committed
        self.tables = TableRepository(self)
        self.deadlines = DeadlineRepository(self)
        self.ratings = RatingRepository(self)
        self.results = ResultRepository(self)
        self.players = PlayerRepository(self)
        self.servers = ServerRepository(self)
        self.emojis = EmojiRepository(self)
        self.premoves = PreMoveRepository(self)
        self.leagues = LeagueRepository(self)
        self.seasons = SeasonRepository(self)

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

    async def ping(self) -> None:
        """One trivial read: the database answers (readiness checks). Raises `StorageError` when it does not."""
        async with self._reading() as conn:
            await conn.fetch("SELECT 1")

    async def close(self) -> None:
        """Wait for the operation in progress and the moves already accepted, then close. Idempotent."""
        await self._moves.drain()
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

    @property
    def group_commits(self) -> int:
        """Transactions that carried moves (for tests and the bench)."""
        return self._moves.count

    @property
    def durable_commits(self) -> int:
        """Write transactions committed at the durability chosen since the database opened (each synced to disk
        when it is "full"), the migrations at open aside: a move's, a lobby's, a clock's... (tests and the bench
        check that a move costs one)."""
        return self._driver.durable_commits - self._opened_at[0]

    @property
    def light_commits(self) -> int:
        """Write transactions committed without a sync of their own since the database opened (`_light`)."""
        return self._driver.light_commits - self._opened_at[1]

    # ----- the transaction ----------------------------------------------------
    def _connection(self) -> aiosqlite.Connection:
        """SQLite's own connection (the bench and SQLite-only checks read it directly)."""
        if not isinstance(self._driver, SqliteDriver):
            raise StorageError("this database is not SQLite")
        return self._driver.raw()

    def _reading(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """A connection whose statements each commit on their own (reads, and single atomic writes)."""
        return self._driver.connection()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Tx]:
        """One write transaction: committed if the body returns, rolled back if it raises.

        Its single timestamp is read once the transaction has begun (in SQLite, once
        the write lock is held, so within one process timestamps follow the order in
        which transactions commit).
        """
        async with self._driver.transaction() as conn:
            yield Tx(conn, self._clock())

    async def _in_transaction(
        self, body: Callable[[Tx], Coroutine[Any, Any, T]], meanwhile: Callable[[], None] | None = None
    ) -> T:
        """`body` in one write transaction, as `_transaction` runs it (committed if it returns, rolled back if it
        raises). On SQLite the whole transaction runs on the connection's thread in one trip there and back
        (`ThreadConnection`): `body` must await nothing but its connection. About 0.1 ms less per statement
        than a trip per statement, which adds up for a game's end (its results, ratings and clock rows).

        `meanwhile` is called on the event loop while the transaction is in flight, as
        `TableRepository.commit_action`'s is: on SQLite once the COMMIT is under way, on PostgreSQL once the first
        statement is sent."""
        driver = self._driver
        loop = asyncio.get_running_loop()
        if not isinstance(driver, SqliteDriver):
            if meanwhile is not None:
                loop.call_soon(meanwhile)
            async with self._transaction() as tx:
                return await body(tx)
        clock = self._clock
        syncing = None if meanwhile is None else on_loop(loop, meanwhile)

        def whole(raw: sqlite3.Connection) -> T:
            def work() -> T:
                return run_at_once(body(Tx(ThreadConnection(raw), clock())))

            return write_transaction(raw, work, syncing)

        return await driver.in_one_trip(whole)

    async def _light(self, body: Callable[[Tx], Coroutine[Any, Any, T]]) -> T:
        """`body` in one write transaction committed without a sync of its own (`Driver.light`): bookkeeping whose
        loss at an OS or server crash costs nothing that matters. It survives a crash of the bot's process, and
        the next durable commit carries it to disk. On SQLite `body` must await nothing but its connection."""
        clock = self._clock
        return await self._driver.light(lambda conn: body(Tx(conn, clock())))
