"""Table clocks: a time bank per seat with an increment per move, capped at the starting bank (BGA's model).

Pure and synchronous: every function takes the time it works at (`now`, unix
seconds), so tests move time forward instead of sleeping. A clock is a
pydantic model stored beside the game (`tables.clock`), written in the same
transaction as the move that changed it.

Every seat that must decide has its own running clock, simultaneous decisions
included. A seat's decision starts when it newly faces one (or acts and must
act again); its clock runs from `since` and runs out at `since + bank`. A
player who is away (`/away`) starts their clocks when they come back (`since`
in the future), and a paused table runs no clock at all. Computer seats
(`computers`) have no bank and never time out: their decision is due a pace
floor (`floor`) after it began and after the table's last computer move
(`auto_at`), one computer at a time, so computers alone can neither stall nor
flood a channel. The deadlines the
scheduler fires are derived from the clock (`deadlines`), so they can never
disagree with it.

The paces are data (`data/paces.json`), validated at start.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from bot.services.quiet import Quiet, move_out
from bot.settings import DATA_DIR

PACES_FILE = DATA_DIR / "paces.json"

Kind = Literal["remind", "expire", "computer"]
Auto = Literal["computer", "default"]  # who plays a person's move when their time runs out


class Pace(BaseModel):
    """One pace preset: the starting bank and the increment per move, in seconds."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z_]{1,20}$")
    bank: float = Field(gt=0)
    increment: float = Field(ge=0)


