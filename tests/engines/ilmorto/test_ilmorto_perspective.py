"""What players see: lives, the dead, the dealer and the face-up cards are public; a face-down card is seen by its
holder once they looked or the dealer knocked, and by whoever took part in a swap with it; the rest (the stock,
the face-down discard) never. Rearranging what a viewer cannot see keeps a face-down card after the knock below
the Cavallo."""

from __future__ import annotations

import random

from ilmorto_rig import act, knock, look, rigged, swap

from engines.ilmorto import ENGINE, GiveLife, IlMortoPerspective, IlMortoState
from engines.ilmorto.cards import FANTE, rank
from tests.conformance.playout import sampled_states


def cards(view: IlMortoPerspective) -> list[str | None]:
    return [seat.card for seat in view.seats]


def test_the_perspective_exposes_lives_dealer_the_dead_and_the_options() -> None:
    state = rigged(["5C", "3D", "7S", None, "6C"], lives=[3, 2, 1, 0, 3], dealer=2)
    view = ENGINE.perspective(state, 1)
    assert view.lives == [3, 2, 1, 0, 3] and view.dealer == 2 and view.dead == [3]
    assert view.speaking_rule and view.accusations
    assert not view.knocked and view.to_act == (2,) and view.to_move is None
    assert view.legal == ["look"]
    assert [seat.holds for seat in view.seats] == [True, True, True, False, True]
    assert [seat.dealer for seat in view.seats] == [False, False, True, False, False]
    assert view.stock == 36 and view.discard == 0 and view.aside == []


def test_before_the_knock_nobody_sees_a_card_until_they_look() -> None:
    state = rigged(["5C", "3D", "7S", "2B", "6C"])
    for viewer in (None, 0, 1, 2, 3, 4):
        assert cards(ENGINE.perspective(state, viewer)) == [None] * 5
    state = look(state, 3)
    assert cards(ENGINE.perspective(state, 3)) == [None, None, None, "2B", None]
    assert cards(ENGINE.perspective(state, 0)) == [None] * 5
    assert ENGINE.perspective(state, 0).seats[3].looked  # that they looked is public


def test_after_the_knock_everyone_sees_their_own_card_and_the_face_up_ones() -> None:
    state = knock(rigged(["5C", "9D", "7S", "10B", "6C"]))
    assert cards(ENGINE.perspective(state, None)) == [None, "9D", None, "10B", None]
    assert cards(ENGINE.perspective(state, 2)) == [None, "9D", "7S", "10B", None]


def test_the_swap_is_described_to_the_swapper_and_nobody_else_learns_a_card() -> None:
    state = knock(rigged(["5C", "3D", "7S", "2B", "6C"]))
    view = ENGINE.perspective(state, 4)
    assert view.swap_with == 3 and view.legal == ["keep", "swap"]
    assert ENGINE.perspective(state, 3).swap_with is None  # not their turn
    state = swap(state)
    assert cards(ENGINE.perspective(state, 1)) == [None, "3D", None, None, None]


def test_the_dealer_looking_free_then_the_knock() -> None:
    state = look(rigged(["5C", "3D", "7S", "2B", "6C"]), 0)
    assert cards(ENGINE.perspective(state, 0))[0] == "5C"
    assert ENGINE.perspective(state, 0).legal == ["knock"]


def test_rearranging_what_a_viewer_cannot_see_keeps_face_down_cards_below_the_cavallo() -> None:
    state = knock(rigged(["5C", "9D", "7S", "10B", "6C"]))
    for seed in range(30):
        other = ENGINE.reshuffle_unseen(state, 2, seed)
        assert other.hands[1] == "9D" and other.hands[3] == "10B" and other.hands[2] == "7S"
        assert all(rank(card) <= FANTE for seat in (0, 4) if (card := other.hands[seat]) is not None)
        assert other.card_count() == 40
        assert ENGINE.perspective(other, 2) == ENGINE.perspective(state, 2)


def test_rearranging_before_the_knock_moves_even_the_viewers_own_unseen_card() -> None:
    state = rigged(["5C", "3D", "7S", "2B", "6C"])
    moved = {ENGINE.reshuffle_unseen(state, 2, seed).hands[2] for seed in range(20)}
    assert len(moved) > 1
    state = look(state, 2)
    assert {ENGINE.reshuffle_unseen(state, 2, seed).hands[2] for seed in range(20)} == {"7S"}


def test_a_card_known_from_a_swap_stays_put_when_rearranging() -> None:
    state = swap(knock(rigged(["5C", "3D", "7S", "2B", "6C"])))
    for seed in range(20):
        other = ENGINE.reshuffle_unseen(state, 4, seed)
        assert other.hands[3] == "6C" and other.hands[4] == "2B"


def test_random_states_keep_every_card_and_show_only_what_may_be_seen() -> None:
    for playout, step in sampled_states(ENGINE, random.Random(11), playouts=15, per_playout=4, ends=True):
        state = playout.states[step]
        assert isinstance(state, IlMortoState)
        assert state.card_count() == 40
        for viewer in (None, *range(state.players)):
            view = ENGINE.perspective(state, viewer)
            for seat in view.seats:
                own = viewer is not None and seat.seat in state.known[viewer]
                assert seat.card is None or seat.face_up or own
                assert seat.card == (state.hands[seat.seat] if seat.face_up or own else None)


def test_a_revived_player_sees_they_have_no_card() -> None:
    state = act(rigged(["5C", "3D", "7S", None, None], lives=[3, 2, 3, 0, 0]), 1, GiveLife(to=3))
    view = ENGINE.perspective(state, 3)
    assert view.dead == [4] and not view.seats[3].holds and view.legal == []
