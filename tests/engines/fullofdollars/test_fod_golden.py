"""Replay the stored golden playthrough and require exactly the same game (OpenSpiel style)."""

from __future__ import annotations

from typing import Any

import pytest
from fod_golden import ENGINE, GOLDEN, describe, facts, policy, step

from engines.fullofdollars import FullOfDollarsOptions
from tests.engines.family_support import load_golden


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    options = FullOfDollarsOptions.model_validate(golden["options"])
    state = ENGINE.new(golden["players"], options, golden["seed"])
    assert [describe(e) for e in state.events] == golden["opening"]
    for number, entry in enumerate(golden["log"]):
        action = ENGINE.parse_action(entry["action"])
        assert entry["seat"] in ENGINE.to_act(state), f"step {number}"
        assert policy(state, number) == (entry["seat"], action), f"step {number}"
        state, emitted = step(state, entry["seat"], action)
        assert emitted == entry["events"], f"step {number}"
    assert facts(state) == golden["final"]


def test_golden_game_covers_the_rules(golden: dict[str, Any]) -> None:
    seen = {line.split()[0] for entry in golden["log"] for line in entry["events"]}
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
