"""Replay the stored golden playthrough and require exactly the same session."""

from __future__ import annotations

from typing import Any

import pytest
from hawthorn_golden import GOLDEN, describe, facts, play, step

from engines.hawthorn import ENGINE, HawthornOptions
from tests.engines.family_support import load_golden


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    options = HawthornOptions.model_validate(golden["options"])
    state = ENGINE.new(golden["players"], options, golden["seed"])
    assert [describe(e) for e in state.events] == golden["opening"]
    for number, entry in enumerate(golden["log"]):
        assert list(ENGINE.to_act(state)) == entry["to_act"], f"step {number}"
        state, emitted = step(state, entry["seat"], ENGINE.parse_action(entry["action"]))
        assert emitted == entry["events"], f"step {number}"
    assert facts(state) == golden["final"]


def test_golden_log_replays_to_the_same_outcome(golden: dict[str, Any]) -> None:
    options = HawthornOptions.model_validate(golden["options"])
    log = [(entry["seat"], ENGINE.parse_action(entry["action"])) for entry in golden["log"]]
    state = ENGINE.replay(golden["players"], options, golden["seed"], log)
    assert facts(state) == golden["final"]
    assert golden["final"]["end_reason"] == "cap" and len(golden["final"]["history"]) == options.hands


def test_the_golden_policy_still_plays_the_same_session(golden: dict[str, Any]) -> None:
    assert play() == golden


def test_the_golden_session_covers_the_rules(golden: dict[str, Any]) -> None:
    seen = {line.split()[0] for entry in golden["log"] for line in entry["events"]}
    assert {"tie", "tie_card", "tie_pair", "lap_hand", "play", "paired_draw", "fold", "votes", "over_cap"} <= seen
