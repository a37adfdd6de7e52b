"""The evaluator bench runs on a few hands and reports both speeds (the figures themselves are not judged)."""

from __future__ import annotations

import pytest

from tools.bench._poker import main, poker_bench


def test_poker_bench_reports_both_evaluators() -> None:
    result = poker_bench(500)
    assert result["hands"] == 500
    assert result["ours_hands_per_s"] > 0
    assert result["treys_hands_per_s"] > 0
    assert result["ratio"] == pytest.approx(result["ours_hands_per_s"] / result["treys_hands_per_s"])


def test_poker_bench_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--hands", "300"]) == 0
    assert "300 five-card hands" in capsys.readouterr().out
