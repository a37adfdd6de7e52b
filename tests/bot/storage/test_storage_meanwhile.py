"""`commit_action(meanwhile=...)`: the caller's work done while a move's commit is in flight, on both back ends."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import pytest
from storage_helpers import new_game, results_for
from test_storage_clock import T, both, clock_write, clocked_game

from bot.storage import Database, Deadline, StaleVersionError, TableRecord


async def test_meanwhile_runs_once_before_the_move_is_committed(storage_db: Database) -> None:
    game = await new_game(storage_db)
    order: list[str] = []
    record = await storage_db.tables.commit_action(
        game.id, game.version, seat=0, action="{}", state='"next"', meanwhile=lambda: order.append("meanwhile")
    )
    order.append("committed")
    assert order == ["meanwhile", "committed"]
    assert record.version == game.version + 1 and (await storage_db.tables.get(game.id)).state == '"next"'
    assert await storage_db.tables.actions(game.id) == [(game.version + 1, 0, "{}")]


async def test_meanwhile_with_a_clock_and_in_a_shared_commit(storage_db: Database) -> None:
    clocked, write = await clocked_game(storage_db)
    games = [await new_game(storage_db, channel_id=300 + n) for n in range(5)]
    called: list[int] = []
    nxt = clock_write("next", both(1, 1_800_000_010.0, 100.0), previous=write.deadlines, due=1)
    moves = [
        storage_db.tables.commit_action(
            clocked.id, clocked.version, seat=0, action="{}", state='"c"', clock=nxt, meanwhile=lambda: called.append(0)
        ),
        *(
            storage_db.tables.commit_action(
                g.id, g.version, seat=0, action="{}", state='"g"', meanwhile=lambda n=n: called.append(n + 1)
            )
            for n, g in enumerate(games)
        ),
    ]
    records = await asyncio.gather(*moves)
    assert sorted(called) == list(range(6))  # each move's, once
    assert [r.version for r in records] == [clocked.version + 1, *(g.version + 1 for g in games)]
    assert json.loads((await storage_db.tables.get(clocked.id)).clock or "null") == {"name": "next"}


async def test_a_stale_move_writes_nothing_whatever_meanwhile_did(storage_db: Database) -> None:
    game = await new_game(storage_db)
    called: list[str] = []
    with pytest.raises(StaleVersionError):
        await storage_db.tables.commit_action(
            game.id, game.version - 1, seat=0, action="{}", state='"x"', meanwhile=lambda: called.append("x")
        )
    assert await storage_db.tables.get(game.id) == game and await storage_db.tables.actions(game.id) == []
    assert len(called) <= 1


async def end(db: Database, game: TableRecord, version: int, meanwhile: Callable[[], None]) -> TableRecord:
    """The move that ends `game` (two players: the first wins), committed at `version`."""
    return await db.tables.commit_action(
        game.id,
        version,
        seat=0,
        action="{}",
        state='"end"',
        result=results_for(game, [(1, True, 10), (2, False, 0)]),
        meanwhile=meanwhile,
    )


async def test_a_move_that_ends_the_game_calls_meanwhile_once_before_its_end_is_committed(
    storage_db: Database,
) -> None:
    game = await new_game(storage_db)
    order: list[str] = []
    record = await end(storage_db, game, game.version, lambda: order.append("meanwhile"))
    order.append("committed")
    assert record.status == "finished" and order == ["meanwhile", "committed"]
    assert [row.place for row in await storage_db.results.results(game.id)] == [1, 2]


async def test_an_end_that_fails_writes_nothing_whatever_meanwhile_did(storage_db: Database) -> None:
    game = await new_game(storage_db)
    called: list[str] = []
    with pytest.raises(StaleVersionError):
        await end(storage_db, game, game.version - 1, lambda: called.append("x"))
    assert await storage_db.tables.get(game.id) == game and await storage_db.results.results(game.id) == []
    assert len(called) <= 1


async def test_a_move_that_consumes_a_deadline_does_not_call_meanwhile(storage_db: Database) -> None:
    game, begun = await clocked_game(storage_db)
    expire = Deadline(game.id, 0, "expire", T + 100)
    after = clock_write("timed out", both(1, T + 100, 100), begun.deadlines, due=1, since=T + 100)
    called: list[str] = []
    record = await storage_db.tables.commit_action(
        game.id,
        game.version,
        seat=0,
        action="{}",
        state="{}",
        clock=after,
        consume=expire,
        meanwhile=lambda: called.append("x"),
    )
    assert record.version == game.version + 1 and called == []
