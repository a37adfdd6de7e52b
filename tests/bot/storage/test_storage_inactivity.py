"""Inactivity in storage: a rating's σ grows with the time since its holder's last rated game, when the next game is
rated (so the growth is kept), on the leaderboard and in /stats' rank (aged to the moment asked), and a rebuild
gives the same numbers."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from storage_helpers import finish_game, new_game

from bot import ratings
from bot.storage import Database, Seat
from tests.bot.services.clocks import Clock

ADA, BOB, CYD, DEE = Seat(1, "Ada"), Seat(2, "Bob"), Seat(3, "Cyd"), Seat(4, "Dee")
DAY = ratings.DAY


@pytest.fixture
def hand_clock() -> Clock:
    return Clock()


@pytest.fixture
async def db(db_location: str | Path, hand_clock: Clock) -> AsyncIterator[Database]:
    database = await Database.open(db_location, clock=hand_clock)
    yield database
    await database.close()


async def play(db: Database, winner: Seat, loser: Seat) -> int:
    record = await new_game(db, [winner, loser])
    await finish_game(db, record, [(1, True, 1), (2, False, 0)])
    return record.id


async def test_the_next_game_is_rated_from_a_rating_grown_by_the_time_away(db: Database, hand_clock: Clock) -> None:
    await play(db, ADA, BOB)
    before = (await db.ratings.of(guild_id=1, game="pairs"))["1"]
    hand_clock.now += 40 * DAY
    changes = await db.ratings.changes(await play(db, ADA, CYD))  # Ada comes back after 40 days; Cyd is new
    ada = changes[0]
    assert ada.mu_before == before.mu
    assert ada.sigma_before == pytest.approx(math.sqrt(before.sigma**2 + ratings.INACTIVITY_RATE**2 * 40))
    assert ada.sigma_before > before.sigma
    stored = await db.ratings.of(guild_id=1, game="pairs")
    rebuilt_games = await db.ratings.rebuild()
    assert rebuilt_games == 2
    again = await db.ratings.of(guild_id=1, game="pairs")
    for holder, rating in stored.items():
        assert math.isclose(rating.mu, again[holder].mu, abs_tol=1e-9)
        assert math.isclose(rating.sigma, again[holder].sigma, abs_tol=1e-9)


async def test_the_leaderboard_and_stats_rank_by_the_rating_aged_to_now(db: Database, hand_clock: Clock) -> None:
    for _ in range(5):  # Ada and Cyd: the same record against newcomers, Ada a month earlier
        await play(db, ADA, BOB)
    hand_clock.now += 30 * DAY
    for _ in range(5):
        await play(db, CYD, DEE)
    stored = await db.results.leaderboard(guild_id=1, game="pairs", order="rating")
    assert [row.name for row in stored][:2] == ["Ada", "Cyd"]  # as stored, Ada's record ranks first (user id)
    aged = await db.results.leaderboard(guild_id=1, game="pairs", order="rating", aged=True)
    assert [row.name for row in aged][:2] == ["Cyd", "Ada"]  # Ada has been away a month: less certain
    ada = next(row for row in aged if row.name == "Ada")
    assert ada.sigma == pytest.approx(math.sqrt(stored[0].sigma ** 2 + ratings.INACTIVITY_RATE**2 * 30), rel=1e-6)
    top = await db.results.leaderboard(guild_id=1, game="pairs", order="rating", aged=True, limit=1)
    assert [row.name for row in top] == ["Cyd"]
    stats = await db.results.stats(guild_id=1, user_id=ADA.user_id, aged=True)
    assert stats[0].rank == 2 and stats[0].sigma == pytest.approx(ada.sigma)
    assert (await db.results.stats(guild_id=1, user_id=ADA.user_id))[0].rank == 1  # as stored
