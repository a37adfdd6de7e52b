"""`cardroom backup [DEST]`: one line, exit 0 with a usable copy; one line on stderr, exit 4 when refused."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import bot
from bot.__main__ import EXIT_DATABASE
from bot.storage import Database
from tests.bot.storage.damage import populated_database
from tests.support.zygote import BOT_ZYGOTE

REPO = Path(bot.__file__).resolve().parent.parent


def cardroom(tmp_path: Path, database: Path | str, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot ARGS` on `database`, run in `tmp_path`: its exit code, stdout and stderr."""
    env = {
        **os.environ,
        "CARDROOM_DATABASE": str(database),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    env.pop("DISCORD_TOKEN", None)  # a backup needs no token
    return BOT_ZYGOTE.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env, timeout=20)


async def stored_games(path: Path) -> list[object]:
    db = await Database.open(path)
    try:
        return list(await db.tables.active_tables())
    finally:
        await db.close()


def test_backup_prints_one_line_and_the_copy_holds_the_games(tmp_path: Path) -> None:
    database = tmp_path / "data" / "cardroom.sqlite3"
    games = asyncio.run(populated_database(database, games=3))
    done = cardroom(tmp_path, database, "backup")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    [line] = done.stdout.splitlines()
    copies = list(database.parent.glob("cardroom.sqlite3.backup-*Z.sqlite3"))
    assert len(copies) == 1
    assert line == f"cardroom: backed up {database} to {copies[0]} ({copies[0].stat().st_size} bytes)"
    assert asyncio.run(stored_games(copies[0])) == games


def test_backup_refuses_an_existing_destination_and_a_missing_database(tmp_path: Path) -> None:
    database = tmp_path / "cardroom.sqlite3"
    asyncio.run(populated_database(database, games=1))
    existing = tmp_path / "taken.sqlite3"
    existing.write_text("someone else's file")
    refused = cardroom(tmp_path, database, "backup", str(existing))
    assert refused.returncode == EXIT_DATABASE and refused.stdout == ""
    assert refused.stderr.splitlines() == [
        f"cardroom: {existing} already exists: a backup never overwrites a file, choose another"
    ]
    assert existing.read_text() == "someone else's file"

    missing = cardroom(tmp_path, tmp_path / "nowhere.sqlite3", "backup", str(tmp_path / "copy.sqlite3"))
    assert missing.returncode == EXIT_DATABASE
    assert missing.stderr.splitlines() == [
        f"cardroom: no database at {tmp_path / 'nowhere.sqlite3'}: check CARDROOM_DATABASE (nothing was backed up)"
    ]
    assert not (tmp_path / "copy.sqlite3").exists()


def test_only_backup_takes_a_destination(tmp_path: Path) -> None:
    done = cardroom(tmp_path, tmp_path / "cardroom.sqlite3", "invite", "extra")
    assert done.returncode == 2 and "takes no argument" in done.stderr


def test_backup_of_a_postgresql_database_points_at_its_own_tools_and_hides_the_password(tmp_path: Path) -> None:
    url = "postgresql://cardroom:s3cret@db.example:5432/cardroom"
    refused = cardroom(tmp_path, url, "backup")
    assert refused.returncode == EXIT_DATABASE and refused.stdout == ""
    [line] = refused.stderr.splitlines()
    assert line.startswith("cardroom: `cardroom backup` copies a SQLite file; postgresql://cardroom:***@db.example")
    assert "pg_dump" in line and "s3cret" not in line
