"""The database a bench section runs on, as a parameter: its `Database`, and the floor on the same back end (the
fastest plain program committing the same rows as the bot's moves, one trip each, which the path is compared with).

`--database sqlite` (the default) is an embedded SQLite file in the bench's directory, its floor a plain
aiosqlite connection with the bot's pragmas (`_bare`). `--database postgresql://…` is databases created on that
server, its floor a plain asyncpg connection with the bot's `synchronous_commit` (`_bare_postgres`). Another back
end adds a `StorageTarget` here and a branch in `storage_target`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from bot.storage import Database, is_postgres

from ._bare import FloorResult, SqliteFloor, pragmas_of
from ._bare_postgres import PostgresFloor, fresh_database, synchronous_commit_of
from ._committed import Committed


class Floor(Protocol):
    """Commits moves the bot committed again, each in one transaction sent in one trip, with nothing else."""

    async def replay(self, moves: Sequence[Committed], *, settle: int = 0) -> None: ...

    async def close(self) -> None: ...

    def result(self) -> FloorResult: ...


class StorageTarget(Protocol):
    @property
    def name(self) -> str:
        """The back end, as the report names it."""
        ...

    async def open(self, label: str) -> Database:
        """A fresh, migrated database for one section (`label` names it)."""
        ...

    async def floor(self, db: Database, label: str) -> Floor:
        """The floor beside `db`: a database of its own, of the same schema on the same back end, written with
        `db`'s own settings."""
        ...


@dataclass(frozen=True)
class SqliteTarget:
    """SQLite files in `directory`: the bot's own `Database`, and a plain aiosqlite connection beside it."""

    directory: Path
    name: str = "sqlite"

    async def open(self, label: str) -> Database:
        return await Database.open(self.directory / f"{label}.sqlite3")

    async def floor(self, db: Database, label: str) -> Floor:
        return await SqliteFloor.open(self.directory / f"{label}-floor.sqlite3", await pragmas_of(db))


@dataclass(frozen=True)
class PostgresTarget:
    """Databases created on the PostgreSQL server of `url` (its user may create databases): the bot's own
    `Database`, and a plain asyncpg connection beside it with the same `synchronous_commit`."""

    url: str
    name: str = "postgresql"

    async def open(self, label: str) -> Database:
        return await Database.open(await fresh_database(self.url, database_name(label)))

    async def floor(self, db: Database, label: str) -> Floor:
        url = await fresh_database(self.url, database_name(f"{label}-floor"))
        return await PostgresFloor.open(url, await synchronous_commit_of(db))


def database_name(label: str) -> str:
    return "cardroom_bench_" + "".join(c if c.isalnum() else "_" for c in label.lower())


def storage_target(spec: str, directory: Path) -> StorageTarget:
    """The back end `spec` names: `sqlite` (files in `directory`) or a `postgresql://` URL of a server where the
    bench may create databases."""
    if spec == "sqlite":
        return SqliteTarget(directory)
    if is_postgres(spec):
        return PostgresTarget(spec)
    raise ValueError(f"no bench back end for {spec!r} (sqlite, or a postgresql:// URL)")
