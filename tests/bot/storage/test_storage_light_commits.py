"""Light commits: the bookkeeping that follows a move (the version a table message shows, the bell's id and the
decisions it told) is committed without a sync of its own, lands and is read back, and survives a crash of the
process; the move's own commit stays durable. `Database.durable_commits` counts the durable ones."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from storage_helpers import new_game

import bot
from bot.storage import Database, TableNotFoundError
from bot.storage._rows import Tx

REPO = Path(bot.__file__).resolve().parent.parent


async def test_the_writes_after_a_move_land_light_and_the_move_stays_durable(storage_db: Database) -> None:
    game = await new_game(storage_db)
    durable, light = storage_db.durable_commits, storage_db.light_commits
    moved = await storage_db.tables.commit_action(game.id, game.version, seat=0, action='"a"', state='"s1"')
    assert (storage_db.durable_commits, storage_db.light_commits) == (durable + 1, light)

    await storage_db.tables.set_shown_version(game.id, moved.version)
    await storage_db.tables.set_ping(game.id, 0)  # the bell is being posted
    await storage_db.tables.set_bell(game.id, 5551, {1: moved.version})  # posted: its id and whom it told, together
    assert (storage_db.durable_commits, storage_db.light_commits) == (durable + 1, light + 3)
    stored = await storage_db.tables.get(game.id)
    assert (stored.shown_version, stored.ping_message_id, stored.notified) == (moved.version, 5551, {1: moved.version})
    assert stored.version == moved.version  # none of them is a game change

    await storage_db.tables.set_notified(game.id, {0: 7})
    await storage_db.tables.set_ping(game.id, None)
    stored = await storage_db.tables.get(game.id)
    assert (stored.ping_message_id, stored.notified) == (None, {0: 7})
    assert storage_db.light_commits == light + 5

    # The connection is back at the chosen durability: the next move is synced as before.
    if storage_db.dialect == "sqlite":
        rows = list(await storage_db._connection().execute_fetchall("PRAGMA synchronous"))
        assert rows[0][0] == 2  # FULL
    else:
        async with storage_db._reading() as conn:
            assert (await conn.fetch("SHOW synchronous_commit"))[0][0] == "on"
    await storage_db.tables.commit_action(game.id, moved.version, seat=1, action='"b"', state='"s2"')
    assert storage_db.durable_commits == durable + 2


async def test_the_version_a_finished_game_shows_is_written_durable(storage_db: Database) -> None:
    """Once per game: its end is announced when its message shows it, never twice after a crash."""
    game = await new_game(storage_db)
    durable, light = storage_db.durable_commits, storage_db.light_commits
    await storage_db.tables.set_shown_version(game.id, game.version, durable=True)
    assert (storage_db.durable_commits, storage_db.light_commits) == (durable + 1, light)
    assert (await storage_db.tables.get(game.id)).shown_version == game.version


async def test_a_light_write_of_a_game_that_is_not_there_is_refused_and_leaves_nothing(storage_db: Database) -> None:
    light = storage_db.light_commits
    for write in (
        storage_db.tables.set_shown_version(999, 3),
        storage_db.tables.set_bell(999, 1, {0: 1}),
        storage_db.tables.set_notified(999, {0: 1}),
    ):
        with pytest.raises(TableNotFoundError):
            await write
    assert storage_db.light_commits == light  # rolled back, not committed
    game = await new_game(storage_db)
    await storage_db.tables.set_bell(game.id, 42, {0: 1})  # the connection is usable after them
    assert (await storage_db.tables.get(game.id)).ping_message_id == 42


@pytest.mark.sqlite_only
async def test_on_sqlite_a_light_commit_is_made_at_synchronous_normal_and_a_move_at_full(storage_db: Database) -> None:
    """What the connection's thread runs, traced: the light write's COMMIT under NORMAL, the move's under FULL."""
    game = await new_game(storage_db)
    statements: list[str] = []
    raw = storage_db._connection()
    await raw.set_trace_callback(statements.append)
    try:
        await storage_db.tables.set_shown_version(game.id, game.version)
        light = list(statements)
        statements.clear()
        await storage_db.tables.commit_action(game.id, game.version, seat=0, action='"a"', state='"s1"')
        move = list(statements)
    finally:
        await raw.set_trace_callback(None)  # type: ignore[arg-type]  # None unsets it (sqlite3)
    assert light[0] == "PRAGMA synchronous = NORMAL" and light[-1] == "PRAGMA synchronous = FULL"
    assert light.index("COMMIT") == len(light) - 2
    assert not any("synchronous" in statement for statement in move)


@pytest.mark.sqlite_only
async def test_at_normal_durability_a_light_commit_changes_no_setting(db_file: Path) -> None:
    db = await Database.open(db_file, durability="normal")
    try:
        game = await new_game(db)
        statements: list[str] = []
        raw = db._connection()
        await raw.set_trace_callback(statements.append)
        await db.tables.set_bell(game.id, 9, {0: 1})
        await raw.set_trace_callback(None)  # type: ignore[arg-type]  # None unsets it (sqlite3)
        assert not any("synchronous" in statement for statement in statements)
        assert (await db.tables.get(game.id)).ping_message_id == 9
    finally:
        await db.close()


CHILD = textwrap.dedent(
    """
    import asyncio, os, sys
    from bot.storage import Database

    async def main(path: str, table_id: int) -> None:
        db = await Database.open(path)
        game = await db.tables.get(table_id)
        game = await db.tables.commit_action(game.id, game.version, seat=0, action='"a"', state='"s1"')
        await db.tables.set_shown_version(game.id, game.version)
        await db.tables.set_bell(game.id, 4242, {1: game.version})
        print(game.version, db.durable_commits, db.light_commits, flush=True)
        os._exit(3)  # die without close(): no checkpoint, no clean shutdown of the connection

    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
    """
)


def spawn(db_file: Path, table_id: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db_file), str(table_id)], stdout=subprocess.PIPE, text=True, env=env, cwd=REPO
    )


@pytest.mark.sqlite_only
async def test_on_sqlite_light_writes_survive_a_process_that_dies_without_closing(db_file: Path) -> None:
    db = await Database.open(db_file)
    game = await new_game(db)
    await db.close()
    child = spawn(db_file, game.id)
    out, _ = await asyncio.to_thread(child.communicate, timeout=30)
    assert child.returncode == 3
    version, durable, light = (int(word) for word in out.split())
    assert (durable, light) == (1, 2)  # one durable commit (the move), two light ones
    assert await asyncio.to_thread(os.path.getsize, f"{db_file}-wal") > 0  # recovered from the WAL below
    reopened = await Database.open(db_file)
    try:
        stored = await reopened.tables.get(game.id)
    finally:
        await reopened.close()
    assert stored.version == version
    assert (stored.shown_version, stored.ping_message_id, stored.notified) == (version, 4242, {1: version})


async def test_inside_a_light_commit_the_sync_is_off_and_outside_it_is_back(storage_db: Database) -> None:
    """The setting each back end commits a light transaction at, read inside it, then after it."""
    setting = "PRAGMA synchronous" if storage_db.dialect == "sqlite" else "SHOW synchronous_commit"

    async def read(tx: Tx) -> object:
        return (await tx.conn.fetch(setting))[0][0]

    inside = await storage_db._light(read)
    async with storage_db._reading() as conn:
        after = (await conn.fetch(setting))[0][0]
    if storage_db.dialect == "sqlite":
        assert (inside, after) == (1, 2)  # NORMAL for the light commit, FULL again after it
    else:
        assert (inside, after) == ("off", "on")
