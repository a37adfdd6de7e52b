"""The PostgreSQL back end: a pool of asyncpg connections.

* Operations run side by side, each on a connection of the pool; the server
  keeps them apart. A write transaction runs at READ COMMITTED: an
  `UPDATE ... WHERE id = ? AND version = ?` that meets a row another
  transaction is changing waits for it, then checks its WHERE against the row
  as committed, so of two writers from the same version only the first applies,
  as in SQLite. Writes that read before they write lock what they read
  (`RatingRepository._rate`, `DeadlineRepository.claim`), and a rebuild of the ratings locks the table.
* `?` placeholders become `$1, $2, ...` (outside quoted text), once per statement text.
* `durability="normal"` is `synchronous_commit = off`: a server crash may lose
  the last commits, never corrupt anything (the counterpart of SQLite's NORMAL).
* A light commit (`light`: the bookkeeping that follows a move) is a transaction
  at `SET LOCAL synchronous_commit = off`: the server answers its COMMIT without
  waiting for the WAL flush, which its WAL writer does within a fraction of a
  second. It survives a crash of the bot's process; only a crash of the server
  in that fraction of a second loses it, and WAL replay keeps a prefix (a later
  commit never survives an earlier one). The driver counts durable and light
  commits (`durable_commits`, `light_commits`).
* Every error of the server or of the connection is a `StorageError`.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, Final, Literal, TypeVar

import asyncpg

from bot.storage._driver import POSTGRESQL, Connection, Row, redacted
from bot.storage.errors import StorageError

T = TypeVar("T")

POOL_SIZE: Final = 10  # connections one process keeps at most
_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """`sql` with its `?` placeholders numbered `$1, $2, ...`; quoted text and dollar-quoted bodies are left as is."""
    out: list[str] = []
    count = 0
    quote: str | None = None
    i = 0
    while i < len(sql):
        char = sql[i]
        if quote is not None:
            if sql.startswith(quote, i):
                out.append(quote)
                i += len(quote)
                quote = None
                continue
        elif char in ("'", '"'):
            quote = char
        elif sql.startswith("$$", i):
            quote = "$$"
            out.append("$$")
            i += 2
            continue
        elif char == "?":
            count += 1
            out.append(f"${count}")
            i += 1
            continue
        out.append(char)
        i += 1
    return "".join(out)


def _rowcount(status: str) -> int:
    """The rows a command changed, from its status ("UPDATE 3", "INSERT 0 1"; 0 for "CREATE TABLE")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


async def _keep_session(conn: asyncpg.Connection) -> None:
    """What a connection back in the pool needs beyond asyncpg's own rollback of an open transaction: nothing.

    asyncpg's default reset sends a query on every release (a trip to the server per operation) to undo session
    state: settings, LISTEN, advisory locks, cursors. Cardroom sets its settings once at connect and uses none
    of the others (its locks are row and table locks, which end with their transaction).
    """


class PostgresConnection:
    __slots__ = ("raw",)

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return list(await self.raw.fetch(numbered(sql), *params))

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        if not params:  # no placeholders: the simple protocol (a migration may hold several statements)
            return _rowcount(await self.raw.execute(sql))
        return _rowcount(await self.raw.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        batch = list(rows)
        if batch:
            await self.raw.executemany(numbered(sql), batch)


class PostgresDriver:
    dialect = POSTGRESQL

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool: asyncpg.Pool | None = pool
        self._url = url
        self.durable_commits = 0  # write transactions committed at the durability chosen (`synchronous_commit`)
        self.light_commits = 0  # write transactions committed without waiting for the WAL flush (`light`)

    @classmethod
    async def open(cls, url: str, *, durability: Literal["full", "normal"]) -> PostgresDriver:
        """A pool of connections to the database at `url` (which must exist); not yet migrated."""
        settings = {"application_name": "cardroom", "synchronous_commit": "on" if durability == "full" else "off"}
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_SIZE, server_settings=settings, reset=_keep_session
            )
        except (*_ERRORS, ValueError, TimeoutError) as exc:
            raise StorageError(
                f"cannot open the PostgreSQL database {redacted(url)} ({_one_line(exc)}): check CARDROOM_DATABASE"
                " (postgresql://user:password@host:port/database), that the server runs and that the database exists"
            ) from exc
        return cls(pool, url)

    def open_failure(self, exc: BaseException) -> BaseException:
        return exc

    def _opened(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StorageError("the database is closed")
        return self._pool

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[PostgresConnection]:
        pool = self._opened()
        try:
            async with pool.acquire() as raw:
                yield PostgresConnection(raw)
        except _ERRORS as exc:
            raise StorageError(_one_line(exc)) from exc

    @asynccontextmanager
    async def statement(self) -> AsyncIterator[PostgresConnection]:
        """A connection for one write statement that commits on its own, durably (counted as a durable commit)."""
        async with self.connection() as conn:
            yield conn
        self.durable_commits += 1

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresConnection]:
        pool = self._opened()
        try:
            async with pool.acquire() as raw, raw.transaction():
                yield PostgresConnection(raw)
        except _ERRORS as exc:
            raise StorageError(_one_line(exc)) from exc
        self.durable_commits += 1

    async def light(self, body: Callable[[Connection], Coroutine[Any, Any, T]]) -> T:
        """`body` in one write transaction whose COMMIT does not wait for the WAL flush (`synchronous_commit` off
        for this transaction alone): BEGIN and the setting go in one trip, as the transaction's own would."""
        pool = self._opened()
        try:
            async with pool.acquire() as raw:
                await raw.execute("BEGIN; SET LOCAL synchronous_commit = off")
                try:
                    result = await body(PostgresConnection(raw))
                    await raw.execute("COMMIT")
                except BaseException:
                    if not raw.is_closed() and raw.is_in_transaction():
                        with contextlib.suppress(*_ERRORS):  # else the pool's release rolls it back
                            await raw.execute("ROLLBACK")
                    raise
        except _ERRORS as exc:
            raise StorageError(_one_line(exc)) from exc
        self.light_commits += 1
        return result

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[PostgresConnection]:
        """A read-only transaction that sees what was committed when it began (REPEATABLE READ)."""
        pool = self._opened()
        try:
            async with pool.acquire() as raw, raw.transaction(isolation="repeatable_read", readonly=True):
                yield PostgresConnection(raw)
        except _ERRORS as exc:
            raise StorageError(_one_line(exc)) from exc

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()
