"""Replay the stored golden playthrough and require exactly the same game (OpenSpiel style)."""

from __future__ import annotations

from typing import Any

import pytest
from zombie_golden import GOLDEN, facts

from engines.zombie import ENGINE
from tests.engines.family_support import golden_keys, load_golden, replay_golden_steps


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    replay_golden_steps(ENGINE, golden, facts, may_act=lambda state, seat, _: ENGINE.to_act(state) == (seat,))


def test_the_stored_golden_game_ends_as_meant(golden: dict[str, Any]) -> None:
    """(Its log replays through `Engine.replay` to the same game: the conformance suite checks every golden.)"""
    assert golden["final"]["finished"] and golden["final"]["result"]["winners"]


def test_golden_game_covers_the_rules(golden: dict[str, Any]) -> None:
    """The stored game really shows the situations it is meant to pin down."""
    seen = golden_keys(golden, opening=True)
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
