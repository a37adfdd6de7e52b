"""The hard player (engines/core/computer/_hard.py): information-set MCTS below a root searched on paired samples.
Its budget, its determinism, a clear move found, its tree (max-n backup: each seat plays for itself among three;
progressive widening), its rollout policy (each seat's best move so far) and the root's race."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel, ConfigDict, TypeAdapter

from engines.core import Engine, GameState, Perspective, Refusal, Result, Rng
from engines.core.computer import _hard as hard
from engines.core.computer import choose, choose_hard
from tests.conformance.toy_engine import Draw, Pick, ToyEngine, ToyState
from tests.engines.core.test_computer import toy_state

TOY = ToyEngine()


# ----- a tiny open game of three seats: seat 0 picks a way, seat 1 answers, seat 2 only watches -----------------


class Go(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["go"] = "go"
    way: str


class ForkOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ForkState(GameState):
    first: str | None = None
    second: str | None = None


class ForkView(Perspective):
    first: str | None


# The places (seats 0, 1, 2) after seat 0's way and seat 1's answer, and so each seat's outcome:
#   L a: 2 2 1 -> seat 0 0.25, seat 1 0.25      R a: 2 1 3 -> seat 0 0.5, seat 1 1.0
#   L b: 2 3 1 -> seat 0 0.5,  seat 1 0.0       R b: 3 2 1 -> seat 0 0.0, seat 1 0.5
# Seat 1, playing for itself, answers a to either way: then L is worth 0.25 to seat 0 and R 0.5 (max-n: R). An
# opponent at random makes L worth 0.375 and R 0.25; one out to hurt seat 0 makes L 0.25 and R 0 (both: L).
PLACES: dict[tuple[str, str], tuple[int, int, int]] = {
    ("L", "a"): (2, 2, 1),
    ("L", "b"): (2, 3, 1),
    ("R", "a"): (2, 1, 3),
    ("R", "b"): (3, 2, 1),
}


class ForkEngine(Engine[ForkState, Go, ForkOptions, ForkView]):
    """Seat 0 goes L or R, then seat 1 answers a or b (or one of `extra` more answers, as good as b), then it is
    over. Nothing is hidden."""

    name: ClassVar[str] = "fork"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 3
    state_model: ClassVar[type[GameState]] = ForkState
    options_model: ClassVar[type[BaseModel]] = ForkOptions
    action_adapter: ClassVar[TypeAdapter[Go]] = TypeAdapter(Go)

    def __init__(self, extra: int = 0) -> None:
        self.answers = ["a", "b", *(f"b{index}" for index in range(extra))]

    def new(self, players: int, options: ForkOptions, seed: int) -> ForkState:
        return ForkState(players=players, rng=Rng.from_seed(seed), moves=[0] * players)

    def to_act(self, state: ForkState) -> tuple[int, ...]:
        if state.first is None:
            return (0,)
        return (1,) if state.second is None else ()

    def candidate_actions(self, state: ForkState, seat: int) -> Sequence[Go]:
        return [Go(way=way) for way in (["L", "R"] if seat == 0 else self.answers)]

    def check(self, state: ForkState, seat: int, action: Go) -> Refusal | None:
        ways = ["L", "R"] if seat == 0 else self.answers
        return None if action.way in ways else Refusal(key="fork.refusal.way")

    def _apply(self, state: ForkState, seat: int, action: Go) -> None:
        if seat == 0:
            state.first = action.way
        else:
            state.second = action.way

    def _withdraw(self, state: ForkState, seat: int) -> None:
        raise NotImplementedError

    def result(self, state: ForkState) -> Result | None:
        if state.first is None or state.second is None:
            return None
        places = PLACES[(state.first, state.second[:1])]
        return Result(places=places, winners=(places.index(1),), measure=(0, 0, 0), measure_key="fork.measure")

    def perspective(self, state: ForkState, viewer: int | None, *, legal_now: Sequence[Go] | None = None) -> ForkView:
        return ForkView(**self.base_perspective_fields(state, viewer), first=state.first)

    def reshuffle_unseen(self, state: ForkState, viewer: int | None, seed: int) -> ForkState:
        return state.model_copy(update={"rng": Rng.from_seed(seed)}, deep=True)


FORK = ForkEngine()


def test_max_n_backup_expects_each_opponent_to_play_for_itself() -> None:
    state = FORK.new(3, ForkOptions(), 0)
    assert choose(FORK, state, 0, "hard", 1, playouts=300) == Go(way="R")
    assert choose(FORK, state, 0, "normal", 1, playouts=300) == Go(way="L")  # random replies: the other way
    assert choose(FORK, state.model_copy(update={"first": "L"}), 1, "hard", 1, playouts=50) == Go(way="a")


def answers(engine: ForkEngine, tree: hard.Tree, way: str) -> dict[Any, hard._Edge]:
    """Seat 1's answers in `tree` once seat 0 went `way`: the node of what seat 1 knows then."""
    after = engine.new(3, ForkOptions(), 0).model_copy(update={"first": way})
    return tree.node(engine, after, 1, engine.legal_actions(after, 1)).edges


