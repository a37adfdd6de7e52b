"""The easy player: a beginner. It weighs a few of its moves on a few short random playouts and picks among them
with noise, and now and then plays any legal move: plausible moves, with mistakes a new player can punish.

Its work is counted in engine actions, not time (`EASY_STEPS`), so it decides in a few milliseconds in every game and
runs in the bot's own process.
"""

from __future__ import annotations

import math
from typing import Any, Final

from engines.core.computer._common import AnyEngine, choices, outcome, random_step, unit
from engines.core.engine import GameState
from engines.core.rng import Rng

EASY_CANDIDATES: Final = 4  # the most moves it weighs: a random few of its legal moves
EASY_STEPS: Final = 64  # engine actions its playouts may play in all, a sample counting `SAMPLE_COST`, a copy 1
EASY_ROUNDS: Final = 4  # the most samples of the hidden information it tries its moves on
EASY_BLUNDER: Final = 0.15  # the share of its decisions where it plays any legal move
EASY_TEMPERATURE: Final = 0.12  # how loosely it prefers the better mean outcome (softmax temperature)
SAMPLE_COST: Final = 4  # a sample of the hidden information (`reshuffle_unseen`), counted in engine actions


def choose_easy(engine: AnyEngine, state: GameState, seat: int, seed: int) -> Any:
    """The easy player's action for `seat`: a noisy pick among a few moves tried on short playouts.

    Unless it blunders (any legal move, in a share `EASY_BLUNDER` of its decisions), it draws up to `EASY_CANDIDATES`
    of its legal moves, tries each on up to `EASY_ROUNDS` samples of what it cannot see (`reshuffle_unseen`), each
    try a random playout cut after its share of `EASY_STEPS` actions (an unfinished one scores 0.5: a beginner
    does not weigh the game's evaluation hint, which the hard player uses), and picks a move with probability
    growing with its mean outcome (softmax, `EASY_TEMPERATURE`). Far from the end of a long game its playouts
    rarely finish: it plays nearly at random there, and better as the end nears.
    """
    legal = choices(engine, state, seat)
    if len(legal) == 1:
        return legal[0]
    rng = Rng.from_seed(seed)
    if unit(rng) < EASY_BLUNDER:
        return rng.choice(legal)
    candidates = list(range(len(legal)))
    if len(candidates) > EASY_CANDIDATES:
        rng.shuffle(candidates)
        candidates = sorted(candidates[:EASY_CANDIDATES])
    horizon = max(1, (EASY_STEPS - SAMPLE_COST) // len(candidates) - 1)  # one round's playouts fit the budget
    totals = [0.0] * len(candidates)
    spent = 0
    rounds = 0
    while rounds < EASY_ROUNDS and spent < EASY_STEPS:
        sample = engine.reshuffle_unseen(state, seat, rng.next_u64())
        luck = rng.next_u64()
        spent += SAMPLE_COST
        for index, candidate in enumerate(candidates):
            after = engine.apply(sample, seat, legal[candidate])
            value, steps = _short_playout(engine, after, seat, Rng.from_seed(luck), horizon)
            totals[index] += value
            spent += 1 + steps
        rounds += 1
    means = [total / rounds for total in totals]
    top = max(means)
    weights = [math.exp((mean - top) / EASY_TEMPERATURE) for mean in means]
    pick = unit(rng) * sum(weights)
    for index, weight in enumerate(weights):
        pick -= weight
        if pick < 0:
            return legal[candidates[index]]
    return legal[candidates[-1]]


def _short_playout(engine: AnyEngine, state: GameState, seat: int, rng: Rng, horizon: int) -> tuple[float, int]:
    """A random playout of at most `horizon` actions, in place: `seat`'s outcome (0.5 when it did not finish) and
    the actions played."""
    for steps in range(horizon):
        if not random_step(engine, state, rng):
            return outcome(engine, state, seat), steps
    return outcome(engine, state, seat), horizon  # `outcome` is 0.5 while the game is not over
