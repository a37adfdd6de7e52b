"""Keeping and swapping after the knock, in turn from the dealer's right: not with your own card face up, not
with a face-up Re; face-up Cavalli jumped (several in a row too), then a Re blocks, then nobody left: the deck,
where a Re drawn cancels the swap and a Cavallo is put aside and the next card drawn (docs/games/ilmorto.md)."""

from __future__ import annotations

from ilmorto_rig import act, events, keep, keys, knock, rigged, swap, swap_deck

from engines.ilmorto import ENGINE, IlMortoState, Keep, Swap, SwapDeck
from engines.ilmorto.table import swap_target
from tests.engines.family_support import refused_by


def turn_of(state: IlMortoState, seat: int) -> IlMortoState:
    """Keep for everyone before `seat` in play order."""
    while state.to_move != seat:
        state = keep(state)
    return state


def test_a_swap_exchanges_cards_with_the_next_player_on_the_right() -> None:
    # Dealer 0; play order 4, 3, 2, 1, 0.
    state = knock(rigged(["5C", "3D", "7S", "2B", "6C"]))
    state = swap(state)  # seat 4 swaps with seat 3
    assert state.hands == ["5C", "3D", "7S", "6C", "2B"]
    assert events(state, "swap") == [{"seat": 4, "with_seat": 3}]
    assert ENGINE.to_act(state) == (3,)
    # Both know both cards now; nobody else learns anything.
    assert ENGINE.perspective(state, 4).seats[3].card == "6C"
    assert ENGINE.perspective(state, 3).seats[4].card == "2B"
    assert ENGINE.perspective(state, 2).seats[3].card is None
    assert ENGINE.perspective(state, None).seats[3].card is None


def test_a_known_card_is_followed_through_later_public_swaps() -> None:
    state = knock(rigged(["5C", "3D", "7S", "2B", "6C"]))
    state = swap(state)  # 4 <-> 3: seat 4 knows seat 3 holds the 6C
    state = swap(state)  # 3 <-> 2: the 6C goes on to seat 2
    assert state.hands == ["5C", "3D", "6C", "7S", "2B"]
    view = ENGINE.perspective(state, 4)
    assert view.seats[2].card == "6C" and view.seats[3].card is None


def test_you_cannot_swap_with_a_face_up_re() -> None:
    state = knock(rigged(["5C", "3D", "7S", "10B", "6C"]))
    assert state.to_move == 4
    assert refused_by(ENGINE, state, 4, Swap()) == "ilmorto.refusal.blocked_by_re"
    assert ENGINE.refusal(state, 4, Swap()).params == {"seat": 3}  # type: ignore[union-attr]
    assert ENGINE.legal_actions(state, 4) == [Keep()]
    view = ENGINE.perspective(state, 4)
    assert view.swap_blocker == 3 and view.swap_with is None and not view.swap_deck
    state = keep(state)
    assert ENGINE.to_act(state) == (3,)


def test_you_cannot_swap_your_own_face_up_card() -> None:
    state = knock(rigged(["5C", "3D", "7S", "2B", "9C"]))
    assert state.face_up[4]
    assert refused_by(ENGINE, state, 4, Swap()) == "ilmorto.refusal.own_face_up"
    assert ENGINE.legal_actions(state, 4) == [Keep()]
    state = keep(state)
    # A Re on your own card: the same.
    state = knock(rigged(["5C", "3D", "7S", "10B", "4C"]))
    state = turn_of(state, 3)
    assert refused_by(ENGINE, state, 3, Swap()) == "ilmorto.refusal.own_face_up"


def test_a_face_up_cavallo_is_jumped() -> None:
    state = knock(rigged(["5C", "3D", "7S", "9B", "6C"]))
    assert swap_target(state, 4).seat == 2
    state = swap(state)  # seat 4 jumps seat 3's Cavallo and swaps with seat 2
    assert state.hands == ["5C", "3D", "6C", "9B", "7S"]
    assert events(state, "jump") == [{"seat": 4, "seats": "3"}]
    assert events(state, "swap") == [{"seat": 4, "with_seat": 2}]
    assert ENGINE.to_act(state) == (3,)  # the Cavallo's holder still has a turn: they can only keep


def test_several_cavalli_in_a_row_are_all_jumped() -> None:
    state = knock(rigged(["5C", "3D", "9S", "9B", "6C"]))
    view = ENGINE.perspective(state, 4)
    assert view.swap_with == 1 and view.swap_skipped == [3, 2]
    state = swap(state)
    assert state.hands == ["5C", "6C", "9S", "9B", "3D"]
    assert events(state, "jump") == [{"seat": 4, "seats": "3,2"}]


def test_a_re_after_the_cavalli_blocks_the_swap() -> None:
    state = knock(rigged(["5C", "3D", "10S", "9B", "6C"]))
    assert refused_by(ENGINE, state, 4, Swap()) == "ilmorto.refusal.blocked_by_re"
    view = ENGINE.perspective(state, 4)
    assert view.swap_blocker == 2 and view.swap_skipped == [3]


