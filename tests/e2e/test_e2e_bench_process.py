"""The bench's real-process section (`tools/bench/_process.py`, `--only process`): a quick run plays a whole Pairs
game through a bot process and the loopback Discord, and reports every click's latency as the stand-in recorded it.
Its figures are checked for presence and sense, never against a time. An end-to-end test (it runs the real bot
process and mostly waits on it), so it lives here, where the suite schedules such tests."""

from __future__ import annotations

import json
from pathlib import Path

from tools.bench import main


def test_the_quick_process_section_plays_a_game_and_reports_its_clicks(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    assert main(["--quick", "--only", "process", "--dir", str(tmp_path), "--out", str(out)]) == 0
    process = json.loads(out.read_text(encoding="utf-8"))["process"]

    assert process["game"] == "pairs" and process["tables"] == 1
    assert process["games"] == 1  # the game was played to its end
    assert process["moves"] > 0
    # Each move is a hand opened and a move clicked, and the game began with two joins and a Start.
    assert process["clicks"] >= 2 * process["moves"] + 3
    assert process["unanswered"] == 0
    assert 0 < process["click_p50_ms"] <= process["click_p99_ms"] <= process["click_max_ms"]
    kinds = process["by_kind"]
    assert kinds["hand"]["count"] >= process["moves"] and kinds["move"]["count"] >= process["moves"]
    assert kinds["lobby"]["count"] == 3
    assert sum(kind["count"] for kind in kinds.values()) == process["clicks"]
    assert process["bot_cpu_ms_per_click"] is None or process["bot_cpu_ms_per_click"] > 0
    assert len(process["load_average_before"]) == 3
