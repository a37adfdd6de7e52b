"""The deal and the knock: one secret card each, the dealer knocks when they like, looking early costs a life
(the dealer looks free), Cavalli and Re go face up, play starts on the dealer's right (docs/games/ilmorto.md)."""

from __future__ import annotations

from ilmorto_rig import act, events, keep, keys, knock, look, rigged

from engines.core import Consequence, Rng
from engines.ilmorto import ENGINE, IlMortoOptions, Keep, Knock, Look, Swap
from engines.ilmorto.cards import full_deck
from tests.engines.family_support import refused_by

# Five players, seat 0 deals: play goes 4, 3, 2, 1, then the dealer 0.
FIVE = ["5C", "3D", "7S", "2B", "6C"]


def test_a_new_game_deals_one_card_to_each_and_waits_for_the_dealers_knock() -> None:
    state = ENGINE.new(6, IlMortoOptions(), 42)
    assert state.lives == [3] * 6
    assert all(card is not None for card in state.hands)
    assert len(state.stock) == 40 - 6 and state.card_count() == 40
    assert sorted([*(c for c in state.hands if c), *state.stock]) == sorted(full_deck())
    assert ENGINE.to_act(state) == (state.dealer,)
    assert [e.key.split(".")[-1] for e in state.events] == ["game_start", "round_start"]
    assert state.events[-1].params == {"round": 1, "seat": state.dealer}


def test_the_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {ENGINE.new(5, IlMortoOptions(), seed).dealer for seed in range(40)}
    assert dealers == set(range(5))


def test_the_deal_is_a_fresh_shuffle_of_the_forty_cards_each_round() -> None:
    state = rigged(["1C", "2C", "3C", "4C", "5C"])
    state = knock(state)
    for _ in range(5):
        state = keep(state)
    assert state.round == 2 and state.card_count() == 40
    assert state.discard == [] and state.aside == []  # everything went back into the new shuffle
    assert state.rng != Rng.from_seed(0)


def test_before_the_knock_only_the_dealer_decides_and_nobody_keeps_or_swaps() -> None:
    state = rigged(FIVE)
    assert ENGINE.to_act(state) == (0,)
    assert ENGINE.legal_actions(state, 0) == [Knock(), Look()]
    assert refused_by(ENGINE, state, 0, Keep()) == "ilmorto.refusal.before_knock"
    assert refused_by(ENGINE, state, 0, Swap()) == "ilmorto.refusal.before_knock"
    assert refused_by(ENGINE, state, 4, Keep()) == "error.not_your_turn"
    assert refused_by(ENGINE, state, 4, Knock()) == "error.not_your_turn"  # only the dealer knocks


def test_the_knock_turns_cavalli_and_re_face_up_and_play_starts_on_the_dealers_right() -> None:
    state = rigged(["5C", "9D", "7S", "10B", "6C"])
    state = knock(state)
    assert state.knocked and state.face_up == [False, True, False, True, False]
    assert [e["seat"] for e in events(state, "face_up")] == [3, 1]  # in play order, from the dealer's right
    assert ENGINE.to_act(state) == (4,)
    assert keys(state)[0] == "knock"
    assert all(seat in state.known[seat] for seat in range(5))  # everyone now knows their own card
    assert refused_by(ENGINE, state, 0, Knock()) == "error.not_your_turn"
    state = keep(state)
    assert ENGINE.to_act(state) == (3,)  # anticlockwise: to the right


def test_looking_before_the_knock_costs_a_non_dealer_a_life_out_of_turn() -> None:
    state = rigged(FIVE)
    assert ENGINE.legal_actions(state, 2) == [Look()]  # a button live from the deal, out of turn
    assert ENGINE.consequence(state, 2, Look()) == Consequence(key="ilmorto.consequence.look", params={"lives": 2})
    state = look(state, 2)
    assert state.lives == [3, 3, 2, 3, 3]
    assert events(state, "look_early") == [{"seat": 2, "lives": 2}]
    assert state.looked[2] and 2 in state.known[2]
    assert ENGINE.perspective(state, 2).seats[2].card == "7S"
    assert refused_by(ENGINE, state, 2, Look()) == "ilmorto.refusal.already_looked"
    assert ENGINE.legal_actions(state, 2) == []
    assert ENGINE.to_act(state) == (0,)  # still the dealer's decision


def test_the_dealer_looks_for_free() -> None:
    state = rigged(FIVE)
    assert ENGINE.consequence(state, 0, Look()) is None
    state = look(state, 0)
    assert state.lives == [3] * 5
    assert keys(state) == ["look_dealer"]
    assert ENGINE.perspective(state, 0).seats[0].card == "5C"
    assert ENGINE.legal_actions(state, 0) == [Knock()]


def test_looking_with_your_last_life_kills_you_and_your_card_is_discarded() -> None:
    state = rigged(FIVE, lives=[3, 3, 1, 3, 3])
    consequence = ENGINE.consequence(state, 2, Look())
    assert consequence is not None and consequence.key == "ilmorto.consequence.look_dies"
    state = look(state, 2)
    assert state.lives[2] == 0 and state.dead() == [2]
    assert keys(state) == ["look_early", "death"]
    assert state.hands[2] is None and state.discard == ["7S"]
    assert ENGINE.legal_actions(state, 2) == []
    state = knock(state)
    for seat in (4, 3, 1):  # the dead player is skipped
        assert ENGINE.to_act(state) == (seat,)
        state = keep(state)


def test_after_the_knock_your_card_is_simply_yours_no_look_button() -> None:
    state = knock(rigged(FIVE))
    assert refused_by(ENGINE, state, 2, Look()) == "ilmorto.refusal.after_knock"
    assert ENGINE.candidate_actions(state, 2) == []
    for seat, card in enumerate(FIVE):
        assert ENGINE.perspective(state, seat).seats[seat].card == card


def test_looking_early_can_leave_the_dealer_alone_alive_and_winning() -> None:
    state = rigged(["5C", "3D", "7S", None, None], lives=[3, 1, 1, 0, 0])
    state = look(state, 1)
    assert not state.finished
    state = look(state, 2)
    assert state.finished and state.winners == [0]
    assert ENGINE.to_act(state) == ()


def test_a_seat_dealt_nothing_has_no_look_button() -> None:
    state = rigged(["5C", "3D", None, "2B", "6C"], lives=[3, 3, 0, 3, 3])
    assert ENGINE.candidate_actions(state, 2) == []
    assert refused_by(ENGINE, state, 2, Look()) == "ilmorto.refusal.you_are_dead"
    assert act(state, 3, Look()).lives[3] == 2
