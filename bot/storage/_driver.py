"""What `Database` asks of a back end: connections, transactions, and the few words of SQL that differ.

`Database` writes its SQL once, in the dialect both back ends share, with `?`
placeholders. A driver (`bot.storage._sqlite`, `bot.storage._postgres`) runs it:

* `connection()`: a connection for statements that each commit on their own
  (reads, and the group commit's lone move, a single atomic statement);
* `transaction()`: a connection inside one write transaction, committed when
  the block returns and rolled back when it raises;
* `snapshot()`: a connection inside one read transaction (a consistent copy);
* `statement()`: a connection for one write statement that commits on its own
  (the group commit's lone move), durably;
* `light(body)`: `body` in one write transaction committed without a sync of
  its own: the bookkeeping that follows a move (which message shows which
  version, the turn notification), whose loss at an OS or server crash costs
  nothing that matters (`TableRepository.set_shown_version`, `set_bell`). It
  survives a crash of the bot's process, and the next durable commit carries it
  to disk;
* `durable_commits` and `light_commits` count the write transactions committed
  each way since the driver opened (the migrations at open aside);
* rows are read by column name or position; `execute` returns the number of
  rows changed; every error of the database itself is a `StorageError`.

The words that differ are the `Dialect`'s: null-safe equality, the length of
a JSON array held as text, the row locks a claim takes, the table lock that
serialises a migration or a rebuild, the column types of the migrations, and
for `cardroom migrate-db` the list of a table's columns and the id sequence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar
from urllib.parse import urlsplit, urlunsplit

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
T = TypeVar("T")


def is_postgres(location: str | Path) -> bool:
    """Whether `location` (CARDROOM_DATABASE) names a PostgreSQL database rather than a SQLite file."""
    return isinstance(location, str) and location.startswith(POSTGRES_SCHEMES)


def redacted(location: str | Path) -> str:
    """`location` fit to print: a PostgreSQL URL loses its password."""
    if not is_postgres(location):
        return str(location)
    parts = urlsplit(str(location))
    if parts.password is None:
        return str(location)
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


class Row(Protocol):
    """A result row: `row["column"]` or `row[0]` (`sqlite3.Row` and `asyncpg.Record` both are)."""

    def __getitem__(self, key: int | str, /) -> Any: ...


class Connection(Protocol):
    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """The rows of one statement (a SELECT, or a write with RETURNING)."""
        ...

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement once per parameter row."""
        ...


class Driver(Protocol):
    dialect: Dialect
    durable_commits: int  # write transactions committed at the durability chosen (synced when it is "full")
    light_commits: int  # write transactions committed without a sync of their own (`light`)

    def connection(self) -> AbstractAsyncContextManager[Connection]: ...

    def statement(self) -> AbstractAsyncContextManager[Connection]:
        """A connection for one write statement that commits on its own, durably."""
        ...

    def transaction(self) -> AbstractAsyncContextManager[Connection]: ...

    async def light(self, body: Callable[[Connection], Coroutine[Any, Any, T]]) -> T:
        """`body(connection)` in one write transaction committed without a sync of its own. On SQLite it runs
        whole on the connection's thread: `body` must await nothing but its connection."""
        ...

    def snapshot(self) -> AbstractAsyncContextManager[Connection]:
        """A read transaction: every statement sees what was committed when it began."""
        ...

    def open_failure(self, exc: BaseException) -> BaseException:
        """What to raise when migrating at open failed with `exc` (one line saying what to do)."""
        ...

    async def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Dialect:
    name: Literal["sqlite", "postgresql"]
    same: str  # null-safe equality: `a IS b` in SQLite, `a IS NOT DISTINCT FROM b` in PostgreSQL
    seat_count: str  # the number of seats of a `games` row (a JSON array kept as text)
    lock_row: str  # after a SELECT in a write transaction: hold the rows read until it ends
    skip_locked: str  # after a SELECT that claims rows of `d`: lock them, skipping those another claim holds
    lock_table: str | None  # a statement that makes writers of table {} wait for this transaction
    ddl: Callable[[str], str]  # a migration statement in this dialect
    columns: str  # the (name, declared type) of each column of table ?, in order
    next_ids: str | None  # after rows were copied with their ids: the next `tables.id`, `leagues.id` come after them


_TYPES = (
    (re.compile(r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b"), "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),  # user ids and Discord snowflakes need 64 bits
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
    (re.compile(r"\s*\bWITHOUT ROWID\b"), ""),
)


def postgres_ddl(statement: str) -> str:
    """A migration statement for PostgreSQL: its own text when it has one, else SQLite's with PostgreSQL's types.

    INTEGER is BIGINT (SQLite's INTEGER holds 64 bits), REAL is DOUBLE PRECISION, an
    AUTOINCREMENT key is an identity column (BY DEFAULT, so a copied database keeps its
    ids), and WITHOUT ROWID, a storage choice of SQLite's, has no counterpart.
    """
    own = getattr(statement, "postgresql", None)
    if isinstance(own, str):
        return own
    text = str(statement)
    for pattern, replacement in _TYPES:
        text = pattern.sub(replacement, text)
    return text


SQLITE = Dialect(
    name="sqlite",
    same="IS",
    seat_count="json_array_length(seats)",
    lock_row="",  # BEGIN IMMEDIATE: the transaction is the only writer
    skip_locked="",  # BEGIN IMMEDIATE: one writer at a time, nothing to skip
    lock_table=None,
    ddl=str,
    columns="SELECT name, type FROM pragma_table_info(?) ORDER BY cid",
    next_ids=None,  # AUTOINCREMENT follows the largest id inserted
)
POSTGRESQL = Dialect(
    name="postgresql",
    same="IS NOT DISTINCT FROM",
    seat_count="json_array_length(seats::json)",
    lock_row=" FOR UPDATE",
    skip_locked=" FOR UPDATE OF d SKIP LOCKED",
    lock_table="LOCK TABLE {} IN EXCLUSIVE MODE",
    ddl=postgres_ddl,
    columns=(
        "SELECT column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position"
    ),
    next_ids=(
        "SELECT setval(pg_get_serial_sequence('tables', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM tables), false),"
        " setval(pg_get_serial_sequence('leagues', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM leagues), false)"
    ),
)
