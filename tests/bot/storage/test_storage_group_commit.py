"""Group commit: moves on many tables at once share transactions, and each still stands or falls alone."""

from __future__ import annotations

import asyncio
from pathlib import Path

from storage_helpers import Clock, new_game

from bot.storage import Database, StaleVersionError, TableRecord


async def test_a_burst_of_moves_shares_commits_and_all_apply(storage_db: Database) -> None:
    games = [await new_game(storage_db, channel_id=100 + n) for n in range(12)]
    before = storage_db.group_commits
    records = await asyncio.gather(
        *(
            storage_db.tables.commit_action(
                g.id, g.version, seat=0, action=f'{{"kind":"hit","n":{n}}}', state=f'"s{n}"'
            )
            for n, g in enumerate(games)
        )
    )
    assert [r.version for r in records] == [g.version + 1 for g in games]
    assert storage_db.group_commits - before < len(games)  # at least two moves shared a transaction
    for n, game in enumerate(games):
        stored = await storage_db.tables.get(game.id)
        assert stored.state == f'"s{n}"' and stored.version == game.version + 1
        assert await storage_db.tables.actions(game.id) == [(game.version + 1, 0, f'{{"kind":"hit","n":{n}}}')]


async def test_a_stale_move_in_a_batch_fails_alone(storage_db: Database) -> None:
    games = [await new_game(storage_db, channel_id=200 + n) for n in range(4)]
    stale = games[2]
    outcomes = await asyncio.gather(
        *(
            storage_db.tables.commit_action(g.id, g.version - (g is stale), seat=1, action="{}", state='"next"')
            for g in games
        ),
        return_exceptions=True,
    )
    assert isinstance(outcomes[2], StaleVersionError) and outcomes[2].current == stale
    assert all(isinstance(o, TableRecord) for i, o in enumerate(outcomes) if i != 2)
    assert await storage_db.tables.get(stale.id) == stale and await storage_db.tables.actions(stale.id) == []
    assert [len(await storage_db.tables.actions(g.id)) for g in games if g is not stale] == [1, 1, 1]


async def test_a_wrong_seat_in_a_batch_fails_alone(storage_db: Database) -> None:
    first, second = [await new_game(storage_db, channel_id=300 + n) for n in range(2)]
    outcomes = await asyncio.gather(
        storage_db.tables.commit_action(first.id, first.version, seat=5, action="{}", state='"x"'),
        storage_db.tables.commit_action(second.id, second.version, seat=1, action="{}", state='"y"'),
        return_exceptions=True,
    )
    assert isinstance(outcomes[0], ValueError) and isinstance(outcomes[1], TableRecord)
    assert await storage_db.tables.get(first.id) == first


async def test_close_waits_for_accepted_moves(db_location: str | Path, clock: Clock) -> None:
    db = await Database.open(db_location, clock=clock)
    games = [await new_game(db, channel_id=400 + n) for n in range(5)]
    pending = [
        asyncio.create_task(db.tables.commit_action(g.id, g.version, seat=0, action="{}", state='"z"')) for g in games
    ]
    await asyncio.sleep(0)
    await db.close()
    assert all(task.done() and not task.exception() for task in pending)
    reopened = await Database.open(db_location, clock=clock)
    assert [(await reopened.tables.get(g.id)).version for g in games] == [g.version + 1 for g in games]
    await reopened.close()
