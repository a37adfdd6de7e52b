"""Replay the stored golden playthrough and require exactly the same game (OpenSpiel style)."""

from __future__ import annotations

from typing import Any

import pytest
from ilmorto_golden import GOLDEN, facts

from engines.ilmorto import ENGINE, IlMortoAction, IlMortoState
from tests.engines.family_support import golden_keys, load_golden, replay_golden_steps


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    def may_act(state: IlMortoState, seat: int, action: IlMortoAction) -> bool:
        """On their turn, or one of the moves anyone may make out of turn (a look, speaking to the dead)."""
        return ENGINE.to_act(state) == (seat,) or ENGINE.anytime(state, seat, action)

    replay_golden_steps(ENGINE, golden, facts, may_act=may_act)


def test_the_stored_golden_game_ends_as_meant(golden: dict[str, Any]) -> None:
    """(Its log replays through `Engine.replay` to the same game: the conformance suite checks every golden.)"""
    assert golden["final"]["finished"] and len(golden["final"]["result"]["winners"]) == 1


def test_golden_game_covers_the_rules(golden: dict[str, Any]) -> None:
    """The stored game really shows the situations it is meant to pin down."""
    seen = golden_keys(golden, opening=True)
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
