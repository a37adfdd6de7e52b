"""A session of hands: the vote after each hand, the hand cap, players without chips, the standings."""

from __future__ import annotations

from hawthorn_rig import events, fold, keys, quiet, started

from engines.hawthorn import ENGINE, HawthornOptions, HawthornState, NextHand, Stop

DEFAULT = HawthornOptions()

HANDS = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
STARTS = [5, 3, 8]  # seat 1 has the button; lap order 1, 2, 0


def first_hand_over(options: HawthornOptions = DEFAULT) -> HawthornState:
    """Seats 1 and 2 fold: seat 0 wins 11 chips. Stacks 110, 96, 94."""
    return fold(fold(started(3, HANDS, STARTS, options=options)))


def test_after_a_hand_everyone_with_chips_votes_at_once() -> None:
    state = first_hand_over()
    assert state.phase == "vote"
    assert ENGINE.to_act(state) == (0, 1, 2)
    assert events(state, "vote_start") == [{"hand": 1, "hands": 3}]
    assert ENGINE.candidate_actions(state, 0) == [NextHand(), Stop()]
    state = ENGINE.apply(state, 1, Stop())
    assert ENGINE.to_act(state) == (0, 2)
    assert events(state, "voted") == [{"seat": 1}]
    # The vote stays secret until everyone has voted.
    assert ENGINE.perspective(state, 1).my_vote == "stop"
    for viewer in (0, 2, None):
        view = ENGINE.perspective(state, viewer)
        assert view.my_vote is None
        assert [seat.voted for seat in view.seats] == [False, True, False]


def test_a_majority_to_stop_ends_the_session() -> None:
    state = first_hand_over()
    state = ENGINE.apply(state, 1, Stop())
    state = ENGINE.apply(state, 0, NextHand())
    state = ENGINE.apply(quiet(state), 2, Stop())
    assert keys(state) == ["voted", "votes", "over_vote"]
    assert events(state, "votes") == [{"stop": 2, "next": 1}]
    assert events(state, "over_vote") == [{"hands": 1}]
    assert state.phase == "over" and ENGINE.is_over(state)
    assert ENGINE.to_act(state) == ()
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (1, 2, 3)
    assert result.winners == (0,)
    assert result.measure == (10, -4, -6)
    assert result.measure_key == "hawthorn.measure.chips"


def test_no_majority_to_stop_deals_the_next_hand() -> None:
    state = fold(started(2, HANDS[:2], [5, 3]))  # seat 1 (button, 3) folds: seat 0 wins 2 + 3
    assert state.chips.stacks == [104, 96]
    state = ENGINE.apply(state, 0, Stop())
    state = ENGINE.apply(quiet(state), 1, NextHand())  # one of two: not a majority
    assert events(state, "votes") == [{"stop": 1, "next": 1}]
    assert events(state, "hand_start") == [{"hand": 2, "hands": 3, "pot": 2}]
    assert state.phase == "choose" and state.hand == 2
    assert state.chips.stacks == [103, 95]
    assert all(len(hand) == 5 for hand in state.hands)
    assert state.face_up == [[], []] and state.face_down == [[], []]
    assert sorted(state.all_cards()) == sorted(ENGINE.new(2, HawthornOptions(), 0).all_cards())


def test_the_session_ends_after_the_hand_cap_without_a_vote() -> None:
    state = first_hand_over(HawthornOptions(hands=1))
    assert "vote_start" not in keys(state)
    assert events(state, "over_cap") == [{"hands": 1}]
    assert state.phase == "over" and state.end_reason == "cap"


def test_the_last_hand_of_the_cap_ends_the_session() -> None:
    state = first_hand_over()
    for _ in range(2):
        for seat in ENGINE.to_act(state):
            state = ENGINE.apply(state, seat, NextHand())
        while state.phase in ("choose", "play"):
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[-1])  # choose high, then fold
    assert state.hand == 3 and state.phase == "over"
    assert events(state, "over_cap") == [{"hands": 3}]
    assert len(state.history) == 3


def test_a_player_without_chips_sits_out_and_the_rest_play_on() -> None:
    state = started(3, HANDS, STARTS, top=[3], stacks=[100, 3, 100])  # seat 1: 2 chips after the ante
    state = ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[0])  # draws a 3: a pair, pays 2 of 3
    assert state.chips.stacks[1] == 0
    state = fold(state)  # seat 2 folds: seat 0 wins
    assert events(state, "broke") == [{"seat": 1}]
    assert state.phase == "vote"
    assert ENGINE.to_act(state) == (0, 2)  # no vote for a player without chips
    state = ENGINE.apply(ENGINE.apply(state, 0, NextHand()), 2, NextHand())
    assert state.status == ["in", "idle", "in"]
    assert state.hands[1] == [] and len(state.deck) == 55 - 10
    assert ENGINE.to_act(state) == (0, 2)
    assert state.chips.stacks[1] == 0  # no ante either
    assert ENGINE.legal_actions(state, 1) == []


def test_the_session_ends_when_fewer_than_two_players_have_chips() -> None:
    hands = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10]]
    state = started(2, hands, [5, 9], top=[5], stacks=[3, 100])  # seat 0 pairs and goes broke
    state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    assert events(state, "over_broke") == [{"hands": 1}]
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (2, 1) and result.winners == (1,)
    assert result.measure == (-3, 3)


def test_chips_are_conserved_across_hands() -> None:
    state = first_hand_over()
    for seat in (0, 1, 2):
        state = ENGINE.apply(state, seat, NextHand())
    assert state.chips.total() == 300 and state.chips.is_conserved()
    assert state.chips.pot == 3
