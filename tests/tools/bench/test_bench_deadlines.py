"""The deadline bench at a tiny size: each overdue clock fires once, as one automatic move. Timings are not judged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.bench._deadlines import ROUNDS, clocks_ok, main, plan, rounds_for
from tools.bench._report import deadlines_text

pytestmark = pytest.mark.long_unit  # handed out before the other modules (tests/conftest.py)


def test_plan_stores_exactly_the_pending_rows() -> None:
    for pending, burst in ((200, 20), (201, 20), (20, 20), (7, 3), (1, 1)):
        rounds = rounds_for(pending, burst)
        kinds = plan(pending, burst, rounds)
        rows = sum(2 if kind == "both" else 1 for kind in kinds)
        assert rows == pending
        assert kinds.count("burst") == burst * rounds
        assert kinds.count("reminded") == (pending - burst * rounds) % 2
    assert rounds_for(200, 20) == ROUNDS and rounds_for(20, 20) == 1


def test_tiny_deadline_bench_fires_each_overdue_clock_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Through its command line (one run, its JSON read back): the bench's own checks and the figures it reports."""
    assert main(["--deadlines", "200", "--burst", "20", "--dir", str(tmp_path)]) == 0
    result = json.loads(capsys.readouterr().out)

    clocks, small, lobbies = result["clocks"], result["clocks_small"], result["lobbies"]
    assert (result["pending"], result["burst"]) == (200, 20)
    due = 20 * ROUNDS  # the large database holds a burst per round
    assert clocks["pending"] == 200 and clocks["games"] == due + (200 - due) // 2
    assert clocks["burst"] == 20 and clocks["due"] == due and len(clocks["bursts"]) == ROUNDS
    assert [b["fired"] for b in clocks["bursts"]] == [20] * ROUNDS
    assert [b["pending"] for b in clocks["bursts"]] == [200 + 20 * n for n in range(ROUNDS)]
    assert small["pending"] == small["games"] == small["burst"] == 20 and small["due"] == due  # a fresh one a round
    assert [b["pending"] for b in small["bursts"]] == [20] * ROUNDS and small["checks_ok"]
    assert clocks["pending_after"] == 200 + due and small["pending_after"] == 20 + 20  # each moved game waits again
    for run in (clocks, small):
        assert run["fired"] == run["automatic_moves"] == due
        assert run["fired_once"] and run["fired_again"] == 0
        assert run["advanced_one_version"] == run["default_actions"] == due
        assert run["others_unchanged"] and run["overdue_left"] == 0
        assert run["scheduler_heap_bytes"] > 0 and run["per_firing_ms"] > 0
        assert clocks_ok(run)
    assert result["clocks_ok"] is True
    assert lobbies["pending"] == 200 and lobbies["fired"] == 20 and lobbies["fired_once"]
    assert result["per_firing_ratio"] > 0 and result["earliest_query_ratio"] > 0
    lines = "\n".join(deadlines_text(result))
    assert "Deadlines: 200 pending, 20 due at once" in lines and ": ok" in lines


def test_failed_checks_are_reported() -> None:
    good = {
        "due": 2,
        "fired": 2,
        "automatic_moves": 2,
        "advanced_one_version": 2,
        "default_actions": 2,
        "fired_once": True,
        "fired_again": 0,
        "others_unchanged": True,
        "overdue_left": 0,
    }
    assert clocks_ok(good)
    assert not clocks_ok(good | {"fired_again": 1})
    assert not clocks_ok(good | {"advanced_one_version": 1})
