"""`/stats` in storage: a player's games, wins, rating and rank per game in one server, ranked as the rating
leaderboard ranks."""

from __future__ import annotations

import random

from storage_helpers import finish_with, new_game

from bot.ratings import INITIAL, PROVISIONAL_GAMES
from bot.storage import Database, ResultRow, Seat, TableRecord

PEOPLE = [Seat(1, "Ada"), Seat(2, "Bob"), Seat(3, "Cyd"), Seat(4, "Dee")]
ADA, BOB, CYD, DEE = PEOPLE


async def play(
    db: Database, people: list[Seat], places: list[int], *, game: str = "pairs", guild_id: int | None = 1
) -> TableRecord:
    record = await new_game(db, people, guild_id=guild_id, game=game)
    rows = [
        ResultRow(seat=s, user_id=p.user_id, name=p.name, place=places[s], won=places[s] == 1, measure=5 - places[s])
        for s, p in enumerate(record.seats)
    ]
    return await finish_with(db, record, rows)


async def test_a_players_record_per_game_with_their_rank(storage_db: Database) -> None:
    await play(storage_db, [ADA, BOB], [1, 2])
    await play(storage_db, [ADA, BOB, CYD], [2, 1, 3])
    await play(storage_db, [ADA, CYD], [1, 2])
    await play(storage_db, [ADA, DEE], [2, 1], game="chips")
    await play(storage_db, [ADA, BOB], [1, 2], guild_id=2)  # another server: not counted here
    record = await new_game(storage_db, [ADA, BOB], channel_id=99)
    await storage_db.tables.abort(record.id, by_user_id=ADA.user_id)  # aborted: not counted

    stats = await storage_db.results.stats(guild_id=1, user_id=ADA.user_id)
    assert [(row.game, row.games, row.wins) for row in stats] == [("pairs", 3, 2), ("chips", 1, 0)]
    ratings = await storage_db.ratings.of(guild_id=1, game="pairs")
    pairs = stats[0]
    assert (pairs.mu, pairs.sigma, pairs.rated) == (ratings["1"].mu, ratings["1"].sigma, 3)
    assert pairs.conservative == ratings["1"].conservative
    assert pairs.rated < PROVISIONAL_GAMES
    for row in stats:
        board = await storage_db.results.leaderboard(guild_id=1, game=row.game, order="rating", limit=100)
        assert row.ranked == len(board)
        assert board[row.rank - 1].user_id == ADA.user_id
    assert stats[1].ranked == 2 and stats[1].rank == 2  # Dee beat Ada at chips

    assert await storage_db.results.stats(guild_id=1, user_id=99) == []
    assert [row.games for row in await storage_db.results.stats(guild_id=2, user_id=ADA.user_id)] == [1]
    assert await storage_db.results.stats(guild_id=None, user_id=ADA.user_id) == []


async def test_the_rank_is_the_rating_leaderboards_for_everyone(storage_db: Database) -> None:
    """Many games among five players: each player's rank is their place on `leaderboard(order="rating")`,
    provisional players (fewer rated games) after the others."""
    rng = random.Random(5)
    people = [*PEOPLE, Seat(5, "Eve")]
    for _ in range(14):
        table = rng.sample(people, rng.randint(2, 4))
        places = list(range(1, len(table) + 1))
        rng.shuffle(places)
        await play(storage_db, table, places)
    board = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="rating", limit=100)
    assert len(board) == len(people)
    for rank, leader in enumerate(board, 1):
        (row,) = await storage_db.results.stats(guild_id=1, user_id=leader.user_id)
        assert (row.rank, row.ranked, row.games, row.wins, row.rated) == (
            rank,
            len(board),
            leader.games,
            leader.wins,
            leader.rated,
        )


async def test_a_player_with_no_rating_has_a_newcomers(storage_db: Database) -> None:
    """A game that rates nobody (one player alone) still counts as played; the rating is a newcomer's."""
    record = await new_game(storage_db, [ADA])
    await finish_with(storage_db, record, [ResultRow(seat=0, user_id=1, name="Ada", place=1, won=True, measure=3)])
    (row,) = await storage_db.results.stats(guild_id=1, user_id=ADA.user_id)
    assert (row.games, row.wins, row.rated, row.rank, row.ranked) == (1, 1, 0, 1, 1)
    assert (row.mu, row.sigma) == (INITIAL.mu, INITIAL.sigma) and row.conservative == INITIAL.conservative