def test_with_nobody_left_after_the_cavalli_you_swap_with_the_deck() -> None:
    # Seat 1 plays just before the dealer, who shows a Cavallo: nobody is left, so seat 1 swaps with the deck.
    state = knock(rigged(["9C", "3D", "7S", "2B", "6C"], stock=["4D", "5D"]))
    state = turn_of(state, 1)
    view = ENGINE.perspective(state, 1)
    assert view.swap_deck and view.swap_skipped == [0] and view.swap_with is None
    state = swap(state)
    assert state.hands[1] == "4D" and state.aside == ["3D"]
    assert keys(state)[-3:] == ["keep", "jump", "deck_swap"]
    assert events(state, "deck_swap") == [{"seat": 1, "card": "3D"}]
    assert ENGINE.perspective(state, 1).seats[1].card == "4D"
    assert ENGINE.perspective(state, 2).seats[1].card is None  # the card drawn is the swapper's secret


def test_a_non_dealer_drawing_a_re_from_the_deck_keeps_their_card() -> None:
    state = knock(rigged(["9C", "3D", "7S", "2B", "6C"], stock=["10D", "4D"]))
    state = swap(turn_of(state, 1))
    assert state.hands[1] == "3D" and state.aside == ["10D"]
    assert events(state, "deck_re") == [{"seat": 1, "card": "10D"}]


def test_a_non_dealer_drawing_a_cavallo_from_the_deck_draws_again() -> None:
    state = knock(rigged(["9C", "3D", "7S", "2B", "6C"], stock=["9D", "9S", "8D"]))
    state = swap(turn_of(state, 1))
    assert state.hands[1] == "8D" and state.aside == ["9D", "9S", "3D"]
    assert [e["card"] for e in events(state, "deck_cavallo")] == ["9D", "9S"]
    # then a Re after a Cavallo cancels the swap
    state = knock(rigged(["9C", "3D", "7S", "2B", "6C"], stock=["9D", "10S", "8D"]))
    state = swap(turn_of(state, 1))
    assert state.hands[1] == "3D" and keys(state)[-2:] == ["deck_cavallo", "deck_re"]


def test_the_dealer_may_swap_with_the_deck() -> None:
    state = knock(rigged(["5C", "3D", "7S", "2B", "6C"], stock=["8B"]))
    state = turn_of(state, 0)
    assert ENGINE.legal_actions(state, 0) == [Keep(), SwapDeck()]
    assert refused_by(ENGINE, state, 0, Swap()) == "ilmorto.refusal.dealer_swaps_deck"
    state = swap_deck(state)
    assert events(state, "deck_swap") == [{"seat": 0, "card": "5C"}]
    assert state.last_reveal[0] == "8B"  # the dealer played last: the reveal followed
    assert keys(state)[-3:-1] == ["reveal", "lose_life"] and state.round == 2


def test_the_dealer_drawing_a_re_keeps_their_card_and_a_cavallo_is_skipped() -> None:
    state = turn_of(knock(rigged(["5C", "3D", "7S", "2B", "6C"], stock=["10C"])), 0)
    state = swap_deck(state)
    assert state.last_reveal[0] == "5C" and events(state, "deck_re") == [{"seat": 0, "card": "10C"}]
    state = turn_of(knock(rigged(["5C", "3D", "7S", "2B", "6C"], stock=["9C", "1D"])), 0)
    state = swap_deck(state)
    assert state.last_reveal[0] == "1D"
    assert events(state, "deck_cavallo") == [{"seat": 0, "card": "9C"}]
    assert state.lives[0] == 2  # the Asso drawn is the lowest card


def test_only_the_dealer_swaps_with_the_deck_by_choice() -> None:
    state = knock(rigged(["5C", "3D", "7S", "2B", "6C"]))
    assert refused_by(ENGINE, state, 4, SwapDeck()) == "ilmorto.refusal.deck_is_dealers"
    assert ENGINE.candidate_actions(state, 4) == [Keep(), Swap()]


def test_the_dealer_with_a_face_up_card_only_keeps() -> None:
    state = turn_of(knock(rigged(["10C", "3D", "7S", "2B", "6C"])), 0)
    assert ENGINE.legal_actions(state, 0) == [Keep()]
    assert refused_by(ENGINE, state, 0, SwapDeck()) == "ilmorto.refusal.own_face_up"


def test_keep_or_swap_is_only_for_the_player_whose_turn_it_is() -> None:
    state = knock(rigged(["5C", "3D", "7S", "2B", "6C"]))
    assert refused_by(ENGINE, state, 2, Keep()) == "error.not_your_turn"
    assert refused_by(ENGINE, state, 2, Swap()) == "error.not_your_turn"
    assert ENGINE.legal_actions(state, 2) == []
    assert act(state, 4, Keep()).to_move == 3
