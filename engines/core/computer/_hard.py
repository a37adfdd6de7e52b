"""The hard player: information-set Monte Carlo tree search (IS-MCTS, Cowling, Powley and Whitehouse 2012) below a
root searched on paired determinizations, with a cheap learned rollout policy and the game's evaluation hint.

A node is what a seat knows when it acts: the seat and its view of the game (`Engine.perspective`, which shows it
everything it may know and nothing else). So the deciding seat's own later decisions never depend on what it
cannot see, and an opponent's decisions depend on what *that* opponent sees: it does not know the deciding seat's
secret choice, as it would in a tree keyed by the moves played.

* **Root, in rounds**: a round draws one determinization of what the deciding seat cannot see
  (`Engine.reshuffle_unseen`, the dice to come included: the engine's generator is reseeded) and one seed of luck,
  and plays every root action still in the race once on that same sample and luck, so the actions are compared on
  equal luck (as the normal player compares them); after `PRUNE_AFTER` rounds an action whose mean falls more than
  `PRUNE_MARGIN / sqrt(rounds)` below the best one leaves the race (successive elimination: the rounds go to the
  actions that may still be best; when one is left, the search ends). The move is the root action of the best
  mean.
* **Below the root, the tree**: at a node, the seat due to act (the deciding seat first when several are due at
  once) picks among its actions available in this determinization by UCB1 on its own mean outcome, counted against
  each action's *availability* (how often it was available when the node was visited). A seat with a single legal
  action plays it, with no node. One new action is tried per iteration, then the rollout; *progressive widening*
  bounds the actions a node has tried by `WIDEN_BASE + visits ** WIDEN_POWER`, so a big action set does not swallow
  the budget.
* **Rollout**: each seat plays the action of the best mean outcome for it so far in this search (every action
  played by that seat, wherever: the move-average sampling technique, MAST), or a random legal action in a share
  `ROLLOUT_RANDOM` of its moves and when it knows none of them; when the engine gives an evaluation hint
  (`Engine.evaluate`), the rollout stops `HINT_DEPTH` actions in and scores the hint instead.
* **Backup**: max-n: the outcome of every seat (`outcome`) is kept, each action on the way adding the outcome of the
  seat that took it, so every seat in the tree plays for itself, whatever the number of players.
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
    best_mean,
    choices,
    outcomes,
    unit,
)
from engines.core.engine import GameState
from engines.core.rng import Rng

EXPLORATION: Final = 0.7  # UCB1's exploration constant, outcomes being in [0, 1]
WIDEN_BASE: Final = 4  # a node may try this many actions, plus visits ** WIDEN_POWER
WIDEN_POWER: Final = 0.5
HINT_DEPTH: Final = 6  # rollout actions before the engine's evaluation hint is asked (when it gives one)
MAX_DEPTH: Final = 200  # tree levels an iteration may walk down before its rollout (a guard for endless games)
ROLLOUT_RANDOM: Final = 0.5  # the share of rollout moves played at random rather than by the best mean (MAST)
PRUNE_AFTER: Final = 4  # rounds before a root action may leave the race
PRUNE_MARGIN: Final = 0.8  # how far below the best mean (over sqrt(rounds)) a root action leaves the race


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
    """The nodes of one decision below its root, by `Key`, and what the rollouts learn: each seat's mean outcome
    of each action it played (MAST)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.nodes: dict[Key, _Node] = {}
        self.moves: dict[tuple[int, Any], list[float]] = {}  # (seat, action) -> [total outcome, times played]

    def node(self, engine: AnyEngine, sample: GameState, actor: int, available: list[Any]) -> _Node:
        """The node of what `actor` knows in `sample` (created the first time)."""
        view = engine.perspective(sample, actor, legal_now=available).model_dump_json()
        key = (actor, hashlib.blake2b(view.encode(), digest_size=16).digest())
        found = self.nodes.get(key)
        if found is None:
            found = self.nodes[key] = _Node()
        return found

    def learn(self, played: list[tuple[int, Any]], values: list[float]) -> None:
        """Count each (seat, action) of an iteration with that seat's outcome."""
        for actor, action in played:
            known = self.moves.get((actor, action))
            if known is None:
                self.moves[(actor, action)] = [values[actor], 1.0]
            else:
                known[0] += values[actor]
                known[1] += 1.0

    def rollout_action(self, actor: int, available: list[Any], rng: Rng) -> Any:
        """A rollout move: the action of `actor`'s best mean so far, or (`ROLLOUT_RANDOM`, or none known) any."""
        if len(available) == 1:
            return available[0]
        if unit(rng) >= ROLLOUT_RANDOM:
            best: Any = None
            best_mean = -1.0
            for action in available:
                known = self.moves.get((actor, action))
                if known is not None and known[0] / known[1] > best_mean:
                    best, best_mean = action, known[0] / known[1]
            if best is not None:
                return best
        return available[rng.below(len(available))]


