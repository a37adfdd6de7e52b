"""The computer-player bench on a tiny size: its report's structure and that its figures agree with each other.

Neither a timing nor a strength is judged here (a few games prove nothing about either).
"""

from __future__ import annotations

from typing import Any

import pytest

from bot import games
from engines import registry
from tools.bench import parse_args
from tools.bench._computers import (
    LONG_FLOOR,
    computers_bench,
    computers_text,
    games_for,
    main,
    normal_interval,
    percentile,
    table_size,
    wilson,
)

pytestmark = pytest.mark.long_unit  # handed out before the other modules (tests/conftest.py)

GAMES = 1
PLAYOUTS = 1
# The section on three games between them short and long, at 2 and 3 players (a game of Dead Money alone, the
# longest, costs four times these three; `tests/conformance` has the computer players finish every game).
TRIED = ["ilmorto", "ohmybrain", "pairs"]


@pytest.fixture(scope="module")
def tiny() -> dict[str, Any]:
    return computers_bench(GAMES, PLAYOUTS, seed=5, only=TRIED)


def test_the_games_tried_cover_both_table_sizes_and_lengths(tiny: dict[str, Any]) -> None:
    games.install()
    assert set(TRIED) <= set(registry.names())
    rows = tiny["games"]
    assert {row["players"] for row in rows} == {2, 3} and {row["long"] for row in rows} == {True, False}


def test_every_game_tried_has_consistent_figures(tiny: dict[str, Any]) -> None:
    games.install()
    rows = tiny["games"]
    assert isinstance(rows, list)
    assert [row["game"] for row in rows] == TRIED
    for row in rows:
        name, players, played = row["game"], row["players"], row["games"]
        assert players == table_size(registry.get(name)) >= 2, name
        assert played == games_for(GAMES, row["long"]) == GAMES, name  # a tiny size is below the long-game floor
        assert row["playouts"] == PLAYOUTS
        c = row["comparisons"]
        comparisons = c["won"] + c["tied"] + c["lost"]
        assert comparisons == played * (players - 1), name
        assert row["score"] == pytest.approx((c["won"] + c["tied"] / 2) / comparisons), name
        assert 0 <= row["ci_low"] <= row["score"] <= row["ci_high"] <= 1, name
        assert row["ci_method"] == ("wilson" if players == 2 else "normal"), name
        assert row["better_than_chance"] == (row["ci_low"] > row["chance"] == 0.5), name
        assert row["aim_met"] == (row["score"] >= row["aim"] == 0.6), name
        assert 0 <= row["firsts"] <= played and 1 <= row["mean_place"] <= players, name
        assert row["decisions"] >= row["choices"] > 0, name
        assert row["decisions_per_game"] == pytest.approx(row["decisions"] / played), name
        assert row["actions_per_game"] >= row["decisions_per_game"], name
        assert row["playouts_run"] >= row["choices"] * PLAYOUTS, name  # every choice spends its whole budget
        assert row["ms_per_decision"] > 0 and row["p95_ms_per_decision"] > 0, name
        assert row["ms_per_choice"] * row["choices"] <= row["ms_per_decision"] * row["decisions"] * (1 + 1e-9), name
        assert row["playouts_per_s"] > 0 and 0 < row["playouts_in_1s"] <= 4000, name
        assert row["random_game_actions"] > 0, name
    assert tiny["all_aims_met"] == all(row["aim_met"] for row in rows)
    assert tiny["all_better_than_chance"] == all(row["better_than_chance"] for row in rows)
    assert tiny["settings"] == {
        "games": GAMES,
        "long_games": GAMES,
        "long_actions": 45,
        "playouts": PLAYOUTS,
        "long_playouts": PLAYOUTS,  # never more than the playouts of the other games
        "seed": 5,
        "live_playout_cap": 4000,
    }


def test_the_report_names_every_game_with_its_score(tiny: dict[str, Any]) -> None:
    report = computers_text(tiny)
    assert report.startswith("6. Computer players: one normal seat against easy seats")
    assert f"{GAMES} games each at {PLAYOUTS} playouts per decision" in report
    for row in tiny["games"]:
        line = (
            f"{row['game']:<11} {row['players']} players, {GAMES} games, {PLAYOUTS} playouts: score {row['score']:.3f}"
        )
        assert line in report
        assert f"{row['ms_per_decision']:.1f} ms per decision" in report


def test_the_same_seed_plays_the_same_games(tiny: dict[str, Any]) -> None:
    again = computers_bench(GAMES, PLAYOUTS, seed=5, only=["pairs"])["games"][0]
    first = next(row for row in tiny["games"] if row["game"] == "pairs")
    for key in ("score", "comparisons", "decisions", "choices", "playouts_run", "actions_per_game", "mean_place"):
        assert again[key] == first[key], key


def test_long_games_take_fewer_playouts() -> None:
    settings = computers_bench(1, 30, only=["pairs"])["settings"]
    assert (settings["playouts"], settings["long_playouts"]) == (30, 10)
    assert computers_bench(1, 30, only=["pairs"], long_playouts=4)["settings"]["long_playouts"] == 4


def test_long_games_play_half_but_at_least_the_floor() -> None:
    assert games_for(200, long=False) == 200
    assert games_for(200, long=True) == LONG_FLOOR == 100
    assert games_for(150, long=True) == 100
    assert games_for(1000, long=True) == 500
    assert games_for(40, long=True) == 40


def test_intervals_and_percentile() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 10)[0] == pytest.approx(0.0)
    low, high = normal_interval([0.0, 1.0] * 50)
    assert low == pytest.approx(0.5 - 1.96 * 0.50252 / 10, abs=1e-4) and high == pytest.approx(1 - low)
    assert percentile([float(n) for n in range(1, 101)], 95) == 95.0


def test_cli_and_bench_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--playouts", "2", "--only", "pairs"]) == 0
    out = capsys.readouterr().out
    assert "pairs       2 players, 2 games, 2 playouts: score" in out and "blackstone" not in out
    assert parse_args(["--computer-games", "0"]).computer_games == 0
    settings = parse_args(["--quick"])
    assert (settings.computer_games, settings.playouts) == (3, 3)
    settings = parse_args(["--computer-games", "150", "--playouts", "40", "--long-playouts", "8"])
    assert (settings.computer_games, settings.playouts, settings.long_playouts) == (150, 40, 8)
