"""The table aggregate as the services hand it out: a table's row and engine state (`Table`), what an accepted
action changed (`Outcome`), and the gate every change passes right before its commit (`Gate`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from bot.errors import UnknownGameError
from bot.services.away import AwayHour
from bot.services.clock import TableClock
from bot.storage import ClockWrite, TableRecord
from engines import registry
from engines.core import Decision, Engine, GameState, Perspective, Result

Gate = Callable[[], Awaitable[None]]
"""Awaited right before a change is committed; it raises to stop the change (the caller can no longer show it)."""

Served = Callable[[int | None], bool]
"""Whether a server (its id; None: no server) is one this process serves (its shards'): `ProcessShards.serves`.
A table of another process's server is neither listed nor cached here: that process holds it."""


def every_server(guild_id: int | None) -> bool:
    """The `Served` of a bot run as one process."""
    return True


async def open_gate() -> None:
    """The gate of a caller with nothing to check."""


@dataclass(frozen=True)
class Table:
    """A game as loaded: its row and, once started, its engine state."""

    record: TableRecord
    engine: Engine[Any, Any, Any, Any]
    state: GameState | None
    # seat -> change of its conservative rating (μ − 3σ) in this game, for a finished game that changed ratings
    rating_changes: dict[int, float] = field(default_factory=dict)
    _decisions: dict[int, Decision] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def id(self) -> int:
        return self.record.id

    @cached_property
    def names(self) -> list[str]:
        """The players' names by seat (worked out once: a table's drawing asks for them dozens of times)."""
        return [seat.name for seat in self.record.seats]

    def seat_of(self, user_id: int) -> int | None:
        return self.record.seat_of(user_id)

    def decision(self, seat: int) -> Decision:
        """`seat`'s pending decision (`Engine.decision`: candidates, legality, token), worked out once per seat
        for this version of the table: the service's check of a click and the hand drawn after it share it."""
        assert self.state is not None
        found = self._decisions.get(seat)
        if found is None:
            found = self._decisions[seat] = self.engine.decision(self.state, seat)
        return found

    def perspective(self, seat: int | None) -> Perspective:
        """What `seat` sees of the table (None: a spectator): `Engine.perspective`, a player's legal actions taken
        from their decision (`decision`), which their hand's buttons need too, rather than worked out again."""
        state = self.state
        assert state is not None
        legal_now = None if seat is None or not 0 <= seat < state.players else self.decision(seat).actions
        view: Perspective = self.engine.perspective(state, seat, legal_now=legal_now)
        return view

    @cached_property
    def to_act(self) -> tuple[int, ...]:
        if self.state is None or self.record.status != "active":
            return ()
        return tuple(self.engine.to_act(self.state))

    @cached_property
    def result(self) -> Result | None:
        return None if self.state is None else self.engine.result(self.state)

    @cached_property
    def clock(self) -> TableClock | None:
        """The table's clock (its settings while a lobby); None for a table older than clocks."""
        return None if self.record.clock is None else TableClock.model_validate_json(self.record.clock)

    def deadline(self, seat: int) -> float | None:
        """When `seat`'s time to decide runs out (None: not deciding, no clock, or paused)."""
        clock = self.clock
        if clock is None or self.record.status != "active" or seat >= len(clock.seats):
            return None
        return clock.deadline(seat)


@dataclass(frozen=True)
class Outcome:
    """What an accepted action changed: the table after it, who acted, and whether the game ended."""

    table: Table
    seat: int
    finished: bool
    by_clock: bool = False  # the clock played for the seat (its time ran out)
    drawn: object = None  # what the move's `draw` made of `table` while its commit was in flight (None: nothing)
    away: AwayHour | None = None  # the clock spent away allowance instead of a timeout (no move then)


Draw = Callable[[Table], object]


class Ahead:
    """A move's answer drawn ahead, while its commit is in flight (`TableStore.commit`'s `draw`).

    It is drawn on the table as the commit should leave it: the row at the next version with the new state and
    clock, finished if the move ends the game. It is kept only if the row committed is that row (its times
    aside, which no answer drawn ahead shows). A game's end is drawn without the rating changes its commit works
    out (`Table.rating_changes` is empty): what shows them (the public table's standings) is drawn after it.
    """

    def __init__(
        self,
        table: Table,
        state: GameState,
        dumped: str,
        write: ClockWrite | None,
        clock: TableClock | None,
        draw: Draw,
        *,
        finished: bool = False,
    ) -> None:
        self._before = table
        self._after = (state, dumped, write, clock)
        self._finished = finished
        self._draw = draw
        self.drawn: object = None

    def draw(self) -> None:
        """Called on the event loop, at most once, while the commit is in flight. A failure is left for the
        caller's own drawing after the commit to meet, in its error pipeline. The table drawn is built here, not
        before the commit: the commit does not wait for it."""
        state, dumped, write, clock = self._after
        before = self._before
        try:
            self.record = before.record.advanced(
                dumped, None if write is None else write.clock, finished=self._finished
            )
            self.table = Table(record=self.record, engine=before.engine, state=state)
            if write is not None:
                self.table.__dict__["clock"] = clock  # as `_committed` would set it
            self.drawn = self._draw(self.table)
        except Exception:  # drawn again after the commit, whose error pipeline reports it
            self.drawn = None

    def drawn_for(self, record: TableRecord) -> object:
        """What was drawn, if the commit left the row it was drawn for; else None."""
        return self.drawn if self.drawn is not None and record.same_but_time(self.record) else None

    def hand_over(self, committed: Table) -> None:
        """Give the committed table (the same state, kept) what the drawing worked out of it: the decisions of
        the seats drawn, so the next click of such a seat is checked without working them out again, and who is
        to act and the result, which the public table shows next."""
        ahead = self.table
        if committed.state is ahead.state:
            for seat, decision in ahead._decisions.items():
                committed._decisions.setdefault(seat, decision)
            worked_out = ahead.__dict__  # the cached properties of the same state and status
            for name in ("to_act", "result"):
                if name in worked_out:
                    committed.__dict__.setdefault(name, worked_out[name])


def engine_for(game: str) -> Engine[Any, Any, Any, Any]:
    try:
        return registry.get(game)
    except KeyError:
        raise UnknownGameError(game=game) from None


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    """A link to a table's message (to its channel while the message is unknown)."""
    guild = guild_id if guild_id is not None else "@me"
    if message_id is None:
        return f"https://discord.com/channels/{guild}/{channel_id}"
    return f"https://discord.com/channels/{guild}/{channel_id}/{message_id}"


def table_url(record: TableRecord) -> str:
    """A link to the table's message (to its channel while the message is unknown)."""
    return jump_url(record.guild_id, record.channel_id, record.table_message_id)


def option_value(choice: Any) -> str:
    """How an option value appears in catalogue keys and select values."""
    if isinstance(choice, bool):
        return "true" if choice else "false"
    return str(choice)
