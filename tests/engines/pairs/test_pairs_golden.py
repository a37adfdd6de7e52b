"""Replay the stored golden playthrough and require exactly the same game (OpenSpiel style)."""

from __future__ import annotations

from typing import Any

import pytest
from pairs_golden import GOLDEN, describe, facts, step

from engines.pairs import ENGINE, PairsOptions
from tests.engines.family_support import load_golden


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    options = PairsOptions.model_validate(golden["options"])
    state = ENGINE.new(golden["players"], options, golden["seed"])
    assert [describe(e) for e in state.events] == golden["opening"]
    for number, entry in enumerate(golden["log"]):
        assert ENGINE.to_act(state) == (entry["seat"],), f"step {number}"
        state, emitted = step(state, entry["seat"], ENGINE.parse_action(entry["action"]))
        assert emitted == entry["events"], f"step {number}"
    assert facts(state) == golden["final"]


def test_golden_log_replays_to_the_same_outcome(golden: dict[str, Any]) -> None:
    options = PairsOptions.model_validate(golden["options"])
    log = [(entry["seat"], ENGINE.parse_action(entry["action"])) for entry in golden["log"]]
    state = ENGINE.replay(golden["players"], options, golden["seed"], log)
    assert facts(state) == golden["final"]
    assert golden["final"]["finished"] and len(golden["final"]["history"]) == options.games