def choose_hard(
    engine: AnyEngine,
    state: GameState,
    seat: int,
    seed: int,
    *,
    playouts: int = DEFAULT_PLAYOUTS,
    stop: Callable[[], bool] | None = None,
) -> Any:
    """The hard player's action for `seat`: rounds of paired iterations at the root, IS-MCTS below it.

    The budget is the normal player's: iterations (one walk down the tree and one rollout each) go on until
    `playouts` are spent or `stop()` answers True (asked between iterations, once the first round, which tries every
    legal action once, is done).
    """
    legal = choices(engine, state, seat)
    if len(legal) == 1:
        return legal[0]
    rng = Rng.from_seed(seed)
    tree = Tree(seat)
    totals = [0.0] * len(legal)
    counts = [0] * len(legal)
    racing = list(range(len(legal)))
    spent = 0
    rounds = 0
    while spent < max(playouts, len(legal)):
        sample = engine.reshuffle_unseen(state, seat, rng.next_u64())
        luck = rng.next_u64()
        for index in racing:
            if rounds and (spent >= playouts or (stop is not None and stop())):
                return best_mean(legal, totals, counts)
            after = engine.apply(sample, seat, legal[index])  # a fresh copy, which the iteration plays in place
            values = iterate(engine, after, tree, Rng.from_seed(luck), [(seat, legal[index])])
            totals[index] += values[seat]
            counts[index] += 1
            spent += 1
        rounds += 1
        if rounds >= PRUNE_AFTER and len(racing) > 2:
            racing = _still_racing(racing, totals, counts, PRUNE_MARGIN / math.sqrt(rounds))
            if len(racing) == 1:  # the others left the race: the choice cannot change any more
                break
    return best_mean(legal, totals, counts)


def iterate(
    engine: AnyEngine, sample: GameState, tree: Tree, rng: Rng, played: list[tuple[int, Any]] | None = None
) -> list[float]:
    """One iteration on `sample` (a determinization after a root action, played in place): select, expand, roll
    out, back up; every seat's outcome. `played`: the moves made before it (the root's), for the rollout policy."""
    path: list[tuple[_Node, _Edge, int]] = []
    moves = [] if played is None else played
    for _ in range(MAX_DEPTH):
        due = engine.to_act(sample)
        if not due:
            break
        actor = tree.seat if tree.seat in due else due[rng.below(len(due))] if len(due) > 1 else due[0]
        available = engine.legal_actions(sample, actor)
        if len(available) == 1:  # no choice: no node (a view is costly to key)
            engine.advance(sample, actor, available[0])
            continue
        node = tree.node(engine, sample, actor, available)
        fresh = []
        for action in available:
            edge = node.edges.get(action)
            if edge is None:
                fresh.append(action)
            else:
                edge.available += 1
        if fresh and (len(fresh) == len(available) or len(node.edges) < _widened(node.visits)):
            action = fresh[rng.below(len(fresh))]
            edge = node.edges[action] = _Edge()
            engine.advance(sample, actor, action)
            path.append((node, edge, actor))
            moves.append((actor, action))
            break
        action, edge = _select(node, available)
        engine.advance(sample, actor, action)
        path.append((node, edge, actor))
        moves.append((actor, action))
    values = _rollout(engine, sample, tree, rng, moves)
    for node, edge, actor in path:
        node.visits += 1
        edge.visits += 1
        edge.total += values[actor]
    tree.learn(moves, values)
    return values


def _widened(visits: int) -> float:
    """How many actions a node may have tried after `visits` visits (progressive widening)."""
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


def _rollout(engine: AnyEngine, sample: GameState, tree: Tree, rng: Rng, moves: list[tuple[int, Any]]) -> list[float]:
    """The rollout policy's actions to the end of the game (or the engine's hint, `HINT_DEPTH` actions in), each
    appended to `moves`: every seat's outcome."""
    for step in range(PLAYOUT_STEPS):
        due = engine.to_act(sample)
        if not due:
            break
        if step == HINT_DEPTH:
            hints = [engine.evaluate(sample, other) for other in range(sample.players)]
            if all(hint is not None for hint in hints):
                return [0.5 if hint is None else hint for hint in hints]
        actor = due[rng.below(len(due))] if len(due) > 1 else due[0]
        action = tree.rollout_action(actor, engine.legal_actions(sample, actor), rng)
        engine.advance(sample, actor, action)
        moves.append((actor, action))
    return outcomes(engine, sample)


def _still_racing(racing: list[int], totals: list[float], counts: list[int], margin: float) -> list[int]:
    """The root actions still in the race: those whose mean is within `margin` of the best one's."""
    means = {index: totals[index] / counts[index] for index in racing}
    top = max(means.values())
    return [index for index in racing if means[index] >= top - margin]