def test_the_tree_learns_the_opponents_answer_and_its_values() -> None:
    state = FORK.new(3, ForkOptions(), 0)
    tree = hard.Tree(0)
    rng = Rng.from_seed(3)
    late: dict[str, list[float]] = {"L": [], "R": []}
    for index in range(200):
        for way in ("L", "R"):
            values = hard.iterate(FORK, FORK.apply(state, 0, Go(way=way)), tree, rng)
            if index >= 100:
                late[way].append(values[0])
    assert sum(late["R"]) / 100 == pytest.approx(0.5, abs=0.06)  # seat 1 answers a, nearly always
    assert sum(late["L"]) / 100 < 0.34  # nearer 0.25 (seat 1 answers a) than 0.375 (seat 1 at random)
    after_right = answers(FORK, tree, "R")
    assert after_right[Go(way="a")].visits > after_right[Go(way="b")].visits
    assert after_right[Go(way="a")].mean() == 1.0  # seat 1's own outcome, not seat 0's
    assert answers(FORK, tree, "L")[Go(way="a")].mean() == 0.25


def test_progressive_widening_bounds_the_actions_a_node_tries() -> None:
    engine = ForkEngine(extra=30)  # seat 1 has 32 answers
    state = engine.new(3, ForkOptions(), 0)
    tree = hard.Tree(0)
    rng = Rng.from_seed(5)
    for _ in range(60):
        for way in ("L", "R"):
            hard.iterate(engine, engine.apply(state, 0, Go(way=way)), tree, rng)
    for way in ("L", "R"):
        tried = answers(engine, tree, way)
        # A node tries one more action while it has tried fewer than the bound of its visits so far.
        assert 1 < len(tried) <= hard.WIDEN_BASE + 59**hard.WIDEN_POWER + 1 < 32
        assert sum(edge.visits for edge in tried.values()) == 60


def test_the_rollouts_prefer_each_seats_best_move_so_far() -> None:
    tree = hard.Tree(0)
    good, bad = Go(way="a"), Go(way="b")
    tree.learn([(1, good), (1, bad), (0, bad)], [0.0, 0.5, 0.5])  # seat 1: a and b both 0.5 so far
    tree.learn([(1, good)], [0.0, 1.0, 0.0])  # a: 0.75 on average for seat 1
    assert tree.moves[(1, good)] == [1.5, 2.0] and tree.moves[(0, bad)] == [0.0, 1.0]
    rng = Rng.from_seed(2)
    picks = [tree.rollout_action(1, [bad, good], rng) for _ in range(400)]
    expected = 1 - hard.ROLLOUT_RANDOM / 2  # the best mean, or at random half the time: a half of those too
    assert picks.count(good) / 400 == pytest.approx(expected, abs=0.06)
    unknown = [tree.rollout_action(2, [bad, good], rng) for _ in range(400)]  # seat 2 knows nothing: at random
    assert unknown.count(good) / 400 == pytest.approx(0.5, abs=0.08)


