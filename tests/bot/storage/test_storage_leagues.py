"""Leagues are stored with a version, their entrants and each round's seatings, on SQLite and PostgreSQL: a change
made on a stale version is refused, a seating is decided once, and a due league is claimed by one process."""

from __future__ import annotations

import pytest
from storage_helpers import new_game

from bot.storage import Database
from bot.storage.repos.leagues import Entrant, League, LeagueChangedError, Seating


async def open_league(db: Database) -> League:
    return await db.leagues.create(
        guild_id=9,
        channel_id=500,
        game="pairs",
        format="swiss",
        rounds=3,
        round_seconds=86_400.0,
        pace="daily",
        table_size=2,
        organiser_id=1,
        locale="en",
        now=100.0,
    )


async def test_entrants_join_once_and_withdraw_while_the_league_is_open(storage_db: Database) -> None:
    league = await open_league(storage_db)
    assert league.status == "open" and league.round == 0 and league.version == 0
    assert await storage_db.leagues.join(league, Entrant(2, "Bea", 101.0))
    assert await storage_db.leagues.join(league, Entrant(3, "Cy", 102.0))
    assert not await storage_db.leagues.join(league, Entrant(2, "Bea", 103.0))
    assert [entrant.user_id for entrant in await storage_db.leagues.entrants(league.id)] == [2, 3]
    assert await storage_db.leagues.withdraw(league, 2)
    assert not await storage_db.leagues.withdraw(league, 2)
    assert await storage_db.leagues.entrants(league.id) == [Entrant(3, "Cy", 102.0)]
    assert [found.id for found in await storage_db.leagues.of_guild(9)] == [league.id]


async def test_a_round_begins_once_and_a_stale_version_is_refused(storage_db: Database) -> None:
    league = await open_league(storage_db)
    seatings = [Seating(league.id, 1, 0, (2, 3)), Seating(league.id, 1, 1, (4,), outcome="bye", points={4: 1.0})]
    running = await storage_db.leagues.begin_round(league, 1, seatings, ends_at=5_000.0, from_status="open")
    assert (running.status, running.round, running.due_at, running.version) == ("running", 1, 5_000.0, 1)
    with pytest.raises(LeagueChangedError):
        await storage_db.leagues.begin_round(league, 1, seatings, ends_at=5_000.0, from_status="open")
    with pytest.raises(LeagueChangedError):
        await storage_db.leagues.join(running, Entrant(5, "Di", 200.0))  # entrants join an open league only
    assert await storage_db.leagues.seatings(league.id, 1) == seatings
    assert await storage_db.leagues.running() == [running]


async def test_a_seating_keeps_its_thread_and_table_and_is_decided_once(storage_db: Database) -> None:
    league = await open_league(storage_db)
    await storage_db.leagues.begin_round(league, 1, [Seating(league.id, 1, 0, (2, 3))], 5_000.0, from_status="open")
    game = await new_game(storage_db)
    (seating,) = await storage_db.leagues.seatings(league.id, 1)
    await storage_db.leagues.set_thread(seating, 777)
    await storage_db.leagues.set_table(seating, game.id)
    found = await storage_db.leagues.by_table(game.id)
    assert found == Seating(league.id, 1, 0, (2, 3), table_id=game.id, thread_id=777)
    assert await storage_db.leagues.by_table(game.id + 1) is None
    assert await storage_db.leagues.decide(found, "played", {2: 1.0, 3: 0.0})
    assert not await storage_db.leagues.decide(found, "double_forfeit", {2: 0.0, 3: 0.0})
    (decided,) = await storage_db.leagues.seatings(league.id)
    assert decided.outcome == "played" and decided.points == {2: 1.0, 3: 0.0}


async def test_a_due_league_is_claimed_by_one_process_and_a_leaver_is_marked(storage_db: Database) -> None:
    league = await open_league(storage_db)
    await storage_db.leagues.join(league, Entrant(2, "Bea", 101.0))
    running = await storage_db.leagues.begin_round(league, 1, [], ends_at=5_000.0, from_status="open")
    await storage_db.leagues.due_by(league.id, 300.0)  # a table ended: handle it now
    await storage_db.leagues.due_by(league.id, 400.0)  # a later time does not delay it
    assert await storage_db.leagues.next_due() == 300.0
    (due,) = await storage_db.leagues.due(300.0)
    assert due.due_at == 300.0 and await storage_db.leagues.due(299.0) == []
    assert await storage_db.leagues.claim(running.id, 300.0, until=360.0)
    assert not await storage_db.leagues.claim(running.id, 300.0, until=360.0)
    assert await storage_db.leagues.leave(league.id, 2, 310.0)
    assert not await storage_db.leagues.leave(league.id, 2, 320.0)
    assert (await storage_db.leagues.entrants(league.id))[0].left_at == 310.0
    ended = await storage_db.leagues.end(running, "finished")
    assert ended.status == "finished" and ended.due_at is None
    await storage_db.leagues.due_by(league.id, 10.0)  # an ended league is never due again
    assert await storage_db.leagues.next_due() is None
