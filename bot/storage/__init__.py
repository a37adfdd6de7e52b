"""Persistence of games on SQLite (aiosqlite): lobbies, engine states, the action log, results.

The schema is described in `bot.storage._migrations`, the concurrency and
durability model in `bot.storage.database`, the integrity check at start and the
one-line reasons a database cannot be opened in `bot.storage.health`, and
`cardroom backup` in `bot.storage.backup`.
"""

from bot.storage._migrations import MIGRATIONS, Migration
from bot.storage.backup import Backup, back_up, default_destination
from bot.storage.database import Database
from bot.storage.errors import (
    ChannelBusyError,
    DamagedDatabaseError,
    DeadlineGoneError,
    GameNotFoundError,
    SchemaTooNewError,
    StaleVersionError,
    StorageError,
)
from bot.storage.health import FULL_CHECK_LIMIT, IntegrityMode
from bot.storage.records import (
    TABLE_SEAT,
    ClockWrite,
    Deadline,
    GameRecord,
    GuildSettings,
    HistoryRow,
    LeaderOrder,
    LeaderRow,
    MeasureOrder,
    NotifyMode,
    PlayerSettings,
    RepairRow,
    ResultRow,
    Seat,
    SeatRating,
    SeatTurn,
    StatsRow,
    Status,
    TurnRow,
)

__all__ = [
    "FULL_CHECK_LIMIT",
    "MIGRATIONS",
    "TABLE_SEAT",
    "Backup",
    "ChannelBusyError",
    "ClockWrite",
    "DamagedDatabaseError",
    "Database",
    "Deadline",
    "DeadlineGoneError",
    "GameNotFoundError",
    "GameRecord",
    "GuildSettings",
    "HistoryRow",
    "IntegrityMode",
    "LeaderOrder",
    "LeaderRow",
    "MeasureOrder",
    "Migration",
    "NotifyMode",
    "PlayerSettings",
    "RepairRow",
    "ResultRow",
    "SchemaTooNewError",
    "Seat",
    "SeatRating",
    "SeatTurn",
    "StaleVersionError",
    "StatsRow",
    "Status",
    "StorageError",
    "TurnRow",
    "back_up",
    "default_destination",
]
