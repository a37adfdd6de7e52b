"""Memory per game: on disk (the SQLite file after a checkpoint) and in the Tables cache."""

from __future__ import annotations

import gc
import sqlite3
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from bot.services.tables import Tables
from bot.storage import Database, StorageError


@dataclass(frozen=True)
class StoredResult:
    games: int
    finished: int
    actions: int
    file_bytes: int  # main file + WAL after a checkpoint
    wal_bytes: int
    state_bytes: float  # mean state JSON length over the stored games
    action_bytes: float  # mean action JSON length per logged move
    actions_table_bytes: float | None  # pages of the action log and its key per move (dbstat), if available

    @property
    def per_game(self) -> float:
        return self.file_bytes / self.games if self.games else 0.0


async def _scalar(db: Database, sql: str) -> float | None:
    async with db._reading() as conn:  # in turn with the writes the bot may still be making
        rows = await conn.fetch(sql)
    value = rows[0][0] if rows else None
    return None if value is None else float(value)


def _sizes(path: Path) -> tuple[int, int]:
    """Bytes of the database file plus its WAL, and of the WAL alone."""
    wal = Path(f"{path}-wal")
    wal_bytes = wal.stat().st_size if wal.exists() else 0
    return path.stat().st_size + wal_bytes, wal_bytes


async def stored(db: Database, path: Path) -> StoredResult:
    """Checkpoint the WAL into the file, then divide the bytes on disk by the games stored."""
    async with db._reading() as conn:
        await conn.fetch("PRAGMA wal_checkpoint(TRUNCATE)")  # it answers a row: read it whole
    file_bytes, wal_bytes = _sizes(path)
    games = int(await _scalar(db, "SELECT COUNT(*) FROM tables") or 0)
    actions = int(await _scalar(db, "SELECT COUNT(*) FROM actions") or 0)
    try:
        table_bytes = await _scalar(db, "SELECT SUM(pgsize) FROM dbstat WHERE name = 'actions'")
    except (sqlite3.Error, StorageError):  # SQLite built without SQLITE_ENABLE_DBSTAT_VTAB
        table_bytes = None
    return StoredResult(
        games=games,
        finished=int(await _scalar(db, "SELECT COUNT(*) FROM tables WHERE status = 'finished'") or 0),
        actions=actions,
        file_bytes=file_bytes,
        wal_bytes=wal_bytes,
        state_bytes=await _scalar(db, "SELECT AVG(LENGTH(state)) FROM tables WHERE state IS NOT NULL") or 0.0,
        action_bytes=await _scalar(db, "SELECT AVG(LENGTH(action)) FROM actions") or 0.0,
        actions_table_bytes=None if table_bytes is None or not actions else table_bytes / actions,
    )


@dataclass(frozen=True)
class HeldResult:
    tables: int
    traced_bytes: int

    @property
    def per_game(self) -> float:
        return self.traced_bytes / self.tables if self.tables else 0.0


async def held(db: Database) -> HeldResult:
    """Python heap growth (tracemalloc) when a fresh Tables loads every open game into its cache."""
    rows = [row for row in await Tables(db).store.to_repair() if row.status in ("lobby", "active")]
    service = Tables(db, cache_size=max(1, len(rows)))  # room for every open table
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for row in rows:
            await service.store.get(row.table_id)  # only the cache keeps the tables
        tables = len(rows)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert service.store.held_in_memory() == tables
    return HeldResult(tables=tables, traced_bytes=after - before)
