"""The database a bench section runs on, as a parameter: its `Database`, and the bare commit of the same rows on
the same back end (the floor the move path is compared with).

`--database sqlite` (the default) is an embedded SQLite file in the bench's directory, its bare commit a
plain aiosqlite connection (`_bare`). Another back end adds a `StorageTarget` here and a branch in
`storage_target`; `--database postgresql://…` is databases created on that server, its bare commit the same UPDATE
and INSERT through a plain asyncpg connection (`_bare_postgres`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from bot.storage import ClockWrite, Database, is_postgres

from ._bare import BareCommits, BareResult, pragmas_of
from ._bare_postgres import PostgresBareCommits, fresh_database


class Bare(Protocol):
    """Commits one move's rows at a time (UPDATE games + INSERT action, and the clock's rows of `writes` when it
    writes them) with nothing else."""

    state: str
    writes: list[ClockWrite]

    async def run(self, commits: int, *, record: bool = True) -> None: ...

    async def close(self) -> None: ...

    def result(self) -> BareResult: ...


class StorageTarget(Protocol):
    @property
    def name(self) -> str:
        """The back end, as the report names it."""
        ...

    async def open(self, label: str) -> Database:
        """A fresh, migrated database for one section (`label` names it)."""
        ...

    async def bare(self, db: Database, label: str, state: str, *, clock_rows: bool = False) -> Bare:
        """The bare commit of a move's rows in `db`'s schema, on the same back end, with the same settings: the game
        row and the action; with `clock_rows`, the clock's rows of the moves it is given too (`BareLoop`)."""
        ...


@dataclass(frozen=True)
class SqliteTarget:
    """SQLite files in `directory`: the bot's own `Database`, and a plain aiosqlite connection beside it."""

    directory: Path
    name: str = "sqlite"

    async def open(self, label: str) -> Database:
        return await Database.open(self.directory / f"{label}.sqlite3")

    async def bare(self, db: Database, label: str, state: str, *, clock_rows: bool = False) -> Bare:
        path = self.directory / f"{_bare_label(label, clock_rows)}.sqlite3"
        return await BareCommits.open(path, await pragmas_of(db), state, clock_rows=clock_rows)


@dataclass(frozen=True)
class PostgresTarget:
    """Databases created on the PostgreSQL server of `url` (its user may create databases): the bot's own
    `Database`, and a plain asyncpg connection beside it with the same `synchronous_commit`."""

    url: str
    name: str = "postgresql"

    async def open(self, label: str) -> Database:
        return await Database.open(await fresh_database(self.url, _database_name(label)))

    async def bare(self, db: Database, label: str, state: str, *, clock_rows: bool = False) -> Bare:
        url = await fresh_database(self.url, _database_name(_bare_label(label, clock_rows)))
        return await PostgresBareCommits.open(url, state, synchronous_commit="on", clock_rows=clock_rows)


def _bare_label(label: str, clock_rows: bool) -> str:
    """What a bare commit's own database is named after: `label`, and which of the two floors it is."""
    return f"{label}-bare-clock" if clock_rows else f"{label}-bare"


def _database_name(label: str) -> str:
    return "cardroom_bench_" + "".join(c if c.isalnum() else "_" for c in label.lower())


def storage_target(spec: str, directory: Path) -> StorageTarget:
    """The back end `spec` names: `sqlite` (files in `directory`) or a `postgresql://` URL of a server where the
    bench may create databases."""
    if spec == "sqlite":
        return SqliteTarget(directory)
    if is_postgres(spec):
        return PostgresTarget(spec)
    raise ValueError(f"no bench back end for {spec!r} (sqlite, or a postgresql:// URL)")
