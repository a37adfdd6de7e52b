"""Replay the stored golden Dead Money game and require exactly the same game.

Set DEADMONEY_GOLDEN_REGEN=1 to rewrite the golden file first (only when a rule change is intended).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from deadmoney_golden import ENGINE, GOLDEN, REGEN_ENV, describe, facts, main, play, step
from deadmoney_rig import assert_conserved

from engines.deadmoney import DeadMoneyOptions
from tests.engines.family_support import load_golden


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    if os.environ.get(REGEN_ENV) == "1":
        main()
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    options = DeadMoneyOptions.model_validate(golden["options"])
    state = ENGINE.new(golden["players"], options, golden["seed"])
    assert [describe(e) for e in state.events] == golden["opening"]
    for number, entry in enumerate(golden["log"]):
        assert list(ENGINE.to_act(state)) == entry["to_act"], f"step {number}"
        state, emitted = step(state, entry["seat"], ENGINE.parse_action(entry["action"]))
        assert emitted == entry["events"], f"step {number}"
        assert_conserved(state)
    assert facts(state) == golden["final"]


def test_golden_log_replays_to_the_same_outcome(golden: dict[str, Any]) -> None:
    options = DeadMoneyOptions.model_validate(golden["options"])
    log = [(entry["seat"], ENGINE.parse_action(entry["action"])) for entry in golden["log"]]
    state = ENGINE.replay(golden["players"], options, golden["seed"], log)
    assert facts(state) == golden["final"]
    assert golden["final"]["over"] and golden["final"]["winner"] is not None
    assert golden["final"]["hands"][golden["final"]["winner"]] == []


def test_the_golden_policy_still_plays_the_same_game(golden: dict[str, Any]) -> None:
    assert play() == golden


def test_the_golden_game_covers_the_rules(golden: dict[str, Any]) -> None:
    seen = {line.split()[0] for entry in golden["log"] for line in entry["events"]}
    wanted = {"idle", "brain_down", "new_turn", "roll_success", "roll_failure", "brain_dropped", "bid"}
    wanted |= {"showdown_won", "reshuffle", "decided", "wins", "end_turn"}
    assert wanted <= seen
