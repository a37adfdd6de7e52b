"""`cardroom bench --quick` runs end to end and writes its figures. It measures; nothing here judges a timing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engines import registry
from tests.support.postgres import PostgresServer
from tools.bench import main
from tools.bench._games import BEATEN_FLOOR

pytestmark = pytest.mark.long_unit  # handed out before the other modules (tests/conftest.py)

FIGURES = (
    "moves_per_second",
    "path_per_s",
    "floor_per_s",
    "ratio",
    "p50_ms",
    "p99_ms",
    "bytes_per_stored_game",
    "bytes_per_game_in_memory",
)


# A smoke run: every section but the computer players' (tested on their own), at tiny sizes (`--quick`'s own sizes
# are for a person trying the bench; the suite only needs each section to run through and report).
TINY = {
    "--moves": 30,
    "--games": 2,
    "--rate": 50,
    "--duration": 0.3,
    "--answers": 8,
    "--deadlines": 20,  # the deadline bench runs at 200 on its own (test_bench_deadlines)
    "--burst": 4,
    "--computer-games": 0,  # the computers section is off at 0 games; its own tests run it (test_bench_computers)
    "--game-moves": 4,
    "--scale-tables": 200,
    "--scale-cache": 20,
    "--restart-tables": 30,
    "--poker-hands": 2000,
}


def assert_against_floor(rows: list[dict[str, Any]], report: str) -> None:
    """Each game's path and floor moves/s and their ratio. A handful of moves is too few to time, so whether the path
    stays below its floor is not judged here (the bench's own runs are); a ratio above 1, which a floor can never
    allow, must be flagged in the report as no result."""
    for row in rows:
        assert row["path_per_s"] > 0 and row["floor_per_s"] > 0, row
        assert row["ratio"] == pytest.approx(row["path_per_s"] / row["floor_per_s"]), row
        assert row["floor_commits"] > 0, row
        section = report.split("The move path of every game", 1)[1].splitlines()
        line = next(line for line in section if line.split()[:1] == [row["game"]])
        assert line.endswith(BEATEN_FLOOR) == (row["ratio"] >= 1.0), line


def test_quick_bench_writes_positive_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b.json"

    tiny = [str(item) for option in TINY.items() for item in option]
    assert main(["--quick", *tiny, "--out", str(out)]) == 0

    results = json.loads(out.read_text(encoding="utf-8"))
    for name in FIGURES:
        value = results[name]
        assert isinstance(value, int | float) and not isinstance(value, bool), name
        assert value > 0, name
    load = results["details"]["load"]
    assert load["errors"] == 0
    assert load["completed"] > 0
    assert results["command"].startswith("python -m bot bench --quick")
    report = capsys.readouterr().out
    assert "moves/s" in report and "p99" in report and "Reproduce:" in report
    ratio = next(line for line in report.splitlines() if line.strip().startswith("ratio "))
    assert ratio.endswith(BEATEN_FLOOR) == (results["ratio"] >= 1.0), ratio
    assert results["poker"]["hands"] == TINY["--poker-hands"] and results["poker"]["ours_hands_per_s"] > 0
    assert "Poker-hand evaluator" in report
    answers = results["details"]["hand_answers"]
    assert answers["answers"] == TINY["--answers"] and "hand answers" in report
    assert answers["components"]["views_listening"] == 0
    assert answers["ordinary_view"]["views_listening"] == TINY["--answers"]
    live = answers["live_hands"]  # one live hand per player, however often each opens it
    assert live["players"] > 0 and live["live"] == live["players"]
    assert live["deleted"] == live["players"] * (live["opens"] - 1)
    assert live["per_player_first"] > 0 and "live hands" in report
    deadlines = results["details"]["deadlines"]
    pending, burst = TINY["--deadlines"], TINY["--burst"]
    assert deadlines["pending"] == deadlines["clocks"]["pending"] == deadlines["lobbies"]["pending"] == pending
    assert deadlines["clocks"]["burst"] == deadlines["lobbies"]["fired"] == deadlines["burst"] == burst
    assert all(each["fired"] == burst for each in deadlines["clocks"]["bursts"])
    assert results["deadline_checks_ok"] is True
    assert f"Deadlines: {pending:,} pending" in report and "ClockService.expire" in report
    every = results["games"]["backends"]["sqlite"]  # the move path of every game next to its floor
    assert [row["game"] for row in every] == registry.names()
    assert all(row["moves"] == TINY["--game-moves"] and row["ms_per_move"] > 0 for row in every)
    assert all(row["clock_rows_per_move"] > 0 for row in every)  # clocked tables: the floor writes their rows too
    assert_against_floor(every, report)
    assert "The move path of every game" in report
    cost = results["games"]["metrics_cost"]  # the same path with the metrics counted and swapped for no-ops
    assert cost["moves"] == TINY["--game-moves"] and cost["metrics_swapped"] >= 10
    assert cost["on_per_s"] > 0 and cost["off_per_s"] > 0 and "metrics counted vs not" in report
    scale = results["scale"]  # open tables through a smaller cache: the cache's size held, the rest loaded and let go
    cache = TINY["--scale-cache"]
    assert scale["tables"] == TINY["--scale-tables"] and scale["bounded"]["held_in_memory"] == cache
    assert scale["bounded"]["heap_bytes"] < scale["unbounded_heap_bytes_extrapolated"]
    # the collector's full pass with them held: each held table is tens of objects it walks
    assert scale["bounded"]["gc_tracked_objects"] > 10 * cache and scale["bounded"]["gc_full_pass_ms"] > 0
    assert "a full pass of the cyclic collector" in report
    restart = results["restart"]  # the first click after a restart is answered; the start loads no table
    assert restart["clicks"] > 0 and restart["first_click_answered_ms"] > restart["open_database_ms"] > 0
    assert restart["deadlines"] >= TINY["--restart-tables"]  # clocked tables: their deadlines and turns too
    assert restart["held_in_memory"] < TINY["--restart-tables"]
    assert f"Memory with {TINY['--scale-tables']:,} open tables" in report
    assert f"Restart with {TINY['--restart-tables']:,} open clocked tables" in report
    assert "computers" not in results and "Computer players" not in report  # 0 games: the section is off


def test_an_unknown_storage_back_end_is_refused() -> None:
    with pytest.raises(SystemExit):
        main(["--only", "games", "--database", "mysql://nowhere"])


def test_one_section_runs_alone_and_the_every_game_path_on_postgresql_too(
    tmp_path: Path, postgres: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--only games --database postgresql://…`: that section alone, each game's path and its bare commit on
    databases the bench creates there (the quick run above covers SQLite)."""
    out = tmp_path / "games.json"

    server = postgres.url("postgres")
    assert main(["--quick", "--only", "games", "--game-moves", "3", "--database", server, "--out", str(out)]) == 0

    results = json.loads(out.read_text(encoding="utf-8"))
    assert set(results) == {"command", "settings", "machine", "games"}
    report = capsys.readouterr().out
    assert "Reproduce:" in report
    rows = results["games"]["backends"]["postgresql"]
    assert [row["moves"] for row in rows] == [3] * len(registry.names())
    assert_against_floor(rows, report)
