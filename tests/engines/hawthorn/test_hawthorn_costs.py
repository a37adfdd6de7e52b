"""What things cost: folding pays the lowest face-up card still in, a pair pays its rank; the last one in wins."""

from __future__ import annotations

from hawthorn_rig import draw, events, fold, play, started

from engines.hawthorn import ENGINE, Fold

HANDS = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
STARTS = [5, 3, 8]  # seat 1 has the button; lap order 1, 2, 0


def test_folding_costs_the_lowest_face_up_card_your_own_included() -> None:
    state = started(3, HANDS, STARTS)
    assert state.fold_cost() == 3  # the folder's own 3
    assert ENGINE.perspective(state, None).fold_cost == 3
    state = fold(state)
    assert events(state, "fold") == [{"seat": 1, "card": 3, "paid": 3}]
    assert state.chips.stacks == [99, 96, 99] and state.chips.pot == 6
    assert state.status[1] == "folded"
    assert state.face_up[1] == [] and state.face_down[1] == [3]


def test_folded_players_cards_no_longer_count_and_the_last_player_in_takes_the_pot() -> None:
    state = fold(started(3, HANDS, STARTS))
    assert state.fold_cost() == 5  # seat 1's 3 is face down now
    state = fold(state)
    assert events(state, "fold")[-1] == {"seat": 2, "card": 5, "paid": 5}
    assert events(state, "wins_pot") == [{"seat": 0, "amount": 11}]
    assert state.chips.stacks == [110, 96, 94] and state.chips.pot == 0
    assert state.history[-1].model_dump() == {"hand": 1, "winner": 0, "pot": 11}
    assert state.chips.is_conserved()


def test_drawing_a_pair_knocks_you_out_and_costs_its_rank() -> None:
    state = started(3, HANDS, STARTS, top=[3])
    state = draw(state)
    assert events(state, "paired_draw") == [{"seat": 1, "card": 3, "paid": 3}]
    assert state.status[1] == "out"
    assert state.face_up[1] == [] and sorted(state.face_down[1]) == [3, 3]
    assert state.chips.stacks[1] == 96 and state.chips.pot == 6
    assert state.to_move == 2


def test_you_may_play_a_pairing_card_from_your_hand_on_purpose() -> None:
    hands = [[2, 5, 7, 9, 10], [3, 3, 8, 9, 10], [4, 6, 7, 8, 10]]
    state = draw(draw(draw(started(3, hands, STARTS, top=[1, 2, 4]))))
    assert state.lap == 2 and state.to_move == 1
    assert Fold() in ENGINE.legal_actions(state, 1)
    state = play(state, 3)  # seat 1 pairs their 3 rather than fold (which costs 1 here)
    assert events(state, "paired_play") == [{"seat": 1, "card": 3, "paid": 3}]
    assert state.status[1] == "out" and state.hands[1] == [8, 9, 10]
    assert state.chips.stacks[1] == 96


def test_a_player_who_cannot_pay_a_fold_puts_in_all_they_have() -> None:
    hands = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10]]
    state = started(2, hands, [5, 9], top=[8, 6], stacks=[3, 100])  # seat 0: 2 chips after the ante, the button
    state = draw(draw(state))  # seat 0 draws 8, seat 1 draws 6
    assert state.lap == 2 and state.fold_cost() == 5
    state = fold(state)
    assert events(state, "short") == [{"seat": 0, "owed": 5, "amount": 2}]
    assert events(state, "fold") == [{"seat": 0, "card": 5, "paid": 2}]
    assert events(state, "wins_pot") == [{"seat": 1, "amount": 4}]
    assert state.chips.stacks == [0, 103]
    assert state.chips.is_conserved()


def test_a_player_who_cannot_pay_a_pair_puts_in_all_they_have() -> None:
    hands = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10]]
    state = started(2, hands, [5, 9], top=[5], stacks=[3, 100])
    state = draw(state)
    assert events(state, "short") == [{"seat": 0, "owed": 5, "amount": 2}]
    assert events(state, "paired_draw") == [{"seat": 0, "card": 5, "paid": 2}]
    assert state.chips.stacks == [0, 103]
