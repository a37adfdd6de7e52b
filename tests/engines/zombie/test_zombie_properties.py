"""Random legal games: every card is accounted for, no value twice in a zone, points only grow, every game ends."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from zombie_rig import random_action

from engines.core import Rng, Withdraw
from engines.zombie import ENGINE, ZombieOptions, ZombieState
from engines.zombie.deck import full_deck

FULL = Counter(full_deck())


def check_invariants(state: ZombieState, points_before: list[int]) -> None:
    assert Counter(state.deck + state.discard + state.table_cards()) == FULL
    assert state.card_count() == 55
    assert len(set(state.horde)) == len(state.horde)
    for seat in range(state.players):
        refuge = state.refuge[seat] + state.face_down[seat]
        assert len(set(refuge)) == len(refuge)  # never beside the same value
        assert state.points[seat] >= points_before[seat]
        if state.status[seat] in ("eliminated", "left"):
            assert refuge == []
        if state.status[seat] != "hidden":
            assert state.face_down[seat] == []
        assert (seat in state.withdrawn) == (state.status[seat] == "left")
    if state.finished:
        return
    assert ENGINE.to_act(state) == (state.to_move,)
    assert state.status[state.to_move] == "in_play"
    assert state.refuge[state.to_move]  # a player in play always holds a card
    assert ENGINE.legal_actions(state, state.to_move)
    if state.pending is None:
        assert state.deck or state.discard  # a draw always finds a card
    assert max(state.points[seat] for seat in state.active()) < state.options.target or state.options.tie == "play_on"


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    players=st.integers(min_value=2, max_value=8),
    target=st.sampled_from([21, 15, 11]),
    tie=st.sampled_from(["shared", "play_on"]),
    leave_one_in=st.sampled_from([0, 40, 300]),
)
def test_random_games_keep_the_invariants_and_end(
    seed: int, players: int, target: int, tie: str, leave_one_in: int
) -> None:
    options = ZombieOptions.model_validate({"target": target, "tie": tie})
    state = ENGINE.new(players, options, seed)
    policy = Rng.from_seed(seed ^ 0x5EED)
    check_invariants(state, state.points)
    for _ in range(5_000):
        if ENGINE.is_over(state):
            break
        before = list(state.points)
        if leave_one_in and policy.below(leave_one_in) == 0:
            state = ENGINE.apply(state, policy.choice(state.active()), Withdraw())
        else:
            state = ENGINE.apply(state, state.to_move, random_action(state, policy))
        check_invariants(state, before)
    result = ENGINE.result(state)
    assert result is not None, "the game did not end"
    assert result.measure == tuple(state.points)
    assert all(result.places[seat] == len(state.active()) + 1 for seat in state.withdrawn)
    assert set(result.winners) <= set(state.active()) and result.winners
    assert all(result.places[seat] == 1 for seat in result.winners)
    if len(state.active()) >= 2:
        assert all(state.points[seat] >= target for seat in result.winners)
        assert len(result.winners) == 1 or tie == "shared"
