"""Shared by the service tests: a fresh database per test, a clock the test moves by hand, a fixed deal.

The database is a SQLite file; the tests of deadlines and their claims (marked `postgresql_too`)
run on a PostgreSQL database of the session's server as well.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.services.tables import Tables
from bot.storage import Database
from tests.bot.services.clocks import Clock
from tests.support.databases import open_new_postgres, open_new_sqlite, schema_of_a_test
from tests.support.postgres import PostgresServer


@pytest.fixture
def clock() -> Clock:
    return Clock()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test marked `postgresql_too` (or in a module so marked) runs on both back ends, the others on SQLite."""
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker("postgresql_too"):
        metafunc.parametrize("backend", ["sqlite", "postgresql"])


@pytest.fixture
def backend() -> str:
    return "sqlite"


@pytest.fixture
async def db_location(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[str | Path]:
    """Where the test's database is: a new SQLite file, or a PostgreSQL schema of the run's server, migrated and
    empty (`migrated_schema`: what a new file is once opened), or new and empty for a test marked `empty_database`."""
    if backend == "sqlite":
        yield tmp_path / "cardroom.sqlite3"
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    async with schema_of_a_test(server, empty=request.node.get_closest_marker("empty_database") is not None) as url:
        yield url


@pytest.fixture
async def db(db_location: str | Path) -> AsyncIterator[Database]:
    """The test's database, open and migrated more cheaply than one migration at a time, to the same schema and rows
    (`tests/support/databases.py`)."""
    if isinstance(db_location, Path):
        database = await open_new_sqlite(db_location)
    else:
        database = await open_new_postgres(db_location)
    yield database
    await database.close()


@pytest.fixture
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same deal every run (the service seeds each table with `secrets.randbits`)."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 20240917)


@pytest.fixture
def service(db: Database) -> Tables:
    """A table service on the test's own database, with no clock injected."""
    return Tables(db)
