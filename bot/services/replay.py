"""Replays of finished games: every step of a game, rebuilt from its seed and action log.

A game's states are not stored (only the latest one is); they follow exactly from the
seed and the actions (the conformance suite proves replays exact), so a replay applies
the log again, off the event loop. Step 0 is the deal, step k the state after the k-th
action. A replay keeps one state in `CHECKPOINT` (and the parsed actions): any step is
then at most `CHECKPOINT - 1` actions away, played forward on one copy of the nearest
checkpoint, so a long game's replay stays small and a step costs one copy.

Only games that are over can be replayed: the seed of a running game would reveal every
hidden card to come, and a replay shows every hand.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.errors import CardroomError, ForgedComponentError
from bot.services.tables import Table, Tables
from bot.storage import TableRecord
from engines.core import Engine, Event, GameState, IllegalActionError

CHECKPOINT = 16  # one state kept every this many steps
CACHE_SIZE = 16  # replays kept, by game (a finished game never changes)


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replayed game: the state after it, and the move that led there (none for the deal)."""

    number: int  # 0 is the deal
    steps: int  # the last step (the number of actions)
    state: GameState
    seat: int | None = None  # who moved
    action: Any = None  # what they did (an engine action, or `Withdraw`)
    before: GameState | None = None  # the state the move was made in
    events: tuple[Event, ...] = ()  # every event the move caused (public and secret)

    @property
    def is_last(self) -> bool:
        return self.number == self.steps


class Replay:
    """A finished game's steps, rebuilt on demand from checkpoints: `step(k)` for k in 0..`steps`."""

    def __init__(
        self, engine: Engine[Any, Any, Any, Any], record: TableRecord, actions: Sequence[tuple[int, int, str]]
    ) -> None:
        """Replays the whole game once (raises what the engine raises on a log that does not replay)."""
        self.engine = engine
        self.record = record
        self.moves: list[tuple[int, Any]] = [(seat, engine.parse_action(data)) for _, seat, data in actions]
        state = engine.new(len(record.seats), engine.parse_options(record.options), record.seed)
        self._checkpoints: list[GameState] = [engine.copy(state)]
        for number, (seat, action) in enumerate(self.moves, 1):
            engine.advance(state, seat, action)  # one state played forward; a copy kept at each checkpoint
            if number % CHECKPOINT == 0:
                self._checkpoints.append(engine.copy(state))

    @property
    def steps(self) -> int:
        """The last step: the number of actions."""
        return len(self.moves)

    def mover(self, number: int) -> int | None:
        """The seat whose move led to step `number` (None for the deal)."""
        return self.moves[number - 1][0] if 1 <= number <= self.steps else None

    def state_at(self, number: int) -> GameState:
        """The state after the first `number` actions (0: the deal)."""
        if not 0 <= number <= self.steps:
            raise IndexError(number)
        base = number // CHECKPOINT
        if number == base * CHECKPOINT:
            return self._checkpoints[base]
        state: GameState = self.engine.copy(self._checkpoints[base])
        for seat, action in self.moves[base * CHECKPOINT : number]:
            self.engine.advance(state, seat, action)
        return state

    def step(self, number: int) -> ReplayStep:
        """Step `number`, with the move that led there and the events it caused."""
        if number == 0:
            return ReplayStep(number=0, steps=self.steps, state=self.state_at(0))
        before = self.state_at(number - 1)
        seat, action = self.moves[number - 1]
        state = self.engine.apply(before, seat, action)
        # The move's own events: applied again to a state with no event history (events never feed the rules).
        bare = before.model_copy(update={"events": []})
        caused = tuple(self.engine.apply(bare, seat, action).events)
        return ReplayStep(
            number=number, steps=self.steps, state=state, seat=seat, action=action, before=before, events=caused
        )


class ReplayCache:
    """The replays built lately, by game id (least recently used out first)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._replays: OrderedDict[int, Replay] = OrderedDict()
        self._size = size

    def get(self, table_id: int) -> Replay | None:
        replay = self._replays.get(table_id)
        if replay is not None:
            self._replays.move_to_end(table_id)
        return replay

    def put(self, table_id: int, replay: Replay) -> None:
        self._replays[table_id] = replay
        while len(self._replays) > self._size:
            self._replays.popitem(last=False)


class ReplayService:
    """Replays of a server's finished games, for `/replay`."""

    def __init__(self, tables: Tables, *, cache_size: int = CACHE_SIZE) -> None:
        self.tables = tables
        self._cache = ReplayCache(cache_size)

    async def replayable(self, table_id: int, guild_id: int | None) -> Table:
        """The game `table_id` of server `guild_id`, over and started; a `CardroomError` saying why not otherwise."""
        try:
            table = await self.tables.store.get(table_id)
        except ForgedComponentError:
            raise CardroomError("error.no_such_game", table_id=table_id) from None
        record = table.record
        if record.guild_id != guild_id:
            raise CardroomError("error.no_such_game", table_id=table_id)
        if record.is_open:
            raise CardroomError("replay.not_over", table_id=table_id)
        if record.state is None:
            raise CardroomError("replay.never_started", table_id=table_id)
        return table

    async def replay(self, table_id: int, guild_id: int | None) -> tuple[Table, Replay]:
        """The finished table and its replay (built off the event loop the first time, then cached)."""
        table = await self.replayable(table_id, guild_id)
        replay = self._cache.get(table_id)
        if replay is None:
            actions = await self.tables.store.db.tables.actions(table_id)
            try:
                replay = await asyncio.to_thread(Replay, table.engine, table.record, actions)
            except (IllegalActionError, ValidationError, ValueError):
                raise CardroomError("replay.broken", table_id=table_id) from None  # /verify says where
            self._cache.put(table_id, replay)
        return table, replay

    async def step(self, table_id: int, guild_id: int | None, number: int | None) -> tuple[Table, Replay, ReplayStep]:
        """Step `number` of a finished game (None: the last), with its table and replay; `replay.no_such_step` when
        the game has no such step."""
        table, replay = await self.replay(table_id, guild_id)
        if number is None:
            number = replay.steps
        if not 0 <= number <= replay.steps:
            raise CardroomError("replay.no_such_step", step=number, steps=replay.steps)
        return table, replay, await asyncio.to_thread(replay.step, number)
