"""Fixtures for the storage tests: a fresh database file per test, a deterministic clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from storage_helpers import Clock

from bot.storage import Database


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "data" / "cardroom.sqlite3"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def storage_db(db_file: Path, clock: Clock) -> AsyncIterator[Database]:
    db = await Database.open(db_file, clock=clock)
    try:
        yield db
    finally:
        await db.close()
