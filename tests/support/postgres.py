"""A real PostgreSQL server for the tests: started once per test session, a fresh database for whoever asks.

`PostgresServer.start(directory)` runs the distribution's own `initdb` and
`pg_ctl` (found on PATH or in /usr/lib/postgresql/*/bin) on a data directory
under `directory`. It listens on a unix socket in that directory only (no TCP
port to collide with). `initdb` refuses to run as root, so as root the data
directory belongs to the `postgres` system user and the server runs as that
user (`runuser -u postgres --`). Durability is off (fsync, full page writes):
nothing here tests PostgreSQL's own crash safety.

`new_database()` (async, asyncpg) and `new_database_sync()` (the `createdb`
command) each create an empty database and return its `postgresql://` URL;
`new_schema()` returns the URL of a new, empty schema of one shared database,
whose connections see that schema only (`options=-csearch_path=...` in the URL,
which asyncpg and libpq both honour): to the code under test it is an empty
database, and it costs a fraction of a millisecond where a database costs some
80 ms and 8 MB (the storage and service tests take one each). `drop(url)` drops
either after the test. `stop()` stops the server and removes its directory.

The session fixture `postgres` (tests/conftest.py) starts it on first use;
without PostgreSQL installed it skips the test, or fails it when `CI` is set.
One server serves the whole run: `PostgresServer.shared(root)` starts it in
`root` for the first of the run's processes (pytest-xdist's workers) to ask,
under a lock, and hands the others the same server; whoever ends the run
stops it (`stop_shared`).
"""

from __future__ import annotations

import fcntl
import glob
import itertools
import os
import pwd
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

SERVER_USER: Final = "postgres"  # the system user that runs the server when the tests run as root
SUPERUSER: Final = "postgres"  # the database role the tests connect as (trust authentication on the socket)
SHARED: Final = "cardroom_tests"  # the database that holds the schemas of `new_schema`
_PORT: Final = 5432  # names the socket file only: there is no TCP listener
_START_TIMEOUT: Final = 60  # seconds


