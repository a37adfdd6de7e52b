"""`cardroom backup`: a consistent copy of the database through SQLite's online backup API.

Safe while the bot runs: the source is opened read-only and, the database being
in WAL mode, the copy neither waits for nor blocks the bot's writes. It holds
exactly what was committed when it began (the whole copy is one step, one read
transaction). The copy is one self-contained file (journal mode DELETE), checked
with `PRAGMA integrity_check` before it is reported. Synchronous on purpose: it
runs from the command line, not inside the bot.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from bot.storage.errors import DamagedDatabaseError, StorageError
from bot.storage.health import is_damage, open_failure, problem_summary

BUSY_TIMEOUT_MS: Final = 5000


@dataclass(frozen=True, slots=True)
class Backup:
    """A finished backup: where it is and its size in bytes."""

    path: Path
    size: int


def default_destination(source: Path, now: datetime | None = None) -> Path:
    """`<name>.backup-<UTC YYYYmmddTHHMMSSZ>.sqlite3` next to the database."""
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    return source.with_name(f"{source.name}.backup-{moment:%Y%m%dT%H%M%SZ}.sqlite3")


def back_up(source: Path, destination: Path | None = None) -> Backup:
    """Copy the database at `source` to `destination` (a new file; a directory receives the default name).

    Never overwrites a file; on any failure nothing is left at the destination.
    Every failure is a `StorageError` whose message is one line.
    """
    if not source.is_file():
        raise StorageError(f"no database at {source}: check CARDROOM_DATABASE (nothing was backed up)")
    target = destination or default_destination(source)
    if target.is_dir():
        target = target / default_destination(source).name
    try:
        with target.open("xb"):  # claims the name: two backups never write the same file
            pass
    except FileExistsError:
        raise StorageError(f"{target} already exists: a backup never overwrites a file, choose another") from None
    except OSError as exc:
        raise StorageError(f"cannot create the backup {target}: {exc.strerror or exc}") from exc
    try:
        _copy(source, target)
    except BaseException:
        target.unlink(missing_ok=True)
        raise
    return Backup(target, target.stat().st_size)


def _copy(source: Path, target: Path) -> None:
    try:
        origin = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise open_failure(exc, source) from exc
    try:
        try:
            origin.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            origin.execute("SELECT count(*) FROM sqlite_master").fetchone()  # not a database: say so now
        except sqlite3.Error as exc:
            raise open_failure(exc, source) from exc
        copy = sqlite3.connect(target, isolation_level=None)
        try:
            origin.backup(copy)  # pages=-1: everything in one step, one consistent snapshot
            copy.execute("PRAGMA journal_mode = DELETE")
            rows = [str(row[0]) for row in copy.execute("PRAGMA integrity_check")]
        except sqlite3.Error as exc:
            detail = " ".join(str(exc).split())
            if is_damage(exc):
                raise DamagedDatabaseError(source, f"its copy fails the integrity check: {detail}") from exc
            raise StorageError(f"could not back up {source} to {target}: {detail}") from exc
        finally:
            copy.close()
    finally:
        origin.close()
    if rows != ["ok"]:
        raise DamagedDatabaseError(source, "its copy fails the integrity check: " + problem_summary(rows))
