"""Replay the stored golden playthrough and require exactly the same game (OpenSpiel style)."""

from __future__ import annotations

from typing import Any

import pytest
from zombie_golden import GOLDEN, describe, facts, step

from engines.zombie import ENGINE, ZombieOptions
from tests.engines.family_support import load_golden


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    options = ZombieOptions.model_validate(golden["options"])
    state = ENGINE.new(golden["players"], options, golden["seed"])
    assert [describe(e) for e in state.events] == golden["opening"]
    for number, entry in enumerate(golden["log"]):
        action = ENGINE.parse_action(entry["action"])
        if action.kind != "withdraw":
            assert ENGINE.to_act(state) == (entry["seat"],), f"step {number}"
        state, emitted = step(state, entry["seat"], action)
        assert emitted == entry["events"], f"step {number}"
    assert facts(state) == golden["final"]


def test_golden_log_replays_to_the_same_outcome(golden: dict[str, Any]) -> None:
    options = ZombieOptions.model_validate(golden["options"])
    log = [(entry["seat"], ENGINE.parse_action(entry["action"])) for entry in golden["log"]]
    state = ENGINE.replay(golden["players"], options, golden["seed"], log)
    assert facts(state) == golden["final"]
    assert golden["final"]["finished"] and golden["final"]["result"]["winners"]


def test_golden_game_covers_the_rules(golden: dict[str, Any]) -> None:
    """The stored game really shows the situations it is meant to pin down."""
    seen = {line.split()[0] for entry in golden["log"] for line in entry["events"]}
    seen |= {line.split()[0] for line in golden["opening"]}
    covered = [
        "draw",
        "place_refuge",
        "place_horde",
        "forced_refuge",
        "forced_horde",
        "overrun",
        "take",
        "hide",
        "turn_up",
        "last_in_play",
        "score",
        "dealer",
        "tie",
        "tie_discard",
        "reshuffle",
        "left",
        "tie_play_on",
        "winner",
    ]
    for key in covered:
        assert key in seen, key
