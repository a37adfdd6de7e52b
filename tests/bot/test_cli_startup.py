"""`cardroom run` with a database it cannot use: one line on stderr, exit status 4, and Discord never contacted.

CARDROOM_API_BASE_URL points at 127.0.0.1:9, where nothing listens: had the bot
tried to log in first, it would fail with a connection error and a traceback
instead of the one line about the database.
"""

from __future__ import annotations

import asyncio
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import bot
from bot.__main__ import EXIT_DATABASE
from tests.bot.storage.damage import populated_database, sha256, zero_pages
from tests.support.zygote import BOT_ZYGOTE

REPO = Path(bot.__file__).resolve().parent.parent
FILE_SIZE_LIMIT = 8192  # bytes any file of the child may reach: the database cannot be created


def run_bot(tmp_path: Path, database: Path, preexec_fn: Callable[[], None] | None = None) -> str:
    """Start `python -m bot run` on `database`; check it failed on the database; its stderr line."""
    env = {
        **os.environ,
        "DISCORD_TOKEN": "x",
        "CARDROOM_DATABASE": str(database),
        "CARDROOM_API_BASE_URL": "http://127.0.0.1:9",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    args = [sys.executable, "-m", "bot", "run"]
    if preexec_fn is None:
        done = BOT_ZYGOTE.run(args, cwd=tmp_path, env=env, timeout=20)
    else:  # a limit set in the child before it starts: a process of its own
        done = subprocess.run(
            args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=20, preexec_fn=preexec_fn
        )
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardroom: "), done.stderr
    assert done.returncode == EXIT_DATABASE == 4
    return lines[0]


def test_a_text_file(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n" * 20)
    line = run_bot(tmp_path, notes)
    assert "is not a SQLite database (file is not a database)" in line and "CARDROOM_DATABASE" in line
    assert notes.read_text() == "not a database\n" * 20


def test_a_directory(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    line = run_bot(tmp_path, tmp_path / "data")
    assert f"points at the directory {tmp_path / 'data'}" in line


def test_a_schema_newer_than_the_code(tmp_path: Path) -> None:
    database = tmp_path / "cardroom.sqlite3"
    asyncio.run(populated_database(database, games=2))
    with sqlite3.connect(database) as conn:
        conn.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (99, 0)")
    conn.close()
    line = run_bot(tmp_path, database)
    assert "database schema is version 99, newer than this code" in line
    assert "upgrade Cardroom or point CARDROOM_DATABASE at another file" in line


def test_a_damaged_database_is_refused_and_not_written(tmp_path: Path) -> None:
    database = tmp_path / "cardroom.sqlite3"
    asyncio.run(populated_database(database))
    zero_pages(database)
    before = sha256(database)
    line = run_bot(tmp_path, database)
    assert f"the database {database} is damaged (database disk image is malformed)" in line
    assert "cardroom backup" in line and '".recover"' in line
    assert sha256(database) == before


def small_files() -> None:
    """In the child: files may not grow past FILE_SIZE_LIMIT, and a write beyond fails (EFBIG), not kills."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_SIZE_LIMIT, FILE_SIZE_LIMIT))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def test_a_disk_that_takes_no_more_data(tmp_path: Path) -> None:
    database = tmp_path / "data" / "cardroom.sqlite3"
    line = run_bot(tmp_path, database, preexec_fn=small_files)
    assert f"cannot use the database {database}: disk I/O error" in line
    assert "Free some space" in line and "check the disk" in line
