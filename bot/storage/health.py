"""Is the database file fit to use? SQLite's own integrity check, and one-line reasons why it cannot be opened.

`check_integrity` runs before `Database.open` writes anything, on a separate
read-only connection, so a damaged file is refused without being touched (a
read-only connection cannot even checkpoint a leftover `-wal` into it).

`open_failure` turns what went wrong while opening (an `OSError` from creating
the directory, a `sqlite3.Error`) into a `StorageError` whose message is one
line: what is wrong and what to do. The command line prints exactly that.
"""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path
from typing import Final, Literal

from bot.storage.errors import DamagedDatabaseError, StorageError

IntegrityMode = Literal["auto", "full", "quick", "off"]
INTEGRITY_MODES: Final = ("auto", "full", "quick", "off")
FULL_CHECK_LIMIT: Final = 256 * 2**20  # bytes; `auto` runs the full check below this size, the quick one above
_SHOWN_PROBLEMS: Final = 2

# SQLite's primary result codes (the low byte of `sqlite3.Error.sqlite_errorcode`).
_PERM, _BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 3, 5, 6, 8, 10, 11, 13, 14, 26
_READONLY_ROLLBACK: Final = 776  # extended code: a hot rollback journal, on a read-only connection


def integrity_pragma(path: Path, mode: IntegrityMode) -> str | None:
    """The check `mode` asks for on the file at `path`: "integrity_check", "quick_check", or None (nothing to check)."""
    if mode == "off" or not path.is_file():
        return None
    size = path.stat().st_size
    if size == 0:  # a new, empty database
        return None
    if mode == "full" or (mode == "auto" and size < FULL_CHECK_LIMIT):
        return "integrity_check"
    return "quick_check"


def check_integrity(path: Path, mode: IntegrityMode, busy_timeout_ms: int) -> None:
    """Raise `DamagedDatabaseError` if SQLite finds the file damaged. Synchronous; it does not write the file.

    The one exception is SQLite's own recovery of a transaction a crash interrupted in rollback-journal
    mode (never WAL, so never a Cardroom database after its first start): a hot journal must be rolled
    back before anything can be read, which a read-only connection refuses to do.
    """
    pragma = integrity_pragma(path, mode)
    if pragma is None:
        return
    try:
        try:
            rows = _run_check(path, pragma, busy_timeout_ms, read_only=True)
        except sqlite3.Error as exc:
            if exc.sqlite_errorcode != _READONLY_ROLLBACK:
                raise
            rows = _run_check(path, pragma, busy_timeout_ms, read_only=False)
    except sqlite3.DatabaseError as exc:
        if is_damage(exc):  # "database disk image is malformed" before any row
            raise DamagedDatabaseError(path, _one_line(str(exc))) from exc
        raise
    if rows != ["ok"]:
        raise DamagedDatabaseError(path, problem_summary(rows))


def _run_check(path: Path, pragma: str, busy_timeout_ms: int, *, read_only: bool) -> list[str]:
    # Read-only, a connection cannot checkpoint a leftover -wal into the file when it closes.
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode={'ro' if read_only else 'rw'}", uri=True)
    try:
        conn.execute(f"PRAGMA busy_timeout = {busy_timeout_ms}")
        return [str(row[0]) for row in conn.execute(f"PRAGMA {pragma}")]
    finally:
        conn.close()


def is_damage(exc: sqlite3.Error) -> bool:
    """SQLite found the file's content damaged (SQLITE_CORRUPT: "database disk image is malformed")."""
    return exc.sqlite_errorcode & 0xFF == _CORRUPT


def problem_summary(rows: list[str]) -> str:
    """The first rows of a failed integrity check, on one line."""
    problems = [_one_line(row) for row in rows if not row.startswith("*** in database")]
    shown = "; ".join(problems[:_SHOWN_PROBLEMS]) or "the integrity check failed"
    more = len(problems) - _SHOWN_PROBLEMS
    return f"{shown}; and {more} more problem(s)" if more > 0 else shown


def _one_line(text: str) -> str:
    return " ".join(text.split())


def open_failure(exc: BaseException, path: str | Path) -> StorageError:
    """The error to raise when opening the database at `path` failed with `exc`: one line, saying what to do."""
    if isinstance(exc, StorageError):
        return exc
    if isinstance(exc, OSError):
        return _os_failure(exc, Path(path))
    if isinstance(exc, sqlite3.Error):
        return _sqlite_failure(exc, Path(path))
    return StorageError(f"cannot open the database {path}: {_one_line(str(exc))}")


def _disk_full(path: Path, detail: str) -> StorageError:
    return StorageError(f"cannot write the database {path}: {detail}. Free some space on its disk, then start again")


def _no_write_access(path: Path, detail: str) -> StorageError:
    return StorageError(
        f"cannot write the database {path}: {detail}. Give the user running Cardroom write access to the file"
        " and its directory (SQLite creates -wal and -shm files next to it), or point CARDROOM_DATABASE elsewhere"
    )


def _os_failure(exc: OSError, path: Path) -> StorageError:
    detail = _one_line(exc.strerror or str(exc))
    if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return _disk_full(path, detail)
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _no_write_access(path, detail)
    if exc.errno in (errno.EEXIST, errno.ENOTDIR):
        return StorageError(
            f"cannot create the directory of the database {path}: a file is in the way ({detail});"
            " move it or point CARDROOM_DATABASE elsewhere"
        )
    return StorageError(f"cannot create the directory of the database {path}: {detail}")


def _sqlite_failure(exc: sqlite3.Error, path: Path) -> StorageError:
    detail = _one_line(str(exc))
    code = exc.sqlite_errorcode & 0xFF
    if path.is_dir():
        return StorageError(
            f"CARDROOM_DATABASE points at the directory {path}, not a database file:"
            f" point it at a file, e.g. {path / 'cardroom.sqlite3'}"
        )
    if code == _NOTADB:
        return StorageError(
            f"{path} is not a SQLite database ({detail}): point CARDROOM_DATABASE at Cardroom's database file,"
            " or move this file away to start a new database (if it was Cardroom's database, restore a backup)"
        )
    if is_damage(exc):
        return DamagedDatabaseError(path, detail)
    if code == _FULL:
        return _disk_full(path, detail)
    if code == _IOERR:
        return StorageError(
            f"cannot use the database {path}: {detail}. Free some space on its disk, check the disk,"
            " and check that the user running Cardroom may write the file and its directory"
        )
    if code in (_READONLY, _PERM):
        return _no_write_access(path, detail)
    if code in (_BUSY, _LOCKED):
        return StorageError(
            f"the database {path} is locked by another process ({detail}): stop it or wait, then start again"
        )
    if code == _CANTOPEN:
        return StorageError(
            f"cannot open the database {path} ({detail}): check that its directory exists"
            " and that the user running Cardroom may read and write there"
        )
    return StorageError(f"cannot open the database {path}: {detail}")
