"""Seasons' pure rules: keys and bounds in UTC calendar terms, a season's replayed ratings and standings."""

from __future__ import annotations

import calendar
import math

import pytest

from bot import ratings
from bot.ratings import INITIAL, Placed
from bot.seasons import (
    Held,
    SeasonGame,
    SeasonKeyError,
    Standing,
    bounds,
    champion,
    dump_standings,
    ends_at,
    following,
    key_at,
    load_standings,
    period_of,
    replay,
    standings,
)


def utc(year: int, month: int, day: int = 1, hour: int = 0, minute: int = 0, second: int = 0) -> float:
    return float(calendar.timegm((year, month, day, hour, minute, second)))


def test_a_month_and_a_quarter_are_named_by_their_utc_calendar() -> None:
    assert key_at("monthly", utc(2026, 11, 15, 12)) == "2026-11"
    assert key_at("quarterly", utc(2026, 11, 15, 12)) == "2026-Q4"
    assert key_at("quarterly", utc(2026, 1, 1)) == "2026-Q1"
    assert key_at("quarterly", utc(2026, 6, 30, 23, 59, 59)) == "2026-Q2"
    assert key_at("monthly", utc(2026, 12, 31, 23, 59, 59)) == "2026-12"
    assert key_at("monthly", utc(2027, 1, 1)) == "2027-01"  # the first second of a month is that month's


def test_bounds_run_from_midnight_utc_to_the_next_seasons_first_midnight() -> None:
    assert bounds("2026-11") == (utc(2026, 11, 1), utc(2026, 12, 1))
    assert bounds("2026-12") == (utc(2026, 12, 1), utc(2027, 1, 1))  # the year changes
    assert bounds("2026-Q4") == (utc(2026, 10, 1), utc(2027, 1, 1))
    assert bounds("2028-02") == (utc(2028, 2, 1), utc(2028, 3, 1))  # 29 days, a leap year
    assert bounds("2026-Q1") == (utc(2026, 1, 1), utc(2026, 4, 1))
    for key in ("2026-01", "2026-07", "2026-Q2", "2026-Q3"):
        start, end = bounds(key)
        assert key_at(period_of(key), start) == key and key_at(period_of(key), end - 1) == key
        assert key_at(period_of(key), end) == following(key)


def test_the_next_season_follows_across_the_year() -> None:
    assert following("2026-11") == "2026-12"
    assert following("2026-12") == "2027-01"
    assert following("2026-Q4") == "2027-Q1"
    assert following("2026-Q2") == "2026-Q3"
    assert ends_at("monthly", utc(2026, 12, 31, 23)) == utc(2027, 1, 1)
    assert ends_at("quarterly", utc(2026, 11, 2)) == utc(2027, 1, 1)


@pytest.mark.parametrize("key", ["2026-13", "2026-00", "2026-Q5", "2026-Q0", "26-11", "current", ""])
def test_what_is_not_a_season_key_is_refused(key: str) -> None:
    with pytest.raises(SeasonKeyError):
        period_of(key)
    with pytest.raises(SeasonKeyError):
        bounds(key)


def game(at: float, *places: tuple[int, int]) -> SeasonGame:
    """A season game at `at`: (user id, place) per seat, the first place wins."""
    return SeasonGame(
        at,
        tuple(
            Placed(seat=seat, holder=ratings.holder(user), place=place, won=place == 1)
            for seat, (user, place) in enumerate(places)
        ),
    )


def test_a_seasons_ratings_are_the_all_time_function_replayed_from_a_newcomers() -> None:
    t0 = utc(2026, 11, 2)
    day = ratings.DAY
    games = [game(t0, (1, 1), (2, 2)), game(t0 + day, (2, 1), (3, 2)), game(t0 + 3 * day, (1, 1), (3, 2))]
    board = replay(games)
    expected: dict[str, tuple[ratings.Rating, float]] = {}  # the same games through `rate` and `aged`, by hand
    for played in games:
        current = {
            s.holder: ratings.aged(expected[s.holder][0], played.finished_at - expected[s.holder][1])
            for s in played.seats
            if s.holder in expected
        }
        for holder, rating in ratings.holders_after(ratings.rate(current, played.seats)).items():
            expected[holder] = (rating, played.finished_at)
    assert board == {holder: Held(rating, at) for holder, (rating, at) in expected.items()}
    assert board.keys() == {"1", "2", "3"} and board["1"].rating.games == 2
    assert board["1"].last_played == t0 + 3 * day and board["2"].last_played == t0 + day
    at_once = replay(SeasonGame(t0, played.seats) for played in games)  # no time between the games: no ageing
    assert at_once["1"].rating != board["1"].rating  # Ada's three days away widened her σ before her second game
    assert at_once["1"].rating.sigma < board["1"].rating.sigma


