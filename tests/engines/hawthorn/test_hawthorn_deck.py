"""The deck: a fresh shuffle every hand, no burn; when it runs out, the face-down cards out of play come back."""

from __future__ import annotations

from collections import Counter

from hawthorn_rig import draw, events, fold, started

from engines.hawthorn import ENGINE, Draw, Fold, HawthornOptions
from engines.hawthorn.deck import full_deck

HANDS = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
STARTS = [5, 3, 8]


def test_no_card_is_burned() -> None:
    state = ENGINE.new(3, HawthornOptions(), seed=1)
    assert state.discard == [] and len(state.deck) == 55 - 15


def test_an_empty_deck_is_rebuilt_from_the_face_down_cards_out_of_play() -> None:
    state = fold(started(3, HANDS, STARTS))  # seat 1 folds: their 3 is face down
    # Rig the table: every card left in the deck has gone to seat 0's hand.
    state.hands[0] = sorted(state.hands[0] + state.deck)
    state.deck = []
    state.hands[0].remove(1)
    state.discard = [1]  # as if discarded in a tie-break
    assert ENGINE.can(state, 2, Draw())
    state = draw(state)
    assert events(state, "reshuffle") == [{"cards": 2}]
    assert state.face_down[1] == [] and state.discard == []
    assert state.face_up[2][-1] in (1, 3) and len(state.deck) == 1
    assert Counter(state.all_cards()) == Counter(full_deck())


def test_with_no_card_left_to_draw_you_must_fold() -> None:
    state = started(3, HANDS, STARTS)
    state.hands[0] = sorted(state.hands[0] + state.deck)
    state.deck = []
    refusal = ENGINE.refusal(state, 1, Draw())
    assert refusal is not None and refusal.key == "hawthorn.refusal.no_cards"
    assert ENGINE.legal_actions(state, 1) == [Fold()]
