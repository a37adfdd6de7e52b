"""Opening the database: pragmas, versioned migrations, idempotent re-open, upgrades (on SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from dataclasses import replace
from pathlib import Path

import asyncpg
import pytest
from storage_helpers import new_lobby, raw_rows, recorded_migrations, table_names

from bot.storage import MIGRATIONS, Database, Migration, StorageError, is_postgres
from tests.support.postgres import PostgresServer

pytestmark = pytest.mark.empty_database  # each test migrates its own new database

NOTES = Migration(
    len(MIGRATIONS) + 1,
    "test-only: table notes",
    ("CREATE TABLE notes (table_id INTEGER NOT NULL REFERENCES tables (id), body TEXT NOT NULL)",),
)


async def test_open_creates_the_directory_and_applies_every_migration_once(db_location: str | Path) -> None:
    assert is_postgres(db_location) or not Path(db_location).parent.exists()
    db = await Database.open(db_location)
    await db.close()
    assert db.schema_version == len(MIGRATIONS)
    tables = {"schema_migrations", "tables", "actions", "results", "deadlines", "ratings"}
    assert tables <= await table_names(db_location)
    assert await recorded_migrations(db_location) == list(range(1, len(MIGRATIONS) + 1))


async def test_reopen_is_idempotent_and_keeps_data(db_location: str | Path) -> None:
    db = await Database.open(db_location)
    lobby = await new_lobby(db)
    await db.close()
    for _ in range(2):
        db = await Database.open(db_location)
        assert db.schema_version == len(MIGRATIONS)
        assert await db.tables.get(lobby.id) == lobby
        await db.close()
    assert await recorded_migrations(db_location) == list(range(1, len(MIGRATIONS) + 1))


@pytest.mark.sqlite_only
async def test_pragmas_wal_full_sync_foreign_keys(storage_db: Database, db_file: Path) -> None:
    with sqlite3.connect(db_file) as raw:  # journal_mode=WAL is persistent, in the file itself
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn = storage_db._connection()  # the others are per connection: check the Database's own
    for pragma, value in [("synchronous", 2), ("foreign_keys", 1), ("busy_timeout", 5000)]:
        rows = list(await conn.execute_fetchall(f"PRAGMA {pragma}"))
        assert rows[0][0] == value, pragma


async def test_a_newer_migration_is_applied_on_reopen(db_location: str | Path) -> None:
    old = await Database.open(db_location, migrations=MIGRATIONS)
    lobby = await new_lobby(old)
    await old.close()
    assert "notes" not in await table_names(db_location)

    new = await Database.open(db_location, migrations=[*MIGRATIONS, NOTES])
    assert new.schema_version == NOTES.version
    assert await new.tables.get(lobby.id) == lobby  # the earlier migrations did not run again
    await new.close()
    assert "notes" in await table_names(db_location)
    assert await recorded_migrations(db_location) == list(range(1, NOTES.version + 1))

    again = await Database.open(db_location, migrations=[*MIGRATIONS, NOTES])
    await again.close()
    assert await recorded_migrations(db_location) == list(range(1, NOTES.version + 1))


async def test_a_failing_migration_is_rolled_back_entirely(db_location: str | Path) -> None:
    broken = Migration(len(MIGRATIONS) + 1, "fails half-way", ("CREATE TABLE half (x INTEGER)", "THIS IS NOT SQL"))
    with pytest.raises(StorageError):
        await Database.open(db_location, migrations=[*MIGRATIONS, broken])
    assert "half" not in await table_names(db_location)
    assert await recorded_migrations(db_location) == list(range(1, len(MIGRATIONS) + 1))  # each committed alone
    db = await Database.open(db_location)  # and the database still works
    assert db.schema_version == len(MIGRATIONS)
    await db.close()


async def test_a_database_newer_than_the_code_is_refused(db_location: str | Path) -> None:
    db = await Database.open(db_location, migrations=[*MIGRATIONS, NOTES])
    await db.close()
    with pytest.raises(StorageError, match="newer than this code"):
        await Database.open(db_location)


@pytest.mark.parametrize("versions", [[2], [1, 3], [1, 1]])
async def test_migration_versions_must_be_1_to_n(db_file: Path, versions: list[int]) -> None:
    migrations = [Migration(v, "x", ("SELECT 1",)) for v in versions]
    with pytest.raises(ValueError, match="versions must be"):
        await Database.open(db_file, migrations=migrations)


async def test_two_databases_opening_one_new_file_at_once_migrate_once(db_file: Path) -> None:
    """SQLite's switch to WAL does not wait on a busy file by itself: about one new file in eight raced before."""
    for attempt in range(40):
        path = db_file.with_name(f"new-{attempt}.sqlite3")
        first, second = await asyncio.gather(Database.open(path), Database.open(path))
        await first.close()
        await second.close()
        assert first.schema_version == second.schema_version == len(MIGRATIONS)
        assert await recorded_migrations(path) == list(range(1, len(MIGRATIONS) + 1))


