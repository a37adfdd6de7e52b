"""Shared by every test: the games whose engines need data files are registered before collection,
and the PostgreSQL server of the session (`postgres`), started on first use."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import games
from tests.support.postgres import PostgresMissingError, PostgresServer, binaries

games.install()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server for this test session (`tests/support/postgres.py`).

    Without PostgreSQL installed the test is skipped, except in CI (`CI` set), where that is a failure.
    """
    try:
        binaries()
    except PostgresMissingError as missing:
        if os.environ.get("CI", "").lower() not in ("", "0", "false"):
            pytest.fail(f"{missing} (in CI every test runs against PostgreSQL too)")
        pytest.skip(str(missing))
    server = PostgresServer.start(Path(tempfile.mkdtemp(prefix="cardroom-pg-")))
    try:
        yield server
    finally:
        server.stop()
