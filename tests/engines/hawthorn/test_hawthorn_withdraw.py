"""A player leaving: the session goes on without them while two remain; their chips stay theirs; they rank last."""

from __future__ import annotations

from hawthorn_rig import choose_all, draw, events, fold, rigged, started

from engines.core import Withdraw
from engines.hawthorn import ENGINE, NextHand, Start

HANDS = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
STARTS = [5, 3, 8]  # seat 1 has the button; lap order 1, 2, 0


def test_leaving_during_the_choice_reveals_once_the_others_have_chosen() -> None:
    state = choose_all(rigged(3, HANDS), [5, 3, None])
    state = ENGINE.apply(state, 2, Withdraw())
    assert events(state, "left") == [{"seat": 2}]
    assert state.status[2] == "left" and state.hands[2] == []
    assert sorted(state.discard) == [4, 6, 7, 8, 10]
    assert state.face_up == [[5], [3], []]
    assert state.phase == "play" and state.button == 1
    assert state.chips.stacks == [99, 99, 99] and state.chips.pot == 3  # the leaver's ante stays in the pot
    assert sorted(state.all_cards()) == sorted(rigged(3, HANDS).all_cards())


def test_a_pending_secret_choice_leaves_with_its_player() -> None:
    state = ENGINE.apply(rigged(3, HANDS), 2, Start(card=8))
    state = ENGINE.apply(state, 2, Withdraw())
    assert state.choices == [None, None, None]
    assert 8 in state.discard
    assert ENGINE.to_act(state) == (0, 1)


def test_leaving_on_your_turn_passes_play_on() -> None:
    state = ENGINE.apply(started(3, HANDS, STARTS), 1, Withdraw())
    assert ENGINE.to_act(state) == (2,)
    assert state.face_up == [[5], [], [8]]
    assert state.fold_cost() == 5
    state = draw(draw(state))  # seats 2 and 0
    assert (state.lap, state.to_move) == (2, 2)  # the lap still starts from the (departed) button's left


def test_leaving_out_of_turn_keeps_the_turn() -> None:
    state = ENGINE.apply(started(3, HANDS, STARTS), 0, Withdraw())
    assert ENGINE.to_act(state) == (1,)
    state = draw(state)
    assert state.to_move == 2
    state = draw(state)
    assert (state.lap, state.to_move) == (2, 1)


def test_when_the_last_opponent_leaves_the_remaining_player_takes_the_pot() -> None:
    state = fold(started(3, HANDS, STARTS))  # seat 1 folds: seats 2 and 0 remain
    state = ENGINE.apply(state, 0, Withdraw())
    assert events(state, "wins_pot") == [{"seat": 2, "amount": 6}]
    assert state.phase == "vote"
    assert ENGINE.to_act(state) == (1, 2)


def test_the_session_ends_when_one_player_is_left_and_the_leaver_ranks_last() -> None:
    state = fold(started(2, HANDS[:2], [9, 3]))  # seat 1 folds: seat 0 wins 2 + 3 = 5
    state = ENGINE.apply(state, 0, Withdraw())  # the richer player leaves during the vote
    assert events(state, "over_left") == [{"hands": 1}]
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (2, 1) and result.winners == (1,)
    assert result.measure == (4, -4)  # the leaver keeps their chips
    assert state.chips.stacks == [104, 96]


def test_leaving_mid_hand_with_two_players_ends_the_session() -> None:
    state = ENGINE.apply(started(2, HANDS[:2], [9, 3]), 1, Withdraw())
    assert events(state, "wins_pot") == [{"seat": 0, "amount": 2}]
    assert state.phase == "over" and state.end_reason == "left"


def test_leaving_during_the_vote_counts_the_votes_already_cast() -> None:
    state = fold(fold(started(3, HANDS, STARTS)))
    state = ENGINE.apply(state, 0, NextHand())
    state = ENGINE.apply(state, 1, NextHand())
    state = ENGINE.apply(state, 2, Withdraw())
    assert events(state, "votes") == [{"stop": 0, "next": 2}]
    assert state.hand == 2 and state.phase == "choose"
    assert state.status == ["in", "in", "left"]
    assert ENGINE.to_act(state) == (0, 1)
    assert state.chips.stacks[2] == 94  # no ante from a player who left
