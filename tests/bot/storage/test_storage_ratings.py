"""Ratings in storage: updated with the result that ends a game, left alone otherwise, rebuilt identically."""

from __future__ import annotations

import asyncio
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storage_helpers import Clock, finish_with, new_game

from bot.ratings import INITIAL, PROVISIONAL_GAMES, Rating
from bot.storage import Database, ResultRow, Seat, StaleVersionError, TableRecord

PEOPLE = [Seat(1, "Ada"), Seat(2, "Bob"), Seat(3, "Cyd"), Seat(4, "Dee"), Seat(5, "Eve")]
ADA, BOB, CYD, DEE, EVE = PEOPLE


@dataclass(frozen=True)
class Played:
    """One game to store: who sat, their places (1 best), who won, who the clock withdrew, and how it ended."""

    people: tuple[Seat, ...]
    places: tuple[int, ...]
    won: tuple[int, ...] = (0,)
    out: tuple[int, ...] = ()
    guild_id: int | None = 1
    game: str = "pairs"
    aborted: bool = False


def rows(record: TableRecord, played: Played) -> list[ResultRow]:
    return [
        ResultRow(
            seat=seat,
            user_id=person.user_id,
            name=person.name,
            place=played.places[seat],
            won=seat in played.won,
            measure=10 - played.places[seat],
            clocked_out=seat in played.out,
        )
        for seat, person in enumerate(record.seats)
    ]


async def store(db: Database, played: Played) -> TableRecord:
    record = await new_game(db, played.people, guild_id=played.guild_id, game=played.game)
    if played.aborted:
        return await db.tables.abort(record.id, by_user_id=played.people[0].user_id, result=rows(record, played))
    return await finish_with(db, record, rows(record, played))


async def snapshot(db: Database, games: Sequence[TableRecord]) -> tuple[dict[object, Rating], dict[int, object]]:
    """Every stored rating, and every game's seat changes."""
    ratings: dict[object, Rating] = {}
    for guild_id in (1, 2, None):
        for game in ("pairs", "chips"):
            for holder, rating in (await db.ratings.of(guild_id=guild_id, game=game)).items():
                ratings[guild_id, game, holder] = rating
    changes = {record.id: await db.ratings.changes(record.id) for record in games}
    return ratings, changes


def assert_same(first: dict[object, Rating], second: dict[object, Rating]) -> None:
    assert first.keys() == second.keys()
    for key, rating in first.items():
        other = second[key]
        assert rating.games == other.games, key
        assert math.isclose(rating.mu, other.mu, rel_tol=0, abs_tol=1e-9), key
        assert math.isclose(rating.sigma, other.sigma, rel_tol=0, abs_tol=1e-9), key


async def test_a_finished_game_rates_its_players_in_the_same_transaction(storage_db: Database) -> None:
    record = await store(storage_db, Played((ADA, BOB, CYD), (2, 1, 3), won=(1,)))
    board = await storage_db.ratings.of(guild_id=1, game="pairs")
    assert set(board) == {"1", "2", "3"} and all(rating.games == 1 for rating in board.values())
    assert board["2"].mu > board["1"].mu > board["3"].mu
    changes = await storage_db.ratings.changes(record.id)
    assert sorted(changes) == [0, 1, 2]
    assert changes[1].delta > 0 > changes[2].delta
    assert (changes[1].mu_before, changes[1].sigma_before) == (INITIAL.mu, INITIAL.sigma)
    assert (changes[1].mu_after, changes[1].sigma_after) == (board["2"].mu, board["2"].sigma)
    # The next game starts from the stored ratings.
    second = await store(storage_db, Played((BOB, ADA), (1, 2)))
    again = await storage_db.ratings.changes(second.id)
    assert (again[0].mu_before, again[0].sigma_before) == (board["2"].mu, board["2"].sigma)
    assert (await storage_db.ratings.of(guild_id=1, game="pairs"))["2"].games == 2


