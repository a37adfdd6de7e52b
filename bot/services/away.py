"""The yearly away allowance, shared by `/away` (`PlayerService`) and the away hours the clock spends instead of a
timeout (`ClockService.expire`): `paces().away.allowance_days` per calendar year (UTC), counted in real seconds
(`PlayerSettings.away_used`, before the time scale) in `PlayerSettings.away_year`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from bot.services.clock import paces
from bot.storage import PlayerSettings

DAY = 86_400.0
HOUR = 3_600.0  # what the clock spends at a time instead of a timeout (before the time scale)
GRAIN = 60.0  # seconds: less allowance left than this is none (an absence is refunded to the nearest minute)


def year_of(when: float) -> int:
    """The calendar year (UTC) of a unix time."""
    return datetime.fromtimestamp(when, UTC).year


def allowance() -> float:
    """The yearly allowance, in seconds (before the time scale)."""
    return paces().away.allowance_days * DAY


def used(player: PlayerSettings, now: float) -> float:
    """Seconds of allowance used in the year of `now`."""
    return player.away_used if player.away_year == year_of(now) else 0.0


def left(player: PlayerSettings, now: float) -> float:
    """Seconds of allowance left in the year of `now`."""
    return max(0.0, allowance() - used(player, now))


AWAY_CHOICES = ("on", "off")  # a table's away time (the lobby's clock option `away`), a player's automatic hours


@dataclass(frozen=True)
class AwayHour:
    """The clock spent away allowance on `user_id`'s decision at seat `seat` instead of a timeout: `spent`
    seconds (before the time scale), `left` seconds left this year; `first` when it began a stretch (the player is
    told then, once)."""

    user_id: int
    seat: int
    spent: float
    left: float
    first: bool
