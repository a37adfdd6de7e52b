"""The normal player: determinized ("perfect-information") Monte Carlo over the seat's legal actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.computer._common import DEFAULT_PLAYOUTS, AnyEngine, best_mean, choices, playout
from engines.core.engine import GameState
from engines.core.rng import Rng


def choose_normal(
    engine: AnyEngine,
    state: GameState,
    seat: int,
    seed: int,
    *,
    playouts: int = DEFAULT_PLAYOUTS,
    stop: Callable[[], bool] | None = None,
) -> Any:
    """The normal player: determinized Monte Carlo over the legal actions of `seat`.

    Rounds go on until `playouts` playouts are spent or `stop()` answers True
    (asked between playouts; the first round always completes, so every action
    is tried at least once). Each round draws one sample of the hidden
    information and tries every action on it with the same playout seed, so the
    actions are compared on equal luck. Ties go to the first legal action.
    """
    legal = choices(engine, state, seat)
    if len(legal) == 1:
        return legal[0]
    rng = Rng.from_seed(seed)
    totals = [0.0] * len(legal)
    counts = [0] * len(legal)
    spent = 0
    first_round = True
    while spent < max(playouts, len(legal)):
        sample = engine.reshuffle_unseen(state, seat, rng.next_u64())
        luck = rng.next_u64()
        for index, action in enumerate(legal):
            if not first_round and (spent >= playouts or (stop is not None and stop())):
                return best_mean(legal, totals, counts)
            after = engine.apply(sample, seat, action)  # a fresh copy, which the playout plays in place
            totals[index] += playout(engine, after, seat, Rng.from_seed(luck))
            counts[index] += 1
            spent += 1
        first_round = False
    return best_mean(legal, totals, counts)
