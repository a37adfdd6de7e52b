"""Refused actions change nothing; actions parse from the JSON action log."""

from __future__ import annotations

import pytest
from pairs_rig import arrange, new_rigged

from engines.core import Withdraw
from engines.pairs import ENGINE, Fold, Hit, PairsOptions, PairsState
from engines.pairs.engine import setup
from tests.engines.family_support import refused_by


def refused(state: PairsState, seat: int, action: Hit | Fold | Withdraw) -> str:
    """Apply a refused action; assert the state did not change and return the refusal key."""
    return refused_by(ENGINE, state, seat, action)


def test_not_your_turn() -> None:
    state = new_rigged(3, [5, 3, 8])  # seat 1 starts
    assert refused(state, 0, Hit()) == "error.not_your_turn"
    assert refused(state, 2, Fold()) == "error.not_your_turn"
    assert ENGINE.legal_actions(state, 0) == []


def test_game_over() -> None:
    state = setup(3, PairsOptions(), seed=2)
    arrange(state, in_play=[[3], [4], [6]], score_cards=[[10, 8], [5], [2, 1]], to_move=0, deck=[3])
    state = ENGINE.apply(state, 0, Hit())
    assert state.finished
    for seat in range(3):
        assert refused(state, seat, Hit()) == "error.game_over"
        assert refused(state, seat, Withdraw()) == "error.game_over"


def test_a_player_who_left_cannot_act() -> None:
    state = new_rigged(3, [5, 3, 8])
    state = ENGINE.apply(state, 0, Withdraw())
    assert refused(state, 0, Hit()) == "error.not_a_player"
    assert refused(state, 0, Withdraw()) == "error.not_a_player"
    assert refused(state, 5, Hit()) == "error.not_a_player"


def test_apply_never_mutates_its_input() -> None:
    state = new_rigged(3, [5, 3, 8, 9])
    before = state.model_dump_json()
    ENGINE.apply(state, 1, Hit())
    ENGINE.apply(state, 1, Fold())
    ENGINE.apply(state, 2, Withdraw())
    assert state.model_dump_json() == before


def test_actions_parse_from_the_log() -> None:
    assert ENGINE.parse_action('{"kind": "hit"}') == Hit()
    assert ENGINE.parse_action({"kind": "fold"}) == Fold()
    assert ENGINE.parse_action('{"kind": "withdraw"}') == Withdraw()
    with pytest.raises(ValueError):
        ENGINE.parse_action('{"kind": "pass"}')


def test_options_parse_and_reject_unknown_values() -> None:
    assert ENGINE.parse_options({"ending": "norland", "games": 5, "chips": 20}) == PairsOptions(
        ending="norland", games=5, chips=20
    )
    with pytest.raises(ValueError):
        ENGINE.parse_options({"ending": "poker"})
    with pytest.raises(ValueError):
        ENGINE.parse_options({"games": 2})
