"""A new SQLite database for a test, migrated once per process and copied.

Migrating a new SQLite file costs about 50 ms of CPU (every migration's statements, each a round trip to aiosqlite's
thread); opening a file already migrated costs a tenth of that. The tests that need a new, empty database but do not
test the migrations themselves take a copy of one migrated in this process:

    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3", clock=clock)

It is `Database.open(path, clock=clock)` on a new file, to the byte of what it stores: the copy's
`schema_migrations.applied_at` are the times the test's clock gives when asked once per migration, as it would be
while migrating, so the clock is left where a migration would have left it too. The migrations themselves are tested
on new files (`tests/bot/storage/test_storage_migrations.py`, and every PostgreSQL test migrates its own schema).
"""

from __future__ import annotations

import atexit
import functools
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.storage import Database
from bot.storage._driver import POSTGRESQL
from bot.storage._migrations import _BOOTSTRAP, MIGRATIONS

_template: Path | None = None


async def _migrated_template() -> Path:
    """A SQLite file migrated once in this process (its `applied_at` rewritten by each copy)."""
    global _template
    if _template is None:
        asked: list[int] = []

        def clock() -> float:
            asked.append(1)
            return 0.0

        folder = Path(tempfile.mkdtemp(prefix="cardroom-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        path = folder / "cardroom.sqlite3"
        db = await Database.open(path, clock=clock)
        await db.close()
        # The copy stands for a migration only if the clock is asked once per migration, as `apply_migrations` does.
        assert len(asked) == len(MIGRATIONS), f"migrating asked the clock {len(asked)} times"
        _template = path
    return _template


async def open_new_sqlite(path: Path, *, clock: Callable[[], float] = time.time, **options: Any) -> Database:
    """`Database.open(path, clock=clock, **options)` where `path` is not yet a file, from a migrated copy."""
    template = await _migrated_template()
    _copy(template, path, [(clock(), migration.version) for migration in MIGRATIONS])
    return await Database.open(path, clock=clock, **options)


def _copy(template: Path, path: Path, applied: list[tuple[float, int]]) -> None:
    """The template copied to `path` (a new file), with these `(applied_at, version)` (a millisecond's work)."""
    assert not path.exists(), f"{path} exists: open it with Database.open"
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(template, path)
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA synchronous = OFF")  # the copy is the test's alone: no need to wait for the disk
        conn.executemany("UPDATE schema_migrations SET applied_at = ? WHERE version = ?", applied)
    conn.close()


async def open_new_postgres(url: str, *, clock: Callable[[], float] = time.time, **options: Any) -> Database:
    """`Database.open(url, clock=clock, **options)` where `url` is a new, empty schema (`PostgresServer.new_schema`):
    the migrations' statements sent in one script rather than one at a time, the clock asked once per migration."""
    import asyncpg

    applied = [(migration.version, clock()) for migration in MIGRATIONS]
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            await conn.execute(_postgres_script())
            await conn.executemany("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)", applied)
    finally:
        await conn.close()
    return await Database.open(url, clock=clock, **options)


@functools.cache
def _postgres_script() -> str:
    """Every migration's statements in PostgreSQL's dialect, in order, as `apply_migrations` runs them."""
    statements = [_BOOTSTRAP, *(statement for migration in MIGRATIONS for statement in migration.statements)]
    return ";\n".join(POSTGRESQL.ddl(statement) for statement in statements)
