"""Storage errors. None of them leaves the database changed."""

from __future__ import annotations

import shlex

from bot.storage.records import Deadline, TableRecord


class StorageError(Exception):
    """Base of every error raised by `bot.storage` (SQLite errors are wrapped in it)."""


class TableNotFoundError(StorageError):
    """No game has this id."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"no game with id {table_id}")
        self.table_id = table_id


class ChannelBusyError(StorageError):
    """A lobby or active game already occupies this channel; `existing` is that game."""

    def __init__(self, existing: TableRecord) -> None:
        super().__init__(f"channel {existing.channel_id} already has {existing.status} game {existing.id}")
        self.existing = existing


class StaleVersionError(StorageError):
    """The expected version (or status) did not match: someone else changed the game first.

    `current` is the row as it is now, to refresh from (an unknown id raises
    `TableNotFoundError` instead, so it is never None). `expected_version` is None
    for writes that take no version (`abort`), which fail only on the status.
    """

    def __init__(self, current: TableRecord, expected_version: int | None) -> None:
        super().__init__(
            f"game {current.id}: expected version {expected_version},"
            f" found version {current.version} ({current.status})"
        )
        self.expected_version = expected_version
        self.current = current


class DeadlineGoneError(StorageError):
    """A deadline was to fire but its row is gone or moved: something else (a player's move) got there first."""

    def __init__(self, deadline: Deadline) -> None:
        super().__init__(f"deadline {deadline.kind} of game {deadline.table_id} seat {deadline.seat} is gone")
        self.deadline = deadline


class DamagedDatabaseError(StorageError):
    """SQLite's own check found the database file damaged; nothing was written to it."""

    def __init__(self, path: object, problem: str) -> None:
        super().__init__(
            f"the database {path} is damaged ({problem}); Cardroom will not write to it."
            " Restore the latest backup made by `cardroom backup` (docs/operating.md: Backups and recovery),"
            f' or salvage it with: sqlite3 {shlex.quote(str(path))} ".recover" | sqlite3 recovered.sqlite3'
            " and point CARDROOM_DATABASE at recovered.sqlite3"
        )
        self.path = path
        self.problem = problem


class SchemaTooNewError(StorageError):
    """The database was migrated by a newer Cardroom than this one (a downgrade)."""

    def __init__(self, found: int, supported: int) -> None:
        super().__init__(
            f"database schema is version {found}, newer than this code ({supported}):"
            " upgrade Cardroom or point CARDROOM_DATABASE at another file"
        )
        self.found = found
        self.supported = supported
