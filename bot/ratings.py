"""Skill ratings: OpenSkill's Plackett-Luce model, one rating per holder, game and server.

Pure rules, no I/O: the storage calls `rate` in the transaction that stores a
game's result, and `cardroom ratings --rebuild` replays the same function over
every stored result in the same order, so both give the same numbers.

* Each seat is a team of one, ranked by its stored place (1 is best; equal
  places are a tie). A seat the clock or its player withdrew is rated by its
  place as stored.
* A holder is a person (`holder(user_id)`: the user id as text) or a
  computer level (`cpu:normal`): each has ratings of its own. A level may sit
  at several seats of one game: each seat is rated from the holder's rating as
  a team of its own, and the holder keeps the mean of its seats' new ratings.
* The conservative rating `μ − 3σ` ranks the leaderboard; a holder with fewer
  than `PROVISIONAL_GAMES` rated games is provisional.
* Which games count: see `counts`.
* Inactivity: a rating's uncertainty grows with the time since its holder's last rated game in that server and
  game (`aged`): σ' = min(σ₀, √(σ² + k²·days)), `days` the whole days away, `INACTIVITY_RATE` k = 0.3 (σ₀ is a
  newcomer's 25/3). A player at σ 2 away for 30 days is at σ 2.6 (their conservative rating 1.8 lower), after 180
  days at σ 4.5 (7.5 lower), after a year at σ 6.1 (12.2 lower). It is applied where the leaderboard ranks and
  before the next game is rated, so the growth is real (as OpenSkill's τ is, per game); μ never moves with time.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

from bot.seating import level_of

PROVISIONAL_GAMES: Final = 5  # rated games below which a rating is provisional
CONFIDENCE: Final = 3.0  # the conservative rating is μ − CONFIDENCE·σ
INACTIVITY_RATE: Final = 0.3  # k: a rating's σ² grows by k² for each day its holder does not play
DAY: Final = 86_400.0  # seconds
NO_GUILD: Final = 0  # the server key of games played outside any server (Discord ids are never 0)

_MODEL: Final = PlackettLuce()  # OpenSkill's defaults: μ 25, σ 25/3, β 25/6, τ 25/300


@dataclass(frozen=True, slots=True)
class Rating:
    """A holder's skill estimate: mean `mu`, uncertainty `sigma`, and how many rated games made it."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def conservative(self) -> float:
        """μ − 3σ: a skill the holder very probably has at least (0 for a newcomer)."""
        return self.mu - CONFIDENCE * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


INITIAL: Final = Rating(mu=_MODEL.mu, sigma=_MODEL.sigma, games=0)


@dataclass(frozen=True, slots=True)
class Placed:
    """One seat of a finished game, as the rating needs it."""

    seat: int
    holder: str
    place: int  # 1 is best; equal places tie
    won: bool = False
    clocked_out: bool = False

    @classmethod
    def of(cls, seat: int, user_id: int, place: int, won: bool, clocked_out: bool) -> Placed:
        """A stored result's seat: its holder is the seat's person or computer level (`holder`)."""
        return cls(seat=seat, holder=holder(user_id), place=place, won=bool(won), clocked_out=bool(clocked_out))


@dataclass(frozen=True, slots=True)
class Change:
    """One seat's rating before and after a game."""

    seat: int
    holder: str
    before: Rating
    after: Rating

    @property
    def delta(self) -> float:
        """The change of the conservative rating (what the leaderboard ranks by)."""
        return self.after.conservative - self.before.conservative


def aged(rating: Rating, idle: float) -> Rating:
    """`rating` after `idle` seconds without a rated game: σ' = min(σ₀, √(σ² + k²·days)), `days` the whole days
    away (games the same day rate from the rating as stored), never below σ (nor above σ₀ = a newcomer's σ, so a
    long absence makes one no less certain than a newcomer); μ and the games stay."""
    days = math.floor(idle / DAY) if idle > 0 else 0
    if days <= 0:
        return rating
    grown = math.sqrt(rating.sigma**2 + INACTIVITY_RATE**2 * days)
    sigma = max(rating.sigma, min(INITIAL.sigma, grown))
    return rating if sigma == rating.sigma else Rating(mu=rating.mu, sigma=sigma, games=rating.games)


def holder(user_id: int) -> str:
    """The rating holder of a seat: a person's user id as text, or `cpu:<level>` for a computer seat."""
    level = level_of(user_id)
    return str(user_id) if level is None else f"cpu:{level}"


def guild_key(guild_id: int | None) -> int:
    """The server a rating belongs to; `NO_GUILD` for games played outside any server."""
    return NO_GUILD if guild_id is None else guild_id


def counts(seats: Sequence[Placed]) -> bool:
    """Whether a finished game changes ratings.

    It does unless it has fewer than two holders (one computer level alone at
    every seat, say), or the clock ended it with no winner (nobody won and the clock withdrew someone:
    the game was abandoned rather than decided). Aborted games never reach
    here (the storage rates finished games only).
    """
    if len({seat.holder for seat in seats}) < 2:
        return False
    return not (not any(seat.won for seat in seats) and any(seat.clocked_out for seat in seats))


def rate(current: Mapping[str, Rating], seats: Sequence[Placed]) -> list[Change]:
    """Each seat's rating after the game, from `current` (a holder missing there starts at `INITIAL`).

    Returns one `Change` per seat, in the order of `seats`; empty when the game does not count.
    """
    if not counts(seats):
        return []
    before = [current.get(seat.holder, INITIAL) for seat in seats]
    teams = [[_MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in before]
    rated = _MODEL.rate(teams, ranks=[float(seat.place) for seat in seats])
    return [
        Change(
            seat=seat.seat,
            holder=seat.holder,
            before=old,
            after=Rating(mu=float(team[0].mu), sigma=float(team[0].sigma), games=old.games + 1),
        )
        for seat, old, team in zip(seats, before, rated, strict=True)
    ]


def holders_after(changes: Sequence[Change]) -> dict[str, Rating]:
    """Each holder's rating after the game: its seat's new rating, or the mean of its seats' (a computer level
    seated more than once), with one more game."""
    seated: dict[str, list[Change]] = {}
    for change in changes:
        seated.setdefault(change.holder, []).append(change)
    return {
        name: Rating(
            mu=sum(c.after.mu for c in own) / len(own),
            sigma=sum(c.after.sigma for c in own) / len(own),
            games=own[0].after.games,
        )
        for name, own in seated.items()
    }
