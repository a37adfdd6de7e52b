"""Persistence of games on SQLite (aiosqlite): lobbies, engine states, the action log, results.

The schema is described in `bot.storage._migrations`, the concurrency and
durability model in `bot.storage.database`.
"""

from bot.storage._migrations import MIGRATIONS, Migration
from bot.storage.database import Database
from bot.storage.errors import ChannelBusyError, GameNotFoundError, StaleVersionError, StorageError
from bot.storage.records import GameRecord, HistoryRow, LeaderOrder, LeaderRow, ResultRow, Seat, Status

__all__ = [
    "MIGRATIONS",
    "ChannelBusyError",
    "Database",
    "GameNotFoundError",
    "GameRecord",
    "HistoryRow",
    "LeaderOrder",
    "LeaderRow",
    "Migration",
    "ResultRow",
    "Seat",
    "StaleVersionError",
    "Status",
    "StorageError",
]
