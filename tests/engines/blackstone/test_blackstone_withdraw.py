"""A player leaving: their ante is forfeited, the session goes on while two remain, leavers rank last."""

from __future__ import annotations

from blackstone_rig import arrange, events, new_rigged, pass_, quiet, vote

from engines.blackstone import ENGINE, BlackstoneOptions, BlackstoneState, Pass, Take
from engines.core import Withdraw


def leave(state: BlackstoneState, seat: int) -> BlackstoneState:
    return ENGINE.apply(quiet(state), seat, Withdraw())


def test_leaving_on_your_turn_forfeits_your_ante_and_play_passes_left() -> None:
    state = new_rigged(4, [5, 3, 8, 9])
    arrange(state, middle=[5, 3, 8, 9], blacks=[0, 1, 0, 0], to_move=1)
    state = leave(state, 1)
    assert state.withdrawn == [1]
    assert state.status[1] == "left"
    assert state.chips.antes == [5, 0, 5, 5] and state.chips.pot == 5
    assert state.chips.stacks[1] == 95  # no fine for leaving
    assert state.blacks[1] == 0 and state.discard == [10]  # the black stone is set aside
    assert events(state, "left") == [{"seat": 1, "ante": 5}]
    assert ENGINE.to_act(state) == (2,)
    assert state.card_count() == 55


def test_leaving_out_of_turn_keeps_the_turn_and_play_skips_the_leaver() -> None:
    state = new_rigged(3, [5, 3, 8])
    state = leave(state, 2)
    assert ENGINE.to_act(state) == (1,)
    state = ENGINE.apply(state, 1, Take(count=1))  # seat 1 takes a 1 (the deck is stacked ascending)
    assert state.middle[-1] == 1
    assert ENGINE.to_act(state) == (0,)


def test_when_the_leaver_leaves_one_player_in_the_hand_that_player_takes_it() -> None:
    state = new_rigged(3, [5, 3, 8])
    state = pass_(state)  # seat 1 passes: 5 + 2
    state = leave(state, 2)  # seat 2 leaves: ante 5 forfeited; seat 0 is the last one in
    assert events(state, "hand_won") == [{"seat": 0, "pot": 12, "ante": 5}]
    assert state.phase == "decide"  # seats 0 and 1 still play
    assert ENGINE.to_act(state) == (0, 1)


def test_with_one_player_left_the_session_ends_and_the_leaver_is_last() -> None:
    state = new_rigged(2, [5, 3])
    state = leave(state, 1)
    assert events(state, "hand_won") == [{"seat": 0, "pot": 5, "ante": 5}]
    assert state.phase == "over"
    assert ENGINE.to_act(state) == ()
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (1, 2) and result.winners == (0,)
    assert result.measure == (5, -5)


def test_a_leaver_ranks_last_even_with_more_chips() -> None:
    state = new_rigged(3, [5, 3, 8], options=BlackstoneOptions(hands=3))
    state.chips.pay(0, 2, 50)
    state = leave(state, 2)
    state = pass_(state)  # seat 1 passes, seat 0 takes the hand
    for seat in (0, 1):
        state = vote(state, seat, stop=True)
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (2, 1, 3)
    assert result.winners == (1,)


def test_leaving_during_the_decision_counts_the_votes_of_those_who_stay() -> None:
    state = new_rigged(3, [5, 3, 8])
    state = pass_(state)
    state = pass_(state)
    assert state.phase == "decide"
    state = vote(state, 0, stop=False)
    state = vote(state, 1, stop=True)
    state = leave(state, 2)  # the last one to decide leaves: 1 of 2 want to stop, a tie plays on
    assert events(state, "vote_next") == [{"stops": 1, "voters": 2}]
    assert state.hand == 2 and state.status == ["in", "in", "left"]
    refusal = ENGINE.refusal(state, 2, Pass())
    assert refusal is not None and refusal.key == "error.not_a_player"


def test_a_leaver_with_a_decision_made_does_not_count() -> None:
    state = new_rigged(3, [5, 3, 8])
    state = pass_(state)
    state = pass_(state)
    state = vote(state, 2, stop=True)
    state = leave(state, 2)
    assert ENGINE.to_act(state) == (0, 1)
    state = vote(state, 0, stop=True)
    state = vote(state, 1, stop=False)
    assert events(state, "vote_next") == [{"stops": 1, "voters": 2}]


def test_leaving_the_decision_with_one_player_left_ends_the_session() -> None:
    state = new_rigged(2, [5, 3])
    state = pass_(state)
    state = leave(state, 0)
    assert state.phase == "over"
    assert "session_over" in [e.key.removeprefix("blackstone.event.") for e in state.events]
