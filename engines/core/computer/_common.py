"""What every level shares: the outcome of a finished game for a seat, random actions and random playouts."""

from __future__ import annotations

from typing import Any, Final

from engines.core.engine import Engine, GameState
from engines.core.rng import Rng

PLAYOUT_STEPS: Final = 5_000  # a playout still running after this many actions counts as a draw
DEFAULT_PLAYOUTS: Final = 4_000  # the most playouts one decision may use, whatever its time budget

AnyEngine = Engine[Any, Any, Any, Any]


def outcome(engine: AnyEngine, state: GameState, seat: int) -> float:
    """How well `seat` did in a finished game: the share of the other seats it placed ahead of, a tie half.

    0.5 when the game is not over (a playout cut short) or nobody else is left to compare with.
    """
    return outcomes(engine, state)[seat]


def outcomes(engine: AnyEngine, state: GameState) -> list[float]:
    """`outcome` of every seat at once (one `Result`)."""
    result = engine.result(state)
    if result is None or len(result.places) < 2:
        return [0.5] * state.players
    places = result.places
    return [_share_ahead(own, places[:seat] + places[seat + 1 :]) for seat, own in enumerate(places)]


def _share_ahead(own: int, others: tuple[int, ...]) -> float:
    """The share of `others`' places that `own` is ahead of (smaller), a tie counting half."""
    return sum(1.0 if own < place else 0.5 if own == place else 0.0 for place in others) / len(others)


def choices(engine: AnyEngine, state: GameState, seat: int) -> list[Any]:
    """The legal actions every level chooses among (a seat with one plays it without thinking); a seat with none
    is no decision to take."""
    legal = engine.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    return legal


def best_mean(legal: list[Any], totals: list[float], counts: list[int]) -> Any:
    """The action of the best mean outcome (an untried one counts -1), the first of equals."""
    means = [total / count if count else -1.0 for total, count in zip(totals, counts, strict=True)]
    return legal[max(range(len(legal)), key=lambda index: (means[index], -index))]


def random_action(engine: AnyEngine, state: GameState, seat: int, rng: Rng) -> Any:
    """A uniformly random legal action of `seat` (which must be due to act)."""
    return rng.choice(engine.legal_actions(state, seat))


def random_step(engine: AnyEngine, state: GameState, rng: Rng) -> bool:
    """One random legal action of a random seat due to act, played in place; False when the game is over."""
    due = engine.to_act(state)
    if not due:
        return False
    actor = due[rng.below(len(due))] if len(due) > 1 else due[0]
    engine.advance(state, actor, random_action(engine, state, actor, rng))
    return True


def playout(engine: AnyEngine, state: GameState, seat: int, rng: Rng) -> float:
    """Play `state` to its end with random legal actions for every seat due; `seat`'s outcome. The state is played
    in place (`Engine.advance`, no copy per action): the caller hands over a copy of its own."""
    for _ in range(PLAYOUT_STEPS):
        if not random_step(engine, state, rng):
            break
    return outcome(engine, state, seat)


def unit(rng: Rng) -> float:
    """A uniform float in [0, 1)."""
    return (rng.next_u64() >> 11) / float(1 << 53)
