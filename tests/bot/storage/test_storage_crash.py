"""Crash safety: a failing or interrupted action leaves no trace; committed actions survive a crash."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from storage_helpers import new_game, results_for

import bot
from bot.storage import Database, StorageError, TableRecord
from bot.storage.repos import RatingRepository

REPO = Path(bot.__file__).resolve().parent.parent


async def snapshot(db: Database, game: TableRecord) -> tuple[TableRecord, list[tuple[int, int, str]], int]:
    return await db.tables.get(game.id), await db.tables.actions(game.id), len(await db.results.results(game.id))


async def test_a_failing_results_insert_rolls_back_the_whole_action(storage_db: Database) -> None:
    game = await new_game(storage_db)
    game = await storage_db.tables.commit_action(game.id, game.version, seat=0, action='"first"', state='"s1"')
    before = await snapshot(storage_db, game)
    # seat 0 inserts fine, seat 1 violates CHECK (place >= 1): the failure is in the middle of the writes
    bad = results_for(game, [(1, True, 3), (0, False, 1)])
    with pytest.raises(StorageError, match=r"(?i)check constraint"):
        await storage_db.tables.commit_action(game.id, game.version, seat=1, action='"last"', state='"s2"', result=bad)
    assert await snapshot(storage_db, game) == before
    # and the game goes on from there
    after = await storage_db.tables.commit_action(game.id, game.version, seat=1, action='"retry"', state='"s2"')
    assert after.version == game.version + 1


async def test_a_duplicate_seat_in_results_rolls_back(storage_db: Database) -> None:
    game = await new_game(storage_db)
    before = await snapshot(storage_db, game)
    rows = results_for(game, [(1, True, 3), (2, False, 1)])
    with pytest.raises(ValueError, match="one row per seat"):
        await storage_db.tables.commit_action(
            game.id, game.version, seat=0, action="{}", state='"end"', result=[rows[0], rows[0]]
        )
    assert await snapshot(storage_db, game) == before


async def test_an_exception_after_every_write_still_rolls_back(
    storage_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The action row, the state and the results are all written, then the process 'dies' before COMMIT."""
    game = await new_game(storage_db)
    before = await snapshot(storage_db, game)
    original = RatingRepository.insert_results

    async def insert_then_fail(self: RatingRepository, *args: object, **kwargs: object) -> None:
        await original(self, *args, **kwargs)  # type: ignore[arg-type]
        raise RuntimeError("boom before COMMIT")

    monkeypatch.setattr(RatingRepository, "insert_results", insert_then_fail)
    with pytest.raises(RuntimeError, match="boom"):
        await storage_db.tables.commit_action(
            game.id, game.version, seat=0, action="{}", state='"end"', result=results_for(game, [(1, True, 1)] * 2)
        )
    assert await snapshot(storage_db, game) == before
    assert await storage_db.tables.active_in_channel(game.channel_id) == game


async def test_data_survives_a_database_that_is_never_closed(db_file: Path) -> None:
    first = await Database.open(db_file)
    game = await new_game(first)
    game = await first.tables.commit_action(game.id, game.version, seat=1, action='{"k": 1}', state='{"n": 1}')
    # "crash": no close(), a new connection opens the same file
    second = await Database.open(db_file)
    try:
        assert await second.tables.active_tables() == [game]
        assert await second.tables.actions(game.id) == [(game.version, 1, '{"k": 1}')]
    finally:
        await second.close()
        await first.close()  # only to stop its thread in this test process


CHILD = textwrap.dedent(
    """
    import asyncio, json, os, sys
    from bot.storage import Database

    async def main(path: str, table_id: int, stop_after: int) -> None:
        db = await Database.open(path)
        game = await db.tables.get(table_id)
        n = 0
        while True:
            n += 1
            game = await db.tables.commit_action(
                game.id, game.version, seat=n % 2, action=json.dumps({"n": n}), state=json.dumps({"count": n})
            )
            print(game.version, flush=True)  # acknowledged to the "user"
            if n == stop_after:
                os._exit(3)  # die without close(), without flushing or checkpointing anything

    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
    """
)


def spawn(db_file: Path, table_id: int, stop_after: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db_file), str(table_id), str(stop_after)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )


async def check_consistent(db_file: Path, game: TableRecord, acknowledged: int) -> int:
    """The game as stored after the crash: state, version and log agree, and no acknowledged action is lost."""
    db = await Database.open(db_file)
    try:
        stored = await db.tables.get(game.id)
        log = await db.tables.actions(game.id)
    finally:
        await db.close()
    count: int = json.loads(stored.state or "{}")["count"]
    assert stored.status == "active"
    assert [seq for seq, _, _ in log] == list(range(game.version + 1, stored.version + 1))
    assert [json.loads(action)["n"] for _, _, action in log] == list(range(1, count + 1))
    assert stored.version in (acknowledged, acknowledged + 1)  # at most the action in flight is lost
    return count


async def test_committed_actions_survive_a_process_exit_without_close(db_file: Path) -> None:
    db = await Database.open(db_file)
    game = await new_game(db)
    await db.close()
    child = spawn(db_file, game.id, stop_after=25)
    out, _ = await asyncio.to_thread(child.communicate, timeout=30)
    assert child.returncode == 3
    # the commits are still only in the WAL (no checkpoint ran): recovery from it is what is tested
    assert await asyncio.to_thread(os.path.getsize, f"{db_file}-wal") > 0
    acknowledged = int(out.split()[-1])
    assert acknowledged == game.version + 25
    assert await check_consistent(db_file, game, acknowledged) == 25


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
async def test_sigkill_in_the_middle_of_a_stream_of_actions_loses_at_most_the_one_in_flight(db_file: Path) -> None:
    db = await Database.open(db_file)
    game = await new_game(db)
    await db.close()
    child = spawn(db_file, game.id, stop_after=10**9)
    assert child.stdout is not None
    for _ in range(30):  # let it commit a while, then kill it at an arbitrary point
        await asyncio.to_thread(child.stdout.readline)
    child.send_signal(signal.SIGKILL)
    # What it printed before it died, read through the same buffered reader: `communicate` would read the pipe
    # alone and miss the lines `readline` had already taken into its buffer.
    rest = await asyncio.to_thread(child.stdout.read)
    assert await asyncio.to_thread(child.wait, 30) == -signal.SIGKILL
    acknowledged = int(rest.split()[-1]) if rest.split() else game.version + 30
    count = await check_consistent(db_file, game, acknowledged)
    assert count >= 30
