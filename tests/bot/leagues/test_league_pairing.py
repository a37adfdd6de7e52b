"""League pairing: Swiss rounds by standing and round-robin schedules, checked as properties on random fields and
histories (every player once per round, full tables, fair byes, the fewest repeated meetings) and on examples."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.leagues.pairing import Round, meetings, round_robin, swiss_round


def repeats(tables: Sequence[Sequence[int]], met: Mapping[frozenset[int], int]) -> int:
    """The repeated meetings a seating adds: a pair that met twice before counts two."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def fewest_repeats(players: Sequence[int], size: int, met: Mapping[frozenset[int], int]) -> int:
    """The least possible repeats over every way to seat `players` at tables of `size` (exhaustive)."""
    if not players:
        return 0
    head, rest = players[0], players[1:]
    return min(
        repeats([(head, *companions)], met) + fewest_repeats([p for p in rest if p not in companions], size, met)
        for companions in combinations(rest, size - 1)
    )


def check_round(one: Round, field: Sequence[int], size: int, had: Counter[int]) -> None:
    """A round of a field of at least `size`: everyone once, full tables, byes for the remainder only, fairly."""
    assert sorted(one.players()) == sorted(field)
    assert all(len(table) == size for table in one.tables)
    assert len(one.byes) == len(field) % size
    sitting = [player for player in field if player not in one.byes]
    for player in one.byes:  # nobody gets a second bye while someone of the field has fewer
        assert all(had[player] <= had[other] for other in sitting)


def play_swiss(orders: Sequence[Sequence[int]], size: int) -> tuple[list[Round], list[Mapping[frozenset[int], int]]]:
    """Swiss rounds, one per standing order given, each paired on the meetings and byes of the rounds before."""
    rounds: list[Round] = []
    befores: list[Mapping[frozenset[int], int]] = []
    for order in orders:
        met = meetings(table for past in rounds for table in past.tables)
        befores.append(met)
        rounds.append(swiss_round(order, size, met, [player for past in rounds for player in past.byes]))
    return rounds, befores


@st.composite
def swiss_leagues(draw: st.DrawFn, most_players: int, most_rounds: int) -> tuple[int, list[list[int]]]:
    size = draw(st.integers(min_value=2, max_value=4))
    count = draw(st.integers(min_value=size, max_value=most_players))
    field = list(range(101, 101 + count))
    orders = draw(st.lists(st.permutations(field), min_size=1, max_size=most_rounds))
    return size, [list(order) for order in orders]


@settings(max_examples=30, deadline=None)
@given(swiss_leagues(most_players=24, most_rounds=5))
def test_swiss_rounds_seat_everyone_once_at_full_tables_with_fair_byes(league: tuple[int, list[list[int]]]) -> None:
    size, orders = league
    rounds, _ = play_swiss(orders, size)
    had: Counter[int] = Counter()
    for order, one in zip(orders, rounds, strict=True):
        check_round(one, order, size, had)
        fewest = min(had[player] for player in order)
        lowest_with_fewest = [player for player in reversed(order) if had[player] == fewest]
        if len(one.byes) <= len(lowest_with_fewest):  # the lowest standing of those with the fewest byes
            assert set(one.byes) == set(lowest_with_fewest[: len(one.byes)])
        had.update(one.byes)
    assert max(had.values(), default=0) - min(had[player] for player in orders[0]) <= 1


@settings(max_examples=40, deadline=None)
@given(
    size=st.integers(min_value=2, max_value=6),
    smallest=st.integers(min_value=2, max_value=6),
    count=st.integers(min_value=2, max_value=14),
)
def test_any_field_from_two_up_sits_at_full_tables_or_one_smaller_table(size: int, smallest: int, count: int) -> None:
    min_size = min(smallest, size)
    field = list(range(50, 50 + count))
    swiss = swiss_round(field, size, {}, [], min_size=min_size)
    schedule = round_robin(field, size, min_size=min_size)
    if count >= size:
        check_round(swiss, field, size, Counter())
        assert schedule
        for one in schedule:
            assert sorted(one.players()) == field
    elif count >= min_size:
        assert swiss == Round(tables=(tuple(field),), byes=())
        assert schedule == (swiss,)
    else:
        assert swiss == Round(tables=(), byes=tuple(field))
        assert schedule == ()


@settings(max_examples=40, deadline=None)
@given(swiss_leagues(most_players=9, most_rounds=5))
def test_swiss_rounds_repeat_no_pair_more_than_they_must(league: tuple[int, list[list[int]]]) -> None:
    size, orders = league
    rounds, befores = play_swiss(orders, size)
    for one, met in zip(rounds, befores, strict=True):
        assert repeats(one.tables, met) == fewest_repeats([p for t in one.tables for p in t], size, met)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.permutations(range(1, 7)), min_size=3, max_size=3))
def test_six_players_two_a_table_meet_nobody_twice_in_three_rounds(orders: list[list[int]]) -> None:
    rounds, _ = play_swiss(orders, 2)
    pairs = [frozenset(table) for one in rounds for table in one.tables]
    assert len(pairs) == 9
    assert len(set(pairs)) == 9


