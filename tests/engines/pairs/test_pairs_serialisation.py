"""A game saved as JSON resumes exactly, random generator included; seed plus log replays it."""

from __future__ import annotations

from pairs_rig import random_action

from engines.core import Rng
from engines.pairs import ENGINE, PairsAction, PairsOptions


def test_json_round_trip_resumes_with_the_same_draws() -> None:
    options = PairsOptions(ending="cutchfeld", games=3, chips=20)
    state = ENGINE.new(4, options, seed=21)
    policy = Rng.from_seed(1)
    for _ in range(30):
        state = ENGINE.apply(state, state.to_move, random_action(state, policy))
    loaded = ENGINE.load_state(ENGINE.dump_state(state))
    assert loaded == state
    assert loaded.rng.state == state.rng.state
    # Continue both with the same choices, through reshuffles: identical games.
    policy_a, policy_b = Rng.from_seed(2), Rng.from_seed(2)
    for _ in range(200):
        if ENGINE.is_over(state):
            break
        state = ENGINE.apply(state, state.to_move, random_action(state, policy_a))
        loaded = ENGINE.apply(loaded, loaded.to_move, random_action(loaded, policy_b))
        assert ENGINE.dump_state(loaded) == ENGINE.dump_state(state)


def test_replay_of_seed_and_log_gives_the_same_state() -> None:
    options = PairsOptions(ending="downspear", games=1)
    state = ENGINE.new(3, options, seed=99)
    policy = Rng.from_seed(3)
    log: list[tuple[int, PairsAction]] = []
    while not ENGINE.is_over(state):
        action = random_action(state, policy)
        log.append((state.to_move, action))
        state = ENGINE.apply(state, state.to_move, action)
    assert ENGINE.replay(3, options, 99, log) == state
