"""Shared by the service tests: a fresh database per test, a clock the test moves by hand, a fixed deal."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.services.tables import TableService
from bot.storage import Database
from tests.bot.services.clocks import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "cardroom.sqlite3")
    yield database
    await database.close()


@pytest.fixture
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same deal every run (the service seeds each table with `secrets.randbits`)."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 20240917)


@pytest.fixture
def service(db: Database) -> TableService:
    """A table service on the test's own database, with no clock injected."""
    return TableService(db)
