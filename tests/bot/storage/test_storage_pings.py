"""Each table's last turn mention is stored, so one posted before a crash can be found after it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from storage_helpers import finish_game, new_game, new_lobby

from bot.storage import MIGRATIONS, Database, TableNotFoundError


async def test_a_mention_is_remembered_until_cleared_and_changes_no_version(storage_db: Database) -> None:
    game = await new_game(storage_db)
    other = await new_game(storage_db, channel_id=11)
    await storage_db.tables.set_ping(game.id, 5551)
    await storage_db.tables.set_ping(other.id, 5552)
    await storage_db.tables.set_ping(other.id, 5553)  # the next mention replaces the previous one
    pinged = await storage_db.tables.pinged_tables()
    assert [(r.id, r.ping_message_id) for r in pinged] == [(game.id, 5551), (other.id, 5553)]
    assert (await storage_db.tables.get(game.id)).version == game.version
    await storage_db.tables.set_ping(game.id, None)
    assert [r.id for r in await storage_db.tables.pinged_tables()] == [other.id]


async def test_a_finished_game_with_a_mention_left_is_still_listed(storage_db: Database) -> None:
    game = await new_game(storage_db)
    await storage_db.tables.set_ping(game.id, 77)
    await finish_game(storage_db, game, [(1, True, 3), (2, False, 0)])
    (left,) = await storage_db.tables.pinged_tables()
    assert left.status == "finished" and left.ping_message_id == 77


async def test_a_mention_for_an_unknown_game_is_refused(storage_db: Database) -> None:
    with pytest.raises(TableNotFoundError):
        await storage_db.tables.set_ping(999, 1)


async def test_a_version_1_database_upgrades_with_its_games_intact(db_file: Path) -> None:
    """A database of the previous release (schema 1) gains the column; its tables load with no mention."""
    old = await Database.open(db_file, migrations=MIGRATIONS[:1])
    await old.close()
    with sqlite3.connect(db_file) as raw:
        raw.execute(
            "INSERT INTO games (channel_id, game, status, host_id, options, seats, seed, version, locale,"
            " created_at, updated_at) VALUES (10, 'pairs', 'lobby', 100, '{}', ?, 42, 0, 'en', 1.0, 1.0)",
            ('[{"user_id": 100, "name": "Ada"}]',),
        )
    db = await Database.open(db_file)
    try:
        assert db.schema_version == len(MIGRATIONS) >= 2
        (lobby,) = await db.tables.active_tables()
        assert lobby.ping_message_id is None and lobby.seats[0].name == "Ada"
        await db.tables.set_ping(lobby.id, 12)
        assert (await db.tables.get(lobby.id)).ping_message_id == 12
        assert (await new_lobby(db, channel_id=20)).ping_message_id is None
    finally:
        await db.close()
