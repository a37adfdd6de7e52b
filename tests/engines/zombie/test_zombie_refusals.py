"""Refused actions change nothing; a drawn card must be placed first; actions and options parse from JSON."""

from __future__ import annotations

import pytest
from zombie_rig import arrange, draw, new_rigged, on_top, table

from engines.core import Withdraw
from engines.zombie import ENGINE, Draw, Hide, Place, Take, ZombieAction, ZombieOptions, ZombieState
from engines.zombie.deck import full_deck
from tests.engines.family_support import refused_by


def refused(state: ZombieState, seat: int, action: ZombieAction | Withdraw) -> str:
    """Apply a refused action; assert the state did not change and return the refusal key."""
    return refused_by(ENGINE, state, seat, action)


def test_not_your_turn() -> None:
    state = new_rigged(3, [5, 3, 8])  # seat 1 starts
    assert refused(state, 0, Draw()) == "error.not_your_turn"
    assert refused(state, 2, Hide()) == "error.not_your_turn"
    assert ENGINE.legal_actions(state, 0) == []


def test_a_drawn_card_must_be_placed_before_anything_else() -> None:
    state = draw(on_top(arrange(table(3), refuge=[[5], [3], [8]], horde=[4], to_move=1), 9))
    assert refused(state, 1, Draw()) == "zombie.refusal.place_first"
    assert refused(state, 1, Hide()) == "zombie.refusal.place_first"
    assert refused(state, 1, Take(card=4)) == "zombie.refusal.place_first"
    refusal = ENGINE.refusal(state, 1, Draw())
    assert refusal is not None and refusal.params == {"card": 9}


def test_placing_without_a_drawn_card_or_beside_the_same_value_is_refused() -> None:
    state = arrange(table(3), refuge=[[5], [3, 9], [8]], horde=[4], to_move=1)
    assert refused(state, 1, Place(zone="refuge")) == "zombie.refusal.nothing_to_place"
    # Hand-made tables with a pending card (a real draw would have placed these forced cards itself).
    state = arrange(table(3), refuge=[[5], [3, 9], [8]], horde=[4], to_move=1, pending=9)
    assert refused(state, 1, Place(zone="refuge")) == "zombie.refusal.refuge_has"
    assert ENGINE.legal_actions(state, 1) == [Place(zone="horde")]
    state = arrange(table(3), refuge=[[5], [3], [8]], horde=[4], to_move=1, pending=4)
    assert refused(state, 1, Place(zone="horde")) == "zombie.refusal.horde_has"
    assert ENGINE.legal_actions(state, 1) == [Place(zone="refuge")]


def test_the_deck_can_never_run_dry_for_a_draw() -> None:
    """Ten 10s but at most 9 places for them (8 Refuges and the Horde): a 10 is always left to draw or pending."""
    assert full_deck().count(10) > ENGINE.max_players + 1


def test_a_player_who_left_cannot_act() -> None:
    state = new_rigged(3, [5, 3, 8])
    state = ENGINE.apply(state, 0, Withdraw())
    assert refused(state, 0, Draw()) == "error.not_a_player"
    assert refused(state, 0, Withdraw()) == "error.not_a_player"
    assert refused(state, 5, Draw()) == "error.not_a_player"


def test_game_over() -> None:
    state = new_rigged(2, [5, 3])
    state = ENGINE.apply(state, 0, Withdraw())
    assert state.finished
    assert refused(state, 1, Draw()) == "error.game_over"
    assert refused(state, 1, Withdraw()) == "error.game_over"
    assert ENGINE.candidate_actions(state, 1) == []


def test_apply_never_mutates_its_input() -> None:
    state = new_rigged(3, [5, 3, 8, 9])
    before = state.model_dump_json()
    ENGINE.apply(state, 1, Draw())
    ENGINE.apply(state, 1, Hide())
    ENGINE.apply(state, 2, Withdraw())
    assert state.model_dump_json() == before


def test_actions_parse_from_the_log() -> None:
    assert ENGINE.parse_action('{"kind": "draw"}') == Draw()
    assert ENGINE.parse_action({"kind": "take", "card": 7}) == Take(card=7)
    assert ENGINE.parse_action('{"kind": "hide"}') == Hide()
    assert ENGINE.parse_action('{"kind": "place", "zone": "horde"}') == Place(zone="horde")
    assert ENGINE.parse_action('{"kind": "withdraw"}') == Withdraw()
    for bad in ('{"kind": "take", "card": 11}', '{"kind": "take", "card": "7"}', '{"kind": "place", "zone": "hand"}',
                '{"kind": "take"}', '{"kind": "hit"}'):  # fmt: skip
        with pytest.raises(ValueError):
            ENGINE.parse_action(bad)


def test_options_parse_and_reject_unknown_values() -> None:
    assert ENGINE.parse_options({}) == ZombieOptions(target=21, tie="shared")
    assert ENGINE.parse_options({"target": 11, "tie": "play_on"}) == ZombieOptions(target=11, tie="play_on")
    with pytest.raises(ValueError):
        ENGINE.parse_options({"target": 20})
    with pytest.raises(ValueError):
        ENGINE.parse_options({"tie": "sudden_death"})
