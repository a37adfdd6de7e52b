"""Pre-moves are stored one per seat of a table, apart from the table's row: setting, replacing, withdrawing,
taking a played one, and its deadline, on SQLite and PostgreSQL, never changing the table's version."""

from __future__ import annotations

from dataclasses import replace

from storage_helpers import new_game

from bot.storage import Database
from bot.storage.repos.premoves import PREMOVE, StoredPreMove

DECLINE = '{"kind": "decline"}'


def premove(table_id: int, seat: int, *, standing: bool = False, set_at: float = 10.0) -> StoredPreMove:
    return StoredPreMove(table_id, seat, "reaction", DECLINE, standing, set_at)


async def test_a_premove_is_set_replaced_and_withdrawn_without_changing_the_table(storage_db: Database) -> None:
    game = await new_game(storage_db)
    assert await storage_db.premoves.get(game.id, 1) is None
    await storage_db.premoves.set(premove(game.id, 1))
    await storage_db.premoves.set(premove(game.id, 0, standing=True))
    assert await storage_db.premoves.get(game.id, 1) == premove(game.id, 1)
    assert await storage_db.premoves.of_table(game.id) == [premove(game.id, 0, standing=True), premove(game.id, 1)]
    replaced = replace(premove(game.id, 1), standing=True, set_at=20.0)
    await storage_db.premoves.set(replaced)  # one per seat: the new choice replaces the old
    assert await storage_db.premoves.get(game.id, 1) == replaced
    assert await storage_db.premoves.withdraw(game.id, 1)
    assert not await storage_db.premoves.withdraw(game.id, 1)
    assert await storage_db.premoves.of_table(game.id) == [premove(game.id, 0, standing=True)]
    record = await storage_db.tables.get(game.id)
    assert record.version == game.version and record.updated_at == game.updated_at


async def test_taking_a_played_premove_leaves_one_set_since(storage_db: Database) -> None:
    game = await new_game(storage_db)
    first = premove(game.id, 1)
    await storage_db.premoves.set(first)
    second = replace(first, set_at=30.0)
    await storage_db.premoves.set(second)
    assert not await storage_db.premoves.take(first)  # replaced meanwhile: the new choice stays
    assert await storage_db.premoves.get(game.id, 1) == second
    assert await storage_db.premoves.take(second)
    assert await storage_db.premoves.get(game.id, 1) is None


async def test_its_deadline_is_written_once_and_goes_with_it(storage_db: Database) -> None:
    game = await new_game(storage_db)
    await storage_db.premoves.set(premove(game.id, 1))
    assert await storage_db.premoves.schedule(game.id, 1, 105.0)
    assert not await storage_db.premoves.schedule(game.id, 1, 200.0)  # pending already: it keeps its time
    assert await storage_db.premoves.scheduled(game.id, 1) == 105.0
    [due] = await storage_db.deadlines.due(1000.0, 10)
    assert (due.table_id, due.seat, due.kind, due.due_at) == (game.id, 1, PREMOVE, 105.0)
    assert await storage_db.premoves.unschedule(game.id, 1)
    assert not await storage_db.premoves.unschedule(game.id, 1)
    assert await storage_db.premoves.schedule(game.id, 1, 300.0)
    assert await storage_db.premoves.withdraw(game.id, 1)  # withdrawn: its deadline goes too
    assert await storage_db.premoves.scheduled(game.id, 1) is None
    assert (await storage_db.tables.get(game.id)).version == game.version


async def test_clearing_a_table_forgets_its_premoves_only(storage_db: Database) -> None:
    game = await new_game(storage_db)
    other = await new_game(storage_db, channel_id=11)
    for table_id in (game.id, other.id):
        await storage_db.premoves.set(premove(table_id, 0))
        await storage_db.premoves.schedule(table_id, 0, 50.0)
    await storage_db.premoves.clear(game.id)
    assert await storage_db.premoves.of_table(game.id) == []
    assert await storage_db.premoves.scheduled(game.id, 0) is None
    assert await storage_db.premoves.of_table(other.id) == [premove(other.id, 0)]
    assert await storage_db.premoves.scheduled(other.id, 0) == 50.0
