"""Replay the stored golden playthrough and require exactly the same game (OpenSpiel style)."""

from __future__ import annotations

from typing import Any

import pytest
from ilmorto_golden import GOLDEN, describe, facts, step

from engines.ilmorto import ENGINE, IlMortoOptions
from tests.engines.family_support import load_golden


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    options = IlMortoOptions.model_validate(golden["options"])
    state = ENGINE.new(golden["players"], options, golden["seed"])
    assert [describe(e) for e in state.events] == golden["opening"]
    for number, entry in enumerate(golden["log"]):
        action = ENGINE.parse_action(entry["action"])
        seat = entry["seat"]
        if action.kind != "withdraw":
            # on their turn, or one of the moves anyone may make out of turn (a look, speaking to the dead)
            assert ENGINE.to_act(state) == (seat,) or ENGINE.anytime(state, seat, action), f"step {number}"
        state, emitted = step(state, seat, action)
        assert emitted == entry["events"], f"step {number}"
    assert facts(state) == golden["final"]


def test_golden_log_replays_to_the_same_outcome(golden: dict[str, Any]) -> None:
    options = IlMortoOptions.model_validate(golden["options"])
    log = [(entry["seat"], ENGINE.parse_action(entry["action"])) for entry in golden["log"]]
    state = ENGINE.replay(golden["players"], options, golden["seed"], log)
    assert facts(state) == golden["final"]
    assert golden["final"]["finished"] and len(golden["final"]["result"]["winners"]) == 1


def test_golden_game_covers_the_rules(golden: dict[str, Any]) -> None:
    """The stored game really shows the situations it is meant to pin down."""
    seen = {line.split()[0] for entry in golden["log"] for line in entry["events"]}
    seen |= {line.split()[0] for line in golden["opening"]}
    covered = [
        "game_start",
        "round_start",
        "look_early",
        "look_dealer",
        "knock",
        "face_up",
        "keep",
        "swap",
        "jump",
        "deck_swap",
        "deck_re",
        "deck_cavallo",
        "reveal",
        "lose_life",
        "death",
        "cancelled",
        "give_life",
        "accuse",
        "left",
        "winner",
    ]
    for key in covered:
        assert key in seen, key
    out_of_turn = [entry for entry in golden["log"] if entry["action"]["kind"] in ("look", "give_life", "accuse")]
    assert out_of_turn
