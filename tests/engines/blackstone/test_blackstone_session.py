"""The session: the simultaneous next-hand decision, the hand cap, running out of players, the result."""

from __future__ import annotations

from blackstone_rig import arrange, events, everyone_plays_on, new_rigged, pass_, stacked, take, top, vote

from engines.blackstone import ENGINE, BlackstoneOptions, BlackstoneState, NextHand, Pass, Stop
from engines.blackstone.dealing import begin_hand
from engines.blackstone.engine import setup


def finish_hand_by_passing(state: BlackstoneState) -> BlackstoneState:
    """Everyone but one passes."""
    while state.phase == "play":
        state = pass_(state)
    return state


def test_after_a_hand_everyone_with_chips_decides_at_once_in_any_order() -> None:
    state = finish_hand_by_passing(new_rigged(3, [5, 3, 8]))
    assert state.phase == "decide"
    assert ENGINE.to_act(state) == (0, 1, 2)  # passers and winner alike
    assert ENGINE.legal_actions(state, 2) == [NextHand(), Stop()]
    state = vote(state, 2, stop=False)
    assert ENGINE.to_act(state) == (0, 1)
    assert events(state, "decided") == [{"seat": 2}]
    state = vote(state, 0, stop=True)
    assert ENGINE.to_act(state) == (1,)
    state = vote(state, 1, stop=False)
    assert events(state, "vote_next") == [{"stops": 1, "voters": 3}]
    assert state.hand == 2 and state.phase == "play"
    assert state.chips.antes == [5, 5, 5]


def test_the_order_of_the_decisions_does_not_matter() -> None:
    first = finish_hand_by_passing(new_rigged(3, [5, 3, 8]))
    second = first.model_copy(deep=True)
    for seat, stop in ((0, True), (1, False), (2, True)):
        first = vote(first, seat, stop)
    for seat, stop in ((2, True), (0, True), (1, False)):
        second = vote(second, seat, stop)
    assert ENGINE.dump_state(first.model_copy(update={"events": []})) == ENGINE.dump_state(
        second.model_copy(update={"events": []})
    )


def test_a_majority_for_stop_ends_the_session() -> None:
    state = finish_hand_by_passing(new_rigged(3, [5, 3, 8]))
    state = vote(state, 0, stop=True)
    state = vote(state, 1, stop=False)
    state = vote(state, 2, stop=True)
    assert events(state, "vote_stop") == [{"stops": 2, "voters": 3}]
    assert state.phase == "over" and ENGINE.is_over(state)
    assert ENGINE.to_act(state) == ()
    assert ENGINE.result(state) is not None


def test_a_tied_vote_plays_on() -> None:
    state = finish_hand_by_passing(new_rigged(2, [5, 3]))
    state = vote(state, 0, stop=True)
    state = vote(state, 1, stop=False)
    assert events(state, "vote_next") == [{"stops": 1, "voters": 2}]
    assert state.phase == "play" and state.hand == 2


def test_the_session_ends_after_the_hand_cap_without_a_vote() -> None:
    state = new_rigged(2, [5, 3], options=BlackstoneOptions(hands=3))
    for hand in (1, 2, 3):
        assert state.hand == hand
        state = finish_hand_by_passing(state)
        if hand < 3:
            assert state.phase == "decide"
            state = everyone_plays_on(state)
    assert state.phase == "over"
    assert events(state, "cap_reached") == [{"hands": 3}]
    assert events(state, "session_over") == [{"hands": 3}]
    assert len(state.history) == 3


def test_the_session_ends_when_fewer_than_two_players_have_chips() -> None:
    state = setup(2, BlackstoneOptions(), seed=0)
    state.chips.pay(1, 0, 90)  # seat 1 has 10 chips
    begin_hand(state, stacked([5, 3]))
    arrange(state, middle=[5, 3, 1, 2, 2, 3], blacks=[0, 1], to_move=1)
    top(state, 10)
    state = take(state, 1)  # ante 5 and a fine of 6, of which seat 1 can pay 5
    assert state.chips.stacks == [200, 0]  # the whole pot: 5 + 5
    assert events(state, "too_few_chips") == [{"players": 1}]
    assert state.phase == "over"
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (1, 2) and result.winners == (0,) and result.measure == (100, -100)


def test_a_player_without_chips_sits_out_and_is_not_asked_to_play_on() -> None:
    state = setup(3, BlackstoneOptions(), seed=0)
    state.chips.pay(2, 0, 100)
    begin_hand(state, stacked([5, 3, 8]))
    assert state.status == ["in", "in", "out"]
    state = finish_hand_by_passing(state)
    assert ENGINE.to_act(state) == (0, 1)
    state = everyone_plays_on(state)
    assert state.status == ["in", "in", "out"]
    assert 2 not in ENGINE.to_act(state)


def test_a_remainder_left_at_the_end_is_unclaimed_and_nobody_wins_it() -> None:
    state = new_rigged(4, [5, 3, 8, 9], options=BlackstoneOptions(hands=3))
    arrange(state, middle=[5, 3, 8, 9], blacks=[0, 1, 0, 0], to_move=1)
    top(state, 5, 6, 10)
    state = take(state, 3)  # 11 in the pot, 3 each to three survivors, 2 carried
    for seat in (0, 1, 2):
        state = vote(state, seat, stop=True)
    state = vote(state, 3, stop=False)
    assert state.phase == "over"
    assert events(state, "pot_unclaimed") == [{"amount": 2}]
    view = ENGINE.perspective(state, None)
    assert view.unclaimed_pot == 2
    result = ENGINE.result(state)
    assert result is not None
    assert result.measure == (3, -11, 3, 3)
    assert sum(result.measure) == -2
    assert result.places == (1, 4, 1, 1) and result.winners == (0, 2, 3)
    assert result.measure_key == "blackstone.measure.chips"


def test_between_hands_the_table_still_shows_how_the_hand_ended() -> None:
    state = new_rigged(3, [5, 3, 8])
    arrange(state, middle=[5, 3, 8], blacks=[0, 1, 0], to_move=1)
    top(state, 10)
    state = take(state, 1)
    view = ENGINE.perspective(state, None)
    assert view.phase == "decide" and view.loser == 1
    assert [seat.black_stones for seat in view.seats] == [0, 2, 0]
    assert view.middle == [5, 3, 8]
    assert view.history[-1].loser == 1 and view.history[-1].winners == (0, 2)
    assert view.to_move is None


def test_every_hand_is_dealt_from_all_55_cards() -> None:
    state = finish_hand_by_passing(ENGINE.new(4, BlackstoneOptions(), seed=9))
    state = everyone_plays_on(state)
    assert state.hand == 2
    assert state.discard == [] and state.card_count() == 55
    assert sum(state.blacks) + state.deck.count(10) == 10


def test_stop_is_refused_during_a_hand_and_pass_between_hands() -> None:
    state = new_rigged(3, [5, 3, 8])
    refusal = ENGINE.refusal(state, 1, Stop())
    assert refusal is not None and refusal.key == "blackstone.refusal.hand_running"
    state = finish_hand_by_passing(state)
    refusal = ENGINE.refusal(state, 0, Pass())
    assert refusal is not None and refusal.key == "blackstone.refusal.between_hands"
