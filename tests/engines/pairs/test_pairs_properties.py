"""Random legal games: cards and chips are conserved, nobody sits on a pair, every game ends."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from pairs_rig import random_action

from engines.core import Rng, Withdraw
from engines.pairs import ENGINE, PairsOptions, PairsState
from engines.pairs.deck import full_deck

FULL = Counter(full_deck())


def check_invariants(state: PairsState) -> None:
    scored = [c for cards in state.score_cards for c in cards]
    assert Counter(state.deck + state.discard + state.face_up() + scored) == FULL
    assert state.card_count() == 55
    if state.chips is not None:
        assert state.chips.is_conserved()
        assert state.chips.total() == state.players * state.options.chips
    for seat in range(state.players):
        assert len(set(state.in_play[seat])) == len(state.in_play[seat])  # a pair never stays in play
        if seat in state.withdrawn:
            assert state.in_play[seat] == []
    if not state.finished:
        assert ENGINE.to_act(state) == (state.to_move,)
        assert state.to_move not in state.withdrawn
        assert ENGINE.legal_actions(state, state.to_move)
        assert all(state.score(seat) < state.losing_score for seat in range(state.players))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    players=st.integers(min_value=2, max_value=8),
    ending=st.sampled_from(["forfeit", "downspear", "norland", "cutchfeld"]),
    games=st.sampled_from([1, 3, 5]),
    chips=st.sampled_from([20, 50, 100]),
    leave_one_in=st.sampled_from([0, 40, 200]),
)
def test_random_games_keep_the_invariants_and_end(
    seed: int, players: int, ending: str, games: int, chips: int, leave_one_in: int
) -> None:
    options = PairsOptions.model_validate({"ending": ending, "games": games, "chips": chips})
    state = ENGINE.new(players, options, seed)
    policy = Rng.from_seed(seed ^ 0x5EED)
    check_invariants(state)
    for _ in range(20_000):
        if ENGINE.is_over(state):
            break
        if leave_one_in and policy.below(leave_one_in) == 0:
            leaver = policy.choice(state.active())
            state = ENGINE.apply(state, leaver, Withdraw())
        else:
            state = ENGINE.apply(state, state.to_move, random_action(state, policy))
        check_invariants(state)
    result = ENGINE.result(state)
    assert result is not None, "the game did not end"
    assert len(result.places) == players
    assert all(result.places[seat] == max(result.places) for seat in state.withdrawn)
    assert set(result.winners) <= set(state.active())
    if len(state.active()) >= 2:
        assert len(state.history) == options.match_games
    if state.chips is None:
        assert result.measure == (0,) * players
    else:
        assert sum(result.measure) == -state.chips.pot
