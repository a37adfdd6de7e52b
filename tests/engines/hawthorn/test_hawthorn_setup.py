"""A new session: 100 chips each, ante 1 into the pot, 5 secret cards each, everyone to choose at once."""

from __future__ import annotations

import pytest
from hawthorn_rig import events, rigged

from engines.core import option_choices
from engines.hawthorn import ENGINE, HawthornOptions, Start
from engines.hawthorn.deck import DECK_SIZE


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_new_session_antes_and_deals_five_secret_cards(players: int) -> None:
    state = ENGINE.new(players, HawthornOptions(), seed=players)
    assert state.chips.stacks == [99] * players
    assert state.chips.pot == players
    assert state.chips.is_conserved() and state.chips.total() == 100 * players
    assert all(len(hand) == 5 for hand in state.hands)
    assert len(state.deck) == DECK_SIZE - 5 * players
    assert state.face_up == [[] for _ in range(players)]
    assert (state.phase, state.hand, state.lap, state.button) == ("choose", 1, 0, None)
    assert ENGINE.to_act(state) == tuple(range(players))
    assert events(state, "hand_start") == [{"hand": 1, "hands": 3, "pot": players}]
    assert events(state, "dealt") == [{"cards": 5}]


def test_two_to_six_players() -> None:
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 6)
    assert ENGINE.check_players(1) is not None and ENGINE.check_players(7) is not None
    with pytest.raises(ValueError):
        ENGINE.new(7, HawthornOptions(), seed=0)


def test_the_table_options() -> None:
    assert HawthornOptions() == HawthornOptions(hands=3, button="lowest", empty_hand="draw")
    assert option_choices(HawthornOptions) == {
        "hands": (1, 3, 5, 10),
        "button": ("lowest", "left"),
        "empty_hand": ("draw", "fold"),
    }


def test_one_choice_per_distinct_card_in_hand() -> None:
    state = rigged(2, [[7, 3, 10, 7, 9], [1, 2, 3, 4, 5]])
    assert state.hands[0] == [3, 7, 7, 9, 10]  # a hand is kept sorted
    assert ENGINE.candidate_actions(state, 0) == [Start(card=3), Start(card=7), Start(card=9), Start(card=10)]
    assert ENGINE.legal_actions(state, 1) == [Start(card=rank) for rank in (1, 2, 3, 4, 5)]
    refusal = ENGINE.refusal(state, 0, Start(card=1))
    assert refusal is not None and refusal.key == "hawthorn.refusal.not_in_hand" and refusal.params == {"card": 1}
