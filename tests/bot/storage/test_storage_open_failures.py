"""Why a database cannot be opened, in one line that says what to do (the command line prints it as is)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from bot.storage import MIGRATIONS, Database, Migration, SchemaTooNewError, StorageError
from bot.storage.health import open_failure
from tests.support.postgres import PostgresServer

FILL_UP = Migration(
    len(MIGRATIONS) + 1,
    "test-only: more data than the pages SQLite may use",
    (
        "PRAGMA max_page_count = 20",
        "CREATE TABLE filler (blob BLOB)",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)"
        " INSERT INTO filler SELECT randomblob(4000) FROM n",
    ),
)


def one_line(error: BaseException) -> str:
    message = str(error)
    assert message and "\n" not in message
    return message


def sqlite_error(path: Path, *statements: str) -> sqlite3.Error:
    """The error SQLite itself raises for the last of `statements` on a plain connection to `path`."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in statements[:-1]:
            conn.execute(statement)
        with pytest.raises(sqlite3.Error) as raised:
            conn.execute(statements[-1])
    finally:
        conn.close()
    return raised.value


def test_a_real_sqlite_full_says_the_disk_is_full(tmp_path: Path) -> None:
    path = tmp_path / "full.sqlite3"
    full = sqlite_error(
        path,
        "PRAGMA max_page_count = 4",
        "CREATE TABLE t (b BLOB)",
        "INSERT INTO t VALUES (randomblob(100000))",
    )
    assert full.sqlite_errorname == "SQLITE_FULL"
    message = one_line(open_failure(full, path))
    assert "database or disk is full" in message and "Free some space" in message and str(path) in message


async def test_a_migration_that_fills_the_disk_is_reported_as_such_and_rolled_back(db_file: Path) -> None:
    await (await Database.open(db_file)).close()
    with pytest.raises(StorageError) as refused:
        await Database.open(db_file, migrations=[*MIGRATIONS, FILL_UP])
    assert "database or disk is full" in one_line(refused.value) and "Free some space" in str(refused.value)
    assert isinstance(refused.value.__cause__, sqlite3.OperationalError)
    with sqlite3.connect(db_file) as conn:
        assert conn.execute("SELECT max(version) FROM schema_migrations").fetchone() == (len(MIGRATIONS),)
        assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'filler'").fetchone() == (0,)
    conn.close()


def test_a_read_only_database_asks_for_write_access(tmp_path: Path) -> None:
    path = tmp_path / "ro.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")
    conn.close()
    readonly = sqlite_error(Path(f"file:{path}?mode=ro"), "INSERT INTO t VALUES (1)")
    assert readonly.sqlite_errorname.startswith("SQLITE_READONLY")
    message = one_line(open_failure(readonly, path))
    assert "readonly" in message and "write access" in message


async def test_a_file_where_the_directory_should_be_is_named(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a directory")
    with pytest.raises(StorageError) as refused:
        await Database.open(tmp_path / "data" / "cardroom.sqlite3")
    assert "a file is in the way" in one_line(refused.value)


async def test_a_text_file_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 50)
    with pytest.raises(StorageError) as refused:
        await Database.open(path)
    assert "is not a SQLite database (file is not a database)" in one_line(refused.value)
    assert path.read_text() == "shopping list\n" * 50


async def test_a_directory_at_the_path_is_named(tmp_path: Path) -> None:
    threads = set(threading.enumerate())
    with pytest.raises(StorageError) as refused:
        await Database.open(tmp_path)
    assert f"points at the directory {tmp_path}" in one_line(refused.value)
    # The failed connection's thread is gone before the failure is reported: nothing of it is left to write a
    # traceback once the event loop closes.
    left = [thread for thread in threading.enumerate() if thread not in threads and thread.is_alive()]
    assert not [thread for thread in left if "_connection_worker_thread" in thread.name]  # aiosqlite's, by its target


async def test_a_schema_newer_than_the_code_carries_both_versions(db_file: Path) -> None:
    newer = Migration(len(MIGRATIONS) + 1, "test-only: from the future", ("CREATE TABLE future (x INTEGER)",))
    await (await Database.open(db_file, migrations=[*MIGRATIONS, newer])).close()
    with pytest.raises(SchemaTooNewError) as refused:
        await Database.open(db_file)
    assert (refused.value.found, refused.value.supported) == (len(MIGRATIONS) + 1, len(MIGRATIONS))
    assert "upgrade Cardroom or point CARDROOM_DATABASE at another file" in one_line(refused.value)


async def test_a_postgresql_database_that_cannot_be_opened_says_so_without_its_password(
    postgres: PostgresServer,
) -> None:
    url = postgres.url("no_such_database").replace("postgres@", "postgres:s3cret@")
    with pytest.raises(StorageError) as refused:
        await Database.open(url)
    message = one_line(refused.value)
    assert message.startswith("cannot open the PostgreSQL database postgresql://postgres:***@/no_such_database")
    assert 'database "no_such_database" does not exist' in message and "s3cret" not in message
