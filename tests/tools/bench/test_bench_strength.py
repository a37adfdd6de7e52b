"""The strength bench through the bot's workers, on a tiny size: every registered game is played, each normal
decision is asked of the production `ComputerPlayers`, and the intervals are those of the results. No strength and
no time is judged (two games prove nothing about either)."""

from __future__ import annotations

from typing import Any

import pytest

import bot.computers
from bot import games
from bot.settings import Settings
from engines import registry
from tools.bench import parse_args
from tools.bench._computers import normal_interval, table_size, wilson
from tools.bench._strength import BUDGET, docs_table, strength_bench, strength_text

pytestmark = pytest.mark.long_unit  # handed out before the other modules (tests/conftest.py)

GAMES = 1  # per game: the harness, not the strength (the bench plays 100)
TINY_BUDGET = 0.01


async def test_every_game_is_played_through_the_bots_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: dict[str, int] = {}
    choose = bot.computers.ComputerPlayers.choose

    async def spy(self: bot.computers.ComputerPlayers, engine: Any, state: Any, seat: int, level: Any) -> Any:
        assert level == "normal" and self.workers == 2 and self.budget == TINY_BUDGET
        asked[engine.name] = asked.get(engine.name, 0) + 1
        return await choose(self, engine, state, seat, level)

    monkeypatch.setattr(bot.computers.ComputerPlayers, "choose", spy)
    result = await strength_bench(GAMES, TINY_BUDGET, workers=2, seed=4)
    games.install()
    rows = result["games"]
    assert [row["game"] for row in rows] == registry.names() and len(rows) == 8  # Full of Dollars included
    assert result["settings"] == {"games": GAMES, "budget_ms": TINY_BUDGET * 1000, "workers": 2, "seed": 4}
    assert result["failures"] == 0
    for row in rows:
        name, players, scores = row["game"], row["players"], row["scores"]
        assert players == table_size(registry.get(name)) and row["games"] == len(scores) == GAMES, name
        assert row["decisions"] == asked[name] >= row["choices"] > 0, name  # every normal decision asked the pool
        c = row["comparisons"]
        assert c["won"] + c["tied"] + c["lost"] == GAMES * (players - 1), name
        assert row["score"] == pytest.approx(sum(scores) / GAMES), name
        interval = wilson(sum(scores), GAMES) if players == 2 else normal_interval(scores)
        assert (row["ci_low"], row["ci_high"]) == pytest.approx(interval), name
        assert row["ci_method"] == ("wilson" if players == 2 else "normal"), name
        assert 0 <= row["ci_low"] <= row["score"] <= row["ci_high"] <= 1, name
        assert row["better_than_chance"] == (row["ci_low"] > 0.5), name
        assert 0 < row["p50_choice_ms"] <= row["p99_choice_ms"] and row["budget_ms"] == TINY_BUDGET * 1000, name
        assert row["seconds_per_game"] == pytest.approx(row["seconds"] / GAMES), name
    report = strength_text(result)
    assert report.startswith("6c. Computer players' strength as the bot plays them")
    table = docs_table(result).splitlines()
    assert table[0] == "| game | normal's score [95 % CI] | players | games | budget |" and len(table) == 2 + 8
    for line, row in zip(table[2:], rows, strict=True):
        assert line.startswith(f"| {row['game']} | {row['score']:.3f} [{row['ci_low']:.3f}, {row['ci_high']:.3f}]")
        assert line.endswith(f"| {row['players']} | {GAMES} | 10 ms |")


def test_the_bench_runs_it_at_the_bots_budget() -> None:
    assert BUDGET == Settings.model_fields["computer_budget"].default == 1.0
    assert parse_args([]).strength_games == 100
    assert parse_args(["--quick"]).strength_games == 1
    assert parse_args(["--strength-games", "0"]).strength_games == 0