async def test_the_changes_a_game_end_wrote_come_back_without_a_read_and_as_the_rows_hold_them(
    storage_db: Database, db_location: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = await store(storage_db, Played((ADA, BOB, CYD), (2, 1, 3), won=(1,)))
    with monkeypatch.context() as patched:

        def no_read() -> None:
            raise AssertionError("the changes just written are read back from the database")

        patched.setattr(storage_db, "_reading", no_read)
        noted = await storage_db.ratings.changes(record.id)
    read = await storage_db.ratings.changes(record.id)  # given back once: this one reads the rows
    other = await Database.open(db_location)
    try:
        elsewhere = await other.ratings.changes(record.id)
    finally:
        await other.close()
    assert sorted(noted) == [0, 1, 2] and noted == read == elsewhere
    # An end that did not commit notes nothing: the rows (none rated) are read.
    late = await new_game(storage_db, (ADA, BOB))
    with pytest.raises(StaleVersionError):
        await finish_with(storage_db, replace(late, version=late.version + 1), rows(late, Played((ADA, BOB), (1, 2))))
    assert await storage_db.ratings.changes(late.id) == {}


async def test_a_rebuild_forgets_the_changes_kept_from_game_ends(storage_db: Database) -> None:
    """A rebuild rewrites every game's changes: none kept from before it may be given back after it."""
    record = await store(storage_db, Played((ADA, BOB), (1, 2)))
    assert record.id in storage_db.ratings._rated
    await storage_db.ratings.rebuild()
    assert storage_db.ratings._rated == {}
    assert sorted(await storage_db.ratings.changes(record.id)) == [0, 1]


async def test_aborted_games_and_games_the_clock_ended_without_a_winner_change_no_rating(storage_db: Database) -> None:
    forfeit = await store(storage_db, Played((ADA, BOB), (1, 2), aborted=True))
    assert forfeit.status == "aborted" and len(await storage_db.results.results(forfeit.id)) == 2
    timed_out = await store(storage_db, Played((ADA, BOB), (1, 1), won=(), out=(0, 1)))
    assert timed_out.status == "finished"
    assert await storage_db.ratings.of(guild_id=1, game="pairs") == {}
    assert await storage_db.ratings.changes(forfeit.id) == {} and await storage_db.ratings.changes(timed_out.id) == {}
    # A player the clock withdrew from a game somebody won is rated by their stored place.
    decided = await store(storage_db, Played((ADA, BOB), (2, 1), won=(1,), out=(0,)))
    assert (await storage_db.ratings.changes(decided.id))[0].delta < 0


async def test_ratings_are_per_server_and_per_game(storage_db: Database) -> None:
    await store(storage_db, Played((ADA, BOB), (1, 2), guild_id=1))
    await store(storage_db, Played((ADA, BOB), (2, 1), won=(1,), guild_id=2))
    await store(storage_db, Played((ADA, BOB), (2, 1), won=(1,), guild_id=None))
    await store(storage_db, Played((ADA, BOB), (1, 1), won=(0, 1), game="chips"))
    assert (await storage_db.ratings.of(guild_id=1, game="pairs"))["1"].mu > 25
    assert (await storage_db.ratings.of(guild_id=2, game="pairs"))["1"].mu < 25
    assert (await storage_db.ratings.of(guild_id=None, game="pairs"))["1"].mu < 25
    chips = await storage_db.ratings.of(guild_id=1, game="chips")
    assert chips["1"] == chips["2"] and math.isclose(chips["1"].mu, 25.0)  # a tie between equals


async def test_the_leaderboard_ranks_by_conservative_rating_with_provisional_players_last(storage_db: Database) -> None:
    for winner in (ADA, ADA, ADA, BOB, ADA):  # Ada and Bob: five rated games each
        loser = BOB if winner == ADA else ADA
        await store(storage_db, Played((winner, loser), (1, 2)))
    await store(storage_db, Played((CYD, DEE), (1, 2)))  # one game each: provisional
    await store(storage_db, Played((EVE, DEE), (1, 1), won=(), out=(0, 1)))  # unrated: Eve has no rating
    board = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="rating")
    assert [row.name for row in board][:2] == ["Ada", "Bob"]
    assert [row.rated for row in board] == [5, 5, 1, 0, 1]
    established = [row for row in board if row.rated >= PROVISIONAL_GAMES]
    provisional = [row for row in board if row.rated < PROVISIONAL_GAMES]
    assert board == [*established, *provisional]
    assert [row.name for row in provisional] == ["Cyd", "Eve", "Dee"]  # by conservative rating: 1 win, new, 1 loss
    assert provisional[0].conservative > board[1].conservative  # Cyd rates above Bob but is ranked after him
    eve = provisional[1]
    assert (eve.mu, eve.sigma, eve.games) == (INITIAL.mu, INITIAL.sigma, 1)
    assert all(a.conservative >= b.conservative for a, b in itertools.pairwise(provisional))
    by_wins = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="wins")
    assert by_wins[0].name == "Ada" and by_wins[0].wins == 4  # `by:` keeps the other orders


