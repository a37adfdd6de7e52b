"""The computer decisions timed through the bot's pool, on a tiny size: the production `ComputerPlayers` decides for
every level it runs in its workers (a spy counts its calls), every decision is legal, and the figures agree with each
other. No time is judged."""

from __future__ import annotations

from typing import Any

import pytest

import bot.computers
from engines import registry
from engines.core.computer import LEVELS
from tools.bench._pool import decisions, pool_bench, pool_text, thinking_levels

BUDGET = 0.05


async def test_every_game_decides_through_the_production_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, str]] = []
    choose = bot.computers.ComputerPlayers.choose

    async def spy(self: bot.computers.ComputerPlayers, engine: Any, state: Any, seat: int, level: Any) -> Any:
        asked.append((engine.name, level))
        return await choose(self, engine, state, seat, level)

    monkeypatch.setattr(bot.computers.ComputerPlayers, "choose", spy)
    result = await pool_bench(per_game=1, budget=BUDGET, seed=3)
    names, levels = registry.names(), thinking_levels()
    assert levels == [level for level in LEVELS if level != "easy"]  # the levels the bot's workers decide for
    # one state per game, each level's decision, then the cold start's; each through the bot's class
    assert asked == [*((name, level) for name in names for level in levels), (names[0], "normal")]
    assert result["decisions"] == len(names) * len(levels) and [row["game"] for row in result["games"]] == names
    assert result["budget_ms"] == BUDGET * 1000 and result["warm_up_ms"] > 0
    assert list(result["levels"]) == levels and all(row["decisions"] == len(names) for row in result["levels"].values())
    every = [row["max_ms"] for row in result["games"]]
    assert result["max_ms"] == max(every) == max(row["max_ms"] for row in result["levels"].values())
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["over_budget"] == sum(row["over_budget"] for row in result["levels"].values())
    assert result["p99_within_budget"] == (result["p99_ms"] <= BUDGET * 1000)
    assert result["first_within_budget"] == (result["first_ms"] <= BUDGET * 1000)
    first, cold = result["first"], result["cold"]
    assert first["game"] == cold["game"] == names[0] and not first["stand_in"]
    assert min(first["wait_ms"], first["think_ms"], first["back_ms"]) >= 0  # where it went, by the worker's account
    assert first["wait_ms"] + first["think_ms"] + first["back_ms"] <= first["ms"]
    assert first["ms"] == result["first_ms"]
    # Asked at once after warm(): no worker starts within half of 50 ms, so the stand-in decided, in this process.
    assert cold["stand_in"] and "wait_ms" not in cold
    report = pool_text(result)
    assert report.startswith("6b. Computer decisions through the bot's pool") and all(name in report for name in names)
    assert "a decision asked at once after warm(), not waiting for the worker" in report
    assert "the easy player decided in the bot" in report


def test_the_states_asked_about_offer_a_real_choice() -> None:
    engine: Any = registry.get("deadmoney")
    found = decisions(engine, 3, seed=3)
    assert len(found) == 3
    for state, seat in found:
        assert seat in engine.to_act(state) and len(engine.legal_actions(state, seat)) > 1
    assert [engine.dump_state(s) for s, _ in found] == [engine.dump_state(s) for s, _ in decisions(engine, 3, seed=3)]