class TimeoutChoices(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    default: int = Field(ge=1)
    choices: tuple[int, ...]


class AwayRules(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    allowance_days: float = Field(gt=0)
    choices_days: tuple[float, ...]
    default_from_bank: float = Field(default=28_800, ge=0)  # seconds: paces from this bank allow away time unasked


class Paces(BaseModel):
    """The contents of `data/paces.json`."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    comment: str = Field(default="", alias="_comment")
    remind: float = Field(gt=0, lt=1)
    paces: tuple[Pace, ...]
    default: str
    timeouts: TimeoutChoices
    away: AwayRules

    @model_validator(mode="after")
    def _consistent(self) -> Paces:
        names = [pace.name for pace in self.paces]
        if not names or len(set(names)) != len(names):
            raise ValueError("paces must be listed, each name once")
        if self.default not in names:
            raise ValueError(f"the default pace {self.default!r} is not one of {names}")
        if self.timeouts.default not in self.timeouts.choices or not all(k >= 1 for k in self.timeouts.choices):
            raise ValueError("timeouts: the default must be one of the choices, all at least 1")
        if len(self.timeouts.choices) > 25 or len(self.paces) > 25:
            raise ValueError("at most 25 paces and 25 timeout choices (one select menu)")
        if not all(0 < days <= self.away.allowance_days for days in self.away.choices_days):
            raise ValueError("away: every choice must be within the yearly allowance")
        return self

    def get(self, name: str) -> Pace:
        for pace in self.paces:
            if pace.name == name:
                return pace
        raise KeyError(name)

    def names(self) -> list[str]:
        return [pace.name for pace in self.paces]


def load_paces(path: Path = PACES_FILE) -> Paces:
    """The paces file, validated; ValueError names what is wrong."""
    try:
        return Paces.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError, ValidationError) as exc:
        raise ValueError(f"{path}: {exc}") from exc


@cache
def paces() -> Paces:
    return load_paces()


class SeatClock(BaseModel):
    """One seat's clock."""

    model_config = ConfigDict(extra="forbid")

    bank: float  # seconds left, not counting what the decision in hand has used so far
    turn: int | None = None  # the game version at which the decision in hand began (None: nothing to decide)
    since: float | None = None  # when that decision's clock started or starts (None while the table is paused)
    timeouts: int = 0  # decisions in a row the clock made for this seat
    acted_at: float | None = None  # when the player last acted themselves
    began: float | None = None  # when the decision in hand began (away time and pauses aside)
    quiet: Quiet | None = None  # the player's quiet hours when it began: a deadline inside them moves past their end


class Whereabouts(dict[int, float]):
    """What the clock learns of each seat's player when a decision starts: seat -> when they come back (the
    seats whose player is away), and `quiet`: seat -> their quiet hours (`TableStore.away_by_seat`)."""

    def __init__(self, away: Mapping[int, float] | None = None, quiet: Mapping[int, Quiet] | None = None) -> None:
        super().__init__(away or {})
        self.quiet: dict[int, Quiet] = dict(quiet or {})


def quiet_of(away: Mapping[int, float], seat: int) -> Quiet | None:
    """`seat`'s quiet hours, when `away` tells them (a plain mapping tells none)."""
    return away.quiet.get(seat) if isinstance(away, Whereabouts) else None


class TableClock(BaseModel):
    """A table's clock: its settings (copied from the pace, already scaled) and each seat's clock."""

    model_config = ConfigDict(extra="forbid")

    pace: str
    bank: float  # seconds, the starting bank and its cap
    increment: float  # seconds added per move
    timeouts: int = 3  # expiries in a row after which a player is withdrawn
    remind: float = 0.8  # share of a decision's time after which the player is reminded
    paused_at: float | None = None
    seats: list[SeatClock] = []
    clocked_out: list[int] = []  # seats withdrawn by the clock
    timed_out: tuple[int, int] | None = None  # (seat, version) of the latest move the clock made
    auto: Auto = "computer"  # a timed-out move: the normal computer player's choice, or the game's safe default
    computers: list[int] = []  # seats a computer plays
    floor: float = 0.0  # seconds, the least time between two computer moves at the table (already scaled)
    auto_at: float | None = None  # when a computer last moved at the table
    # The host's choice of away time here (None: the pace's default, `AwayRules.default_from_bank`); a league
    # table may forbid it.
    away_choice: bool | None = None
    away_turns: dict[int, int] = {}  # seat -> its decision (`SeatClock.turn`) on which the clock spent away time

    # ----- settings (lobby) ----------------------------------------------------
    @classmethod
    def preset(cls, name: str, *, timeouts: int | None = None, scale: float = 1.0) -> TableClock:
        """A fresh clock at pace `name` (KeyError if unknown); durations multiplied by `scale`."""
        table = paces()
        pace = table.get(name)
        return cls(
            pace=pace.name,
            bank=pace.bank * scale,
            increment=pace.increment * scale,
            timeouts=table.timeouts.default if timeouts is None else timeouts,
            remind=table.remind,
        )

    def with_pace(self, name: str, *, scale: float = 1.0) -> TableClock:
        kept = {"auto": self.auto, "away_choice": self.away_choice}
        return TableClock.preset(name, timeouts=self.timeouts, scale=scale).model_copy(update=kept)

    # ----- reading -------------------------------------------------------------
    @property
    def away_allowed(self) -> bool:
        """Whether players may spend away time here (`/away`, and the allowance spent instead of a timeout): the
        host's choice, else the pace's default (allowed where a decision's bank is long enough for an hour away
        not to hold the others up much; a live table plays on)."""
        if self.away_choice is not None:
            return self.away_choice
        try:
            return paces().get(self.pace).bank >= paces().away.default_from_bank
        except KeyError:  # a pace no longer listed: as before there were such defaults
            return True

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def due(self) -> list[int]:
        """Seats with a decision in hand."""
        return [seat for seat, clock in enumerate(self.seats) if clock.turn is not None]

    def deadline(self, seat: int) -> float | None:
        """When `seat`'s time runs out (None: no decision, the table is paused, or a computer plays the seat).

        A deadline that would fall inside the player's quiet hours moves past their end by the time that was left
        when they began (`bot.services.quiet.move_out`)."""
        clock = self.seats[seat]
        if clock.turn is None or clock.since is None or seat in self.computers:
            return None
        return move_out(clock.quiet, clock.since + max(clock.bank, 0.0), clock.since)

    def last_one(self, seat: int, due: Collection[int]) -> bool:
        """Whether `seat` is the last one a shared decision waits for: the only one of `due` (the people due) left,
        someone else having acted since its decision began."""
        began = self.seats[seat].began
        if began is None or set(due) != {seat}:
            return False
        return any(
            other != seat and clock.acted_at is not None and clock.acted_at > began
            for other, clock in enumerate(self.seats)
        )

    def reminder(self, seat: int) -> float | None:
        clock = self.seats[seat]
        if clock.turn is None or clock.since is None or seat in self.computers:
            return None
        return clock.since + self.remind * max(clock.bank, 0.0)

    def left(self, seat: int, now: float) -> float:
        """Seconds `seat` has left now (its whole bank while not running)."""
        clock = self.seats[seat]
        if clock.turn is None or clock.since is None:
            return max(clock.bank, 0.0)
        return max(0.0, clock.bank - max(0.0, now - clock.since))

    def deadlines(self) -> dict[tuple[int, Kind], float]:
        """What the scheduler must fire for this clock: (seat, kind) -> due time."""
        due: dict[tuple[int, Kind], float] = {}
        for seat in self.due():
            expire = self.deadline(seat)
            remind = self.reminder(seat)
            if expire is not None and remind is not None:
                due[seat, "expire"] = expire
                due[seat, "remind"] = remind
        for seat, when in self.computer_turns().items():
            due[seat, "computer"] = when
        return due

    def computer_turns(self) -> dict[int, float]:
        """When each computer seat with a decision in hand plays: the pace floor after its decision began and
        after the table's last computer move, the next computer a floor later (none while the table is paused)."""
        turns: dict[int, float] = {}
        waiting = [seat for seat in self.due() if seat in self.computers and self.seats[seat].since is not None]
        for order, seat in enumerate(waiting, 1):
            since = self.seats[seat].since
            assert since is not None
            start = since if self.auto_at is None else max(since, self.auto_at)
            turns[seat] = start + self.floor * order
        return turns

    # ----- changes (each returns a new clock) ------------------------------------
    def _copy(self) -> TableClock:
        """A copy to change: its own seats and lists (what `model_copy(deep=True)` gives, without deepcopy's cost;
        the other fields are immutable)."""
        return self.model_copy(
            update={
                "seats": [seat.model_copy() for seat in self.seats],
                "clocked_out": list(self.clocked_out),
                "computers": list(self.computers),
            }
        )

    def begin(
        self,
        players: int,
        to_act: Sequence[int],
        now: float,
        version: int,
        away: Mapping[int, float],
        *,
        computers: Sequence[int] = (),
        floor: float = 0.0,
    ) -> TableClock:
        """The clock of a game that starts now at `version`, with `to_act` deciding first and `computers` played
        by the computer at least `floor` seconds apart."""
        new = self._copy()
        new.seats = [SeatClock(bank=self.bank) for _ in range(players)]
        new.paused_at = None
        new.clocked_out = []
        new.timed_out = None
        new.computers = sorted(computers)
        new.floor = floor
        new.auto_at = None
        for seat in to_act:
            new._start(seat, now, version, away)
        return new

    def _start(self, seat: int, now: float, version: int, away: Mapping[int, float]) -> None:
        clock = self.seats[seat]
        clock.turn = version
        clock.since = None if self.paused else max(now, away.get(seat, now))
        clock.began = now
        clock.quiet = quiet_of(away, seat)

    def _charge(self, seat: int, now: float) -> None:
        """Take the time the decision in hand has used from the bank, and stop its clock."""
        clock = self.seats[seat]
        if clock.since is not None:
            clock.bank -= max(0.0, now - clock.since)
        clock.since = None

    def after_move(
        self,
        seat: int,
        to_act: Sequence[int],
        now: float,
        version: int,
        away: Mapping[int, float],
        *,
        by_clock: bool = False,
        clocked_out: bool = False,
        by_computer: bool = False,
        reported: bool = False,
    ) -> TableClock:
        """The clock after `seat` acted (or the clock acted for it), the game now at `version` with `to_act` due.

        The actor's used time is charged and the increment added, capped at the
        starting bank; a seat newly due starts its clock; a seat no longer due
        stops its own (its used time charged, no increment); the others run on.
        A `reported` action (taken outside the buttons, `PlayService.report`)
        is not the actor's move: its seat then follows the game like any other.
        """
        new = self._copy()
        actor = new.seats[seat]
        if not reported:
            if actor.turn is not None:
                new._charge(seat, now)
                actor.bank = min(new.bank, max(actor.bank, 0.0) + new.increment)
            actor.turn = None
            if by_computer:
                new.auto_at = now
            elif by_clock:
                actor.timeouts += 1
                new.timed_out = (seat, version)
                if clocked_out and seat not in new.clocked_out:
                    new.clocked_out.append(seat)
            else:
                actor.timeouts = 0
                actor.acted_at = now
        due = set(to_act)
        for other, clock in enumerate(new.seats):
            if clock.turn is not None and other not in due:
                new._charge(other, now)
                clock.turn = None
            elif clock.turn is None and other in due:
                new._start(other, now, version, away)
        return new

    def pause(self, now: float) -> TableClock:
        new = self._copy()
        if new.paused_at is None:
            for seat in new.due():
                new._charge(seat, now)
            new.paused_at = now
        return new

    def resume(self, now: float, away: Mapping[int, float]) -> TableClock:
        new = self._copy()
        if new.paused_at is not None:
            new.paused_at = None
            for seat in new.due():
                new.seats[seat].since = max(now, away.get(seat, now))
                new.seats[seat].quiet = quiet_of(away, seat)
        return new

    def set_away(self, seat: int, until: float, now: float) -> TableClock:
        """`seat`'s player is away until `until` (or back, when `until` <= now): their clock stops meanwhile."""
        new = self._copy()
        clock = new.seats[seat]
        if clock.turn is None or clock.since is None:
            return new
        new._charge(seat, now)
        clock.since = max(now, until)
        return new

    # ----- away time spent by the clock (`ClockService.expire`) -------------------
    def on_auto_away(self, seat: int) -> bool:
        """Whether the clock already spent away time on `seat`'s decision in hand (a stretch of away hours)."""
        clock = self.seats[seat]
        return clock.turn is not None and self.away_turns.get(seat) == clock.turn

    def away_hour(self, seat: int, hour: float, now: float) -> TableClock:
        """`seat`'s time ran out and an hour (`hour` seconds, scaled) of its player's away allowance is spent: its
        deadline moves `hour` later (from now, when it fell due late), and the decision is marked as on away time."""
        new = self._copy()
        clock = new.seats[seat]
        deadline = self.deadline(seat)
        if deadline is None or clock.turn is None:
            return new
        clock.bank += hour + max(0.0, now - deadline)
        new.away_turns = {**self.away_turns, seat: clock.turn}
        return new
