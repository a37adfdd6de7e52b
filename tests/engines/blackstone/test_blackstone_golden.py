"""Replay the stored golden playthrough and require exactly the same session (OpenSpiel style)."""

from __future__ import annotations

from typing import Any

import pytest
from blackstone_golden import GOLDEN, describe, facts, play, step

from engines.blackstone import ENGINE, BlackstoneOptions
from tests.engines.family_support import load_golden


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    options = BlackstoneOptions.model_validate(golden["options"])
    state = ENGINE.new(golden["players"], options, golden["seed"])
    assert [describe(e) for e in state.events] == golden["opening"]
    for number, entry in enumerate(golden["log"]):
        assert entry["seat"] in ENGINE.to_act(state), f"step {number}"
        state, emitted = step(state, entry["seat"], ENGINE.parse_action(entry["action"]))
        assert emitted == entry["events"], f"step {number}"
    assert facts(state) == golden["final"]


def test_golden_log_replays_to_the_same_outcome(golden: dict[str, Any]) -> None:
    options = BlackstoneOptions.model_validate(golden["options"])
    log = [(entry["seat"], ENGINE.parse_action(entry["action"])) for entry in golden["log"]]
    state = ENGINE.replay(golden["players"], options, golden["seed"], log)
    assert facts(state) == golden["final"]
    assert golden["final"]["phase"] == "over" and len(golden["final"]["history"]) == options.hands


def test_the_golden_policy_still_plays_the_stored_session(golden: dict[str, Any]) -> None:
    assert play() == golden


def test_the_golden_session_covers_both_ends_of_a_hand(golden: dict[str, Any]) -> None:
    emitted = {line.split()[0] for entry in golden["log"] for line in entry["events"]}
    assert {"pass", "take", "black_stone", "second_black", "split", "pot_carried", "hand_won"} <= emitted