def test_standings_rank_by_conservative_rating_with_provisional_players_last_and_name_a_person_champion() -> None:
    t0 = utc(2026, 11, 2)
    computer = -2  # a computer level (normal)
    games = [game(t0 + i, (1, 1), (2, 2)) for i in range(5)]  # Ada beats Bob five times
    games += [game(t0 + 10, (computer, 1), (1, 2)), game(t0 + 11, (computer, 1), (3, 2))]
    games += [game(t0 + 20 + i, (computer, 1), (2, 2)) for i in range(3)]  # five games for the computer
    names = {1: "Ada", 2: "Bob", 3: "Cyd", computer: "🤖 Normal"}
    lines = standings(replay(games), names, at=t0 + 100)
    assert [line.name for line in lines if not line.provisional] == sorted(
        [line.name for line in lines if not line.provisional],
        key=lambda name: -next(x.conservative for x in lines if x.name == name),
    )
    assert [line.provisional for line in lines] == sorted(line.provisional for line in lines)
    assert lines[-1].name == "Cyd"  # one game: provisional, last
    established = [line for line in lines if not line.provisional]
    assert {line.name for line in established} == {"Ada", "Bob", "🤖 Normal"}
    assert lines[0].user_id == computer  # the computer beat everyone: it tops the standings...
    winner = champion(lines)
    assert winner is not None and winner.name == "Ada"  # ...but the champion is a person
    assert champion([]) is None
    assert load_standings(dump_standings(lines)) == lines


def test_standings_age_each_rating_from_its_holders_last_game_of_the_season() -> None:
    t0 = utc(2026, 11, 2)
    board = {"1": Held(ratings.Rating(30.0, 2.0, 6), t0), "2": Held(ratings.Rating(30.0, 2.0, 6), t0 + 20 * 86_400)}
    lines = standings(board, {1: "Ada", 2: "Bob"}, at=t0 + 20 * 86_400)
    assert [line.name for line in lines] == ["Bob", "Ada"]  # Ada has not played for 20 days: less certain
    assert lines[0].sigma == 2.0 and lines[1].sigma == pytest.approx(math.sqrt(4 + 0.09 * 20))
    assert isinstance(lines[0], Standing) and lines[0].mu == 30.0


def test_inactivity_grows_sigma_at_the_documented_rate_up_to_a_newcomers() -> None:
    rating = ratings.Rating(mu=30.0, sigma=2.0, games=12)
    assert ratings.aged(rating, 0) is rating and ratings.aged(rating, -5) is rating
    month = ratings.aged(rating, 30 * ratings.DAY)
    assert month.sigma == pytest.approx(math.sqrt(2.0**2 + ratings.INACTIVITY_RATE**2 * 30))
    assert month.sigma == pytest.approx(2.588, abs=1e-3) and (month.mu, month.games) == (30.0, 12)
    assert rating.conservative - month.conservative == pytest.approx(1.765, abs=1e-3)
    half_year = ratings.aged(rating, 180 * ratings.DAY)
    assert month.sigma < half_year.sigma == pytest.approx(4.494, abs=1e-3)
    assert ratings.aged(rating, 100 * 365 * ratings.DAY).sigma == INITIAL.sigma  # never less certain than a newcomer
    assert ratings.aged(INITIAL, 1000 * ratings.DAY) == INITIAL
    wide = ratings.Rating(mu=25.0, sigma=9.0, games=1)  # above a newcomer's (it cannot be, but it never shrinks)
    assert ratings.aged(wide, ratings.DAY).sigma == 9.0


def test_inactivity_counts_whole_days_away() -> None:
    rating = ratings.Rating(mu=30.0, sigma=2.0, games=12)
    assert ratings.aged(rating, ratings.DAY - 1) is rating  # games the same day rate from the rating as stored
    assert ratings.aged(rating, 2.5 * ratings.DAY) == ratings.aged(rating, 2 * ratings.DAY)
    assert ratings.aged(rating, ratings.DAY).sigma == pytest.approx(math.sqrt(4 + 0.09))
