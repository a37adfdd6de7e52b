"""Leaving a running game: the card leaves play and the game goes on without the player; the dealer leaving
abandons the round, dealt again by the next living player on the right; one player left alive wins."""

from __future__ import annotations

from ilmorto_rig import act, keys, knock, rigged

from engines.core import Withdraw
from engines.ilmorto import ENGINE


def test_a_player_leaving_on_their_turn_passes_it_on() -> None:
    state = knock(rigged(["5C", "3D", "7S", "2B", "6C"]))
    assert state.to_move == 4
    state = act(state, 4, Withdraw())
    assert state.to_move == 3 and state.hands[4] is None and state.discard == ["6C"]
    assert keys(state)[-1] == "left"
    assert 4 not in state.living() and state.dead() == []  # gone, not dead: no life can reach them


def test_the_dealer_leaving_abandons_the_round() -> None:
    state = knock(rigged(["5C", "3D", "7S", "2B", "6C"], dealer=2))
    state = act(state, 2, Withdraw())
    assert keys(state)[-3:] == ["left", "abandoned", "round_start"]
    assert state.dealer == 1 and state.round == 2 and not state.knocked
    assert state.lives == [3] * 5 and state.hands[2] is None


def test_one_player_left_alive_wins() -> None:
    state = rigged(["5C", "3D", None, None, None], lives=[3, 1, 0, 0, 0])
    state = act(state, 1, Withdraw())
    assert state.finished and state.winners == [0]
    result = ENGINE.result(state)
    assert result is not None and result.places == (
        1,
        5,
        2,
        2,
        2,
    )  # the dead tie (they died before the table was laid out)
