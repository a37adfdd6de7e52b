"""The hard player: information-set Monte Carlo tree search (IS-MCTS, Cowling, Powley and Whitehouse 2012), as
OpenSpiel's `ISMCTSBot` does it: one table of nodes keyed by the information state of the seat to act.

A node is what a seat knows when it acts: the seat and its view of the game (`Engine.perspective`, which shows it
everything it may know and nothing else). So the deciding seat's own later decisions never depend on what it
cannot see, and an opponent's decisions depend on what *that* opponent sees: it does not know the deciding seat's
secret choice, as it would in a tree keyed by the moves played. Every iteration plays a fresh determinization of
what the deciding seat cannot see (`Engine.reshuffle_unseen`, the dice to come included: the engine's generator is
reseeded):

* **Selection**: at a node, the seat due to act (the deciding seat first when several are due at once) picks among
  its actions available in this determinization (its legal actions there) by UCB1 on its own mean outcome, counted
  against each action's *availability*: how often it was available when the node was visited, not the node's visits
  (an action that exists only in some determinizations is neither starved nor favoured). A seat with a single
  legal action plays it, with no node.
* **Expansion**: one new action tried per iteration, then the rollout. The root tries every legal action first, in
  order (the first round tries each once, as the normal player does). Elsewhere *progressive widening* bounds the
  actions a node has tried by `WIDEN_BASE + visits ** WIDEN_POWER`, so a big action set does not swallow the budget.
* **Rollout**: random legal actions to the end of the game; when the engine gives an evaluation hint
  (`Engine.evaluate`), the rollout stops `HINT_DEPTH` actions in and scores the hint instead.
* **Backup**: max-n: the outcome of every seat (`outcome`) is kept, each action on the way adding the outcome of the
  seat that took it, so every seat in the tree plays for itself, whatever the number of players.

The move is the root action visited most (then the better mean, then the first legal one).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from typing import Any, Final

from engines.core.computer._common import (
    DEFAULT_PLAYOUTS,
    PLAYOUT_STEPS,
    AnyEngine,
    outcomes,
    random_step,
)
from engines.core.engine import GameState
from engines.core.rng import Rng

EXPLORATION: Final = 0.7  # UCB1's exploration constant, outcomes being in [0, 1]
WIDEN_BASE: Final = 4  # a node other than the root may try this many actions, plus visits ** WIDEN_POWER
WIDEN_POWER: Final = 0.5
HINT_DEPTH: Final = 6  # rollout actions before the engine's evaluation hint is asked (when it gives one)
MAX_DEPTH: Final = 200  # tree levels an iteration may walk down before its rollout (a guard for endless games)


class _Edge:
    """An action of a node: how often it was taken, the sum of its taker's outcomes, how often it was available."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 1  # it is, the first time

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class _Node:
    """An information state of the seat to act: its visits and the actions tried from it."""

    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.edges: dict[Any, _Edge] = {}


Key = tuple[int, bytes]  # the seat to act, a digest of its view


