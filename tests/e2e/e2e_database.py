"""The database of an end-to-end test's bot (`CARDROOM_DATABASE`), and the test's own synchronous window on it.

The test reads the rows straight from the database (its oracle), and now and then writes one (the state a crash
would leave). Both back ends take the storage layer's SQL: `?` placeholders, rows as plain tuples.

* `SqliteFile`: a SQLite file, read with the standard library's `sqlite3`.
* `PostgresDatabase`: a PostgreSQL database (a `postgresql://` URL), read with asyncpg over one connection driven
  by an event loop of its own in a thread: the test's loop runs the stand-in, and a call blocks it only for the
  statement's round trip, as a `sqlite3` call does.

`tests/e2e/conftest.py` chooses the back end of each test (`use` before it, `close` after);
`e2e_support.World` reads the one in use.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any, Final, Protocol, TypeVar

import asyncpg

from bot.storage._postgres import numbered

_TIMEOUT: Final = 30  # seconds one statement may take
T = TypeVar("T")


class Oracle(Protocol):
    location: str  # CARDROOM_DATABASE: a file path or a postgresql:// URL

    def query(self, sql: str, params: Sequence[object]) -> list[tuple[Any, ...]]: ...

    def execute(self, sql: str, params: Sequence[object]) -> int:
        """Run one write, committed at once; the number of rows it changed."""
        ...

    def close(self) -> None: ...


class SqliteFile:
    def __init__(self, path: Path) -> None:
        self.location = str(path)

    def query(self, sql: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        with contextlib.closing(sqlite3.connect(self.location)) as db:
            return db.execute(sql, params).fetchall()

    def execute(self, sql: str, params: Sequence[object]) -> int:
        with contextlib.closing(sqlite3.connect(self.location)) as db, db:
            return db.execute(sql, params).rowcount

    def close(self) -> None:
        pass


class PostgresDatabase:
    def __init__(self, url: str) -> None:
        self.location = url
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="e2e-postgres", daemon=True)
        self._thread.start()
        self._conn: asyncpg.Connection | None = None

    def _run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(_TIMEOUT)

    async def _connection(self) -> asyncpg.Connection:
        if self._conn is None:
            self._conn = await asyncpg.connect(self.location)
        return self._conn

    async def _fetch(self, sql: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        conn = await self._connection()
        return [tuple(row) for row in await conn.fetch(numbered(sql), *params)]

    async def _execute(self, sql: str, params: Sequence[object]) -> int:
        conn = await self._connection()
        status: str = await conn.execute(numbered(sql), *params)  # "UPDATE 1"
        return int(status.rsplit(" ", 1)[-1])

    def query(self, sql: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        return self._run(self._fetch(sql, params))

    def execute(self, sql: str, params: Sequence[object]) -> int:
        return self._run(self._execute(sql, params))

    def close(self) -> None:
        if self._conn is not None:
            self._run(self._conn.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


_in_use: Oracle | None = None


def use(database: Oracle | None) -> None:
    """The database of the bots the current test starts (None: the test is over)."""
    global _in_use
    _in_use = database


def in_use() -> Oracle:
    if _in_use is None:
        raise RuntimeError("no e2e database chosen: tests/e2e/conftest.py chooses one per test")
    return _in_use
