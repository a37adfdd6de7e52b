"""Computer players, written once against the engine contract: they play every game, those to come included.

* `easy` takes a random legal action.
* `normal` is a determinized Monte Carlo player ("perfect-information Monte
  Carlo"): it samples what its seat cannot see with `Engine.reshuffle_unseen`,
  plays each legal action forward on that sample with fast random playouts to
  the end of the game, and takes the action with the best average outcome. The
  outcome of a playout is the share of the other seats it finished ahead of
  (a tie counts half), the same measure the bench reports.

A player sees only what its seat may see: every sample is drawn from
`reshuffle_unseen(state, seat, seed)`, which depends only on what that seat sees
(the conformance suite checks it), and the legal actions depend only on the
seat's own view. So two states that differ only in what the seat cannot see give
the same choice for the same seed; a test proves it.

Pure and synchronous like every engine: no clock. The time budget of a live
move is the caller's `stop` callback, asked between playouts; `playouts` bounds
the work when there is no clock (tests, the bench's fixed budgets).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal

from engines.core.engine import Engine, GameState
from engines.core.rng import Rng

Level = Literal["easy", "normal"]
LEVELS: Final[tuple[Level, ...]] = ("easy", "normal")

PLAYOUT_STEPS: Final = 5_000  # a playout still running after this many actions counts as a draw
DEFAULT_PLAYOUTS: Final = 4_000  # the most playouts one decision may use, whatever its time budget

AnyEngine = Engine[Any, Any, Any, Any]


def outcome(engine: AnyEngine, state: GameState, seat: int) -> float:
    """How well `seat` did in a finished game: the share of the other seats it placed ahead of, a tie half.

    0.5 when the game is not over (a playout cut short) or nobody else is left to compare with.
    """
    result = engine.result(state)
    if result is None or len(result.places) < 2:
        return 0.5
    own = result.places[seat]
    others = [place for other, place in enumerate(result.places) if other != seat]
    score = sum(1.0 if own < place else 0.5 if own == place else 0.0 for place in others)
    return score / len(others)


def random_action(engine: AnyEngine, state: GameState, seat: int, rng: Rng) -> Any:
    """A uniformly random legal action of `seat` (which must be due to act)."""
    return rng.choice(engine.legal_actions(state, seat))


def playout(engine: AnyEngine, state: GameState, seat: int, rng: Rng) -> float:
    """Play `state` to its end with random legal actions for every seat due; `seat`'s outcome. The state is played
    in place (`Engine.advance`, no copy per action): the caller hands over a copy of its own."""
    for _ in range(PLAYOUT_STEPS):
        due = engine.to_act(state)
        if not due:
            break
        actor = due[rng.below(len(due))] if len(due) > 1 else due[0]
        engine.advance(state, actor, random_action(engine, state, actor, rng))
    return outcome(engine, state, seat)


def choose_easy(engine: AnyEngine, state: GameState, seat: int, seed: int) -> Any:
    """The easy player: a random legal action."""
    return random_action(engine, state, seat, Rng.from_seed(seed))


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
    legal = engine.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
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
                return _best(legal, totals, counts)
            after = engine.apply(sample, seat, action)  # a fresh copy, which the playout plays in place
            totals[index] += playout(engine, after, seat, Rng.from_seed(luck))
            counts[index] += 1
            spent += 1
        first_round = False
    return _best(legal, totals, counts)


def _best(legal: list[Any], totals: list[float], counts: list[int]) -> Any:
    means = [total / count if count else -1.0 for total, count in zip(totals, counts, strict=True)]
    return legal[max(range(len(legal)), key=lambda index: (means[index], -index))]


def choose(
    engine: AnyEngine,
    state: GameState,
    seat: int,
    level: Level,
    seed: int,
    *,
    playouts: int = DEFAULT_PLAYOUTS,
    stop: Callable[[], bool] | None = None,
) -> Any:
    """The action the computer player of `level` takes for `seat` (which must be due to act)."""
    if level == "easy":
        return choose_easy(engine, state, seat, seed)
    return choose_normal(engine, state, seat, seed, playouts=playouts, stop=stop)
