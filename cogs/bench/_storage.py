"""The database a bench section runs on, as a parameter: its `Database`, and the bare commit of the same rows on
the same back end (the floor the move path is compared with).

`--database sqlite` (the default) is an embedded SQLite file in the bench's directory, its bare commit a
plain aiosqlite connection (`_bare`). Another back end adds a `StorageTarget` here and a branch in
`storage_target`: a `postgresql://` URL, its bare commit the same UPDATE and INSERT through the driver.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from bot.storage import Database

from ._bare import BareCommits, BareResult, pragmas_of


class Bare(Protocol):
    """Commits one move's rows at a time (UPDATE games + INSERT action) with nothing else."""

    state: str

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

    async def bare(self, db: Database, label: str, state: str) -> Bare:
        """The bare commit of the same rows as `db`'s, on the same back end, with the same settings."""
        ...


@dataclass(frozen=True)
class SqliteTarget:
    """SQLite files in `directory`: the bot's own `Database`, and a plain aiosqlite connection beside it."""

    directory: Path
    name: str = "sqlite"

    async def open(self, label: str) -> Database:
        return await Database.open(self.directory / f"{label}.sqlite3")

    async def bare(self, db: Database, label: str, state: str) -> Bare:
        return await BareCommits.open(self.directory / f"{label}-bare.sqlite3", await pragmas_of(db), state)


def storage_target(spec: str, directory: Path) -> StorageTarget:
    """The back end `spec` names: `sqlite` (files in `directory`); other back ends are refused until added."""
    if spec == "sqlite":
        return SqliteTarget(directory)
    raise ValueError(f"no bench back end for {spec!r} (known: sqlite)")
