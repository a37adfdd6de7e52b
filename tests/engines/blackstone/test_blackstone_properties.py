"""Random sessions: every card accounted for, chips conserved, the minimum never goes down, every session ends."""

from __future__ import annotations

from collections import Counter

from blackstone_rig import random_action
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.blackstone import ENGINE, BlackstoneOptions, BlackstoneState
from engines.blackstone.deck import full_deck
from engines.core import Rng, Withdraw

FULL = Counter(full_deck())


def check_invariants(state: BlackstoneState) -> None:
    blacks = [10] * sum(state.blacks)
    assert Counter(state.deck + state.discard + state.middle + blacks) == FULL
    assert all(card != 10 for card in state.middle)
    assert state.chips.is_conserved()
    assert state.chips.total() == 100 * state.players
    for seat in state.withdrawn:
        assert state.status[seat] == "left" and state.blacks[seat] == 0 and state.chips.antes[seat] == 0
    if state.phase == "play":
        in_hand = state.in_hand()
        assert len(in_hand) >= 2
        assert ENGINE.to_act(state) == (state.to_move,) and state.to_move in in_hand
        assert all(state.blacks[seat] <= 1 for seat in in_hand)
        assert all(state.chips.antes[seat] == 0 for seat in range(state.players) if seat not in in_hand)
        assert ENGINE.legal_actions(state, state.to_move)
    else:
        assert sum(state.chips.antes) == 0  # every ante was returned or forfeited
    if state.phase == "decide":
        assert set(ENGINE.to_act(state)) == {s for s in state.with_chips() if state.choices[s] is None}
        assert len(state.with_chips()) >= 2


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    players=st.integers(min_value=2, max_value=8),
    hands=st.sampled_from([3, 5, 10, 20]),
    leave_one_in=st.sampled_from([0, 30, 150]),
)
def test_random_sessions_keep_the_invariants_and_end(seed: int, players: int, hands: int, leave_one_in: int) -> None:
    options = BlackstoneOptions.model_validate({"hands": hands})
    state = ENGINE.new(players, options, seed)
    policy = Rng.from_seed(seed ^ 0x5EED)
    check_invariants(state)
    minimum = (state.hand, 1)
    for _ in range(5_000):
        if ENGINE.is_over(state):
            break
        if leave_one_in and policy.below(leave_one_in) == 0:
            state = ENGINE.apply(state, policy.choice(state.active()), Withdraw())
        else:
            seat = policy.choice(list(ENGINE.to_act(state)))
            state = ENGINE.apply(state, seat, random_action(state, seat, policy))
        check_invariants(state)
        if state.phase == "play":
            if state.hand == minimum[0]:
                assert state.min_take() >= minimum[1]  # the minimum never goes down within a hand
            minimum = (state.hand, state.min_take())
    result = ENGINE.result(state)
    assert result is not None, "the session did not end"
    assert state.hand <= hands and len(state.history) <= hands
    assert len(result.places) == players
    assert all(result.places[seat] == max(result.places) for seat in state.withdrawn)
    assert set(result.winners) <= set(state.active())
    assert sum(result.measure) == -state.chips.pot
    assert result.measure == tuple(state.chips.stacks[seat] - 100 for seat in range(players))
