"""Results, leaderboards and history."""

from __future__ import annotations

from dataclasses import replace

from storage_helpers import finish_game, new_game, results_for

from bot.storage import Database, LeaderRow, ResultRow, Seat

ADA, BOB, CYD, DEE = Seat(1, "Ada"), Seat(2, "Bob"), Seat(3, "Cyd"), Seat(4, "Dee")


async def play(
    db: Database,
    people: list[Seat],
    outcome: list[tuple[int, bool, int]],
    *,
    guild_id: int | None = 1,
    game: str = "pairs",
    channel_id: int = 10,
) -> int:
    record = await new_game(db, people, channel_id=channel_id, guild_id=guild_id, game=game)
    await finish_game(db, record, outcome)
    return record.id


async def test_results_are_written_with_the_finishing_action(storage_db: Database) -> None:
    record = await new_game(storage_db, [ADA, BOB, CYD])
    done = await finish_game(storage_db, record, [(1, True, 9), (3, False, 2), (1, True, 9)])
    assert await storage_db.results.results(record.id) == [
        ResultRow(seat=0, user_id=1, name="Ada", place=1, won=True, measure=9),
        ResultRow(seat=1, user_id=2, name="Bob", place=3, won=False, measure=2),
        ResultRow(seat=2, user_id=3, name="Cyd", place=1, won=True, measure=9),
    ]
    [entry] = await storage_db.results.history(guild_id=1, user_id=2)
    assert (entry.table_id, entry.game, entry.seat, entry.players, entry.place, entry.won, entry.measure) == (
        record.id,
        "pairs",
        1,
        3,
        3,
        False,
        2,
    )
    assert entry.finished_at == done.ended_at


async def league(db: Database) -> None:
    """Ada: 3 games, 1 win, 12 points (4 a game). Bob: 2 games, 2 wins, 5 points (2.5 a game).
    Cyd: 3 games, 1 win, 12 points (4 a game). Dee: 1 game, 1 win, 20 points."""
    await play(db, [ADA, BOB], [(2, False, 3), (1, True, 2)])
    await play(db, [BOB, CYD, ADA], [(1, True, 3), (2, False, 4), (3, False, 1)])
    await play(db, [ADA, CYD], [(1, True, 8), (2, False, 6)])
    await play(db, [CYD, DEE], [(1, True, 2), (1, True, 20)])


async def test_leaderboard_by_wins(storage_db: Database) -> None:
    await league(storage_db)
    board = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="wins")
    # Bob 2 wins; then 1 win each: Dee (20 a game), Ada/Cyd (4 a game, 3 games): tie -> user id
    assert [row.name for row in board] == ["Bob", "Dee", "Ada", "Cyd"]
    assert counts(board[0]) == LeaderRow(user_id=2, name="Bob", games=2, wins=2, average=2.5, best_place=1)
    assert counts(board[2]) == LeaderRow(user_id=1, name="Ada", games=3, wins=1, average=4.0, best_place=1)
    assert board[0].rated == 2 and board[0].mu > 25  # their ratings come along (see test_ratings)


def counts(row: LeaderRow) -> LeaderRow:
    """The row without its rating (a newcomer's), to compare the counts alone."""
    return replace(row, mu=25.0, sigma=25.0 / 3, rated=0)


async def test_leaderboard_by_games(storage_db: Database) -> None:
    await league(storage_db)
    board = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="games")
    # 3 games: Ada, Cyd (same wins, same measure -> user id); 2 games: Bob; 1 game: Dee
    assert [row.user_id for row in board] == [1, 3, 2, 4]


async def test_leaderboard_by_measure(storage_db: Database) -> None:
    await league(storage_db)
    board = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="measure")
    # Dee 20; Ada 4 and Cyd 4 (1 win each, 3 games each -> user id); Bob 2.5
    assert [(row.name, row.average) for row in board] == [("Dee", 20), ("Ada", 4), ("Cyd", 4), ("Bob", 2.5)]
    lowest_first = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="measure", measure_order="low")
    assert [row.name for row in lowest_first] == ["Bob", "Ada", "Cyd", "Dee"]


async def test_leaderboard_ranks_by_the_average_per_game_not_the_total(storage_db: Database) -> None:
    # Chips won (more is better): Ada plays three games for +12 in all (4 a game), Bob one game for +5.
    for _ in range(3):
        await play(storage_db, [ADA, CYD], [(1, True, 4), (2, False, -4)])
    await play(storage_db, [BOB, CYD], [(1, True, 5), (2, False, -5)])
    board = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="measure")
    assert [(row.name, row.average) for row in board] == [("Bob", 5), ("Ada", 4), ("Cyd", -4.25)]


