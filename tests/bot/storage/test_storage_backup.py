"""`back_up`: a consistent copy through SQLite's online backup API, safe while the bot writes."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from storage_helpers import new_game

from bot.storage import DamagedDatabaseError, Database, StorageError, TableRecord, back_up, default_destination
from tests.bot.storage.damage import populated_database, sha256, unindex_active_games, zero_pages


async def stored_games(path: Path) -> list[TableRecord]:
    db = await Database.open(path)
    try:
        return await db.tables.active_tables()
    finally:
        await db.close()


async def test_a_backup_does_not_wait_for_an_open_write_transaction_and_leaves_it_out(
    db_file: Path, tmp_path: Path
) -> None:
    games = await populated_database(db_file)
    writer = sqlite3.connect(db_file, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE tables SET locale = 'fr'")  # not committed while the backup runs
        started = time.monotonic()
        made = back_up(db_file, tmp_path / "copy.sqlite3")
        assert time.monotonic() - started < 2.0  # far below the 5 s busy timeout: it never waited for the writer
        writer.execute("COMMIT")
    finally:
        writer.close()
    assert made.path == tmp_path / "copy.sqlite3" and made.size == made.path.stat().st_size > 0
    assert await stored_games(made.path) == games  # committed state only: every locale still 'en'
    assert {game.locale for game in await stored_games(db_file)} == {"fr"}


async def test_a_backup_while_a_database_is_open_and_committing_moves_is_consistent(
    db_file: Path, tmp_path: Path
) -> None:
    db = await Database.open(db_file)
    games = [await new_game(db, channel_id=channel) for channel in range(5)]
    moves, goal = 0, 20
    stop, arrived = asyncio.Event(), asyncio.Event()

    async def play() -> None:
        nonlocal moves
        while not stop.is_set():
            game = games[moves % len(games)]
            games[moves % len(games)] = await db.tables.commit_action(
                game.id, game.version, seat=moves % 2, action=json.dumps({"n": moves}), state=json.dumps({"n": moves})
            )
            moves += 1
            if moves >= goal:
                arrived.set()

    player = asyncio.create_task(play())
    try:
        await arrived.wait()
        before = moves
        made = await asyncio.to_thread(back_up, db_file, tmp_path / "copy.sqlite3")
        goal = moves + 20  # the game goes on during and after the backup
        arrived.clear()
        await arrived.wait()
    finally:
        stop.set()
        await player
        await db.close()
    copy = await Database.open(made.path)
    try:
        copied = await copy.tables.active_tables()
        assert [game.id for game in copied] == [game.id for game in games]
        logs = [await copy.tables.actions(game.id) for game in copied]
    finally:
        await copy.close()
    assert before <= sum(len(log) for log in logs) <= moves  # every move committed before the backup began
    for game, log in zip(copied, logs, strict=True):  # one snapshot: each state, version and action log agree
        assert [seq for seq, _, _ in log] == list(range(3, game.version + 1))  # moves follow lobby, seats, start
        assert json.loads(game.state or "null") == json.loads(log[-1][2])


async def test_a_backup_never_overwrites_a_file(db_file: Path, tmp_path: Path) -> None:
    await populated_database(db_file, games=2)
    existing = tmp_path / "precious.sqlite3"
    existing.write_bytes(b"keep me")
    with pytest.raises(StorageError, match="already exists: a backup never overwrites a file"):
        back_up(db_file, existing)
    assert existing.read_bytes() == b"keep me"


def test_a_missing_database_is_not_backed_up(db_file: Path, tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="no database at"):
        back_up(db_file, tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()


async def test_the_default_destination_is_next_to_the_database_with_a_utc_stamp(db_file: Path) -> None:
    moment = datetime(2024, 5, 1, 12, 3, 4, tzinfo=UTC)
    assert default_destination(Path("/srv/cardroom.sqlite3"), moment) == Path(
        "/srv/cardroom.sqlite3.backup-20240501T120304Z.sqlite3"
    )
    games = await populated_database(db_file, games=3)
    made = back_up(db_file)
    assert made.path.parent == db_file.parent
    assert made.path.name.startswith("cardroom.sqlite3.backup-") and made.path.suffix == ".sqlite3"
    stamp = made.path.name.removeprefix("cardroom.sqlite3.backup-").removesuffix(".sqlite3")
    assert abs(datetime.strptime(stamp, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC) - datetime.now(UTC)).total_seconds() < 60
    assert await stored_games(made.path) == games


async def test_the_copy_is_one_self_contained_file(db_file: Path, tmp_path: Path) -> None:
    await populated_database(db_file, games=2)
    made = back_up(db_file, tmp_path)  # a directory receives the default name
    assert made.path.parent == tmp_path
    with sqlite3.connect(made.path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    conn.close()
    names = await asyncio.to_thread(lambda: {path.name for path in tmp_path.iterdir()})
    assert names == {"data", made.path.name}  # no -wal, no -journal


async def test_a_damaged_database_is_not_backed_up_and_not_touched(db_file: Path, tmp_path: Path) -> None:
    await populated_database(db_file)
    zero_pages(db_file)
    before = sha256(db_file)
    with pytest.raises(DamagedDatabaseError, match="its copy fails the integrity check"):
        back_up(db_file, tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()  # no copy that looks like a good backup
    assert sha256(db_file) == before


async def test_a_database_whose_index_is_out_of_step_is_not_backed_up(db_file: Path, tmp_path: Path) -> None:
    await populated_database(db_file, games=4)
    unindex_active_games(db_file)
    with pytest.raises(DamagedDatabaseError, match="wrong # of entries in index tables_open_channel"):
        back_up(db_file, tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()
