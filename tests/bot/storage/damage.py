"""Database files as the bot leaves them, and the same files damaged (shared by the storage and CLI tests)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

from bot.storage import Database, TableRecord
from tests.bot.storage.storage_helpers import new_game


async def populated_database(path: Path, games: int = 30) -> list[TableRecord]:
    """`games` active games with a few moves each, in a database closed cleanly."""
    db = await Database.open(path)
    try:
        records = []
        for channel in range(games):
            game = await new_game(db, channel_id=1000 + channel)
            for n in range(3):
                game = await db.tables.commit_action(
                    game.id, game.version, seat=n % 2, action=json.dumps({"n": n}), state=json.dumps({"log": "x" * 300})
                )
            records.append(game)
    finally:
        await db.close()
    return records


def page_size(path: Path) -> int:
    """The page size from the file header (bytes 16-17, big-endian; 1 means 65536)."""
    with path.open("rb") as file:
        size = int.from_bytes(file.read(100)[16:18], "big")
    return 65536 if size == 1 else size


def schema_pages(path: Path) -> int:
    """The last page holding the schema itself (SQLite's `dbstat`): damage after it leaves the file openable."""
    with sqlite3.connect(path) as conn:
        last = conn.execute("SELECT MAX(pageno) FROM dbstat WHERE name = 'sqlite_schema'").fetchone()[0]
    conn.close()
    return int(last)


def zero_pages(path: Path, first: int | None = None) -> int:
    """Overwrite pages `first` .. second-to-last with zeros, as a failing disk or a torn copy would; the count.

    By default the damage starts right after the schema's own pages, so the file still opens.
    """
    assert not Path(f"{path}-wal").exists()  # closed cleanly: everything is in the file itself
    if first is None:
        first = max(3, schema_pages(path) + 1)
    size = page_size(path)
    data = bytearray(path.read_bytes())
    pages = len(data) // size
    assert pages > first + 1, f"only {pages} pages"
    data[(first - 1) * size : (pages - 1) * size] = bytes((pages - first) * size)
    path.write_bytes(bytes(data))
    return pages - first


def unindex_active_games(path: Path) -> None:
    """Damage only the full check sees: the open-channel index no longer matches its rows."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute(
            "UPDATE sqlite_master SET sql = replace(sql, \"'lobby', 'active'\", \"'lobby'\")"
            " WHERE name = 'tables_open_channel'"
        )
    conn.close()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
