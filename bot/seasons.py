"""Seasons: a server's per-game competition that restarts each month or quarter. Pure rules, no I/O.

* A season is a UTC calendar period: a month (`monthly`, key `2026-11`) or a quarter (`quarterly`, key `2026-Q4`:
  October to December). It starts at 00:00 UTC on its first day and ends, exclusive, at 00:00 UTC on the first day
  of the next one (`bounds`), whatever the server's or the players' time zones.
* A season's ratings are OpenSkill's, replayed from `bot.ratings.INITIAL` over that season's finished games only,
  in the order they ended, through the same `bot.ratings.rate` (and the same inactivity, `bot.ratings.aged`) as the
  all-time ratings (`replay`): nothing is stored while a season runs, and the all-time rating is left as it is.
* The standings rank as the all-time leaderboard does: the provisional holders (fewer than
  `bot.ratings.PROVISIONAL_GAMES` rated games in the season) after the others, then by conservative rating
  μ − 3σ (`standings`). The champion is the first person of the final standings, never a computer level
  (`champion`).
"""

from __future__ import annotations

import calendar
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final, Literal

from bot import ratings
from bot.seating import is_computer

Period = Literal["monthly", "quarterly"]
PERIODS: Final[tuple[Period, ...]] = ("monthly", "quarterly")

_MONTH: Final = re.compile(r"^(\d{4})-(0[1-9]|1[0-2])$")
_QUARTER: Final = re.compile(r"^(\d{4})-Q([1-4])$")


class SeasonKeyError(ValueError):
    """Not a season key (`2026-11`, `2026-Q4`)."""


def key_at(period: Period, when: float) -> str:
    """The key of the `period` season running at `when` (unix seconds, UTC)."""
    moment = datetime.fromtimestamp(when, UTC)
    if period == "monthly":
        return f"{moment.year:04d}-{moment.month:02d}"
    return f"{moment.year:04d}-Q{(moment.month - 1) // 3 + 1}"


def period_of(key: str) -> Period:
    """Whether `key` is a month's or a quarter's season; `SeasonKeyError` if it is neither."""
    if _MONTH.match(key):
        return "monthly"
    if _QUARTER.match(key):
        return "quarterly"
    raise SeasonKeyError(key)


def _first_month(key: str) -> tuple[int, int, int]:
    """(year, first month, months long) of a season key."""
    month = _MONTH.match(key)
    if month:
        return int(month[1]), int(month[2]), 1
    quarter = _QUARTER.match(key)
    if quarter:
        return int(quarter[1]), (int(quarter[2]) - 1) * 3 + 1, 3
    raise SeasonKeyError(key)


def _start_of(year: int, month: int) -> float:
    """00:00 UTC on the first of `month` (which may run past December: the next year's)."""
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    return float(calendar.timegm((year, month, 1, 0, 0, 0)))


def bounds(key: str) -> tuple[float, float]:
    """When the season `key` starts (inclusive) and ends (exclusive), in unix seconds."""
    year, month, months = _first_month(key)
    return _start_of(year, month), _start_of(year, month + months)


def following(key: str) -> str:
    """The season after `key` (`2026-12` -> `2027-01`, `2026-Q4` -> `2027-Q1`)."""
    return key_at(period_of(key), bounds(key)[1])


def ends_at(period: Period, when: float) -> float:
    """When the `period` season running at `when` ends: the next season's end is due then."""
    return bounds(key_at(period, when))[1]


# ----- a season's ratings ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SeasonGame:
    """One finished game of a season, as its replay needs it: when it ended and its seats."""

    finished_at: float
    seats: tuple[ratings.Placed, ...]


@dataclass(frozen=True, slots=True)
class Held:
    """A holder's season rating and when they last played in it (their inactivity runs from then)."""

    rating: ratings.Rating
    last_played: float


def replay(games: Iterable[SeasonGame]) -> dict[str, Held]:
    """Every holder's season rating after `games` (in the order they ended), each starting at `bot.ratings.INITIAL`.

    The same `bot.ratings.rate` as the all-time ratings, with the same inactivity before each game."""
    board: dict[str, Held] = {}
    for game in games:
        current = {
            seat.holder: ratings.aged(board[seat.holder].rating, game.finished_at - board[seat.holder].last_played)
            for seat in game.seats
            if seat.holder in board
        }
        changes = ratings.rate(current, game.seats)
        for name, rating in ratings.holders_after(changes).items():
            board[name] = Held(rating, game.finished_at)
    return board


@dataclass(frozen=True, slots=True)
class Standing:
    """One holder's line of a season's standings: who (a user id, a computer level's negative id), their name,
    their season rating (aged to the standings' time) and how many rated games made it."""

    user_id: int
    name: str
    mu: float
    sigma: float
    games: int

    @property
    def conservative(self) -> float:
        return self.mu - ratings.CONFIDENCE * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < ratings.PROVISIONAL_GAMES


def standings(board: Mapping[str, Held], names: Mapping[int, str], *, at: float) -> list[Standing]:
    """The season's standings at `at` (now, or the season's end): everyone with a season rating, ranked.

    `names`: each user id's name (the latest a result stored); a holder is found by `bot.ratings.holder`."""
    holders = {ratings.holder(user_id): user_id for user_id in names}
    lines = []
    for holder, held in board.items():
        user_id = holders.get(holder)
        if user_id is None:
            continue
        rating = ratings.aged(held.rating, at - held.last_played)
        lines.append(Standing(user_id, names[user_id], rating.mu, rating.sigma, rating.games))
    lines.sort(key=lambda line: (line.provisional, -line.conservative, -line.games, line.user_id))
    return lines


def champion(lines: Sequence[Standing]) -> Standing | None:
    """The season's winner: the best-placed person of its final standings (a computer level never is); None for a
    season nobody played."""
    return next((line for line in lines if not is_computer(line.user_id)), None)


def dump_standings(lines: Sequence[Standing]) -> str:
    """The standings as the archive stores them (JSON, in rank order)."""
    return json.dumps(
        [{"user_id": s.user_id, "name": s.name, "mu": s.mu, "sigma": s.sigma, "games": s.games} for s in lines],
        separators=(",", ":"),
    )


def load_standings(text: str) -> list[Standing]:
    """The standings the archive stored (`dump_standings`)."""
    return [
        Standing(int(s["user_id"]), str(s["name"]), float(s["mu"]), float(s["sigma"]), int(s["games"]))
        for s in json.loads(text)
    ]
