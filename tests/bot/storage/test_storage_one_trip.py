"""A game's end on SQLite: its whole transaction (the row, the results, the ratings, the clock's rows) runs on the
connection's thread in one trip there and back (`Database._in_transaction`, `ThreadConnection`)."""

from __future__ import annotations

import asyncio
from typing import Any

import aiosqlite
import pytest
from storage_helpers import new_game, results_for

from bot.storage import Database
from bot.storage._sqlite import run_at_once

pytestmark = pytest.mark.sqlite_only


async def test_a_games_end_is_one_trip_to_the_connections_thread(
    storage_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await new_game(storage_db)
    trips: list[Any] = []
    execute = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        trips.append(fn)
        return await execute(self, fn, *args, **kwargs)

    result = results_for(game, [(1, True, 3), (2, False, 1)])
    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    ended = await storage_db.tables.commit_action(
        game.id, game.version, seat=0, action="{}", state='"end"', result=result
    )
    assert len(trips) == 1
    monkeypatch.undo()
    assert ended.status == "finished" and ended.version == game.version + 1
    assert [(row.seat, row.place) for row in await storage_db.results.results(game.id)] == [(0, 1), (1, 2)]
    changes = await storage_db.ratings.changes(game.id)
    assert sorted(changes) == [0, 1] and changes[0].mu_after > changes[0].mu_before  # rated in the same trip


def test_a_transaction_body_that_waits_on_anything_else_is_refused() -> None:
    async def waits() -> None:
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="waited on something other than its connection"):
        run_at_once(waits())


def test_a_transaction_body_gives_its_result_and_its_error() -> None:
    async def gives() -> int:
        return 7

    async def fails() -> None:
        raise ValueError("refused")

    assert run_at_once(gives()) == 7
    with pytest.raises(ValueError, match="refused"):
        run_at_once(fails())
