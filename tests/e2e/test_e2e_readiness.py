"""`/readyz` of a real bot process on PostgreSQL while its database stops answering: ready, then not ready (the
database check failing within its bound, the process itself alive: `/healthz` still answers), then ready again once
the database answers. The database is a PostgreSQL server of the test's own, frozen with SIGSTOP (as a server that
hangs, or a network partition, looks to the bot) and thawed with SIGCONT."""

from __future__ import annotations

import asyncio
import os
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp

from tests.conftest import skip_or_fail
from tests.e2e.e2e_support import world
from tests.e2e.test_e2e_metrics import free_port
from tests.support.postgres import PostgresMissingError, PostgresServer, binaries


def server_processes(server: PostgresServer) -> list[int]:
    """The postmaster and every process it started (its backends, writers ...)."""
    postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == postmaster:
                children.append(int(entry.name))
    return [postmaster, *children]


@contextmanager
def frozen(server: PostgresServer) -> Iterator[None]:
    pids = server_processes(server)
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)


async def ready(http: aiohttp.ClientSession, base: str) -> tuple[int, str]:
    async with http.get(f"{base}/readyz") as answer:
        return answer.status, await answer.text()


async def test_readyz_fails_while_the_database_does_not_answer_and_recovers(tmp_path: Path) -> None:
    try:
        binaries()
    except PostgresMissingError as missing:
        skip_or_fail(str(missing))
    server = PostgresServer.start(Path(tempfile.mkdtemp(prefix="cardroom-pg-")))  # a directory its user may enter
    try:
        url = await server.new_database()
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        async with (
            world(tmp_path) as w,
            w.running(CARDROOM_DATABASE=url, CARDROOM_METRICS_PORT=str(port), CARDROOM_METRICS_HOST="127.0.0.1"),
            aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as http,
        ):
            status, body = await ready(http, base)
            assert status == 200 and "database: ok" in body, body
            with frozen(server):
                status, body = await ready(http, base)
                assert status == 503 and "database: failing" in body, body
                async with http.get(f"{base}/healthz") as alive:
                    assert alive.status == 200  # the process answers: only its database does not
            for _ in range(50):  # the pool's connections come back within moments
                status, body = await ready(http, base)
                if status == 200:
                    break
                await asyncio.sleep(0.1)
            assert status == 200 and "database: ok" in body, body
    finally:
        server.stop()
