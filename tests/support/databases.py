"""A new database for a test, migrated once per process: on SQLite a migrated file copied, on PostgreSQL a migrated
schema reused, emptied (`migrated_schema`, below).

Migrating a new SQLite file costs about 50 ms of CPU (every migration's statements, each a round trip to aiosqlite's
thread); opening a file already migrated costs a tenth of that. The tests that need a new, empty database but do not
test the migrations themselves take a copy of one migrated in this process:

    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3", clock=clock)

It is `Database.open(path, clock=clock)` on a new file, to the byte of what it stores: the copy's
`schema_migrations.applied_at` are the times the test's clock gives when asked once per migration, as it would be
while migrating, so the clock is left where a migration would have left it too. The migrations themselves are tested
on new files and new schemas (`tests/bot/storage/test_storage_migrations.py`, marked `empty_database`).
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import shutil
import sqlite3
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from bot.storage import Database
from bot.storage._driver import POSTGRESQL
from bot.storage._migrations import _BOOTSTRAP, MIGRATIONS
from tests.support.postgres import PostgresServer

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


async def migrated_sqlite_file(path: Path) -> None:
    """A new SQLite file at `path`, migrated (a copy, as `open_new_sqlite` makes), not opened: for a bot process to
    open, as it opens its database at every start after the first."""
    _copy(await _migrated_template(), path, [(time.time(), migration.version) for migration in MIGRATIONS])


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
    """`Database.open(url, clock=clock, **options)` where `url` is a new schema, empty (`PostgresServer.new_schema`)
    or migrated and emptied (`migrated_schema`): the migrations' statements sent in one script rather than one at a
    time, or not at all where they ran already; the clock asked once per migration either way."""
    import asyncpg

    applied = [(migration.version, clock()) for migration in MIGRATIONS]
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            if url in _FINGERPRINTS:
                await conn.executemany("UPDATE schema_migrations SET applied_at = $2 WHERE version = $1", applied)
            else:
                await _migrate(conn, applied)
    finally:
        await conn.close()
    return await Database.open(url, clock=clock, **options)


async def _migrate(conn: Any, applied: list[tuple[int, float]]) -> None:
    """Every migration's statements in one script, each recorded as applied at its time of `applied`
    (`(version, applied_at)`), in the caller's transaction."""
    await conn.execute(_postgres_script())
    await conn.executemany("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)", applied)


# ----- migrated schemas, reused ----------------------------------------------------------------------------------
# Migrating a PostgreSQL schema costs the server about 150 ms of CPU (every migration's DDL: tables, indexes,
# triggers, renames), where emptying one costs about 20 ms. A test's schema is handed to the next test of this process
# emptied (its rows deleted, its identity columns back at 1), as a new schema migrated by the script would be,
# provided its structure is still what the migrations made (`_STRUCTURE`, kept in `_FINGERPRINTS`); one the test
# changed is dropped.

_FREE: dict[Path, list[str]] = {}  # per server: schemas migrated and emptied, waiting for a test
_FINGERPRINTS: dict[str, str] = {}  # a migrated schema's structure when the migrations had made it

_STRUCTURE = """
SELECT string_agg(item, ' ' ORDER BY item) FROM (
    SELECT 'r:' || c.relname::text || ':' || c.relkind::text || ':' || (
        SELECT string_agg(a.attname::text || '/' || format_type(a.atttypid, a.atttypmod), ',' ORDER BY a.attnum)
        FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    ) AS item
    FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace
    UNION ALL
    SELECT 'c:' || conname::text || ':' || pg_get_constraintdef(oid) FROM pg_constraint
    WHERE connamespace = current_schema()::regnamespace
    UNION ALL
    SELECT 't:' || t.tgname::text || ':' || t.tgenabled::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
    UNION ALL
    SELECT 'f:' || proname::text || ':' || md5(prosrc) FROM pg_proc WHERE pronamespace = current_schema()::regnamespace
    UNION ALL
    SELECT 'm:' || version::text FROM schema_migrations
) AS structure
"""


@contextlib.asynccontextmanager
async def schema_of_a_test(server: PostgresServer, *, empty: bool) -> AsyncIterator[str]:
    """The URL of a test's PostgreSQL schema: migrated and emptied (`migrated_schema`), or new and `empty` (a test of
    the migrations themselves), dropped or handed on after the test."""
    if not empty:
        async with migrated_schema(server) as url:
            yield url
        return
    url = await server.new_schema()
    try:
        yield url
    finally:
        await server.drop(url)


@contextlib.asynccontextmanager
async def migrated_schema(server: PostgresServer) -> AsyncIterator[str]:
    """The URL of a schema with every migration applied and no rows but `schema_migrations`' (open it with
    `open_new_postgres`, or `Database.open`): one a test of this process left, emptied, or a new one."""
    free = _FREE.setdefault(server.directory, [])
    url = free.pop() if free else await _new_migrated_schema(server)
    try:
        yield url
    finally:
        if await _emptied(url):
            free.append(url)
        else:
            _FINGERPRINTS.pop(url, None)
            await server.drop(url)


async def _new_migrated_schema(server: PostgresServer) -> str:
    import asyncpg

    url = await server.new_schema()
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            await _migrate(conn, [(migration.version, 0.0) for migration in MIGRATIONS])  # times set at each use
        tables = await _tables(conn)
        counts = {table: await conn.fetchval(f'SELECT count(*) FROM "{table}"') for table in tables}
        assert not any(counts.values()), f"the migrations leave rows an emptied schema would lack: {counts}"
        _FINGERPRINTS[url] = await conn.fetchval(_STRUCTURE)
    finally:
        await conn.close()
    return url


async def _tables(conn: Any) -> list[str]:
    rows = await conn.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'"
    )
    return sorted(str(row[0]) for row in rows)


async def _emptying(conn: Any) -> str:
    """The statements that empty the schema: every row deleted (with the triggers, foreign keys included, off: all
    goes), every identity back at 1. TRUNCATE would give each table new files, about 100 ms of the server's CPU."""
    sequences = await conn.fetch(
        "SELECT relname FROM pg_class WHERE relkind = 'S' AND relnamespace = current_schema()::regnamespace"
    )
    return ";\n".join(
        [
            "SET session_replication_role = replica",
            *(f'DELETE FROM "{table}"' for table in await _tables(conn)),
            *(f"SELECT setval('\"{row[0]}\"', 1, false)" for row in sequences),
            "RESET session_replication_role",
        ]
    )


async def _emptied(url: str) -> bool:
    """Whether the schema at `url` is as migrated and is now emptied for another test (False: drop it)."""
    import asyncpg

    try:
        conn = await asyncpg.connect(url)
    except (OSError, asyncpg.PostgresError):
        return False
    try:
        await conn.execute("SET lock_timeout = '5s'")  # a connection the test left open: drop it rather than wait
        if await conn.fetchval(_STRUCTURE) != _FINGERPRINTS.get(url):
            return False
        await conn.execute(await _emptying(conn))
        return True
    except asyncpg.PostgresError:
        return False
    finally:
        await conn.close()


@functools.cache
def _postgres_script() -> str:
    """Every migration's statements in PostgreSQL's dialect, in order, as `apply_migrations` runs them."""
    statements = [_BOOTSTRAP, *(statement for migration in MIGRATIONS for statement in migration.statements)]
    return ";\n".join(POSTGRESQL.ddl(statement) for statement in statements)