async def test_leaderboard_where_fewer_is_better_ranks_the_lowest_average_first(storage_db: Database) -> None:
    # Cards left (fewer is better), Dead Money's measure: Ada ends four games with 2 cards each (8 in all),
    # Bob one game with 5; by the total Bob would lead, by the average Ada does.
    for _ in range(4):
        await play(storage_db, [ADA, DEE], [(2, False, 2), (1, True, 0)], game="deadmoney")
    await play(storage_db, [BOB, DEE], [(2, False, 5), (1, True, 0)], game="deadmoney")
    board = await storage_db.results.leaderboard(guild_id=1, game="deadmoney", order="measure", measure_order="low")
    assert [(row.name, row.average, row.games) for row in board] == [("Dee", 0, 5), ("Ada", 2, 4), ("Bob", 5, 1)]
    by_wins = await storage_db.results.leaderboard(guild_id=1, game="deadmoney", order="wins", measure_order="low")
    assert [row.name for row in by_wins] == ["Dee", "Ada", "Bob"]  # no wins for Ada and Bob: fewer cards first


async def test_leaderboard_tie_breaks_use_the_other_columns(storage_db: Database) -> None:
    # Same wins; Bob has the higher measure -> first by wins, even with fewer games.
    await play(storage_db, [ADA, BOB], [(1, True, 1), (2, False, 0)])
    await play(storage_db, [ADA, BOB], [(2, False, 0), (1, True, 9)])
    await play(storage_db, [ADA, CYD], [(2, False, 0), (1, True, 0)])
    board = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="wins")
    assert [row.name for row in board] == ["Bob", "Ada", "Cyd"]


async def test_leaderboard_limit_scope_and_latest_name(storage_db: Database) -> None:
    await league(storage_db)
    renamed = Seat(1, "Ada Lovelace")
    await play(storage_db, [renamed, BOB], [(2, False, 0), (1, True, 0)])
    await play(storage_db, [ADA, BOB], [(1, True, 50), (2, False, 0)], guild_id=2)
    await play(storage_db, [ADA, BOB], [(1, True, 50), (2, False, 0)], game="chips")
    await play(storage_db, [ADA, BOB], [(1, True, 50), (2, False, 0)], guild_id=None)

    board = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="games", limit=2)
    assert [(row.name, row.wins, row.games) for row in board] == [("Ada Lovelace", 1, 4), ("Bob", 3, 3)]
    for guild, game in [(2, "pairs"), (1, "chips"), (None, "pairs")]:
        board = await storage_db.results.leaderboard(guild_id=guild, game=game, order="measure")
        assert [(row.name, row.average, row.games) for row in board] == [("Ada", 50, 1), ("Bob", 0, 1)]
    assert await storage_db.results.leaderboard(guild_id=3, game="pairs", order="wins") == []


async def test_aborted_games_do_not_count(storage_db: Database) -> None:
    await play(storage_db, [ADA, BOB], [(1, True, 5), (2, False, 1)])
    running = await new_game(storage_db, [ADA, BOB], channel_id=11)
    await storage_db.tables.abort(
        running.id, by_user_id=ADA.user_id, result=results_for(running, [(2, False, 0), (1, True, 99)])
    )
    board = await storage_db.results.leaderboard(guild_id=1, game="pairs", order="measure")
    assert [(row.name, row.games, row.average) for row in board] == [("Ada", 1, 5), ("Bob", 1, 1)]
    assert len(await storage_db.results.history(guild_id=1, user_id=BOB.user_id)) == 1
    assert len(await storage_db.results.results(running.id)) == 2  # stored, only not counted


async def test_history_is_newest_first_and_limited(storage_db: Database) -> None:
    ids = [await play(storage_db, [ADA, BOB], [(1, True, i), (2, False, 0)]) for i in range(4)]
    recent = await storage_db.results.history(guild_id=1, user_id=ADA.user_id, limit=3)
    assert [entry.table_id for entry in recent] == ids[::-1][:3]
    assert [entry.measure for entry in recent] == [3, 2, 1]
    assert await storage_db.results.history(guild_id=2, user_id=ADA.user_id) == []
