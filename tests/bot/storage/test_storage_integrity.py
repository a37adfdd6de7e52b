"""SQLite's integrity check at open: a damaged file is refused before anything is written to it."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.storage import MIGRATIONS, DamagedDatabaseError, Database, IntegrityMode, StorageError, health
from tests.bot.storage.damage import populated_database, sha256, unindex_active_games, zero_pages

CHECKING: list[IntegrityMode] = ["auto", "full", "quick"]


@pytest.mark.parametrize("mode", [*CHECKING, "off"])
async def test_a_healthy_database_opens_in_every_mode(db_file: Path, mode: IntegrityMode) -> None:
    games = await populated_database(db_file)
    db = await Database.open(db_file, integrity=mode)
    try:
        assert await db.tables.active_tables() == games
    finally:
        await db.close()


@pytest.mark.parametrize("mode", CHECKING)
async def test_a_file_with_zeroed_pages_is_refused_and_left_byte_for_byte_unchanged(
    db_file: Path, mode: IntegrityMode
) -> None:
    await populated_database(db_file)
    assert zero_pages(db_file) >= 5
    before = sha256(db_file)
    with pytest.raises(DamagedDatabaseError) as refused:
        await Database.open(db_file, integrity=mode)
    message = str(refused.value)
    assert "damaged" in message and "malformed" in message
    assert "cardroom backup" in message and '".recover"' in message and "CARDROOM_DATABASE" in message
    assert "\n" not in message
    assert sha256(db_file) == before  # not one byte written: no WAL switch, no migration, no checkpoint


async def test_off_skips_the_check_and_the_damage_shows_only_when_reading(db_file: Path) -> None:
    """What happened before the check existed: the bot started, then failed on every read."""
    await populated_database(db_file)
    zero_pages(db_file)
    db = await Database.open(db_file, integrity="off")
    try:
        with pytest.raises(StorageError, match="malformed"):
            await db.tables.active_tables()
    finally:
        await db.close()


async def test_the_full_check_finds_an_index_out_of_step_that_the_quick_check_misses(db_file: Path) -> None:
    games = await populated_database(db_file, games=4)
    unindex_active_games(db_file)
    before = sha256(db_file)
    for mode in ("full", "auto"):  # auto is the full check for a file this small
        with pytest.raises(DamagedDatabaseError, match="wrong # of entries in index tables_open_channel"):
            await Database.open(db_file, integrity=mode)
    assert sha256(db_file) == before
    db = await Database.open(db_file, integrity="quick")
    try:
        assert await db.tables.active_tables() == games
    finally:
        await db.close()


async def test_auto_runs_the_quick_check_above_the_size_limit(db_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    await populated_database(db_file, games=4)
    unindex_active_games(db_file)
    assert health.integrity_pragma(db_file, "auto") == "integrity_check"
    size = (await asyncio.to_thread(db_file.stat)).st_size
    monkeypatch.setattr(health, "FULL_CHECK_LIMIT", size)  # the file is now "large"
    assert health.integrity_pragma(db_file, "auto") == "quick_check"
    db = await Database.open(db_file, integrity="auto")  # quick_check does not compare indexes with rows
    await db.close()


async def test_a_new_or_empty_file_or_memory_needs_no_check(db_file: Path) -> None:
    assert health.integrity_pragma(db_file, "full") is None  # does not exist yet
    await asyncio.to_thread(db_file.parent.mkdir, parents=True)
    await asyncio.to_thread(db_file.touch)
    assert health.integrity_pragma(db_file, "full") is None  # empty: a new database
    for path in (db_file, ":memory:"):
        db = await Database.open(path, integrity="full")
        assert db.schema_version == len(MIGRATIONS)
        await db.close()
    assert health.integrity_pragma(db_file, "off") is None
    assert health.integrity_pragma(db_file, "full") == "integrity_check"
    assert health.integrity_pragma(db_file, "quick") == "quick_check"


async def test_an_unknown_integrity_mode_is_refused(db_file: Path) -> None:
    with pytest.raises(ValueError, match="integrity must be one of"):
        await Database.open(db_file, integrity="sometimes")  # type: ignore[arg-type]
    assert not await asyncio.to_thread(db_file.exists)


def interrupted_rollback_transaction(path: Path) -> None:
    """A rollback-journal database whose last transaction a crash interrupted: the file plus its hot journal."""
    source = path.with_name("source.sqlite3")
    conn = sqlite3.connect(source, isolation_level=None)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("PRAGMA cache_size = 1")  # spill the changes into the file before COMMIT
    conn.execute("CREATE TABLE t (x BLOB)")
    conn.execute("INSERT INTO t SELECT zeroblob(1000) FROM (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3)")
    conn.execute("BEGIN")
    conn.execute("INSERT INTO t SELECT randomblob(1000) FROM t, t AS u, t AS v, t AS w")
    shutil.copy(source, path)  # the state a crash leaves on disk
    shutil.copy(f"{source}-journal", f"{path}-journal")
    conn.execute("ROLLBACK")
    conn.close()


async def test_a_hot_rollback_journal_is_rolled_back_by_sqlite_then_checked(db_file: Path) -> None:
    await asyncio.to_thread(db_file.parent.mkdir, parents=True)
    await asyncio.to_thread(interrupted_rollback_transaction, db_file)
    db = await Database.open(db_file, integrity="full")  # a read-only check alone could not read it
    await db.close()
    with sqlite3.connect(db_file) as conn:
        assert conn.execute("SELECT count(*) FROM t").fetchone() == (3,)  # the interrupted transaction is gone
    conn.close()