class Tree:
    """The nodes of one decision: the root (the deciding seat's information state now) and the others by `Key`."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.root = _Node()
        self.nodes: dict[Key, _Node] = {}

    def node(self, engine: AnyEngine, sample: GameState, actor: int, available: list[Any]) -> _Node:
        """The node of what `actor` knows in `sample` (created the first time)."""
        view = engine.perspective(sample, actor, legal_now=available).model_dump_json()
        key = (actor, hashlib.blake2b(view.encode(), digest_size=16).digest())
        found = self.nodes.get(key)
        if found is None:
            found = self.nodes[key] = _Node()
        return found


def choose_hard(
    engine: AnyEngine,
    state: GameState,
    seat: int,
    seed: int,
    *,
    playouts: int = DEFAULT_PLAYOUTS,
    stop: Callable[[], bool] | None = None,
) -> Any:
    """The hard player's action for `seat`: IS-MCTS, one iteration (one walk down the tree, one rollout) per playout.

    The budget is the normal player's: iterations go on until `playouts` are spent or `stop()` answers True (asked
    between iterations, once every legal action has been tried once).
    """
    legal = engine.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    if len(legal) == 1:
        return legal[0]
    rng = Rng.from_seed(seed)
    tree = Tree(seat)
    iterations = 0
    while iterations < max(playouts, len(legal)):
        if iterations >= len(legal) and (iterations >= playouts or (stop is not None and stop())):
            break
        iterate(engine, engine.reshuffle_unseen(state, seat, rng.next_u64()), tree, rng)
        iterations += 1
    return _most_visited(tree.root, legal)


def iterate(engine: AnyEngine, sample: GameState, tree: Tree, rng: Rng) -> None:
    """One iteration on `sample` (a determinization, played in place): select, expand, roll out, back up."""
    path: list[tuple[_Node, _Edge, int]] = []
    for depth in range(MAX_DEPTH):
        due = engine.to_act(sample)
        if not due:
            break
        actor = tree.seat if depth == 0 or tree.seat in due else due[rng.below(len(due))]
        available = engine.legal_actions(sample, actor)
        if len(available) == 1 and depth > 0:  # no choice: no node (a view is costly to key)
            engine.advance(sample, actor, available[0])
            continue
        node = tree.root if depth == 0 else tree.node(engine, sample, actor, available)
        fresh = []
        for action in available:
            edge = node.edges.get(action)
            if edge is None:
                fresh.append(action)
            else:
                edge.available += 1
        if fresh and (depth == 0 or len(fresh) == len(available) or len(node.edges) < _widened(node.visits)):
            action = fresh[0] if depth == 0 else fresh[rng.below(len(fresh))]
            edge = node.edges[action] = _Edge()
            engine.advance(sample, actor, action)
            path.append((node, edge, actor))
            break
        action, edge = _select(node, available)
        engine.advance(sample, actor, action)
        path.append((node, edge, actor))
    values = _rollout(engine, sample, rng)
    for node, edge, actor in path:
        node.visits += 1
        edge.visits += 1
        edge.total += values[actor]


def _widened(visits: int) -> float:
    """How many actions a node other than the root may have tried after `visits` visits (progressive widening)."""
    return WIDEN_BASE + math.pow(visits, WIDEN_POWER)


def _select(node: _Node, available: list[Any]) -> tuple[Any, _Edge]:
    """The available action tried already of the best UCB1 score (the first of equals)."""
    best: tuple[Any, _Edge] | None = None
    best_score = -math.inf
    for action in available:
        edge = node.edges.get(action)
        if edge is None:
            continue
        score = edge.mean() + EXPLORATION * math.sqrt(math.log(edge.available) / edge.visits)
        if score > best_score:
            best, best_score = (action, edge), score
    assert best is not None  # some available action was tried, or `iterate` tried a fresh one
    return best


def _rollout(engine: AnyEngine, sample: GameState, rng: Rng) -> list[float]:
    """Random actions to the end of the game (or the engine's hint, `HINT_DEPTH` actions in): every seat's outcome."""
    for step in range(PLAYOUT_STEPS):
        if step == HINT_DEPTH and engine.to_act(sample):
            hints = [engine.evaluate(sample, other) for other in range(sample.players)]
            if all(hint is not None for hint in hints):
                return [0.5 if hint is None else hint for hint in hints]
        if not random_step(engine, sample, rng):
            break
    return outcomes(engine, sample)


def _most_visited(root: _Node, legal: list[Any]) -> Any:
    """The root action visited most, then of the better mean, then the first legal one."""

    def rank(index: int) -> tuple[int, float, int]:
        edge = root.edges.get(legal[index])
        return (0, 0.0, -index) if edge is None else (edge.visits, edge.mean(), -index)

    return legal[max(range(len(legal)), key=rank)]