def test_the_root_drops_the_actions_clearly_worse_than_the_best() -> None:
    engine = ForkEngine(extra=10)  # seat 1's answers after L: a is worth 0.25 to it, the 11 others 0
    spy = Tally(engine)
    state = engine.new(3, ForkOptions(), 0).model_copy(update={"first": "L"})
    assert choose_hard(spy, state, 1, seed=4, playouts=4_000) == Go(way="a")
    others = [spy.tried[Go(way=way)] for way in ("b", *(f"b{index}" for index in range(10)))]
    assert spy.tried[Go(way="a")] == max(others) < 40  # all left the race after a few rounds, and the search ended
    assert hard._still_racing([0, 1, 2], [3.0, 2.0, 1.0], [4, 4, 4], 0.3) == [0, 1]


# ----- budget and determinism ---------------------------------------------------------------------------------


class Tally(ForkEngine):
    """The fork game, counting the root actions played on samples (`apply` on a state the search holds)."""

    def __init__(self, engine: ForkEngine) -> None:
        self.answers = engine.answers
        self.tried: dict[Any, int] = {}

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        self.tried[action] = self.tried.get(action, 0) + 1
        return super().apply(state, seat, action)


class Counting(ToyEngine):
    """The toy game, keeping the samples drawn (one per round) and the root actions played on them, in order."""

    def __init__(self) -> None:
        self.samples: list[ToyState] = []
        self.first: list[Any] = []

    def reshuffle_unseen(self, state: ToyState, viewer: int | None, seed: int) -> ToyState:
        sample = super().reshuffle_unseen(state, viewer, seed)
        self.samples.append(sample)
        return sample

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        if self.samples and state is self.samples[-1]:
            self.first.append(action)
        return super().apply(state, seat, action)


def test_the_first_round_tries_every_action_once_in_order_on_one_sample_even_on_a_smaller_budget() -> None:
    spy = Counting()
    state = toy_state([[1, 2, 3], [4, 5, 6]], phase="pass")
    legal = spy.legal_actions(state, 0)
    assert legal == [Pick(card=1), Pick(card=2), Pick(card=3)]
    choose_hard(spy, state, 0, seed=5, playouts=1)
    assert spy.first == legal
    assert len(spy.samples) == 1  # one sample, every action tried on it


def test_the_budget_is_one_iteration_per_playout_and_stop_is_asked_only_after_the_first_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hard, "PRUNE_AFTER", 10**6)  # every action stays in the race: the budget alone ends it
    spy = Counting()
    state = toy_state([[1, 2, 3], [4, 5, 6]], phase="pass")
    choose_hard(spy, state, 0, seed=5, playouts=20)
    assert len(spy.first) == 20
    asked_after: list[int] = []

    def stop() -> bool:
        asked_after.append(len(spy.first))
        return len(asked_after) > 4  # four more iterations, then stop

    spy.first.clear()
    choose_hard(spy, state, 0, seed=5, playouts=1_000, stop=stop)
    assert min(asked_after) == 3
    assert len(spy.first) == 3 + 4


def test_the_hard_player_chooses_the_same_for_the_same_seed_and_changes_nothing() -> None:
    state = toy_state([[1, 2, 3], [4, 5, 6]], phase="pass")
    first = choose(TOY, state, 0, "hard", 11, playouts=40)
    reloaded = TOY.load_state(TOY.dump_state(state))
    assert all(choose(TOY, reloaded, 0, "hard", 11, playouts=40) == first for _ in range(3))
    assert TOY.dump_state(reloaded) == TOY.dump_state(state)


def test_a_single_legal_action_is_returned_at_once_and_a_seat_with_none_is_refused() -> None:
    spy = Counting()
    state = toy_state([[1], [2]], stood=[True, False])
    assert choose_hard(spy, state, 0, seed=3, playouts=50, stop=lambda: True) == Draw()
    assert spy.samples == []
    with pytest.raises(ValueError, match="no legal action"):
        choose_hard(TOY, toy_state([[1], [2]]), 1, seed=0, playouts=4)
