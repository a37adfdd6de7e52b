"""Persistence of games on SQLite (aiosqlite) or PostgreSQL (asyncpg): lobbies, engine states, the action log, results.

The schema is described in `bot.storage._migrations`, the concurrency and
durability model in `bot.storage.database` and its two back ends
(`bot.storage._sqlite`, `bot.storage._postgres`), the integrity check at start and the
one-line reasons a SQLite file cannot be opened in `bot.storage.health`,
`cardroom backup` (SQLite) in `bot.storage.backup`, and `cardroom migrate-db` in
`bot.storage.transfer`.
"""

from bot.storage._driver import is_postgres, redacted
from bot.storage._migrations import MIGRATIONS, Migration
from bot.storage._moves import clock_statements
from bot.storage.backup import Backup, back_up, default_destination
from bot.storage.database import Database
from bot.storage.errors import (
    ChannelBusyError,
    DamagedDatabaseError,
    DeadlineGoneError,
    SchemaTooNewError,
    StaleVersionError,
    StorageError,
    TableNotFoundError,
)
from bot.storage.health import FULL_CHECK_LIMIT, IntegrityMode
from bot.storage.records import (
    TABLE_SEAT,
    CardEmojiArt,
    CardsMode,
    ClockWrite,
    Deadline,
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
    TableRecord,
    TurnRow,
)

__all__ = [
    "FULL_CHECK_LIMIT",
    "MIGRATIONS",
    "TABLE_SEAT",
    "Backup",
    "CardEmojiArt",
    "CardsMode",
    "ChannelBusyError",
    "ClockWrite",
    "DamagedDatabaseError",
    "Database",
    "Deadline",
    "DeadlineGoneError",
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
    "TableNotFoundError",
    "TableRecord",
    "TurnRow",
    "back_up",
    "clock_statements",
    "default_destination",
    "is_postgres",
    "redacted",
]
