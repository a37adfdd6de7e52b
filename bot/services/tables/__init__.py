"""The tables: one core (`TableStore`: the cache, the locks, the commit, the gate) and a service per use case above it.

`Tables` builds them over one store: `tables.lobby` (a table before its game starts), `tables.play` (the moves of
the people seated), `tables.clock` (what the scheduler fires, pause, away), `tables.admin` (the ends forced on a
table), `tables.history` (a game's log and its fairness check) and `tables.store` itself (loading a table, what its
channel message shows). Each service is small and reaches the others' state only through the store.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.computers import ComputerPlayers
from bot.services.tables.admin import AdminService
from bot.services.tables.clock import ClockService
from bot.services.tables.history import HistoryService
from bot.services.tables.lobby import LobbyService
from bot.services.tables.play import PlayService
from bot.services.tables.store import CACHE_SIZE, COMPUTER_FLOOR, COMPUTER_LEASE, LOCK_TIMEOUT, TableStore
from bot.services.tables.table import (
    Draw,
    Gate,
    Outcome,
    Served,
    Table,
    engine_for,
    every_server,
    jump_url,
    open_gate,
    option_value,
    table_url,
)
from bot.storage import Database

__all__ = [
    "CACHE_SIZE",
    "COMPUTER_FLOOR",
    "COMPUTER_LEASE",
    "LOCK_TIMEOUT",
    "AdminService",
    "ClockService",
    "Draw",
    "Gate",
    "HistoryService",
    "LobbyService",
    "Outcome",
    "PlayService",
    "Served",
    "Table",
    "TableStore",
    "Tables",
    "engine_for",
    "every_server",
    "jump_url",
    "open_gate",
    "option_value",
    "table_url",
]


class Tables:
    """The table services of one process over one store (the arguments are `TableStore`'s)."""

    def __init__(
        self,
        db: Database,
        *,
        lobby_expiry: float | None = None,
        clock: Callable[[], float] = time.time,
        time_scale: float = 1.0,
        computers: ComputerPlayers | None = None,
        computer_floor: float = COMPUTER_FLOOR,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        self.store = TableStore(
            db,
            lobby_expiry=lobby_expiry,
            clock=clock,
            time_scale=time_scale,
            computers=computers,
            computer_floor=computer_floor,
            cache_size=cache_size,
        )
        self.lobby = LobbyService(self.store)
        self.play = PlayService(self.store)
        self.clock = ClockService(self.store)
        self.admin = AdminService(self.store)
        self.history = HistoryService(self.store)
