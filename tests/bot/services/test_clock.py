"""The pure table clock: banks, increments, reminders, simultaneous decisions, pause, away, timeouts, paces.

Every function takes the time it works at, so time is a number moved forward here, never slept through.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.services.clock import PACES_FILE, TableClock, load_paces, paces

T = 1_800_000_000.0
LIVE_BANK, LIVE_INCREMENT = 300.0, 60.0  # data/paces.json


def live(*, timeouts: int = 3) -> TableClock:
    return TableClock.preset("live", timeouts=timeouts)


def two_seats(first: int = 0, *, away: dict[int, float] | None = None, clock: TableClock | None = None) -> TableClock:
    """A 2-seat game begun at T (version 1) with `first` to act."""
    return (clock or live()).begin(2, [first], T, 1, away or {})


# ----- bank and increment -------------------------------------------------------
def test_a_preset_copies_the_pace_scaled() -> None:
    clock = TableClock.preset("live", timeouts=5, scale=0.01)
    assert (clock.pace, clock.timeouts, clock.remind) == ("live", 5, 0.8)
    assert clock.bank == pytest.approx(3.0) and clock.increment == pytest.approx(0.6)
    assert TableClock.preset("daily").timeouts == paces().timeouts.default
    with pytest.raises(KeyError):
        TableClock.preset("glacial")
    faster = TableClock.preset("daily", timeouts=2).with_pace("live")
    assert (faster.pace, faster.bank, faster.timeouts) == ("live", LIVE_BANK, 2)


def test_begin_starts_the_clock_of_the_seats_to_act_only() -> None:
    clock = two_seats(1)
    assert clock.due() == [1]
    assert [seat.bank for seat in clock.seats] == [LIVE_BANK, LIVE_BANK]
    assert clock.deadline(1) == T + LIVE_BANK and clock.deadline(0) is None
    assert clock.left(1, T + 100) == LIVE_BANK - 100 and clock.left(0, T + 100) == LIVE_BANK
    assert clock.left(1, T + 10 * LIVE_BANK) == 0.0
    assert clock.deadlines() == {(1, "expire"): T + LIVE_BANK, (1, "remind"): T + 0.8 * LIVE_BANK}


def test_a_move_charges_the_time_used_adds_the_increment_and_starts_the_next_clock() -> None:
    clock = two_seats(0).after_move(0, [1], T + 100, 2, {})
    assert clock.seats[0].bank == LIVE_BANK - 100 + LIVE_INCREMENT
    assert clock.seats[0].turn is None and clock.seats[0].acted_at == T + 100
    assert clock.due() == [1] and clock.seats[1].turn == 2
    assert clock.deadline(1) == T + 100 + LIVE_BANK and clock.deadline(0) is None
    # The next decision of seat 0 runs on what is left of its bank.
    clock = clock.after_move(1, [0], T + 150, 3, {})
    assert clock.deadline(0) == T + 150 + LIVE_BANK - 100 + LIVE_INCREMENT


def test_the_increment_never_raises_a_bank_above_the_starting_bank() -> None:
    clock = two_seats(0).after_move(0, [1], T + 10, 2, {})
    assert clock.seats[0].bank == LIVE_BANK  # 290 + 60 capped at 300
    clock = clock.after_move(1, [0], T + 10, 3, {})  # an instant move
    assert clock.seats[1].bank == LIVE_BANK


def test_a_seat_that_acts_and_must_act_again_starts_a_new_decision() -> None:
    clock = two_seats(0).after_move(0, [0], T + 200, 2, {})
    assert clock.due() == [0] and clock.seats[0].turn == 2
    assert clock.seats[0].bank == LIVE_BANK - 200 + LIVE_INCREMENT
    assert clock.deadline(0) == T + 200 + LIVE_BANK - 200 + LIVE_INCREMENT


def test_the_reminder_comes_at_80_percent_of_the_time_left() -> None:
    clock = two_seats(0)
    assert clock.reminder(0) == pytest.approx(T + 240.0)
    clock = clock.after_move(0, [1], T + 200, 2, {}).after_move(1, [0], T + 200, 3, {})
    left = LIVE_BANK - 200 + LIVE_INCREMENT  # 160
    assert clock.reminder(0) == pytest.approx(T + 200 + 0.8 * left)
    assert clock.reminder(1) is None


def test_a_clock_does_not_change_in_place() -> None:
    clock = two_seats(0)
    before = clock.model_dump_json()
    clock.after_move(0, [1], T + 100, 2, {}, by_clock=True, clocked_out=True)
    clock.pause(T + 5)
    clock.set_away(0, T + 1000, T + 5)
    assert clock.model_dump_json() == before


# ----- simultaneous decisions ---------------------------------------------------
def test_simultaneous_decisions_run_their_own_clocks() -> None:
    clock = live().begin(3, [0, 1, 2], T, 1, {})
    assert clock.due() == [0, 1, 2]
    clock = clock.after_move(0, [1, 2], T + 50, 2, {})  # seat 0 chose; 1 and 2 still deciding
    assert clock.seats[0].bank == LIVE_BANK and clock.seats[0].turn is None  # 250 + 60 capped
    for seat in (1, 2):  # untouched: same start, same bank, same deadline
        assert clock.seats[seat].since == T and clock.seats[seat].bank == LIVE_BANK
        assert clock.seats[seat].turn == 1 and clock.deadline(seat) == T + LIVE_BANK
    clock = clock.after_move(2, [1], T + 120, 3, {})
    assert clock.seats[2].bank == LIVE_BANK - 120 + LIVE_INCREMENT
    assert clock.deadline(1) == T + LIVE_BANK and clock.seats[1].turn == 1
    assert set(clock.deadlines()) == {(1, "expire"), (1, "remind")}


def test_a_seat_no_longer_due_stops_without_increment() -> None:
    clock = live().begin(3, [0, 1], T, 1, {})
    clock = clock.after_move(0, [2], T + 100, 2, {})  # seat 0's move took seat 1's decision away
    assert clock.seats[1].turn is None and clock.seats[1].since is None
    assert clock.seats[1].bank == LIVE_BANK - 100  # charged, no increment
    assert clock.seats[1].timeouts == 0 and clock.seats[1].acted_at is None  # it did not act
    assert clock.due() == [2] and clock.deadline(2) == T + 100 + LIVE_BANK


# ----- pause --------------------------------------------------------------------
def test_a_paused_table_has_no_deadline_and_keeps_the_time_used_before() -> None:
    clock = two_seats(0).pause(T + 100)
    assert clock.paused and clock.paused_at == T + 100
    assert clock.deadline(0) is None and clock.reminder(0) is None and clock.deadlines() == {}
    assert clock.due() == [0]  # still their decision
    assert clock.seats[0].bank == LIVE_BANK - 100
    assert clock.left(0, T + 10_000) == LIVE_BANK - 100  # no time runs while paused
    assert clock.pause(T + 500).seats[0].bank == LIVE_BANK - 100  # pausing twice charges nothing more
    resumed = clock.resume(T + 10_000, {})
    assert not resumed.paused
    assert resumed.deadline(0) == T + 10_000 + LIVE_BANK - 100  # restarts from now with what was left
    assert resumed.reminder(0) == pytest.approx(T + 10_000 + 0.8 * (LIVE_BANK - 100))
    assert resumed.resume(T + 20_000, {}).deadline(0) == resumed.deadline(0)  # resuming twice changes nothing


def test_a_decision_that_begins_while_paused_starts_at_the_resume() -> None:
    clock = two_seats(0).pause(T + 10).after_move(0, [1], T + 20, 2, {})
    assert clock.due() == [1] and clock.deadlines() == {}
    assert clock.seats[1].since is None
    assert clock.resume(T + 1000, {}).deadline(1) == T + 1000 + LIVE_BANK


def test_resuming_for_a_player_away_starts_their_clock_at_the_return() -> None:
    clock = two_seats(0).pause(T + 100).resume(T + 200, {0: T + 5000})
    assert clock.deadline(0) == T + 5000 + LIVE_BANK - 100


# ----- away ---------------------------------------------------------------------
def test_a_decision_beginning_while_away_starts_at_the_return() -> None:
    back = T + 86_400
    clock = two_seats(0, away={0: back})
    assert clock.seats[0].since == back and clock.deadline(0) == back + LIVE_BANK
    assert clock.left(0, T + 1000) == LIVE_BANK  # nothing used before the return
    clock = two_seats(1, away={0: back}).after_move(1, [0], T + 30, 2, {0: back})
    assert clock.deadline(0) == back + LIVE_BANK
    # Someone else's absence does not move this seat's clock.
    assert two_seats(1, away={0: back}).deadline(1) == T + LIVE_BANK


def test_going_away_mid_decision_charges_the_time_used_and_restarts_at_the_return() -> None:
    back = T + 86_400
    clock = two_seats(0).set_away(0, back, T + 100)
    assert clock.seats[0].bank == LIVE_BANK - 100 and clock.seats[0].since == back
    assert clock.deadline(0) == back + LIVE_BANK - 100
    # Coming back early: the clock restarts now, with no time charged for the absence.
    early = clock.set_away(0, T + 3000, T + 3000)
    assert early.seats[0].bank == LIVE_BANK - 100 and early.deadline(0) == T + 3000 + LIVE_BANK - 100
    # Acting while away (the player came back without saying so) charges nothing for the absence.
    acted = clock.after_move(0, [1], T + 500, 2, {})
    assert acted.seats[0].bank == LIVE_BANK - 100 + LIVE_INCREMENT


def test_away_changes_nothing_for_a_seat_not_deciding_or_a_paused_table() -> None:
    clock = two_seats(0)
    assert clock.set_away(1, T + 5000, T + 10) == clock
    paused = clock.pause(T + 10)
    assert paused.set_away(0, T + 5000, T + 20) == paused


# ----- timeouts -----------------------------------------------------------------
def test_timeouts_count_in_a_row_and_the_players_own_move_resets_them() -> None:
    clock = two_seats(0)
    clock = clock.after_move(0, [1], T + LIVE_BANK, 2, {}, by_clock=True)
    assert clock.seats[0].timeouts == 1 and clock.timed_out == (0, 2)
    assert clock.seats[0].bank == LIVE_INCREMENT  # an empty bank gets the increment
    assert clock.seats[0].acted_at is None
    clock = clock.after_move(1, [0], T + 400, 3, {})  # the other player's move resets nothing of seat 0
    assert clock.seats[0].timeouts == 1 and clock.seats[1].timeouts == 0
    assert clock.timed_out == (0, 2)
    clock = clock.after_move(0, [1], T + 400 + LIVE_INCREMENT + 30, 4, {}, by_clock=True)  # fired late
    assert clock.seats[0].timeouts == 2 and clock.timed_out == (0, 4)
    assert clock.seats[0].bank == LIVE_INCREMENT  # an overdrawn bank counts as empty
    clock = clock.after_move(1, [0], T + 500, 5, {})
    clock = clock.after_move(0, [1], T + 510, 6, {})  # seat 0 acts itself
    assert clock.seats[0].timeouts == 0 and clock.seats[0].acted_at == T + 510
    assert clock.clocked_out == []


def test_the_clock_withdrawing_a_seat_marks_it_clocked_out_once() -> None:
    clock = live().begin(3, [0], T, 1, {})
    clock = clock.after_move(0, [1], T + LIVE_BANK, 2, {}, by_clock=True, clocked_out=True)
    assert clock.clocked_out == [0] and clock.timed_out == (0, 2)
    clock = clock.after_move(0, [1], T + LIVE_BANK, 3, {}, by_clock=True, clocked_out=True)
    assert clock.clocked_out == [0]
    # A new game on the same settings forgets the last one.
    fresh = clock.begin(3, [2], T + 1000, 1, {})
    assert fresh.clocked_out == [] and fresh.timed_out is None
    assert [seat.timeouts for seat in fresh.seats] == [0, 0, 0]


# ----- serialisation ------------------------------------------------------------
def test_a_clock_survives_a_json_round_trip() -> None:
    clock = live(timeouts=2).begin(3, [0, 1], T, 1, {1: T + 900})
    clock = clock.after_move(0, [1, 2], T + 40, 2, {}, by_clock=True, clocked_out=True).pause(T + 60)
    again = TableClock.model_validate_json(clock.model_dump_json())
    assert again == clock
    assert again.timed_out == (0, 2) and again.clocked_out == [0] and again.paused_at == T + 60
    assert again.resume(T + 100, {}).deadlines() == clock.resume(T + 100, {}).deadlines()


# ----- the paces file -----------------------------------------------------------
def test_the_shipped_paces_load_from_fastest_to_slowest() -> None:
    table = load_paces(PACES_FILE)
    banks = {pace.name: pace.bank for pace in table.paces}
    assert banks["live"] < banks["relaxed"] < banks["daily"] < banks["slow"]
    assert table.default in table.names()
    assert table.timeouts.default in table.timeouts.choices
    assert 0 < table.remind < 1
    for pace in table.paces:
        assert 0 <= pace.increment <= pace.bank


def good_paces() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PACES_FILE.read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "paces.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def changed(**changes: Any) -> dict[str, Any]:
    return {**good_paces(), **changes}


def test_a_copy_of_the_shipped_file_loads(tmp_path: Path) -> None:
    assert load_paces(write(tmp_path, good_paces())) == load_paces(PACES_FILE)


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ("{not json", "Expecting property name"),
        (changed(default="fast"), "the default pace 'fast' is not one of"),
        (changed(paces=[]), "paces must be listed"),
        (changed(paces=[{"name": "a", "bank": 10, "increment": 1}] * 2), "paces must be listed, each name once"),
        (changed(paces=[{"name": "live", "bank": 0, "increment": 1}], default="live"), "bank"),
        (changed(paces=[{"name": "live", "bank": 10, "increment": -1}], default="live"), "increment"),
        (changed(paces=[{"name": "Live!", "bank": 10, "increment": 1}], default="Live!"), "name"),
        (changed(remind=1.5), "remind"),
        (changed(timeouts={"default": 4, "choices": [1, 2, 3]}), "timeouts: the default must be one of the choices"),
        (changed(timeouts={"default": 1, "choices": [1, 0]}), "all at least 1"),
        (changed(away={"allowance_days": 5, "choices_days": [1, 7]}), "within the yearly allowance"),
        (changed(colour="blue"), "colour"),
        ({k: v for k, v in good_paces().items() if k != "timeouts"}, "timeouts"),
    ],
)
def test_a_bad_paces_file_is_refused_naming_the_problem(tmp_path: Path, data: Any, problem: str) -> None:
    path = write(tmp_path, data)
    with pytest.raises(ValueError, match=r"paces\.json") as refused:
        load_paces(path)
    assert problem in str(refused.value)


def test_a_missing_paces_file_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    with pytest.raises(ValueError, match=r"nowhere\.json"):
        load_paces(path)
