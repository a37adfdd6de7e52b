"""Replay the stored golden playthrough and require exactly the same session (OpenSpiel style)."""

from __future__ import annotations

from typing import Any

import pytest
from blackstone_golden import GOLDEN, facts, play

from engines.blackstone import ENGINE
from tests.engines.family_support import golden_keys, load_golden, replay_golden_steps


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    replay_golden_steps(ENGINE, golden, facts, may_act=lambda state, seat, _: seat in ENGINE.to_act(state))


def test_the_stored_golden_game_ends_as_meant(golden: dict[str, Any]) -> None:
    """(Its log replays through `Engine.replay` to the same game: the conformance suite checks every golden.)"""
    assert golden["final"]["phase"] == "over" and len(golden["final"]["history"]) == golden["options"]["hands"]


def test_the_golden_policy_still_plays_the_stored_session(golden: dict[str, Any]) -> None:
    assert play() == golden


def test_the_golden_session_covers_both_ends_of_a_hand(golden: dict[str, Any]) -> None:
    wanted = {"pass", "take", "black_stone", "second_black", "split", "pot_carried", "hand_won"}
    assert wanted <= golden_keys(golden)
