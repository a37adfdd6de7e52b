"""Shared by every test: the games whose engines need data files are registered before collection,
the PostgreSQL server of the session (`postgres`), started on first use, and Discord's OpenAPI specification
(`openapi_spec`). Both are outside the repository: without them a test is skipped with the reason, except in CI
(`CI` set), where that is a failure."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

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
def postgres() -> PostgresServer:
    """The PostgreSQL server of this test run (`tests/support/postgres.py`), one for all of the run's workers: the
    first to need it starts it, and the run's main process stops it at the end (`pytest_unconfigure`).

    Without PostgreSQL installed the test is skipped, except in CI (`CI` set), where that is a failure.
    """
    try:
        binaries()
    except PostgresMissingError as missing:
        skip_or_fail(f"{missing} (the storage and service tests run against PostgreSQL too)")
    return PostgresServer.shared(shared_root())


_RUN = "CARDROOM_TEST_RUN"  # names the directory this run's processes share (set by the main process)


def shared_root() -> Path:
    """A directory of this test run shared by its processes (the xdist workers inherit `_RUN` from the main one),
    outside pytest's own temporary directories, which the PostgreSQL server's system user may not enter."""
    return Path(tempfile.gettempdir()) / f"cardroom-run-{os.environ[_RUN]}"


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the main process: its workers inherit the variable
        os.environ[_RUN] = uuid.uuid4().hex


def pytest_unconfigure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput") and _RUN in os.environ:
        with contextlib.suppress(PostgresMissingError):
            PostgresServer.stop_shared(shared_root())


# ----- how pytest-xdist shares the tests out -----------------------------------------------------------------------
# Units of work, handed to the workers one at a time:
# - each end-to-end test on its own, first: they run long but mostly wait (a real bot process paces its table edits to
#   Discord's rate limits), so there are more workers than cores, and no more of them run at once than there are
#   workers beyond the cores (`ByUnit`): the others keep the cores busy meanwhile;
# - the conformance tests of one engine, which share its corpus of random playouts (`corpus_of`, built once per
#   process, the costliest setup of the suite), so that no corpus is built twice;
# - every other test module as a whole (its module fixtures are set up once), those marked `long_unit` first, so
#   that the units handed out last are short and the workers finish together.
# (xdist's `--dist loadgroup` would group by a mark, but it does not group on pytest 9.2: pytest-dev/pytest-xdist#1386.)
_CORPUS_TESTS = "tests/conformance/test_conformance.py::"
_ONE_BY_ONE = "tests/e2e/"
EXTRA_WORKERS = 2  # workers beyond the cores, for the end-to-end tests' waiting


def work_unit(nodeid: str) -> str:
    """The unit of work a test belongs to (see above)."""
    if nodeid.startswith(_CORPUS_TESTS) and nodeid.endswith("]"):
        return "corpus-" + nodeid[nodeid.rindex("[") + 1 : -1]
    if nodeid.startswith(_ONE_BY_ONE):
        return nodeid
    return nodeid.split("::", 1)[0]


def is_waiting(unit: str) -> bool:
    """Whether a unit of work is an end-to-end test, which mostly waits."""
    return unit.startswith(_ONE_BY_ONE)


def long_fuzz() -> bool:
    """Whether this run is the long fuzzing campaign (`CARDROOM_LONG_FUZZ=1`), which the `slow` tests belong to."""
    return os.environ.get("CARDROOM_LONG_FUZZ", "") not in ("", "0")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The `slow` tests only in the long fuzzing campaign; the end-to-end tests first, then the corpus units, the
    modules marked `long_unit`, and the rest, each in collection order."""
    if not long_fuzz():
        slow = [item for item in items if item.get_closest_marker("slow")]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if not item.get_closest_marker("slow")]
    items.sort(key=_order)  # stable: collection order within each rank


def _order(item: pytest.Item) -> int:
    """When a test's unit is handed out: the longest units of work first, so that the last ones are short."""
    unit = work_unit(item.nodeid)
    if is_waiting(unit):
        return 0
    if unit.startswith("corpus-"):
        return 1
    return 2 if item.get_closest_marker("long_unit") else 3


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: `EXTRA_WORKERS` more than cores, for the end-to-end tests' waiting."""
    return (os.cpu_count() or 1) + EXTRA_WORKERS


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    from xdist.scheduler import LoadScopeScheduling

    class ByUnit(LoadScopeScheduling):
        """xdist's scheduling by scope, where a scope is a `work_unit`, handed out in collection order, except that
        an end-to-end test waits while as many run as there are workers beyond the cores, or while the worker that
        asks has one."""

        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            waiting = {
                worker: sum(1 for unit, done in work.items() if is_waiting(unit) and not all(done.values()))
                for worker, work in self.assigned_work.items()
            }
            # A worker holds one waiting unit at most (xdist gives a worker its next unit before it is done with the
            # last), and no more wait at once than there are workers beyond the cores.
            if waiting.get(node) or sum(waiting.values()) >= max(1, len(self.nodes) - (os.cpu_count() or 1)):
                busy = next((unit for unit in self.workqueue if not is_waiting(unit)), None)
                if busy is not None:
                    self.workqueue.move_to_end(busy, last=False)
            super()._assign_work_unit(node)

    config.option.loadscopereorder = False
    return ByUnit(config, log)  # type: ignore[arg-type]
