"""Replay the stored golden playthrough and require exactly the same game (OpenSpiel style)."""

from __future__ import annotations

from typing import Any

import pytest
from fod_golden import ENGINE, GOLDEN, facts, policy

from tests.engines.family_support import golden_keys, load_golden, replay_golden_steps


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    def chosen_by_the_policy(state: Any, seat: int, action: Any) -> bool:
        return seat in ENGINE.to_act(state) and policy(state, steps.pop(0)) == (seat, action)

    steps = list(range(len(golden["log"])))
    replay_golden_steps(ENGINE, golden, facts, may_act=chosen_by_the_policy)


def test_golden_game_covers_the_rules(golden: dict[str, Any]) -> None:
    seen = golden_keys(golden)
    for key in (
        "claim",
        "collect",
        "open",
        "holdup",
        "holdup_success",
        "holdup_failed",
        "holdup_tie",
        "fbi",
        "collection_cancelled",
        "judge",
        "keep",
        "bomb",
        "reverse",
        "poker_phase",
        "discard",
        "show",
        "accuse",
        "concede",
        "cheat_caught",
        "honest",
        "fined",
        "poker_won",
        "ruined",
        "game_over",
    ):
        assert key in seen, key
    assert golden["final"]["finished"] and golden["final"]["result"]["winners"]
