"""Fixtures for the storage tests: a fresh database per test on each back end, a deterministic clock.

A test that takes `storage_db` or `db_location` runs twice: on a SQLite file and on a fresh
database of the session's PostgreSQL server (`tests/support/postgres.py`). A test marked
`sqlite_only` (WAL, the file itself, SQLite's own checks) runs on SQLite alone; `db_file` is
always a SQLite file path.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from storage_helpers import Clock

from bot.storage import Database
from tests.support.databases import open_new_postgres, open_new_sqlite, schema_of_a_test
from tests.support.postgres import PostgresServer

BACKENDS = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only") is not None
        metafunc.parametrize("backend", BACKENDS[:1] if only else BACKENDS)


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "data" / "cardroom.sqlite3"


@pytest.fixture
async def db_location(backend: str, db_file: Path, request: pytest.FixtureRequest) -> AsyncIterator[str | Path]:
    """Where the test's database is: a new SQLite file, or a PostgreSQL schema of the run's server, migrated and
    empty (`migrated_schema`: what a new file is once opened), or new and empty for a test marked `empty_database`."""
    if backend == "sqlite":
        yield db_file
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    async with schema_of_a_test(server, empty=request.node.get_closest_marker("empty_database") is not None) as url:
        yield url


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def storage_db(db_location: str | Path, clock: Clock) -> AsyncIterator[Database]:
    """The test's database, open and migrated more cheaply than one migration at a time, to the same schema and rows
    (`tests/support/databases.py`): on SQLite a copy of a file migrated once per process, on PostgreSQL the
    migrations sent as one script. `test_storage_migrations.py` migrates new databases as the bot does."""
    if isinstance(db_location, Path):
        db = await open_new_sqlite(db_location, clock=clock)
    else:
        db = await open_new_postgres(db_location, clock=clock)
    try:
        yield db
    finally:
        await db.close()
