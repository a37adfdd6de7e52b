"""Replay the stored golden playthrough and require exactly the same session."""

from __future__ import annotations

from typing import Any

import pytest
from hawthorn_golden import GOLDEN, facts, play

from engines.hawthorn import ENGINE
from tests.engines.family_support import golden_keys, load_golden, replay_golden_steps


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    replay_golden_steps(ENGINE, golden, facts)  # each step checks the recorded seats due to act


def test_the_stored_golden_game_ends_as_meant(golden: dict[str, Any]) -> None:
    """(Its log replays through `Engine.replay` to the same game: the conformance suite checks every golden.)"""
    assert golden["final"]["end_reason"] == "cap" and len(golden["final"]["history"]) == golden["options"]["hands"]


def test_the_golden_policy_still_plays_the_same_session(golden: dict[str, Any]) -> None:
    assert play() == golden


def test_the_golden_session_covers_the_rules(golden: dict[str, Any]) -> None:
    wanted = {"tie", "tie_card", "tie_pair", "lap_hand", "play", "paired_draw", "fold", "votes", "over_cap"}
    assert wanted <= golden_keys(golden)
