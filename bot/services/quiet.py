"""Quiet hours: the time arithmetic, pure (stdlib `zoneinfo`, no clock of its own).

A player's quiet hours are a start and an end minute of the day in their IANA
time zone (`Quiet`); they run from the start to the next end, across midnight
when the end comes first on the clock face. Each night's window is worked out
from its local date, so a daylight-saving change inside it is right: in
Europe/Paris, 23:00-07:00 lasts 7 real hours the night clocks go forward and
9 the night they go back. A local time the change skips (02:30 the night
clocks go forward) counts as the same wall time before the change, one hour
later in real time (`zoneinfo`'s reading of it, fold 0).

`inside` says whether an instant falls in quiet hours, `ends` when those quiet
hours end, `move_out` moves a deadline that would fall inside them past their
end by the time left when they began (what the clock does, `SeatClock.quiet`), `next_local` the next instant at a
local time of day (a digest's).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from pydantic import BaseModel, ConfigDict, Field

from bot.errors import CardroomError
from bot.storage import PlayerSettings

DAY_MINUTES = 1440
DEFAULT_CAP = 10.0  # hours quiet hours may last at most, unless a server chose otherwise
MAX_ZONES = 25  # choices an autocomplete may offer
OFF = ("off", "none", "no", "-", "aucune", "non")  # what turns quiet hours off

_SPAN = re.compile(r"^\s*(\d{1,2})(?:[:h.](\d{2}))?\s*h?\s*[-–—à]\s*(\d{1,2})(?:[:h.](\d{2}))?\s*h?\s*$", re.IGNORECASE)


class Quiet(BaseModel):
    """Quiet hours: from `start` to `end` (minutes of the day) in `zone`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    zone: str
    start: int = Field(ge=0, lt=DAY_MINUTES)
    end: int = Field(ge=0, lt=DAY_MINUTES)


def quiet_of(player: PlayerSettings) -> Quiet | None:
    """The person's quiet hours, if they chose some."""
    if player.zone is None or player.quiet_start is None or player.quiet_end is None:
        return None
    return Quiet(zone=player.zone, start=player.quiet_start, end=player.quiet_end)


@cache
def _zones() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def is_zone(name: str) -> bool:
    """Whether `name` is a time zone of the zone database."""
    return name in _zones()


def zones_like(typed: str, limit: int = MAX_ZONES) -> list[str]:
    """At most `limit` zones matching what the person typed (case and spaces ignored): those starting with it
    first, then those containing it, each alphabetically."""
    wanted = typed.strip().lower().replace(" ", "_")
    starting = [zone for zone in _zones() if zone.lower().startswith(wanted)]
    if len(starting) >= limit:
        return starting[:limit]
    containing = [zone for zone in _zones() if wanted in zone.lower() and zone not in starting]
    return (starting + containing)[:limit]


def parse_span(text: str) -> tuple[int, int]:
    """ "23:00-07:00" (also "23h-7h", "23-7") as (start, end) minutes of the day; CardroomError if unreadable or
    empty (start and end the same)."""
    found = _SPAN.match(text)
    if found is None:
        raise CardroomError("quiet.bad_span", text=text[:40])
    start_h, start_m, end_h, end_m = found.groups()
    minutes = []
    for hours, mins in ((start_h, start_m), (end_h, end_m)):
        h, m = int(hours), int(mins or 0)
        if h > 24 or m > 59 or (h == 24 and m):
            raise CardroomError("quiet.bad_span", text=text[:40])
        minutes.append((h * 60 + m) % DAY_MINUTES)
    if minutes[0] == minutes[1]:
        raise CardroomError("quiet.bad_span", text=text[:40])
    return minutes[0], minutes[1]


_TIME = re.compile(r"^\s*(\d{1,2})(?:[:h.](\d{2}))?\s*h?\s*$", re.IGNORECASE)


def parse_time(text: str) -> int:
    """ "09:30" (also "9h30", "9") as a minute of the day; CardroomError if unreadable."""
    found = _TIME.match(text)
    hours, mins = (int(found.group(1)), int(found.group(2) or 0)) if found is not None else (99, 0)
    if hours > 23 or mins > 59:
        raise CardroomError("quiet.bad_time", text=text[:40])
    return hours * 60 + mins


def hours_long(start: int, end: int) -> float:
    """How long quiet hours from `start` to `end` last on the clock face, in hours (a DST night aside)."""
    return ((end - start) % DAY_MINUTES or DAY_MINUTES) / 60


def clock_face(minute: int) -> str:
    """A minute of the day as "HH:MM"."""
    return f"{minute // 60:02d}:{minute % 60:02d}"


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise CardroomError("quiet.unknown_zone", zone=name[:60]) from None


def _at(day: date, minute: int, zone: ZoneInfo) -> float:
    """The instant of local time `minute` on `day` in `zone` (a skipped time read with the offset before)."""
    return datetime(day.year, day.month, day.day, minute // 60, minute % 60, tzinfo=zone).timestamp()


def window(quiet: Quiet, when: float) -> tuple[float, float] | None:
    """The quiet hours `when` falls in, as (start, end) instants, or None when it falls in none."""
    zone = _zone(quiet.zone)
    today = datetime.fromtimestamp(when, zone).date()
    for back in (0, 1):
        night = today - timedelta(days=back)
        start = _at(night, quiet.start, zone)
        end = _at(night if quiet.end > quiet.start else night + timedelta(days=1), quiet.end, zone)
        if start <= when < end:
            return start, end
    return None


def inside(quiet: Quiet | None, when: float) -> bool:
    return quiet is not None and window(quiet, when) is not None


def ends(quiet: Quiet | None, when: float) -> float | None:
    """When the quiet hours `when` falls in end (None: it falls in none)."""
    found = None if quiet is None else window(quiet, when)
    return None if found is None else found[1]


def after_quiet(quiet: Quiet | None, when: float) -> float:
    """A message due inside quiet hours waits for their end (a digest); any other time stays."""
    end = ends(quiet, when)
    return when if end is None else end


def move_out(quiet: Quiet | None, deadline: float, since: float | None = None) -> float:
    """A deadline that would fall inside quiet hours moves past their end by the time that was left when they
    began (or, for a decision that began inside them, at `since`): the clock stands still while the player
    sleeps, so they wake with the time they had, not to a timeout. Any other deadline stays."""
    found = None if quiet is None else window(quiet, deadline)
    if found is None:
        return deadline
    start, end = found
    began = start if since is None else max(start, since)
    return end + max(0.0, deadline - began)


def next_local(zone_name: str, minute: int, after: float) -> float:
    """The first instant after `after` whose local time in the zone is `minute` of the day."""
    zone = _zone(zone_name)
    today = datetime.fromtimestamp(after, zone).date()
    for ahead in range(3):
        at = _at(today + timedelta(days=ahead), minute, zone)
        if at > after:
            return at
    raise AssertionError("a local time comes back within three days")
