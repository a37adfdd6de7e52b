"""Two clicks at the same instant never both apply: in one process, and across two connections."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from storage_helpers import new_game, new_lobby, seats

from bot.storage import Database, Seat, StaleVersionError, TableRecord


async def race(
    attempts: list[asyncio.Future[TableRecord] | asyncio.Task[TableRecord]],
) -> tuple[list[TableRecord], int]:
    outcomes = await asyncio.gather(*attempts, return_exceptions=True)
    won = [o for o in outcomes if isinstance(o, TableRecord)]
    stale = [o for o in outcomes if isinstance(o, StaleVersionError)]
    assert len(won) + len(stale) == len(outcomes), outcomes  # nothing else went wrong
    return won, len(stale)


def click(db: Database, game: TableRecord, seat: int, tag: str) -> asyncio.Task[TableRecord]:
    return asyncio.ensure_future(
        db.tables.commit_action(
            game.id, game.version, seat=seat, action=json.dumps({"by": tag}), state=json.dumps({"last": tag})
        )
    )


async def check_one_applied(db: Database, before: TableRecord, winner: TableRecord) -> None:
    stored = await db.tables.get(before.id)
    assert stored == winner and stored.version == before.version + 1
    log = await db.tables.actions(before.id)
    assert log[-1][0] == stored.version and json.loads(log[-1][2]) == {"by": json.loads(stored.state or "")["last"]}
    assert [seq for seq, _, _ in log] == sorted({seq for seq, _, _ in log})  # no duplicate seq


async def test_same_database_same_version_exactly_one_applies(storage_db: Database) -> None:
    game = await new_game(storage_db)
    for _ in range(5):
        won, stale = await race([click(storage_db, game, seat, f"s{seat}-{i}") for i in range(3) for seat in (0, 1)])
        assert len(won) == 1 and stale == 5
        await check_one_applied(storage_db, game, won[0])
        game = won[0]


async def test_two_databases_on_one_file_exactly_one_applies(storage_db: Database, db_location: str | Path) -> None:
    other = await Database.open(db_location)
    try:
        game = await new_game(storage_db)
        for round_ in range(10):
            won, stale = await race([click(storage_db, game, 0, f"a{round_}"), click(other, game, 1, f"b{round_}")])
            assert len(won) == 1 and stale == 1
            await check_one_applied(storage_db, game, won[0])
            await check_one_applied(other, game, won[0])
            game = won[0]
        assert len(await other.tables.actions(game.id)) == 10
    finally:
        await other.close()


async def test_many_writers_many_games_no_lost_or_double_update(db_location: str | Path) -> None:
    """Three connections hammer two games with read-modify-write loops; every success is counted once."""
    dbs = [await Database.open(db_location) for _ in range(3)]
    try:
        games = [await new_game(dbs[0], channel_id=c) for c in (1, 2)]

        async def worker(db: Database, table_id: int, tries: int) -> int:
            applied = 0
            for _ in range(tries):
                current = await db.tables.get(table_id)
                count = json.loads(current.state or "{}").get("count", 0)
                try:
                    await db.tables.commit_action(
                        table_id, current.version, seat=0, action="{}", state=json.dumps({"count": count + 1})
                    )
                except StaleVersionError:
                    continue
                applied += 1
            return applied

        plan = [(db, game.id) for db in dbs for game in games for _ in range(2)]
        totals = await asyncio.gather(*(worker(db, table_id, 15) for db, table_id in plan))
        for game in games:
            stored = await dbs[1].tables.get(game.id)
            applied = sum(total for (_, table_id), total in zip(plan, totals, strict=True) if table_id == game.id)
            assert applied > 0
            assert json.loads(stored.state or "{}")["count"] == applied == len(await dbs[2].tables.actions(game.id))
            assert stored.version == game.version + applied
    finally:
        for db in dbs:
            await db.close()


async def test_two_hosts_opening_a_lobby_in_one_channel_from_two_connections(
    storage_db: Database, db_location: str | Path
) -> None:
    other = await Database.open(db_location)
    try:
        outcomes = await asyncio.gather(
            new_lobby(storage_db, channel_id=5, host=Seat(1, "one")),
            new_lobby(other, channel_id=5, host=Seat(2, "two")),
            return_exceptions=True,
        )
        created = [o for o in outcomes if isinstance(o, TableRecord)]
        assert len(created) == 1
        busy = next(o for o in outcomes if not isinstance(o, TableRecord))
        assert getattr(busy, "existing", None) == created[0]
    finally:
        await other.close()


async def test_concurrent_joins_from_the_same_version_only_one_lands(storage_db: Database) -> None:
    lobby = await new_lobby(storage_db)
    joins = [
        storage_db.tables.update_lobby(lobby.id, lobby.version, seats=[*lobby.seats, person])
        for person in seats("B", "C", "D", first_id=500)
    ]
    outcomes = await asyncio.gather(*joins, return_exceptions=True)
    assert sum(isinstance(o, TableRecord) for o in outcomes) == 1
    assert sum(isinstance(o, StaleVersionError) for o in outcomes) == 2
    assert len((await storage_db.tables.get(lobby.id)).seats) == 2


async def committed(db: Database) -> None:
    """Wait for the moves a cancelled caller left to the group commit: they still commit (or fail) whole.

    SQLite's reads wait for that commit anyway (one connection); PostgreSQL's run beside it on the pool.
    """
    if db._moves._committer is not None:
        await asyncio.gather(db._moves._committer, return_exceptions=True)


async def test_a_cancelled_commit_leaves_the_row_consistent(storage_db: Database) -> None:
    """Cancelling the caller at any point never leaves half an action, nor a transaction left open."""
    game = await new_game(storage_db)
    outcomes = set()
    for cancel_after in range(40):
        task = click(storage_db, game, 0, f"x{cancel_after}")
        for _ in range(cancel_after):
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await committed(storage_db)
        stored = await storage_db.tables.get(game.id)
        log = await storage_db.tables.actions(game.id)
        applied = stored.version - game.version
        assert applied in (0, 1) and len(log) == stored.version - 2  # seq starts after lobby (0) and start (1)
        outcomes.add((applied, task.cancelled()))
        # the connection is usable again, with no transaction left open
        game = await storage_db.tables.commit_action(stored.id, stored.version, seat=1, action="{}", state="{}")
    assert (0, True) in outcomes  # some cancellations came in time to undo the action
