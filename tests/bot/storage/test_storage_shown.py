"""Which tables' messages are behind their rows, for the catch-up at start-up."""

from __future__ import annotations

from storage_helpers import new_game

from bot.storage import Database


async def test_a_table_behind_its_row_is_found_until_shown(storage_db: Database) -> None:
    game = await new_game(storage_db)
    assert await storage_db.tables.behind_tables(ended_since=0) == []  # no table message yet: nothing to edit
    await storage_db.tables.set_table_message(game.id, 555)
    behind = await storage_db.tables.behind_tables(ended_since=0)
    assert [g.id for g in behind] == [game.id] and behind[0].shown_version == 0
    await storage_db.tables.set_shown_version(game.id, game.version)
    assert await storage_db.tables.behind_tables(ended_since=0) == []
    await storage_db.tables.set_shown_version(game.id, game.version - 1)  # never goes back
    assert (await storage_db.tables.get(game.id)).shown_version == game.version


async def test_an_ended_game_is_behind_only_if_it_ended_recently(storage_db: Database) -> None:
    game = await new_game(storage_db)
    await storage_db.tables.set_table_message(game.id, 555)
    await storage_db.tables.set_shown_version(game.id, game.version)
    ended = await storage_db.tables.abort(game.id, by_user_id=1)
    assert ended.ended_at is not None
    assert [g.id for g in await storage_db.tables.behind_tables(ended_since=ended.ended_at)] == [game.id]
    assert await storage_db.tables.behind_tables(ended_since=ended.ended_at + 1) == []