class PostgresMissingError(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def binaries() -> Path:
    """The directory holding `initdb` and `pg_ctl`: on PATH, else the newest /usr/lib/postgresql/*/bin."""
    initdb = shutil.which("initdb")
    if initdb is not None and shutil.which("pg_ctl") is not None:
        return Path(initdb).resolve().parent
    found = sorted(
        (Path(path) for path in glob.glob("/usr/lib/postgresql/*/bin") if (Path(path) / "initdb").exists()),
        key=lambda path: int(path.parent.name) if path.parent.name.isdigit() else 0,
    )
    if not found:
        raise PostgresMissingError(
            "PostgreSQL is not installed (no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin);"
            " install it (Debian: apt-get install postgresql) to run the tests against PostgreSQL"
        )
    return found[-1]


@dataclass
class PostgresServer:
    directory: Path  # holds the data directory, the socket and the log
    bin: Path
    as_user: str | None  # run the server commands as this system user (None: as ourselves)
    _names: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    @classmethod
    def start(cls, directory: Path) -> PostgresServer:
        """Initialise and start a server in `directory` (which must exist and be empty). Raises when it cannot."""
        as_user = SERVER_USER if os.geteuid() == 0 else None
        server = cls(directory, binaries(), as_user)
        try:
            if as_user is not None:
                user = pwd.getpwnam(as_user)
                os.chown(directory, user.pw_uid, user.pw_gid)
            server._run(
                "initdb",
                "-D",
                str(server.data),
                "-U",
                SUPERUSER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            )
        except (OSError, KeyError, subprocess.CalledProcessError) as error:
            server.stop()
            detail = error.stderr if isinstance(error, subprocess.CalledProcessError) else error
            raise RuntimeError(f"could not initialise a PostgreSQL data directory in {directory}: {detail}") from error
        options = (
            f"-k {directory} -c listen_addresses='' -p {_PORT} -c fsync=off -c full_page_writes=off"
            " -c max_connections=300"
        )
        log = directory / "server.log"
        try:
            server._run(
                "pg_ctl",
                "-D",
                str(server.data),
                "-l",
                str(log),
                "-o",
                options,
                "-w",
                "-t",
                str(_START_TIMEOUT),
                "start",
            )
        except subprocess.CalledProcessError as error:
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            server.stop()
            raise RuntimeError(f"PostgreSQL did not start: {error.stderr}{tail}") from error
        server._run("createdb", "-h", str(directory), "-p", str(_PORT), "-U", SUPERUSER, SHARED)
        return server

    @classmethod
    def shared(cls, root: Path) -> PostgresServer:
        """The one server of `root` (a directory of this test run that its processes share): started by the first
        process to ask, under a lock, and the same server for every later one. `stop_shared(root)` stops it."""
        root.mkdir(parents=True, exist_ok=True)
        root.chmod(0o755)  # whatever the umask: the server's system user goes through it to its own directory
        with (root / "postgres.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            directory = root / "postgres"
            server = cls(directory, binaries(), SERVER_USER if os.geteuid() == 0 else None)
            if (server.data / "postmaster.pid").exists():
                return server
            directory.mkdir(exist_ok=True)
            return cls.start(directory)

    @classmethod
    def stop_shared(cls, root: Path) -> None:
        """Stop the server `shared(root)` started, if any, and remove `root`."""
        directory = root / "postgres"
        if directory.exists():
            cls(directory, binaries(), SERVER_USER if os.geteuid() == 0 else None).stop()
        shutil.rmtree(root, ignore_errors=True)

    @property
    def data(self) -> Path:
        return self.directory / "data"

    def _run(self, command: str, *args: str) -> subprocess.CompletedProcess[str]:
        argv = [str(self.bin / command), *args]
        if self.as_user is not None:
            argv = ["runuser", "-u", self.as_user, "--", *argv]
        return subprocess.run(argv, check=True, capture_output=True, text=True, cwd=self.directory)

    def url(self, database: str) -> str:
        """The `postgresql://` URL of `database` on this server (through its socket)."""
        return f"postgresql://{SUPERUSER}@/{database}?host={self.directory}&port={_PORT}"

    def _next_name(self) -> str:
        return f"cardroom_{os.getpid()}_{next(self._names)}"

    async def new_database(self) -> str:
        """Create an empty database; its URL."""
        import asyncpg

        name = self._next_name()
        conn = await asyncpg.connect(self.url("postgres"))
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return self.url(name)

    async def new_schema(self) -> str:
        """Create an empty schema in the shared database; the URL of connections that see it alone."""
        import asyncpg

        name = self._next_name()
        conn = await asyncpg.connect(self.url(SHARED))
        try:
            await conn.execute(f'CREATE SCHEMA "{name}"')
        finally:
            await conn.close()
        return f"{self.url(SHARED)}&options=-csearch_path%3D{name}"

    async def drop(self, url: str) -> None:
        """Drop what `new_schema` or `new_database` made (a database's leftover connections are closed)."""
        import asyncpg

        path, _, query = url.partition("?")
        schema = query.rpartition("search_path%3D")[2] if "search_path%3D" in query else None
        conn = await asyncpg.connect(self.url(SHARED if schema else "postgres"))
        try:
            if schema is not None:
                await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
            else:
                await conn.execute(f'DROP DATABASE IF EXISTS "{path.rsplit("/", 1)[-1]}" WITH (FORCE)')
        finally:
            await conn.close()

    def new_database_sync(self) -> str:
        """`new_database` without an event loop (the `createdb` command)."""
        name = self._next_name()
        subprocess.run(
            [str(self.bin / "createdb"), "-h", str(self.directory), "-p", str(_PORT), "-U", SUPERUSER, name],
            check=True,
            capture_output=True,
            text=True,
        )
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once (its databases are thrown away) and remove its directory."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)
