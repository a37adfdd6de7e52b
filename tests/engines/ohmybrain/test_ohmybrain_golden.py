"""Replay the stored golden playthrough and require exactly the same game (OpenSpiel style)."""

from __future__ import annotations

from typing import Any

import pytest
from ohmybrain_golden import ENGINE, GOLDEN, facts, policy

from engines.ohmybrain import OhMyBrainAction, OhMyBrainState
from tests.engines.family_support import golden_keys, load_golden, replay_golden_steps


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden(GOLDEN)


def test_golden_replays_step_by_step(golden: dict[str, Any]) -> None:
    def may_act(state: OhMyBrainState, seat: int, action: OhMyBrainAction) -> bool:
        """A seat due to act, doing what the golden policy does."""
        return seat in ENGINE.to_act(state) and action == policy(state, seat)

    replay_golden_steps(ENGINE, golden, facts, may_act=may_act)


def test_the_stored_golden_game_ends_as_meant(golden: dict[str, Any]) -> None:
    """(Its log replays through `Engine.replay` to the same game: the conformance suite checks every golden.)"""
    assert golden["final"]["over"] and golden["final"]["result"]["winners"]


def test_golden_game_covers_the_rules(golden: dict[str, Any]) -> None:
    """The stored game really shows the situations it is meant to pin down."""
    seen = golden_keys(golden, opening=True)
    covered = [
        "lot", "lot_cards", "buried", "lot_done", "first_turn", "play", "share", "pass", "pass_draw", "drew", "kept",
        "reshuffle", "mouse", "spider", "roll", "give", "given", "reserve_each", "reserve_card", "steal", "gain",
        "swap_hand", "swap_cemetery", "again", "refill", "took", "round_end", "round_loss", "next_starter",
        "round_start", "last_brain", "winner", "left",
    ]  # fmt: skip
    for key in covered:
        assert key in seen, key


def test_golden_secrets_are_told_only_to_their_owners(golden: dict[str, Any]) -> None:
    secret = ("lot_cards", "buried", "drew", "kept", "took", "reserve_card", "given")
    for entry in golden["log"]:
        for line in entry["events"]:
            key = line.split()[0]
            assert (key in secret) == ("@" in line), line
            if key in ("lot_cards", "buried", "drew", "kept", "took", "reserve_card"):
                seat = line.split("seat=")[1].split()[0]
                assert line.endswith(f"@{seat}"), line