async def test_closed_database_refuses_work(db_location: str | Path) -> None:
    db = await Database.open(db_location)
    await db.close()
    await db.close()  # idempotent
    with pytest.raises(StorageError, match="closed"):
        await db.tables.active_tables()


async def test_two_processes_migrating_one_new_postgresql_database_migrate_once(postgres: PostgresServer) -> None:
    """Each migration takes a lock on `schema_migrations`; creating that table itself may race once, and is retried."""
    for _ in range(4):
        url = await postgres.new_database()
        first, second = await asyncio.gather(Database.open(url), Database.open(url))
        await first.close()
        await second.close()
        assert first.schema_version == second.schema_version == len(MIGRATIONS)
        assert await recorded_migrations(url) == list(range(1, len(MIGRATIONS) + 1))
        await postgres.drop(url)


async def _raw_write(location: str | Path, *statements: str) -> None:
    """Statements run and committed straight on the database, past `Database` (SQLite or PostgreSQL)."""
    if is_postgres(location):
        conn = await asyncpg.connect(str(location))
        try:
            for statement in statements:
                await conn.execute(statement)
        finally:
            await conn.close()
        return
    with contextlib.closing(sqlite3.connect(location)) as conn, conn:
        for statement in statements:
            conn.execute(statement)


async def test_version_8_renames_games_to_tables_and_the_log_trigger_still_appends(db_location: str | Path) -> None:
    """A schema-7 database (`games`, `game_id`) keeps its tables and log, and its next move is logged once."""
    old = await Database.open(db_location, migrations=MIGRATIONS[:7])
    await old.close()
    await _raw_write(
        db_location,
        "INSERT INTO games (id, guild_id, channel_id, game, status, host_id, seats, seed, state, locale, created_at,"
        ' updated_at) VALUES (5, 1, 10, \'pairs\', \'active\', 100, \'[{"user_id": 100, "name": "Ada"},'
        ' {"user_id": 101, "name": "Bob"}]\', 42, \'{"turn": 0}\', \'en\', 1.0, 1.0)',
        "UPDATE games SET version = 1, last_seat = 0, last_action = '{\"k\": 1}', state = '{\"turn\": 1}' WHERE id = 5",
        "INSERT INTO table_seats (game_id, seat, user_id) VALUES (5, 0, 100), (5, 1, 101)",
    )

    db = await Database.open(db_location)
    try:
        assert db.schema_version == len(MIGRATIONS)
        table = await db.tables.get(5)
        assert (table.status, table.version, [seat.name for seat in table.seats]) == ("active", 1, ["Ada", "Bob"])
        assert await db.tables.active_in_channel(10) == table  # through the renamed partial index's table
        moved = await db.tables.commit_action(5, 1, seat=1, action='{"k": 2}', state='{"turn": 2}')
        assert await db.tables.actions(5) == [(1, 0, '{"k": 1}'), (moved.version, 1, '{"k": 2}')]
    finally:
        await db.close()
    names = await table_names(db_location)
    assert "tables" in names and "games" not in names
    seat_columns = await raw_rows(
        db_location,
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'table_seats'"
        if is_postgres(db_location)
        else "SELECT name FROM pragma_table_info('table_seats')",
    )
    assert ("table_id",) in seat_columns and ("game_id",) not in seat_columns


async def test_version_9_keeps_every_player_and_takes_the_digest_mode(db_location: str | Path) -> None:
    """The players table is rebuilt on SQLite (its CHECK) and its constraint replaced on PostgreSQL: rows stay."""
    old = await Database.open(db_location, migrations=MIGRATIONS[:8])
    await old.close()
    await _raw_write(
        db_location,
        "INSERT INTO players (user_id, notify, away_until, away_year, away_used, dm_refused, cards)"
        " VALUES (7, 'both', 99.5, 2026, 3600.0, 1, 'text')",
    )
    db = await Database.open(db_location)
    try:
        kept = await db.players.get(7)
        assert (kept.notify, kept.away_until, kept.away_year, kept.away_used, kept.dm_refused, kept.cards) == (
            "both",
            99.5,
            2026,
            3600.0,
            True,
            "text",
        )
        assert (kept.auto_away, kept.auto_next, kept.zone, kept.quiet_start, kept.due_at) == (
            True,
            False,
            None,
            None,
            None,
        )
        chosen = replace(kept, notify="digest", zone="Europe/Paris", quiet_start=23 * 60, quiet_end=7 * 60)
        await db.players.save(chosen)
        await db.players.due_by(7, 5.0)
        chosen = replace(chosen, due_at=5.0)
        assert await db.players.get(7) == chosen
        with pytest.raises(StorageError):  # the CHECK still refuses what is not a mode
            await db.players.save(replace(chosen, notify="pigeon"))  # type: ignore[arg-type]
    finally:
        await db.close()
