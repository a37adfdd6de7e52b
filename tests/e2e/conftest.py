"""The end-to-end tests run on SQLite only: each test's bots share a SQLite file in the test's directory
(`e2e_support.World.db`). PostgreSQL parity is checked below them, where the storage and service contract tests run
on both back ends (tests/bot/storage, tests/bot/services); a bot process does the same SQL on either.

A failed test's report ends with the last lines its bots logged."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import pytest

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here is an end-to-end test (`-m "not e2e"` leaves them out)."""
    for item in items:
        if item.nodeid.startswith("tests/e2e/"):
            item.add_marker(pytest.mark.e2e)
