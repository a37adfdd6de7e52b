"""Computer players, written once against the engine contract: they play every game, those to come included.

Three levels, one general player each (`choose`):

* `easy` (`_easy`): a beginner. It weighs a few of its moves on a few short random playouts and picks among them with
  noise, now and then any legal move. Its work is counted in engine actions, so it decides in milliseconds.
* `normal` (`_normal`): determinized Monte Carlo ("perfect-information Monte Carlo"). It samples what its seat
  cannot see with `Engine.reshuffle_unseen`, plays each legal action forward on that sample with fast random
  playouts to the end of the game, and takes the action with the best average outcome.
* `hard` (`_hard`): information-set Monte Carlo tree search: one tree over what each seat may know, opponents
  choosing in the tree too (max-n backup), progressive widening for big action sets, below a root that compares its
  actions on the same determinizations and drops the clearly worse ones; rollouts play each seat's best move so far
  (MAST) and stop a few actions in on the game's evaluation hint (`Engine.evaluate`, `hints.standing`), so it runs
  many more, shorter iterations than the normal player's playouts in the same time.

The outcome of a playout is the share of the other seats it finished ahead of (a tie counts half), the same measure
the bench reports.

A player sees only what its seat may see: every sample is drawn from `reshuffle_unseen(state, seat, seed)`, which
depends only on what that seat sees (the conformance suite checks it), and the legal actions depend only on the
seat's own view. So two states that differ only in what the seat cannot see give the same choice for the same seed;
the conformance suite checks every level.

Pure and synchronous like every engine: no clock. The time budget of a live move is the caller's `stop` callback,
asked between playouts; `playouts` bounds the work when there is no clock (tests, the bench's fixed budgets). The
easy player has a small fixed budget of its own and ignores both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal

from engines.core.computer._common import (
    DEFAULT_PLAYOUTS,
    PLAYOUT_STEPS,
    AnyEngine,
    outcome,
    outcomes,
    playout,
    random_action,
)
from engines.core.computer._easy import choose_easy
from engines.core.computer._hard import choose_hard
from engines.core.computer._normal import choose_normal
from engines.core.engine import GameState

Level = Literal["easy", "normal", "hard"]
LEVELS: Final[tuple[Level, ...]] = ("easy", "normal", "hard")

__all__ = [
    "DEFAULT_PLAYOUTS",
    "LEVELS",
    "PLAYOUT_STEPS",
    "AnyEngine",
    "Level",
    "choose",
    "choose_easy",
    "choose_hard",
    "choose_normal",
    "outcome",
    "outcomes",
    "playout",
    "random_action",
]


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
    """The action the computer player of `level` takes for `seat` (which must be due to act).

    `playouts` and `stop` bound the normal and hard players' work; the easy player's is fixed (`_easy`)."""
    if level == "easy":
        return choose_easy(engine, state, seat, seed)
    if level == "hard":
        return choose_hard(engine, state, seat, seed, playouts=playouts, stop=stop)
    return choose_normal(engine, state, seat, seed, playouts=playouts, stop=stop)
