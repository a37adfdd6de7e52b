"""The public log of a table: every event a spectator saw, move by move, rebuilt from the seed and the action log.

The stored state keeps only the latest events (`engines.core.EVENT_LOG_LIMIT`); the
whole log follows exactly from the seed and the actions (the conformance suite proves
replays exact), so it is rebuilt on demand rather than stored twice. Each step starts
from a state whose event list is emptied, so the events a step adds are exactly its own;
events never feed back into the rules.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage import TableRecord
from engines.core import Engine, Event

CACHE_SIZE = 32  # logs kept, by (game, version): paging through one log replays it once


@dataclass(frozen=True)
class LogEntry:
    """One step of the game: the deal (move 0, no seat) or a move, with the public events it caused."""

    move: int
    seat: int | None
    events: tuple[Event, ...]


def public_log(
    engine: Engine[Any, Any, Any, Any], record: TableRecord, actions: Sequence[tuple[int, int, str]]
) -> list[LogEntry]:
    """Replay the game and keep what a spectator saw at each step (steps with nothing public are left out)."""
    state = engine.new(len(record.seats), engine.parse_options(record.options), record.seed)
    entries = [LogEntry(0, None, tuple(e for e in state.events if e.visible_to(None)))]
    for move, (_, seat, data) in enumerate(actions, 1):
        state.events = []
        state = engine.apply(state, seat, engine.parse_action(data))
        entries.append(LogEntry(move, seat, tuple(e for e in state.events if e.visible_to(None))))
    return [entry for entry in entries if entry.events]


class LogCache:
    """The public logs built lately, by (game, version)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._logs: OrderedDict[tuple[int, int], list[LogEntry]] = OrderedDict()
        self._size = size

    def get(self, table_id: int, version: int) -> list[LogEntry] | None:
        log = self._logs.get((table_id, version))
        if log is not None:
            self._logs.move_to_end((table_id, version))
        return log

    def put(self, table_id: int, version: int, log: list[LogEntry]) -> None:
        self._logs[(table_id, version)] = log
        while len(self._logs) > self._size:
            self._logs.popitem(last=False)
