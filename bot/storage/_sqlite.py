"""The SQLite back end: one file in WAL mode, one aiosqlite connection, one operation at a time.

* One connection (aiosqlite runs it on its own thread). Every operation, read
  or write, holds `_lock`, so the statements of two coroutines never interleave
  on the connection and nobody reads another coroutine's uncommitted changes.
* Every write is one `BEGIN IMMEDIATE ... COMMIT` transaction. IMMEDIATE takes
  SQLite's write lock up front, so two processes on the same file serialise
  (the second waits up to `busy_timeout`) instead of failing half-way.
* A commit is durable (synced to disk at `synchronous = FULL`, the default
  durability) or light (`light`: the bookkeeping that follows a move, committed
  at `synchronous = NORMAL` for that one transaction). A light commit is
  appended to the WAL like any other, so it survives a crash of the process;
  only an OS crash or a power loss before the WAL reaches the disk can lose it,
  and the next durable commit's sync carries it there (the WAL is written in
  order, and recovery keeps a prefix of it: a later commit never survives an
  earlier one). The driver counts both (`durable_commits`, `light_commits`).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final, Literal, TypeVar

import aiosqlite

from bot.storage._driver import SQLITE, Connection, Row
from bot.storage.errors import StorageError
from bot.storage.health import IntegrityMode, check_integrity, open_failure

T = TypeVar("T")

BUSY_TIMEOUT_MS: Final = 5000
WORKER_STOP: Final = 5.0  # seconds to wait for the thread of a connection that failed to open (it only closes)
_MIN_SQLITE: Final = (3, 35, 0)  # UPDATE ... RETURNING
_WAL_RETRY: Final = 0.01  # seconds between two tries of the switch to WAL


def _row_count(conn: sqlite3.Connection, sql: str, params: Sequence[object]) -> int:
    cursor = conn.execute(sql, params)
    try:
        return cursor.rowcount
    finally:
        cursor.close()


class SqliteConnection:
    __slots__ = ("raw",)

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return list(await self.raw.execute_fetchall(sql, params))

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        """The statement's row count; its cursor is closed on the connection's thread in the same trip, so that no
        statement stays in progress (one that answers rows, left open, would make the next COMMIT fail)."""
        run: Any = self.raw._execute  # untyped in aiosqlite, as in `SqliteDriver.in_one_trip`
        count: int = await run(_row_count, self.raw._conn, sql, params)
        return count

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self.raw.executemany(sql, rows)


class ThreadConnection:
    """The `Connection` of a transaction run whole on the connection's own thread (`SqliteDriver.in_one_trip`):
    each call runs its statement there and then, so a coroutine awaiting only these never suspends
    (`run_at_once`)."""

    __slots__ = ("raw",)

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        rows: list[Row] = self.raw.execute(sql, params).fetchall()
        return rows

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        return self.raw.execute(sql, params).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        self.raw.executemany(sql, rows)


def write_transaction(
    conn: sqlite3.Connection, work: Callable[[], T], before_commit: Callable[[], None] | None = None
) -> T:
    """`work()` in one `BEGIN IMMEDIATE ... COMMIT` on the connection's own thread: committed if it returns, rolled
    back if it raises. `before_commit` is called right before the COMMIT, which syncs without Python's lock."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = work()
        if before_commit is not None:
            before_commit()
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):  # SQLite may have rolled back by itself
            conn.execute("ROLLBACK")
        raise
    return result


def run_at_once(work: Coroutine[Any, Any, T]) -> T:
    """The result of a coroutine that awaits nothing but a `ThreadConnection`: run to its end in one step.

    Raises what it raises; a coroutine that does wait on something else is closed and refused (RuntimeError).
    """
    try:
        work.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    work.close()
    raise RuntimeError("a transaction run in one trip waited on something other than its connection")


def lightly(
    durability: Literal["full", "normal"], work: Callable[[sqlite3.Connection], T]
) -> Callable[[sqlite3.Connection], T]:
    """`work` run with the connection at `synchronous = NORMAL`, then back at `durability`: its COMMIT is appended
    to the WAL without a sync of its own (at "normal" every commit already is)."""
    if durability == "normal":
        return work

    def light(conn: sqlite3.Connection) -> T:
        conn.execute("PRAGMA synchronous = NORMAL")
        try:
            return work(conn)
        finally:
            conn.execute("PRAGMA synchronous = FULL")

    return light


