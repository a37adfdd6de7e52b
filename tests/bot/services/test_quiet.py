"""Quiet hours, the pure arithmetic: across midnight, across daylight-saving changes, a deadline moved out of them;
and the clock that moves a seat's deadline to their end."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.errors import CardroomError
from bot.services.clock import TableClock, Whereabouts
from bot.services.quiet import (
    Quiet,
    clock_face,
    ends,
    hours_long,
    inside,
    move_out,
    next_local,
    parse_span,
    window,
    zones_like,
)

NIGHT = Quiet(zone="Europe/Paris", start=23 * 60, end=7 * 60)  # 23:00-07:00, Paris time


def at(text: str) -> float:
    """A UTC instant written "2026-03-29 04:30"."""
    return datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=UTC).timestamp()


def test_quiet_hours_across_midnight() -> None:
    utc = Quiet(zone="UTC", start=22 * 60, end=6 * 60)
    assert not inside(utc, at("2027-01-15 21:59"))
    assert inside(utc, at("2027-01-15 22:00"))
    assert inside(utc, at("2027-01-16 03:00"))  # in the window that began the evening before
    assert ends(utc, at("2027-01-16 03:00")) == at("2027-01-16 06:00")
    assert not inside(utc, at("2027-01-16 06:00"))  # the end is not inside
    assert ends(utc, at("2027-01-16 12:00")) is None


def test_quiet_hours_within_a_day() -> None:
    nap = Quiet(zone="America/New_York", start=13 * 60, end=15 * 60)  # EST in January: UTC-5
    assert window(nap, at("2027-01-15 19:00")) == (at("2027-01-15 18:00"), at("2027-01-15 20:00"))
    assert not inside(nap, at("2027-01-15 17:59")) and not inside(nap, at("2027-01-15 20:00"))


def test_the_night_clocks_go_forward_quiet_hours_last_seven_hours() -> None:
    # Paris, 2026-03-29: 02:00 CET becomes 03:00 CEST (01:00 UTC)
    start, end = window(NIGHT, at("2026-03-29 04:30")) or (0.0, 0.0)
    assert (start, end) == (at("2026-03-28 22:00"), at("2026-03-29 05:00"))  # 23:00 CET to 07:00 CEST
    assert end - start == 7 * 3600
    assert inside(NIGHT, at("2026-03-29 04:59")) and not inside(NIGHT, at("2026-03-29 05:00"))
    assert not inside(NIGHT, at("2026-03-28 21:59"))


def test_the_night_clocks_go_back_quiet_hours_last_nine_hours() -> None:
    # Paris, 2026-10-25: 03:00 CEST becomes 02:00 CET (01:00 UTC)
    start, end = window(NIGHT, at("2026-10-25 05:30")) or (0.0, 0.0)
    assert (start, end) == (at("2026-10-24 21:00"), at("2026-10-25 06:00"))  # 23:00 CEST to 07:00 CET
    assert end - start == 9 * 3600
    assert inside(NIGHT, at("2026-10-25 01:30"))  # 02:30 local, the second time round
    assert not inside(NIGHT, at("2026-10-25 06:00"))


def test_a_deadline_inside_quiet_hours_moves_past_their_end_by_the_time_left_and_any_other_stays() -> None:
    # quiet from 21:00 UTC to 06:00 UTC that night: 6 h were left at 21:00, given back after 06:00
    assert move_out(NIGHT, at("2026-10-25 03:00")) == at("2026-10-25 12:00")
    # a decision that began inside them keeps the time it had when it began
    assert move_out(NIGHT, at("2026-10-25 03:00"), since=at("2026-10-25 01:00")) == at("2026-10-25 08:00")
    assert move_out(NIGHT, at("2026-10-25 12:00")) == at("2026-10-25 12:00")
    assert move_out(None, at("2026-10-25 03:00")) == at("2026-10-25 03:00")


def test_the_next_local_time_follows_daylight_saving() -> None:
    assert next_local("Europe/Paris", 9 * 60, at("2026-03-28 12:00")) == at("2026-03-29 07:00")  # 09:00 CEST
    assert next_local("Europe/Paris", 9 * 60, at("2026-03-28 07:00")) == at("2026-03-28 08:00")  # 09:00 CET


def test_spans_are_read_the_ways_people_write_them() -> None:
    assert parse_span("23:00-07:00") == (1380, 420)
    assert parse_span("23h-7h") == (1380, 420)
    assert parse_span(" 22:30 – 6:15 ") == (1350, 375)
    assert parse_span("13-15") == (780, 900)
    for bad in ("23:00", "25:00-07:00", "07:00-07:00", "soon"):
        with pytest.raises(CardroomError) as refused:
            parse_span(bad)
        assert refused.value.key == "quiet.bad_span"
    assert hours_long(1380, 420) == 8 and hours_long(780, 900) == 2
    assert clock_face(420) == "07:00"


def test_zones_are_offered_by_what_the_person_types() -> None:
    found = zones_like("paris")
    assert found[0] == "Europe/Paris"
    assert len(zones_like("a")) == 25
    assert zones_like("new york")[0] == "America/New_York"
    assert zones_like("no such place") == []


# ----- the clock --------------------------------------------------------------------
def test_the_clock_moves_a_deadline_out_of_its_players_quiet_hours() -> None:
    clock = TableClock.preset("live")  # 300 s
    start = at("2026-10-24 20:57")  # the deadline would be 21:02 UTC, 23:02 Paris: inside the quiet hours
    away = Whereabouts({}, {0: NIGHT})
    begun = clock.begin(2, [0, 1], start, 1, away)
    woken = at("2026-10-25 06:00") + 120  # the 2 minutes left at 23:00 Paris, after the quiet hours
    assert begun.deadline(0) == woken
    assert begun.deadline(1) == start + 300  # no quiet hours for seat 1
    assert begun.deadlines()[0, "expire"] == woken
    again = TableClock.model_validate_json(begun.model_dump_json())  # stored with the game
    assert again.deadline(0) == woken
    # seat 1 acts; seat 0 is the last one the shared decision waits for
    moved = begun.after_move(1, [0], start + 10, 2, away)
    assert moved.last_one(0, [0]) and not begun.last_one(0, [0, 1])
    # a plain mapping tells no quiet hours: the deadline stays
    assert clock.begin(2, [0], start, 1, {}).deadline(0) == start + 300


def test_one_turn_after_another_is_not_a_last_one() -> None:
    clock = TableClock.preset("live").begin(2, [0], 1000.0, 1, {})
    after = clock.after_move(0, [1], 1010.0, 2, {})
    assert not after.last_one(1, [1])
