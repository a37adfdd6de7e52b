"""`/readyz`'s checks on the bot itself: logged in, its shards connected, the database answering in time."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.observe import server
from bot.runtime import CardroomBot
from bot.settings import Settings
from bot.storage import StorageError
from tests.support.databases import open_new_sqlite


async def test_readiness_follows_the_database_failing_and_coming_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    try:
        bot = CardroomBot(Settings(_env_file=None, discord_token="token"), db)  # type: ignore[call-arg]
        first = await bot.readiness()
        assert first.checks == {"logged in": False, "shards connected": False, "database": True}
        answers = db.ping

        async def unreachable() -> None:
            raise StorageError("connection refused")

        monkeypatch.setattr(db, "ping", unreachable)
        assert (await bot.readiness()).checks["database"] is False

        async def too_slow() -> None:
            await asyncio.sleep(10)

        monkeypatch.setattr(server, "READY_DB_TIMEOUT", 0.05)
        monkeypatch.setattr("bot.runtime.READY_DB_TIMEOUT", 0.05)
        monkeypatch.setattr(db, "ping", too_slow)
        assert (await bot.readiness()).checks["database"] is False  # answering, but not within the bound
        monkeypatch.setattr(db, "ping", answers)
        assert (await bot.readiness()).checks["database"] is True
    finally:
        await db.close()