def test_the_first_round_seats_the_standing_in_order_the_lowest_with_the_bye() -> None:
    assert swiss_round([5, 3, 8, 1, 9, 2, 7], 2, {}, []) == Round(tables=((5, 3), (8, 1), (9, 2)), byes=(7,))
    assert swiss_round([5, 3, 8, 1, 9, 2, 7, 4], 3, {}, []) == Round(tables=((5, 3, 8), (1, 9, 2)), byes=(7, 4))


def test_a_repeat_moves_a_player_down_to_the_next_who_is_new_to_them() -> None:
    met = {frozenset((1, 2)): 1, frozenset((3, 4)): 1}
    assert swiss_round([1, 2, 3, 4], 2, met, []).tables == ((1, 3), (2, 4))


def test_the_bye_goes_to_the_lowest_who_has_not_had_one_and_then_again_to_the_lowest() -> None:
    assert swiss_round([1, 2, 3, 4, 5], 2, {}, [5, 4]).byes == (3,)
    assert swiss_round([1, 2, 3], 2, {}, [1, 2, 3]).byes == (3,)
    assert swiss_round([1, 2, 3], 2, {}, [1, 2, 3, 3]).byes == (2,)  # 3 had two


def test_unavoidable_repeats_are_the_fewest() -> None:
    everyone = meetings(combinations(range(1, 5), 2))  # four players who all met once
    again = {**everyone, frozenset((1, 2)): 2}
    assert swiss_round([1, 2, 3, 4], 2, again, []).tables == ((1, 3), (2, 4))


def test_the_first_seat_goes_to_who_had_it_least_when_known() -> None:
    one = swiss_round([1, 2, 3, 4, 5, 6], 3, {}, [], first_seats={1: 2, 2: 1, 3: 2, 4: 0, 5: 1, 6: 1})
    assert one.tables == ((2, 3, 1), (4, 5, 6))


def test_a_field_smaller_than_a_table() -> None:
    assert swiss_round([1, 2], 4, {}, [], min_size=2) == Round(tables=((1, 2),), byes=())
    assert swiss_round([1, 2], 4, {}, []) == Round(tables=(), byes=(1, 2))
    assert swiss_round([1, 2], 4, {}, [], min_size=3) == Round(tables=(), byes=(1, 2))
    assert swiss_round([], 2, {}, []) == Round(tables=(), byes=())
    assert swiss_round([7], 2, {}, []) == Round(tables=(), byes=(7,))
    assert round_robin([1, 2, 3], 4, min_size=3) == (Round(tables=((1, 2, 3),), byes=()),)
    assert round_robin([1, 2, 3], 4) == ()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 2 seats"):
        swiss_round([1, 2], 1, {}, [])
    with pytest.raises(ValueError, match="listed twice"):
        swiss_round([1, 2, 1], 2, {}, [])
    with pytest.raises(ValueError, match="smallest table"):
        round_robin([1, 2, 3], 3, min_size=4)


def test_sixty_four_players_play_eight_swiss_rounds_without_a_repeat() -> None:
    field = list(range(1000, 1064))
    # the standing of each round: a fixed reshuffle of the field, so the top groups change
    orders = [field[step::7] + [p for p in field if p not in field[step::7]] for step in range(8)]
    for size in (2, 4):
        rounds, befores = play_swiss(orders, size)
        assert all(repeats(one.tables, met) == 0 for one, met in zip(rounds, befores, strict=True))


def test_a_swiss_round_is_the_same_when_computed_again() -> None:
    met = meetings([(1, 2, 3), (4, 5, 6), (1, 4, 7), (2, 5, 8)])
    first = swiss_round([8, 7, 6, 5, 4, 3, 2, 1], 3, met, [9])
    assert all(swiss_round([8, 7, 6, 5, 4, 3, 2, 1], 3, dict(met), (9,)) == first for _ in range(3))


@pytest.mark.parametrize("count", range(2, 13))
def test_a_round_robin_of_two_a_table_meets_every_pair_exactly_once(count: int) -> None:
    field = [10 * player for player in range(1, count + 1)]
    rounds = round_robin(field, 2)
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    had: Counter[int] = Counter()
    for one in rounds:
        check_round(one, field, 2, had)
        had.update(one.byes)
    met = meetings(table for one in rounds for table in one.tables)
    assert met == {frozenset(pair): 1 for pair in combinations(field, 2)}
    assert all(had[player] == count % 2 for player in field)


@settings(max_examples=30, deadline=None)
@given(size=st.integers(min_value=3, max_value=5), extra=st.integers(min_value=0, max_value=11))
def test_a_round_robin_of_bigger_tables_meets_every_pair_with_fair_byes(size: int, extra: int) -> None:
    field = [7 * player for player in range(1, size + extra + 1)]
    rounds = round_robin(field, size)
    had: Counter[int] = Counter()
    for one in rounds:
        check_round(one, field, size, had)
        had.update(one.byes)
        assert max(had[player] for player in field) - min(had[player] for player in field) <= 1
    met = meetings(table for one in rounds for table in one.tables)
    assert all(met.get(frozenset(pair), 0) >= 1 for pair in combinations(field, 2))


def test_a_round_robin_of_nine_three_a_table() -> None:
    rounds = round_robin(list(range(1, 10)), 3)
    assert len(rounds) == 5
    assert round_robin(list(range(1, 10)), 3) == rounds
    firsts = Counter(table[0] for one in rounds for table in one.tables)
    assert set(firsts) == set(range(1, 10))  # everyone opens a table at least once
