"""The start of a hand: antes in front of players, the opening deal, ties, extra black stones, the middle."""

from __future__ import annotations

from blackstone_rig import events, keys, new_rigged, stacked

from engines.blackstone import ENGINE
from engines.blackstone.dealing import begin_hand
from engines.blackstone.engine import setup


def test_antes_lie_in_front_of_the_players_and_the_lowest_card_starts() -> None:
    state = new_rigged(3, [5, 3, 8])
    assert state.chips.antes == [5, 5, 5]
    assert state.chips.stacks == [95, 95, 95]
    assert state.chips.pot == 0  # antes are not in a pot
    assert state.opening == [[5], [3], [8]]
    assert state.starter == state.to_move == 1
    assert ENGINE.to_act(state) == (1,)
    assert state.status == ["in", "in", "in"]
    assert events(state, "antes") == [{"count": 3, "amount": 5}]
    assert events(state, "first_player") == [{"seat": 1, "card": 3}]


def test_every_white_stone_of_the_opening_goes_to_the_middle() -> None:
    state = new_rigged(3, [5, 3, 8])
    assert state.middle == [5, 3, 8]
    assert state.blacks == [0, 0, 0]
    assert len(state.deck) == 52
    assert events(state, "to_middle") == [{"count": 3}]
    assert state.card_count() == 55


def test_a_dealt_black_stone_stays_with_its_player() -> None:
    state = new_rigged(3, [10, 4, 6])
    assert state.blacks == [1, 0, 0]
    assert state.middle == [4, 6]
    assert state.to_move == 1  # the 10 is the highest card, the 4 the lowest


def test_tied_players_get_further_cards_and_pairs_are_not_discarded() -> None:
    # Seats 0 and 1 tie with a 4. Seat 0 is dealt another 4 (a pair: kept), seat 1 a 2 and starts.
    state = new_rigged(3, [4, 4, 6, 4, 2])
    assert state.opening == [[4, 4], [4, 2], [6]]
    assert state.to_move == 1
    assert events(state, "tie") == [{"card": 4, "count": 2}]
    assert events(state, "tie_card") == [{"seat": 0, "card": 4}, {"seat": 1, "card": 2}]
    assert sorted(state.middle) == [2, 4, 4, 4, 6]  # both 4s of the pair are in the middle
    assert state.discard == []
    assert state.card_count() == 55


def test_a_repeated_tie_compares_only_the_newest_cards() -> None:
    # 3 v 3, then 5 v 5, then 7 v 1: seat 1 starts although seat 0's lowest card equals theirs.
    state = new_rigged(3, [3, 3, 9, 5, 5, 7, 1])
    assert state.opening == [[3, 5, 7], [3, 5, 1], [9]]
    assert state.to_move == 1
    assert [e["card"] for e in events(state, "tie")] == [3, 5]
    assert len(state.middle) == 7


def test_only_the_tied_players_get_more_cards() -> None:
    # Seat 2's 2 is alone at the bottom: no tie, although seats 0 and 1 share a 6.
    state = new_rigged(3, [6, 6, 2])
    assert state.opening == [[6], [6], [2]]
    assert state.to_move == 2
    assert events(state, "tie") == []


def test_extra_black_stones_are_shuffled_back_and_one_is_kept() -> None:
    # Two players tie on black stones twice; seat 0 ends with three 10s, seat 1 with two and a 3.
    state = new_rigged(2, [10, 10, 10, 10, 10, 3])
    assert state.opening == [[10, 10, 10], [10, 10, 3]]
    assert state.to_move == 1
    assert state.blacks == [1, 1]
    assert events(state, "extra_black") == [{"seat": 0, "count": 2}, {"seat": 1, "count": 1}]
    assert state.middle == [3]
    assert len(state.deck) == 55 - 3 and state.deck.count(10) == 8
    assert state.card_count() == 55


def test_a_player_who_cannot_pay_the_full_ante_antes_what_they_have() -> None:
    state = setup(3, ENGINE.options_model(), seed=0)
    state.chips.pay(0, 1, 97)  # seat 0 is down to 3 chips
    begin_hand(state, stacked([5, 3, 8]))
    assert state.chips.antes == [3, 5, 5]
    assert state.chips.stacks == [0, 192, 95]
    assert state.status[0] == "in"  # still in the hand with what they could ante
    assert events(state, "ante_short") == [{"seat": 0, "amount": 3}]


def test_a_player_with_no_chips_sits_the_hand_out() -> None:
    state = setup(3, ENGINE.options_model(), seed=0)
    state.chips.pay(0, 1, 100)
    begin_hand(state, stacked([5, 3, 8]))
    assert state.status == ["out", "in", "in"]
    assert state.chips.antes == [0, 5, 5]
    assert state.opening == [[], [5], [3]]  # the cards go to the players in the hand only
    assert state.to_move == 2
    assert events(state, "sit_out") == [{"seat": 0}]
    assert events(state, "antes") == [{"count": 2, "amount": 5}]


def test_a_new_session_opens_with_the_first_hand_dealt() -> None:
    state = ENGINE.new(5, ENGINE.options_model(), seed=3)
    assert state.hand == 1 and state.phase == "play"
    assert keys(state)[0] == "hand_start"
    assert state.chips.total() == 500
    assert sum(state.chips.antes) == 25
    assert state.card_count() == 55