class SqliteDriver:
    dialect = SQLITE

    def __init__(
        self, raw: aiosqlite.Connection, path: str | Path, durability: Literal["full", "normal"] = "full"
    ) -> None:
        self._conn: SqliteConnection | None = SqliteConnection(raw)
        self._path = path
        self._lock = asyncio.Lock()
        self.durability: Literal["full", "normal"] = durability
        self.durable_commits = 0  # write transactions committed at `durability` (synced when it is "full")
        self.light_commits = 0  # write transactions committed without a sync of their own (`light`)

    @classmethod
    async def open(
        cls, path: str | Path, *, durability: Literal["full", "normal"], integrity: IntegrityMode
    ) -> SqliteDriver:
        """Connect to the file at `path` (creating it and its directory), checked, in WAL mode; not yet migrated."""
        if sqlite3.sqlite_version_info < _MIN_SQLITE:
            raise StorageError(f"SQLite {sqlite3.sqlite_version} is too old; 3.35 or newer is needed")
        memory = str(path) == ":memory:"
        if not memory:
            try:
                await asyncio.to_thread(Path(path).parent.mkdir, parents=True, exist_ok=True)
                await asyncio.to_thread(check_integrity, Path(path), integrity, BUSY_TIMEOUT_MS)
            except (OSError, sqlite3.Error) as exc:
                raise open_failure(exc, path) from exc
        # isolation_level=None: no implicit transactions, we issue BEGIN/COMMIT ourselves.
        connecting = aiosqlite.connect(str(path), isolation_level=None)
        try:
            conn = await connecting
        except sqlite3.Error as exc:
            await _stopped(connecting)
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
        except BaseException as exc:
            await conn.close()
            if isinstance(exc, sqlite3.Error):
                raise open_failure(exc, path) from exc
            raise
        return cls(conn, path, durability)

    def open_failure(self, exc: BaseException) -> BaseException:
        cause = exc.__cause__ if isinstance(exc, StorageError) else exc
        return open_failure(cause, self._path) if isinstance(cause, sqlite3.Error) else exc

    def raw(self) -> aiosqlite.Connection:
        """The aiosqlite connection itself (the bench and SQLite's own checks read its pragmas)."""
        if self._conn is None:
            raise StorageError("the database is closed")
        return self._conn.raw

    async def in_one_trip(self, work: Callable[[sqlite3.Connection], T], *, light: bool = False) -> T:
        """`work(conn)` run on the connection's own thread with the sqlite3 connection, in one trip there and back
        (the group commit's whole transaction), in turn with the other users of the connection.

        `work` commits one write (a transaction, or a single statement on its own), counted in `durable_commits`;
        `light`: committed without a sync of its own (`lightly`), counted in `light_commits`.

        aiosqlite has no public call for several statements in one trip: `Connection._execute` is how each of its
        own methods runs on that thread. A cancellation of the caller leaves the trip to finish whole.
        """
        async with self._lock:
            if self._conn is None:
                raise StorageError("the database is closed")
            raw = self._conn.raw
            run: Any = raw._execute  # untyped in aiosqlite
            try:
                result: T = await run(lightly(self.durability, work) if light else work, raw._conn)
            except sqlite3.Error as exc:
                raise StorageError(str(exc)) from exc
            if light:
                self.light_commits += 1
            else:
                self.durable_commits += 1
            return result

    async def light(self, body: Callable[[Connection], Coroutine[Any, Any, T]]) -> T:
        """`body` in one write transaction committed without a sync of its own, in one trip to the connection's
        thread (`body` awaits nothing but its connection: `run_at_once`)."""

        def whole(raw: sqlite3.Connection) -> T:
            return write_transaction(raw, lambda: run_at_once(body(ThreadConnection(raw))))

        return await self.in_one_trip(whole, light=True)

    @asynccontextmanager
    async def statement(self) -> AsyncIterator[SqliteConnection]:
        """A connection for one write statement that commits on its own, durably (counted as a durable commit)."""
        async with self.connection() as conn:
            yield conn
        self.durable_commits += 1

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[SqliteConnection]:
        async with self._lock:
            if self._conn is None:
                raise StorageError("the database is closed")
            try:
                yield self._conn
            except sqlite3.Error as exc:
                raise StorageError(str(exc)) from exc

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteConnection]:
        async with self._lock:
            if self._conn is None:
                raise StorageError("the database is closed")
            conn = self._conn
            # Every await below can be interrupted by a cancellation of the caller.
            # The statement it was waiting for still runs on the connection thread,
            # which executes in order, so the ROLLBACK queued by the handler always
            # comes after it: the transaction is undone (or, if COMMIT was already
            # queued, committed whole) before the next one can begin.
            try:
                await conn.raw.execute("BEGIN IMMEDIATE")
                yield conn
                await conn.raw.execute("COMMIT")
            except BaseException as exc:
                await _rollback(conn.raw)
                if isinstance(exc, sqlite3.Error):
                    raise StorageError(str(exc)) from exc
                raise
            self.durable_commits += 1

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[SqliteConnection]:
        """A read transaction: what was committed when it began, however long it lasts; writers do not wait
        (WAL)."""
        async with self._lock:
            if self._conn is None:
                raise StorageError("the database is closed")
            conn = self._conn
            try:
                await conn.raw.execute("BEGIN")
                await conn.raw.execute_fetchall("SELECT 1 FROM schema_migrations LIMIT 1")  # the snapshot starts here
                yield conn
                await conn.raw.execute("COMMIT")
            except BaseException as exc:
                await _rollback(conn.raw)
                if isinstance(exc, sqlite3.Error):
                    raise StorageError(str(exc)) from exc
                raise

    async def close(self) -> None:
        async with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None:
                await conn.raw.close()


async def _stopped(conn: aiosqlite.Connection) -> None:
    """Wait for the worker thread of a connection that failed to open. aiosqlite stops it without waiting; if the
    event loop closed first (a start-up that fails on its database exits at once), the thread would find it closed
    and print a traceback after the one line that says what is wrong."""
    thread: Any = conn._thread  # untyped in aiosqlite, as `_execute` (`in_one_trip`)
    await asyncio.to_thread(thread.join, WORKER_STOP)


async def _rollback(conn: aiosqlite.Connection) -> None:
    # SQLite may already have rolled back by itself (e.g. on a full disk): then there is nothing to undo.
    with contextlib.suppress(sqlite3.Error):
        await conn.execute("ROLLBACK")


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
