"""Random legal games: the 112 cards are all accounted for at every step, nobody has negative hands to spend, someone
must act until the game is over and then nobody, and every player who must act has a legal action."""

from __future__ import annotations

from deadmoney_rig import ENGINE, assert_conserved, legal, to_act
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import Rng, Withdraw
from engines.deadmoney import DeadMoneyOptions, DeadMoneyState, EndTurn
from engines.deadmoney.state import Showdown

STEPS = 250


def check_invariants(state: DeadMoneyState) -> None:
    assert_conserved(state)
    assert 0 <= state.hands_left <= 2
    # The active player may have left during a showdown, which goes on without them.
    assert state.active not in state.withdrawn or state.over or isinstance(state.top_decision(), Showdown)
    assert all(card.startswith("BRAIN-") for front in state.brains for card in front)
    seats = to_act(state)
    if state.over:
        assert seats == ()
        assert ENGINE.result(state) is not None
        return
    assert seats, "nobody to act in a game that is not over"
    assert len(state.alive()) >= 2
    for seat in seats:
        assert seat not in state.withdrawn
        assert legal(state, seat), f"seat {seat} must act but has no legal action"
    step = state.top_decision()
    if isinstance(step, Showdown):
        assert step.order and set(step.order) <= set(state.alive())


def playout(seed: int, players: int, idle_draw: int, leave_one_in: int) -> DeadMoneyState:
    state = ENGINE.new(players, DeadMoneyOptions.model_validate({"idle_draw": idle_draw}), seed)
    policy = Rng.from_seed(seed ^ 0xDEAD)
    check_invariants(state)
    for _ in range(STEPS):
        if state.over:
            break
        if leave_one_in and policy.below(leave_one_in) == 0:
            state = ENGINE.apply(state, policy.choice(state.alive()), Withdraw())
        else:
            seat = policy.choice(list(to_act(state)))
            actions = legal(state, seat)
            moves = [action for action in actions if not isinstance(action, EndTurn)]
            # Play cards more often than idling, so that effects and showdowns come up.
            action = policy.choice(moves) if moves and policy.below(5) else policy.choice(actions)
            state = ENGINE.apply(state, seat, action)
        check_invariants(state)
    return state


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    players=st.integers(min_value=3, max_value=6),
    idle_draw=st.sampled_from([1, 2]),
    leave_one_in=st.sampled_from([0, 0, 60]),
)
def test_random_games_keep_every_card_and_someone_to_act(
    seed: int, players: int, idle_draw: int, leave_one_in: int
) -> None:
    playout(seed, players, idle_draw, leave_one_in)


def test_fixed_seeds_reach_showdowns_and_ends() -> None:
    """A few seeded games played to the end: some showdown happens, and every game finishes with a winner."""
    showdowns = 0
    for seed in range(8):
        state = ENGINE.new(4, DeadMoneyOptions(), seed)
        policy = Rng.from_seed(seed)
        for _ in range(3_000):
            if state.over:
                break
            seat = policy.choice(list(to_act(state)))
            actions = legal(state, seat)
            moves = [action for action in actions if not isinstance(action, EndTurn)]
            state = ENGINE.apply(state, seat, policy.choice(moves) if moves else actions[0])
            showdowns += isinstance(state.top_decision(), Showdown)
            assert state.hands_left >= 0
        assert state.over, f"seed {seed}: no winner after 3000 moves"
        assert_conserved(state)
        result = ENGINE.result(state)
        assert result is not None and result.winners == (state.winner,)
        assert state.winner is not None and state.hands[state.winner] == []
    assert showdowns > 0
