"""The rating rules (`bot.ratings`): order, ties, which games count, and the provisional mark."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ratings import INITIAL, PROVISIONAL_GAMES, Placed, Rating, counts, guild_key, holder, holders_after, rate


def seats(*places: int, won: tuple[int, ...] = (0,), out: tuple[int, ...] = ()) -> list[Placed]:
    return [
        Placed(seat=seat, holder=holder(100 + seat), place=place, won=seat in won, clocked_out=seat in out)
        for seat, place in enumerate(places)
    ]


def test_a_newcomer_starts_at_zero_conservative_rating_and_provisional() -> None:
    assert (INITIAL.mu, round(INITIAL.sigma, 6), INITIAL.games) == (25.0, round(25 / 3, 6), 0)
    assert abs(INITIAL.conservative) < 1e-12 and INITIAL.provisional
    assert not Rating(30.0, 2.0, PROVISIONAL_GAMES).provisional
    assert Rating(30.0, 2.0, PROVISIONAL_GAMES - 1).provisional


def test_the_winner_gains_and_the_loser_loses_and_both_grow_surer() -> None:
    winner, loser = rate({}, seats(1, 2))
    assert winner.after.mu > 25 > loser.after.mu
    assert winner.delta > 0 > loser.delta
    assert winner.after.sigma < INITIAL.sigma and loser.after.sigma < INITIAL.sigma
    assert (winner.after.games, loser.after.games) == (1, 1)
    assert winner.before == loser.before == INITIAL


def test_places_order_the_changes() -> None:
    changes = rate({}, seats(3, 1, 4, 2, won=(1,)))
    by_place = sorted(changes, key=lambda change: [3, 1, 4, 2][change.seat])
    mus = [change.after.mu for change in by_place]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == 4


def test_equal_places_are_a_tie_with_equal_changes() -> None:
    first, second, third = rate({}, seats(1, 2, 2))
    assert second.after == third.after and second.delta == third.delta
    assert first.after.mu > second.after.mu
    both = rate({}, seats(1, 1, won=(0, 1)))
    assert both[0].after == both[1].after
    assert math.isclose(both[0].after.mu, 25.0)  # equals tied: nobody's mean moves


def test_the_seat_order_does_not_matter() -> None:
    forward = rate({}, seats(2, 1, 3, won=(1,)))
    backward = rate({}, list(reversed(seats(2, 1, 3, won=(1,)))))
    assert {c.holder: c.after for c in forward} == {c.holder: c.after for c in backward}


def test_a_stronger_player_beating_a_weaker_one_gains_less_than_the_reverse() -> None:
    strong, weak = Rating(35.0, 3.0, 20), Rating(15.0, 3.0, 20)
    current = {holder(100): strong, holder(101): weak}
    expected = rate(current, seats(1, 2))[0].after.mu - strong.mu
    upset = rate(current, seats(2, 1, won=(1,)))[1].after.mu - weak.mu
    assert 0 < expected < upset


def test_which_games_count() -> None:
    assert counts(seats(1, 2))
    assert counts(seats(1, 2, out=(1,)))  # withdrawn by the clock, but someone won: rated by the stored places
    assert counts(seats(1, 2, won=()))  # no winner but nobody ran out of time (a forfeit-style result)
    assert not counts(seats(1, 1, won=(), out=(0, 1)))  # the clock ended it with no winner
    assert not counts(seats(1))  # nobody to be rated against
    twice = [Placed(0, "7", 1, True), Placed(1, "7", 2)]
    assert not counts(twice)
    assert rate({}, seats(1, 1, won=(), out=(0,))) == []


def test_holders_and_servers() -> None:
    assert holder(123456789012345678) == "123456789012345678"
    assert guild_key(None) == 0 and guild_key(42) == 42


@settings(max_examples=60, deadline=None)
@given(
    places=st.lists(st.integers(min_value=1, max_value=6), min_size=2, max_size=6),
    mus=st.lists(st.floats(min_value=0, max_value=50), min_size=6, max_size=6),
    sigmas=st.lists(st.floats(min_value=0.5, max_value=9), min_size=6, max_size=6),
)
def test_a_better_place_never_ends_below_a_worse_one_from_the_same_rating(
    places: list[int], mus: list[float], sigmas: list[float]
) -> None:
    # Everyone starts from the same rating. Tied players end equal; without ties, a better place ends with a
    # higher mean; with ties, the best place still ends above the worst. (Plackett-Luce as openskill implements it
    # may move the place just below a tie as much as, or more than, the tied players: openskill.py issue #155.)
    start = Rating(mus[0], sigmas[0], 3)
    players = seats(*places, won=tuple(seat for seat, place in enumerate(places) if place == min(places)))
    changes = rate({seat.holder: start for seat in players}, players)
    close = {"rel_tol": 1e-9, "abs_tol": 1e-9}
    tied = len(set(places)) < len(places)
    for a in changes:
        for b in changes:
            if places[a.seat] < places[b.seat] and not tied:
                assert a.after.mu > b.after.mu
            elif places[a.seat] == places[b.seat]:
                assert math.isclose(a.after.mu, b.after.mu, **close)
        assert a.after.games == 4 and a.after.sigma > 0
    best = [c.after.mu for c in changes if places[c.seat] == min(places)]
    worst = [c.after.mu for c in changes if places[c.seat] == max(places)]
    if min(places) != max(places):
        assert min(best) > max(worst)


def test_computer_seats_are_rated_per_level() -> None:
    assert holder(-1) == "cpu:easy" and holder(-2) == "cpu:normal"


def test_a_level_seated_twice_keeps_the_mean_of_its_seats() -> None:
    # One person and two normal computers: each computer seat is rated from the level's rating as a team of its
    # own, and the level keeps the mean of the two new ratings (one more game, not two).
    players = [Placed(0, "cpu:normal", 1, True), Placed(1, "7", 2), Placed(2, "cpu:normal", 3)]
    assert counts(players)
    changes = rate({}, players)
    first, _, third = changes
    assert first.before == third.before == INITIAL
    assert first.after.mu > INITIAL.mu > third.after.mu
    merged = holders_after(changes)
    assert merged["cpu:normal"].mu == pytest.approx((first.after.mu + third.after.mu) / 2)
    assert merged["cpu:normal"].sigma == pytest.approx((first.after.sigma + third.after.sigma) / 2)
    assert merged["cpu:normal"].games == 1 and merged["7"] == changes[1].after


def test_one_level_alone_at_every_seat_changes_no_rating() -> None:
    assert not counts([Placed(0, "cpu:easy", 1, True), Placed(1, "cpu:easy", 2)])
