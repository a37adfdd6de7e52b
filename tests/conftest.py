"""Shared by every test: the games whose engines need data files are registered before collection,
the PostgreSQL server of the session (`postgres`), started on first use, and Discord's OpenAPI specification
(`openapi_spec`). Both are outside the repository: without them a test is skipped with the reason, except in CI
(`CI` set), where that is a failure."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import games
from tests.support.postgres import PostgresMissingError, PostgresServer, binaries
from tools.standin.openapi import default_spec_path, openapi_available

games.install()

# pytest caches each test module with its asserts rewritten, as bytecode; where PYTHONDONTWRITEBYTECODE is set (some
# images set it), every process would rewrite every assert of the suite again, about 15 s of CPU per xdist worker.
# The bot processes the tests start (`tools/standin/process.py`'s zygote, the command-line tests) cache theirs too.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def in_ci() -> bool:
    """Whether this run is CI's (`CI` set, as `.ci/run` does): what a local run may skip, CI must have."""
    return os.environ.get("CI", "").lower() not in ("", "0", "false")


def skip_or_fail(reason: str) -> None:
    """Skip the test with `reason`; in CI, fail it."""
    if in_ci():
        pytest.fail(f"{reason} (CI must have it)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def openapi_spec() -> Path:
    """Discord's OpenAPI specification, which the stand-in checks every request body against
    (`../shared/discord-api-spec/openapi.json` beside the repository; CI has it there)."""
    path = default_spec_path()
    if not openapi_available(path):
        skip_or_fail(f"Discord's OpenAPI specification is not at {path}")
    return path


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server for this test session (`tests/support/postgres.py`).

    Without PostgreSQL installed the test is skipped, except in CI (`CI` set), where that is a failure.
    """
    try:
        binaries()
    except PostgresMissingError as missing:
        skip_or_fail(f"{missing} (the storage and service tests run against PostgreSQL too)")
    server = PostgresServer.start(Path(tempfile.mkdtemp(prefix="cardroom-pg-")))
    try:
        yield server
    finally:
        server.stop()


# ----- how pytest-xdist shares the tests out -----------------------------------------------------------------------
# Units of work, handed to the workers one at a time in the order below:
# - the conformance tests of one engine, which share its corpus of random playouts (`corpus_of`, built once per
#   process, the costliest setup of the suite), so that no corpus is built twice;
# - each end-to-end test on its own: they run long but mostly wait (a real bot process paces its table edits to
#   Discord's rate limits), so they are spread among the others, and there are more workers than cores;
# - every other test module as a whole (its module fixtures are set up once).
# (xdist's `--dist loadgroup` would group by a mark, but it does not group on pytest 9.2: pytest-dev/pytest-xdist#1386.)
_CORPUS_TESTS = "tests/conformance/test_conformance.py::"
_ONE_BY_ONE = "tests/e2e/"
WAITING_AMONG = 35  # per cent of the other modules among which the end-to-end tests are spread


def work_unit(nodeid: str) -> str:
    """The unit of work a test belongs to (see above)."""
    if nodeid.startswith(_CORPUS_TESTS) and nodeid.endswith("]"):
        return "corpus-" + nodeid[nodeid.rindex("[") + 1 : -1]
    if nodeid.startswith(_ONE_BY_ONE):
        return nodeid
    return nodeid.split("::", 1)[0]


def long_fuzz() -> bool:
    """Whether this run is the long fuzzing campaign (`CARDROOM_LONG_FUZZ=1`), which the `slow` tests belong to."""
    return os.environ.get("CARDROOM_LONG_FUZZ", "") not in ("", "0")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The `slow` tests only in the long fuzzing campaign; the corpus units first, then the end-to-end tests spread
    evenly among the first modules (`WAITING_AMONG`)."""
    if not long_fuzz():
        slow = [item for item in items if item.get_closest_marker("slow")]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if not item.get_closest_marker("slow")]
    corpus = [item for item in items if work_unit(item.nodeid).startswith("corpus-")]
    waiting = [item for item in items if item.nodeid.startswith(_ONE_BY_ONE)]
    placed = {id(item) for item in corpus + waiting}
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        if id(item) not in placed:
            modules.setdefault(work_unit(item.nodeid), []).append(item)
    ordered = list(corpus)
    chunks = list(modules.values())
    # The waiting tests go among the first modules, not the last: the ones handed out last set the suite's end,
    # and a long wait there leaves the cores idle.
    among = max(1, len(chunks) * WAITING_AMONG // 100)
    for index, chunk in enumerate(chunks):
        ordered += waiting[index * len(waiting) // among : (index + 1) * len(waiting) // among] if index < among else []
        ordered += chunk
    if not chunks:
        ordered += waiting
    items[:] = ordered


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: three workers more than cores, for the end-to-end tests' waiting."""
    return (os.cpu_count() or 1) + 3


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    from xdist.scheduler import LoadScopeScheduling

    class ByUnit(LoadScopeScheduling):
        """xdist's scheduling by scope, where a scope is a `work_unit`, handed out in collection order."""

        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    config.option.loadscopereorder = False
    return ByUnit(config, log)  # type: ignore[arg-type]
