"""League points and standings: points by place, byes and forfeits, and the standings' tiebreaks on rigged results."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.leagues.standings import Row, TableScore, bye_points, forfeit_points, points, standings


def test_points_by_place() -> None:
    assert points([1, 2]) == (1.0, 0.0)
    assert points([2, 1]) == (0.0, 1.0)
    assert points([1, 1]) == (0.5, 0.5)
    assert points([1, 2, 3]) == (2.0, 1.0, 0.0)
    assert points([3, 1, 2]) == (0.0, 2.0, 1.0)
    assert points([1, 1, 3]) == (1.5, 1.5, 0.0)
    assert points([1, 2, 2, 4]) == (3.0, 1.5, 1.5, 0.0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=6), min_size=2, max_size=6))
def test_points_share_one_point_a_pair_and_follow_the_places(places: list[int]) -> None:
    scored = points(places)
    assert sum(scored) == len(places) * (len(places) - 1) / 2
    for a, place_a in enumerate(places):
        for b, place_b in enumerate(places):
            assert (scored[a] > scored[b]) == (place_a < place_b)


def test_a_bye_is_a_win_at_a_table_of_the_leagues_size() -> None:
    assert bye_points(2) == 1.0
    assert bye_points(3) == 2.0
    assert TableScore.for_bye(4, 77, 3) == TableScore(round=4, players=(77,), points=(2.0,), bye=True)


def test_forfeits() -> None:
    assert forfeit_points([True, False]) == (0.0, 1.0)
    assert forfeit_points([True, True]) == (0.0, 0.0)  # a double forfeit
    assert forfeit_points([False, True, False]) == (1.5, 0.0, 1.5)
    assert forfeit_points([True, True, False]) == (0.0, 0.0, 2.0)
    assert forfeit_points([True, True, True]) == (0.0, 0.0, 0.0)
    assert TableScore.from_forfeits(2, [5, 6, 7], {6}).points == (1.5, 0.0, 1.5)


def test_a_table_score_is_well_formed() -> None:
    with pytest.raises(ValueError, match="one score per player"):
        TableScore(round=1, players=(1, 2), points=(1.0,))
    with pytest.raises(ValueError, match="twice"):
        TableScore(round=1, players=(1, 1), points=(1.0, 0.0))
    with pytest.raises(ValueError, match="one player's"):
        TableScore(round=1, players=(1, 2), points=(1.0, 0.0), bye=True)
    with pytest.raises(ValueError, match="at least 2"):
        TableScore(round=1, players=(1,), points=(1.0,))


def two(round: int, first: int, second: int, *, tie: bool = False) -> TableScore:
    """A two-player table: `first` won it (or tied)."""
    return TableScore.from_places(round, [first, second], [1, 1] if tie else [1, 2])


def test_six_players_three_rounds_by_hand() -> None:
    tables = [
        two(1, 1, 2),
        two(1, 3, 4),
        two(1, 5, 6, tie=True),
        two(2, 1, 3),
        two(2, 5, 2),
        two(2, 6, 4),
        two(3, 6, 1),
        two(3, 3, 5, tie=True),
        two(3, 2, 4),
    ]
    # points: 1: 1+1+0, 2: 0+0+1, 3: 1+0+½, 4: 0, 5: ½+1+½, 6: ½+1+1
    # opponents' points: 1: 2's 1 + 3's 1½ + 6's 2½ = 5; 5: 6's 2½ + 2's 1 + 3's 1½ = 5; 6: 5's 2 + 4's 0 + 1's 2 = 4;
    # 3: 4's 0 + 1's 2 + 5's 2 = 4; 2: 1's 2 + 5's 2 + 4's 0 = 4; 4: 3's 1½ + 6's 2½ + 2's 1 = 5.
    # 1 and 5 are tied on both and never met: they share the 2nd place.
    assert standings([1, 2, 3, 4, 5, 6], tables) == (
        Row(rank=1, user_id=6, points=2.5, opponents_points=4.0, head_to_head=0.0, played=3, byes=0),
        Row(rank=2, user_id=1, points=2.0, opponents_points=5.0, head_to_head=0.0, played=3, byes=0),
        Row(rank=2, user_id=5, points=2.0, opponents_points=5.0, head_to_head=0.0, played=3, byes=0),
        Row(rank=4, user_id=3, points=1.5, opponents_points=4.0, head_to_head=0.0, played=3, byes=0),
        Row(rank=5, user_id=2, points=1.0, opponents_points=4.0, head_to_head=0.0, played=3, byes=0),
        Row(rank=6, user_id=4, points=0.0, opponents_points=5.0, head_to_head=0.0, played=3, byes=0),
    )


def test_points_first_then_opponents_points_where_a_bye_adds_nothing() -> None:
    tables = [
        two(1, 1, 2),
        two(1, 3, 4),
        TableScore.for_bye(1, 5, 2),
        two(2, 1, 3),
        two(2, 5, 2),
        TableScore.for_bye(2, 4, 2),
    ]
    rows = standings([1, 2, 3, 4, 5], tables)
    # 1 and 5 have 2 points: 1 met 2 (0) and 3 (1), 5 met only 2 (0); 3 and 4 have 1: 3 met 4 (1) and 1 (2), 4 only 3.
    assert [(row.rank, row.user_id, row.points, row.opponents_points) for row in rows] == [
        (1, 1, 2.0, 1.0),
        (2, 5, 2.0, 0.0),
        (3, 3, 1.0, 3.0),
        (4, 4, 1.0, 1.0),
        (5, 2, 0.0, 4.0),
    ]
    assert [(row.played, row.byes) for row in rows] == [(2, 0), (1, 1), (2, 0), (1, 1), (2, 0)]


def test_then_the_results_among_the_tied() -> None:
    tables = [two(1, 1, 2), two(1, 3, 4), two(2, 1, 3), two(2, 2, 4), two(3, 4, 1), two(3, 2, 3)]
    # 1 and 2 have 2 points and 4 opponents' points, 1 beat 2; 3 and 4 have 1 and 5, 3 beat 4.
    rows = standings([4, 3, 2, 1], tables)
    assert [(row.rank, row.user_id, row.points, row.opponents_points, row.head_to_head) for row in rows] == [
        (1, 1, 2.0, 4.0, 1.0),
        (2, 2, 2.0, 4.0, 0.0),
        (3, 3, 1.0, 5.0, 1.0),
        (4, 4, 1.0, 5.0, 0.0),
    ]


def test_results_among_the_tied_at_bigger_tables_and_a_shared_rank_after_every_tiebreak() -> None:
    tables = [
        TableScore.from_places(1, [1, 2, 3], [1, 2, 3]),  # 2 ahead of 3
        TableScore.from_places(1, [4, 5, 6], [1, 2, 3]),  # 4 ahead of 5
        TableScore.from_places(2, [3, 4, 5], [1, 3, 2]),  # 5 ahead of 4
        TableScore.from_places(2, [1, 2, 6], [1, 2, 3]),
    ]
    # points: 1: 4, 2: 2, 3: 2, 4: 2, 5: 2, 6: 0; opponents' points: 1: 2+2 + 2+0, 2: 4+2 + 4+0, 3: 4+2 + 2+2,
    # 4: 2+0 + 2+2, 5: 2+0 + 2+2, 6: 2+2 + 4+2. Among the tied: 2 and 3 met once, 2 ahead; 4 and 5 twice, one each.
    rows = standings([1, 2, 3, 4, 5, 6], tables)
    assert [(row.rank, row.user_id, row.points, row.opponents_points, row.head_to_head) for row in rows] == [
        (1, 1, 4.0, 6.0, 0.0),
        (2, 2, 2.0, 10.0, 1.0),
        (3, 3, 2.0, 10.0, 0.0),
        (4, 4, 2.0, 6.0, 1.0),
        (4, 5, 2.0, 6.0, 1.0),
        (6, 6, 0.0, 10.0, 0.0),
    ]


def test_a_player_who_left_is_not_ranked_but_their_points_count_for_their_opponents() -> None:
    tables = [
        two(1, 9, 1),  # 9 beat 1, then left the league
        two(1, 2, 3),
        TableScore.from_forfeits(2, [9, 2], {9}),
        TableScore.from_forfeits(2, [1, 3], {1, 3}),  # nobody moved: a double forfeit
    ]
    # points: 9: 1 + 0, 2: 1 + 1, 1 and 3: 0; opponents' points: 2: 3's 0 + 9's 1, 3: 2's 2 + 1's 0, 1: 9's 1 + 3's 0.
    rows = standings([1, 2, 3], tables)
    assert [(row.rank, row.user_id, row.points, row.opponents_points, row.played) for row in rows] == [
        (1, 2, 2.0, 1.0, 2),
        (2, 3, 0.0, 2.0, 2),
        (3, 1, 0.0, 1.0, 2),
    ]


def test_a_field_with_no_results_shares_the_first_rank() -> None:
    assert [(row.rank, row.user_id, row.played) for row in standings([3, 1, 2], [])] == [
        (1, 1, 0),
        (1, 2, 0),
        (1, 3, 0),
    ]
