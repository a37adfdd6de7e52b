"""The buttons on offer (candidate actions), the refusals, and action parsing."""

from __future__ import annotations

import pytest
from blackstone_rig import new_rigged, pass_, take, top
from pydantic import ValidationError

from engines.blackstone import ENGINE, NextHand, Pass, Stop, Take


def test_candidates_are_pass_and_ten_takes_from_the_minimum() -> None:
    state = new_rigged(3, [5, 3, 8])
    assert ENGINE.candidate_actions(state, 1) == [Pass(), *(Take(count=n) for n in range(1, 11))]
    top(state, 1, 2, 2, 3)
    state = take(state, 4)
    assert ENGINE.candidate_actions(state, 2) == [Pass(), *(Take(count=n) for n in range(4, 14))]
    # The same buttons are shown to the seats not due to act (disabled there).
    assert ENGINE.candidate_actions(state, 0) == ENGINE.candidate_actions(state, 2)
    assert ENGINE.legal_actions(state, 0) == []


def test_takes_are_capped_by_the_cards_left() -> None:
    state = new_rigged(3, [5, 3, 8])
    state.discard, state.deck = state.deck[:46], state.deck[46:]
    state.last_take = 45
    assert ENGINE.candidate_actions(state, 1) == [Pass(), *(Take(count=n) for n in range(45, 53))]
    assert ENGINE.legal_actions(state, 1) == ENGINE.candidate_actions(state, 1)


def test_a_take_beyond_the_buttons_is_still_legal() -> None:
    state = new_rigged(3, [5, 3, 8])
    assert ENGINE.can(state, 1, Take(count=30))
    assert Take(count=30) not in ENGINE.candidate_actions(state, 1)


def test_between_hands_the_choices_are_next_hand_and_stop() -> None:
    state = pass_(pass_(new_rigged(3, [5, 3, 8])))
    for seat in range(3):
        assert ENGINE.candidate_actions(state, seat) == [NextHand(), Stop()]
        assert ENGINE.default_action(state, seat) == NextHand()


def test_the_default_action_during_a_hand_is_to_pass() -> None:
    state = new_rigged(3, [5, 3, 8])
    assert ENGINE.default_action(state, 1) == Pass()


def test_only_the_player_to_move_may_act() -> None:
    state = new_rigged(3, [5, 3, 8])
    refusal = ENGINE.refusal(state, 0, Pass())
    assert refusal is not None and refusal.key == "error.not_your_turn"


def test_actions_parse_and_bad_counts_are_rejected() -> None:
    assert ENGINE.parse_action('{"kind": "take", "count": 3}') == Take(count=3)
    assert ENGINE.parse_action({"kind": "pass"}) == Pass()
    assert ENGINE.parse_action({"kind": "next_hand"}) == NextHand()
    assert ENGINE.parse_action({"kind": "stop"}) == Stop()
    for bad in (
        {"kind": "take", "count": 0},
        {"kind": "take", "count": 56},
        {"kind": "take"},
        {"kind": "pass", "n": 1},
    ):
        with pytest.raises(ValidationError):
            ENGINE.parse_action(bad)
