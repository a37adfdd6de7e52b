"""Every end-to-end test runs once per storage back end: `[sqlite]`, its bots on a SQLite file, and `[postgresql]`,
its bots on a new, empty schema of the session's PostgreSQL server (`tests/support/postgres.py`): the bot sees an
empty database of its own. `World` (e2e_support) passes it as `CARDROOM_DATABASE` and reads it back.

Without PostgreSQL installed the `[postgresql]` run is skipped, or fails when `CI` is set (the `postgres`
fixture, tests/conftest.py). A test marked `no_database` opens no database (no bot, or one that stops before: a
missing token, the invite URL): it runs once, as `[sqlite]`.

A test marked `rules_only` plays whole games for a game's rules and faces: the database does the same for every
game (a versioned update and a log row per move, results and ratings at the end), which the other tests do on
PostgreSQL too, so it runs on SQLite alone. Run twice, these few long tests (some 40% of the PostgreSQL
pass's time) would bring the whole suite past CI's time budget.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Generator
from pathlib import Path

import pytest

from tests.e2e import e2e_database
from tests.support.postgres import PostgresServer

BACKENDS = ("sqlite", "postgresql")
LOG_TAIL = 80  # lines of each of the test's bot logs shown with its failure


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed test's report ends with what its bots logged (`World` writes `<name>.log` in the test's directory):
    a failure under CI's load is then explained where it is read, the directory being gone by then."""
    report: pytest.TestReport = yield
    tmp = getattr(item, "funcargs", {}).get("tmp_path")
    if report.when == "call" and report.failed and isinstance(tmp, Path):
        for log in sorted(tmp.glob("*.log")):
            lines = log.read_text(encoding="utf-8", errors="replace").splitlines()[-LOG_TAIL:]
            report.sections.append((f"bot log {log.name} (its last {len(lines)} lines)", "\n".join(lines)))
    return report


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        once = any(metafunc.definition.get_closest_marker(name) for name in ("no_database", "rules_only"))
        metafunc.parametrize("backend", BACKENDS[:1] if once else BACKENDS)


@pytest.fixture(autouse=True)
async def e2e_db(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[e2e_database.Oracle]:
    """The database of the test's bots, in use (`e2e_database.use`) for the test's length."""
    if backend == "sqlite":
        database: e2e_database.Oracle = e2e_database.SqliteFile(tmp_path / "cardroom.sqlite3")
        server = None
    else:
        server = request.getfixturevalue("postgres")
        assert isinstance(server, PostgresServer)
        database = e2e_database.PostgresDatabase(await server.new_schema())
    e2e_database.use(database)
    try:
        yield database
    finally:
        e2e_database.use(None)
        database.close()
        if server is not None:
            await server.drop(database.location)
