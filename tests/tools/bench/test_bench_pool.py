"""The computer decisions timed through the bot's pool, on a tiny size: the production `ComputerPlayers` decides
(a spy counts its calls), every decision is legal, and the figures agree with each other. No time is judged."""

from __future__ import annotations

from typing import Any

import pytest

import bot.computers
from engines import registry
from tools.bench._pool import decisions, pool_bench, pool_text

BUDGET = 0.05


async def test_every_game_decides_through_the_production_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    choose = bot.computers.ComputerPlayers.choose

    async def spy(self: bot.computers.ComputerPlayers, engine: Any, *args: Any) -> Any:
        asked.append(engine.name)
        return await choose(self, engine, *args)

    monkeypatch.setattr(bot.computers.ComputerPlayers, "choose", spy)
    result = await pool_bench(per_game=1, budget=BUDGET, seed=3)
    names = registry.names()
    assert asked == [*names, names[0]]  # one decision per game, then the cold start's; each through the bot's class
    assert result["decisions"] == len(names) and [row["game"] for row in result["games"]] == names
    assert result["budget_ms"] == BUDGET * 1000 and result["warm_up_ms"] > 0
    every = [row["max_ms"] for row in result["games"]]
    assert result["max_ms"] == max(every) and result["first_ms"] == result["games"][0]["p50_ms"]
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["over_budget"] == sum(ms > BUDGET * 1000 for ms in every)
    assert result["p99_within_budget"] == (result["p99_ms"] <= BUDGET * 1000)
    assert result["first_within_budget"] == (result["first_ms"] <= BUDGET * 1000)
    for decision in (result["first"], result["cold"]):  # where each went, by the worker's own account
        assert decision["game"] == names[0]
        assert min(decision["wait_ms"], decision["think_ms"], decision["back_ms"]) >= 0
        assert decision["wait_ms"] + decision["think_ms"] + decision["back_ms"] <= decision["ms"]
    assert result["first"]["ms"] == result["first_ms"]
    report = pool_text(result)
    assert report.startswith("6b. Computer decisions through the bot's pool") and all(name in report for name in names)
    assert "a decision asked at once after warm()" in report


def test_the_states_asked_about_offer_a_real_choice() -> None:
    engine: Any = registry.get("deadmoney")
    found = decisions(engine, 3, seed=3)
    assert len(found) == 3
    for state, seat in found:
        assert seat in engine.to_act(state) and len(engine.legal_actions(state, seat)) > 1
    assert [engine.dump_state(s) for s, _ in found] == [engine.dump_state(s) for s, _ in decisions(engine, 3, seed=3)]
