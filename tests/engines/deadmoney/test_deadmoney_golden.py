"""Replay the stored golden Dead Money game and require exactly the same game.

Set DEADMONEY_GOLDEN_REGEN=1 to rewrite the golden file first (only when a rule change is intended).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from deadmoney_golden import ENGINE, GOLDEN, REGEN_ENV, facts, main, play
from deadmoney_rig import assert_conserved

from tests.engines.family_support import golden_keys, load_golden, replay_golden_steps


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    if os.environ.get(REGEN_ENV) == "1":
        main()
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    # each step checks the recorded seats due to act, and that no card or brain is lost or made up
    replay_golden_steps(ENGINE, golden, facts, after_step=assert_conserved)


def test_the_stored_golden_game_ends_as_meant(golden: dict[str, Any]) -> None:
    """(Its log replays through `Engine.replay` to the same game: the conformance suite checks every golden.)"""
    assert golden["final"]["over"] and golden["final"]["winner"] is not None
    assert golden["final"]["hands"][golden["final"]["winner"]] == []


def test_the_golden_policy_still_plays_the_same_game(golden: dict[str, Any]) -> None:
    assert play() == golden


def test_the_golden_game_covers_the_rules(golden: dict[str, Any]) -> None:
    wanted = {"idle", "brain_down", "new_turn", "roll_success", "roll_failure", "brain_dropped", "bid"}
    wanted |= {"showdown_won", "reshuffle", "decided", "wins", "end_turn"}
    assert wanted <= golden_keys(golden)
