"""Random legal sessions: every card accounted for, chips conserved, the phases consistent, every session ends."""

from __future__ import annotations

from collections import Counter

from hawthorn_rig import random_action
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import Rng, Withdraw
from engines.hawthorn import ENGINE, HawthornOptions, HawthornState
from engines.hawthorn.deck import full_deck

FULL = Counter(full_deck())


def check_invariants(state: HawthornState) -> None:
    assert Counter(state.all_cards()) == FULL
    assert state.chips.is_conserved()
    assert state.chips.total() == 100 * state.players
    for seat in range(state.players):
        assert len(set(state.face_up[seat])) == len(state.face_up[seat])  # a pair never stays face up
        assert state.hands[seat] == sorted(state.hands[seat])
        if state.status[seat] != "in":
            assert state.face_up[seat] == [] or state.phase in ("vote", "over")
        if seat in state.withdrawn:
            assert state.status[seat] == "left"
            assert state.hands[seat] == state.face_up[seat] == state.face_down[seat] == []
    to_act = ENGINE.to_act(state)
    if state.phase == "choose":
        assert state.face_up == [[] for _ in range(state.players)]
        assert set(to_act) == {s for s in state.in_round() if state.choices[s] is None}
    elif state.phase == "play":
        assert len(state.in_round()) >= 2 and state.lap >= 1
        assert to_act == (state.to_move,) and state.status[state.to_move] == "in"
        fold_cost = state.fold_cost()
        assert fold_cost is not None and 1 <= fold_cost <= 10
    elif state.phase == "vote":
        assert state.chips.pot == 0
        assert set(to_act) == {s for s in state.with_chips() if state.votes[s] is None}
    else:
        assert to_act == () and state.chips.pot == 0
    for seat in to_act:
        assert ENGINE.legal_actions(state, seat)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    players=st.integers(min_value=2, max_value=6),
    hands=st.sampled_from([1, 3, 5, 10]),
    button=st.sampled_from(["lowest", "left"]),
    empty_hand=st.sampled_from(["draw", "fold"]),
    leave_one_in=st.sampled_from([0, 30, 150]),
)
def test_random_sessions_keep_every_card_and_chip(
    seed: int, players: int, hands: int, button: str, empty_hand: str, leave_one_in: int
) -> None:
    options = HawthornOptions.model_validate({"hands": hands, "button": button, "empty_hand": empty_hand})
    state = ENGINE.new(players, options, seed)
    policy = Rng.from_seed(seed ^ 0x5EED)
    check_invariants(state)
    for _ in range(5_000):
        if ENGINE.is_over(state):
            break
        seated = state.seated()
        if leave_one_in and len(seated) > 1 and policy.below(leave_one_in) == 0:
            state = ENGINE.apply(state, policy.choice(seated), Withdraw())
        else:
            seat = policy.choice(list(ENGINE.to_act(state)))
            state = ENGINE.apply(state, seat, random_action(state, seat, policy))
        check_invariants(state)
    result = ENGINE.result(state)
    assert result is not None, "the session did not end"
    assert 1 <= len(state.history) <= hands
    assert sum(result.measure) == 0  # no chip is lost: the last pot always finds a winner
    assert all(result.places[seat] == max(result.places) for seat in state.withdrawn)
    assert set(result.winners) <= set(state.seated())
