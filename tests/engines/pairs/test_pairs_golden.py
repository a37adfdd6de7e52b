"""Replay the stored golden playthrough and require exactly the same game (OpenSpiel style)."""

from __future__ import annotations

from typing import Any

import pytest
from pairs_golden import GOLDEN, facts

from engines.pairs import ENGINE
from tests.engines.family_support import load_golden, replay_golden_steps


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    replay_golden_steps(ENGINE, golden, facts, may_act=lambda state, seat, _: ENGINE.to_act(state) == (seat,))


def test_the_stored_golden_game_ends_as_meant(golden: dict[str, Any]) -> None:
    """(Its log replays through `Engine.replay` to the same game: the conformance suite checks every golden.)"""
    assert golden["final"]["finished"] and len(golden["final"]["history"]) == golden["options"]["games"]