async def test_rebuild_gives_back_the_incremental_ratings(storage_db: Database) -> None:
    series = [
        Played((ADA, BOB, CYD), (1, 2, 2)),
        Played((BOB, CYD), (1, 2), guild_id=2),
        Played((ADA, BOB), (1, 2), aborted=True),
        Played((CYD, DEE, EVE), (1, 1, 3), won=(0, 1)),
        Played((ADA, DEE), (1, 1), won=(), out=(0, 1)),
        Played((DEE, ADA, BOB, CYD), (4, 3, 2, 1), won=(3,), out=(0,)),
        Played((ADA, BOB), (2, 1), won=(1,), guild_id=None),
        Played((EVE, ADA), (1, 2), game="chips"),
        Played((ADA, BOB, CYD), (3, 1, 2), won=(1,)),
    ]
    games = [await store(storage_db, played) for played in series]
    before = await snapshot(storage_db, games)
    assert await storage_db.ratings.rebuild() == 7  # not the aborted one nor the one the clock ended
    after = await snapshot(storage_db, games)
    assert_same(before[0], after[0])
    assert before[1] == after[1]
    assert await storage_db.ratings.rebuild() == 7  # idempotent
    assert_same(before[0], (await snapshot(storage_db, games))[0])


NORMAL, NORMAL_TOO, EASY = Seat(-2, "🤖 Ada (Normal)"), Seat(-2, "🤖 Blaise (Normal)"), Seat(-1, "🤖 Grace (Easy)")


async def test_computer_levels_are_rated_and_ranked_and_rebuilt_like_people(storage_db: Database) -> None:
    series = [
        Played((ADA, NORMAL, EASY), (2, 1, 3), won=(1,)),
        Played((BOB, NORMAL, NORMAL_TOO), (3, 1, 2), won=(1,)),  # one level at two seats
        Played((NORMAL, EASY), (1, 2)),
    ]
    games = [await store(storage_db, played) for played in series]
    rated = await storage_db.ratings.of(guild_id=1, game="pairs")
    assert rated["cpu:normal"].games == 3 and rated["cpu:easy"].games == 2
    twice = await storage_db.ratings.changes(games[1].id)
    assert twice[1].mu_after > twice[2].mu_after  # each seat keeps its own change for the final table
    board = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="rating")
    normal = next(row for row in board if row.user_id == -2)
    assert (normal.mu, normal.sigma, normal.rated) == (rated["cpu:normal"].mu, rated["cpu:normal"].sigma, 3)
    assert (normal.games, normal.wins) == (3, 3)  # the game where it sat twice counts once
    before = await snapshot(storage_db, games)
    assert await storage_db.ratings.rebuild() == 3
    after = await snapshot(storage_db, games)
    assert_same(before[0], after[0])
    assert before[1] == after[1]


GAME = st.builds(
    lambda people, places, won, out, guild, game, aborted: Played(
        people=tuple(people),
        places=tuple(places[: len(people)]),
        won=tuple(seat for seat in won if seat < len(people)),
        out=tuple(seat for seat in out if seat < len(people)),
        guild_id=guild,
        game=game,
        aborted=aborted,
    ),
    st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=4, unique=True),
    st.lists(st.integers(min_value=1, max_value=4), min_size=4, max_size=4),
    st.sets(st.integers(min_value=0, max_value=3), max_size=2),
    st.sets(st.integers(min_value=0, max_value=3), max_size=2),
    st.sampled_from([1, 2, None]),
    st.sampled_from(["pairs", "chips"]),
    st.booleans(),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(series=st.lists(GAME, min_size=1, max_size=12))
def test_rebuild_equals_incremental_for_any_series(series: list[Played]) -> None:
    async def check() -> None:
        db = await Database.open(":memory:", clock=Clock())
        try:
            games = [await store(db, played) for played in series]
            before = await snapshot(db, games)
            await db.ratings.rebuild()
            after = await snapshot(db, games)
            assert_same(before[0], after[0])
            assert before[1] == after[1]
        finally:
            await db.close()

    asyncio.run(check())
