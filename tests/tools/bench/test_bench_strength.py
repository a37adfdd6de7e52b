"""The strength harness on duplicate deals, on a tiny size: a deal really is the same shuffle with the seats' levels
rotated, the interval comes from the per-deal results, and both budgets run through. No strength is judged (a deal or
two proves nothing about it)."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

import bot.computers
from bot import games
from engines import registry
from engines.core.computer import LEVELS, AnyEngine, Level, random_action
from engines.core.engine import GameState
from engines.core.rng import Rng
from tools.bench import parse_args
from tools.bench._computers import table_size
from tools.bench._strength import (
    Deal,
    Schedule,
    deal_interval,
    deal_seed,
    docs_table,
    duplicate_deal,
    jobs,
    level_pairs,
    play,
    row,
    seatings,
    strength_bench,
    strength_text,
    t975,
    verdict,
)


class Recorder:
    """A chooser that plays a random legal action and records, per game, the first state it is asked about and the
    level asked for each seat."""

    def __init__(self) -> None:
        self.games: list[dict[str, Any]] = []

    def __call__(self, engine: AnyEngine, state: GameState, seat: int, level: Level, seed: int) -> Any:
        if not self.games or self.games[-1]["finished"]:
            self.games.append({"first": engine.dump_state(state), "levels": {}, "finished": False})
        self.games[-1]["levels"][seat] = level
        action = random_action(engine, state, seat, Rng.from_seed(seed))
        self.games[-1]["finished"] = engine.result(engine.apply(state, seat, action)) is not None
        return action


@pytest.mark.parametrize("name", ["pairs", "deadmoney"])  # 2 players, and 3
def test_a_deal_is_the_same_shuffle_with_the_levels_rotated(name: str) -> None:
    games.install()
    engine: Any = registry.get(name)
    players = table_size(engine)
    recorder = Recorder()
    deal = duplicate_deal(engine, "easy", "normal", 3, seed=7, chooser=recorder)
    assert len(deal.outcomes) == len(recorder.games) == players  # one game per rotation
    shuffle = Rng.from_seed(deal_seed(7, name, "easy", "normal", 3)).next_u64()
    start = engine.dump_state(engine.new(players, engine.parse_options({}), shuffle))
    for strong, game in enumerate(recorder.games):
        assert game["first"] == start, strong  # the same shuffle, from the same seed, in every rotation
        assert game["levels"] == {seat: "normal" if seat == strong else "easy" for seat in range(players)}, strong
    other = Recorder()
    duplicate_deal(engine, "easy", "normal", 4, seed=7, chooser=other)
    assert other.games[0]["first"] != start  # another deal, another shuffle
    again = Recorder()
    assert duplicate_deal(engine, "easy", "normal", 3, seed=7, chooser=again).outcomes == deal.outcomes
    assert [game["first"] for game in again.games] == [game["first"] for game in recorder.games]


def test_rotations_put_the_stronger_level_at_every_seat() -> None:
    assert seatings("easy", "normal", 2) == [("normal", "easy"), ("easy", "normal")]
    assert seatings("normal", "hard", 3) == [
        ("hard", "normal", "normal"),
        ("normal", "hard", "normal"),
        ("normal", "normal", "hard"),
    ]
    assert level_pairs(("easy", "normal", "hard")) == [("easy", "normal"), ("normal", "hard")]
    assert level_pairs() == list(itertools.pairwise(LEVELS))  # each level against the one below


def test_every_game_and_pair_is_played() -> None:
    games.install()
    todo = jobs(2)
    assert {job[0] for job in todo} == set(registry.names()) and len(registry.names()) == 8  # Full of Dollars too
    assert len(todo) == 8 * len(level_pairs()) * 2 and len(set(todo)) == len(todo)
    assert [job[3] for job in todo[: len(todo) // 2]] == [0] * (len(todo) // 2)  # deal 0 of every game first
    assert jobs(1, only=["pairs"]) == [("pairs", weak, strong, 0) for weak, strong in level_pairs()]
    assert jobs(2, only=["pairs"], stronger="hard") == [("pairs", "normal", "hard", 0), ("pairs", "normal", "hard", 1)]
    assert Schedule(3, only=["pairs"], stronger="normal").groups == [("pairs", "easy", "normal")]


def test_the_interval_comes_from_the_per_deal_scores() -> None:
    scores = [0.5, 1.0, 0.75, 1.0, 0.5, 0.75]  # mean 0.75, sample sd sqrt(0.05), 5 degrees of freedom
    mean, low, high = deal_interval(scores)
    half = 2.5706 * math.sqrt(0.05) / math.sqrt(6)
    assert mean == pytest.approx(0.75) and (low, high) == pytest.approx((0.75 - half, 0.75 + half), abs=1e-6)
    assert deal_interval([1.0, 1.0, 1.0]) == (1.0, 1.0, 1.0)
    assert deal_interval([0.0, 1.0]) == (0.5, 0.0, 1.0)  # clipped
    assert deal_interval([0.7]) == (0.7, 0.0, 1.0)  # one deal says nothing
    assert t975(1) == pytest.approx(12.706, abs=1e-3) and t975(30) == pytest.approx(2.042, abs=1e-3)
    assert t975(31) == pytest.approx(2.0395, abs=1e-4) and t975(120) == pytest.approx(1.9799, abs=1e-4)
    assert verdict(0.62, 0.55, 0.69) == "separates"
    assert verdict(0.65, 0.45, 0.85) == "cannot separate"  # the target's score, but not told from chance
    assert verdict(0.56, 0.52, 0.60) == "better, under target"
    assert verdict(0.30, 0.20, 0.40) == "weaker"
    assert verdict(1.0, 1.0, 1.0, deals=2) == "too few deals"  # two equal deals: a point, not an interval
    rigged = [Deal(index, outcomes=[score, score]) for index, score in enumerate(scores)]
    figures = row(registry.get("pairs"), "easy", "normal", list(reversed(rigged)))
    assert figures["deal_scores"] == scores and (figures["deals"], figures["games"]) == (6, 12)
    assert (figures["score"], figures["ci_low"], figures["ci_high"]) == pytest.approx((mean, low, high))
    assert figures["verdict"] == "separates"  # 0.75, its interval above chance


def test_a_rotation_counts_the_stronger_seats_outcome() -> None:
    engine: Any = registry.get("pairs")
    deal = duplicate_deal(engine, "easy", "normal", 0, seed=2, chooser=Recorder())
    for strong, levels in enumerate(seatings("easy", "normal", 2)):
        state = play(engine, levels, deal_seed(2, "pairs", "easy", "normal", 0), Recorder(), Deal(0))
        result = engine.result(state)
        assert result is not None
        own, other = result.places[strong], result.places[1 - strong]
        assert deal.outcomes[strong] == (1.0 if own < other else 0.5 if own == other else 0.0)
    assert deal.score == pytest.approx(sum(deal.outcomes) / 2)


async def test_the_playout_budget_runs_in_processes_and_reports() -> None:
    result = await strength_bench(2, playouts=1, workers=1, seed=3, only=["pairs"])  # one process shows it
    assert result["settings"] == {
        "deals": 2,
        "playouts": 1,
        "budget_ms": None,
        "mode": "playouts",
        "workers": 1,
        "seed": 3,
        "time_limit_s": None,
    }
    assert result["deals_skipped"] == 0
    rows = result["rows"]
    assert [(r["weaker"], r["stronger"]) for r in rows] == level_pairs()
    here = await strength_bench(2, playouts=1, workers=0, seed=3, only=["pairs"])  # the same deals, in this process
    for r, same in zip(rows, here["rows"], strict=True):
        assert r["outcomes"] == same["outcomes"] and r["deals"] == 2 and r["games"] == 4
        assert r["deal_scores"] == [sum(o) / 2 for o in r["outcomes"]]
        assert (r["score"], r["ci_low"], r["ci_high"]) == pytest.approx(deal_interval(r["deal_scores"]))
        assert r["verdict"] == "too few deals"  # 2 deals
        assert set(r["choices"]) == {r["weaker"], r["stronger"]}
    report = strength_text(result)
    assert report.startswith("6c. Computer players' strength on duplicate deals")
    assert "1 playouts per decision of a thinking level, in 1 process (no clock)" in report
    table = docs_table(result).splitlines()
    assert table[0].startswith("| game | players | stronger vs weaker | deals (games) | score | 95 % interval |")
    assert table[2] == (
        f"| Pairs | 2 | {rows[0]['stronger']} vs {rows[0]['weaker']} | 2 (4) | {rows[0]['score']:.3f}"
        f" | [{rows[0]['ci_low']:.3f}, {rows[0]['ci_high']:.3f}] | {rows[0]['verdict']} |"
    )


def test_under_a_time_limit_each_game_and_pair_gets_about_the_same_time() -> None:
    games.install()
    schedule = Schedule(4, only=["pairs", "hawthorn"])
    first = [next(schedule) for _ in range(4)]  # deal 0 of each game and pair first, in the registry's order
    assert first == [(game, *pair, 0) for game in ("hawthorn", "pairs") for pair in level_pairs()]
    for job in first:
        schedule.done(job, Deal(0, outcomes=[0.5], seconds=9.0 if job == first[0] else 1.0))
    # The costly one waits while the others have taken less time (counting their deals still being played), up to
    # their 4 deals each.
    later = [next(schedule) for _ in range(9)]
    assert all(job[:3] != first[0][:3] for job in later)
    assert sorted(job[3] for job in later if job[:3] == first[1][:3]) == [1, 2, 3]
    assert next(schedule) == (*first[0][:3], 1) and schedule.skipped == 2  # its 2 deals left


def test_no_deal_starts_that_would_likely_end_past_the_time_limit() -> None:
    games.install()
    schedule = Schedule(3, only=["pairs"], limit=3600.0)
    first, second = next(schedule), next(schedule)  # deal 0 of each pair: nothing is known of their length yet
    schedule.done(first, Deal(0, outcomes=[0.5], seconds=4000.0))  # longer than the time left
    schedule.done(second, Deal(0, outcomes=[0.5], seconds=1.0))
    assert [next(schedule), next(schedule)] == [(*second[:3], 1), (*second[:3], 2)]
    assert next(schedule, None) is None and schedule.skipped == 2  # the long pair's two deals


async def test_no_deal_starts_after_the_time_limit() -> None:
    result = await strength_bench(3, playouts=1, workers=0, only=["pairs"], time_limit=0.0)
    assert result["rows"] == [] and result["deals_skipped"] == 3 * len(level_pairs())
    assert f"{3 * len(level_pairs())} deal(s) not started within the 0 s limit" in strength_text(result)


async def test_the_time_budget_asks_the_bots_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    choose = bot.computers.ComputerPlayers.choose

    async def spy(self: bot.computers.ComputerPlayers, engine: Any, state: Any, seat: int, level: Any) -> Any:
        assert self.workers == 2 and self.budget == 0.01
        asked.append(level)
        return await choose(self, engine, state, seat, level)

    monkeypatch.setattr(bot.computers.ComputerPlayers, "choose", spy)
    result = await strength_bench(1, budget=0.01, workers=2, seed=5, only=["pairs"])
    assert result["settings"]["mode"] == "pool" and result["settings"]["budget_ms"] == 10
    assert result["failures"] == 0 and set(asked) == set(LEVELS)  # every level's decision, as the bot asks it
    assert "10 ms per decision through the bot's workers (2)" in strength_text(result)


def test_the_bench_flags() -> None:
    assert parse_args([]).strength_games == 0  # tens of minutes: only when asked
    assert (parse_args(["--quick"]).strength_games, parse_args(["--quick"]).strength_playouts) == (1, 2)
    settings = parse_args(["--strength-games", "20", "--strength-playouts", "40"])
    assert (settings.strength_games, settings.strength_playouts) == (20, 40)
    assert parse_args(["--strength-games", "5"]).strength_playouts is None  # the bot's budget, through its workers
    assert parse_args([]).strength_time_limit is None
    assert parse_args(["--strength-time-limit", "900"]).strength_time_limit == 900.0
