"""The computers' strength on duplicate deals: every level against the one below it, in every game, with luck cut.

    python -m tools.bench._strength [--quick] [--deals N] [--playouts P | --budget S] [--workers W] [--seed S]
                                    [--only GAME ...] [--stronger LEVEL] [--time-limit S]

For every registered game and every pair of neighbouring levels of `engines.core.computer.LEVELS` (easy against
normal, normal against hard, ...: `level_pairs`), `strength_bench` plays `deals` deals at the game's smallest table
(2 players, or its minimum). A deal is one seed: the engine's shuffle (`Engine.new`'s seed) and every later draw of
the harness (who acts first when several are due, each player's decision seed) come from it. **Each deal is played
once per seat rotation**: one seat of the stronger level, the others of the weaker level, the stronger seat going
through every position (`seatings`: 2 games a deal with 2 players, 3 with 3), each game from the same seed, so the
same cards fall to the same seats and only who sits there changes. One strong seat against the others (rather than
half and half) keeps a 3-player deal to 3 games and asks of the stronger level what the bot asks of it at a table of
beginners; it is the same measure as section 6.

The score of a game is the stronger seat's `engines.core.computer.outcome` (the share of the other seats it placed
ahead of, a tie half); the **deal is the unit**: its score is the mean over its rotations, and the row's score the
mean over deals, with a 95 % Student t interval over the per-deal scores (`deal_interval`; with one deal, [0, 1]:
nothing is known). The verdict (`verdict`) compares with the issue's target: "separates" when the score is at least
`TARGET` and the interval lies above chance, "cannot separate" when the interval holds 0.5, "better, under target"
when the interval lies above 0.5 but the score under the target, "weaker" when it lies below; "too few deals" under
`MIN_DEALS` deals (two deals of equal scores make a t interval a point).

Two budgets:

* `playouts` (`--playouts P`, `cardroom bench --strength-playouts P`): every level that thinks (those the bot runs in
  its workers, `bot.computers.THINKING_IDS`) gets P playouts (or iterations) per decision, in this machine's
  processes (`workers` of them, a deal per task), with no clock: the same settings give the same figures again.
* otherwise a time budget (`budget`, default the bot's `computer_budget`, 1 s): every decision is asked of
  `bot.computers.ComputerPlayers` as the bot asks it, thinking levels in its `workers` worker processes, `workers`
  deals at once; choices then depend on the machine's speed.

The levels that do not think (easy) decide as the bot has them decide, in this process, in both modes.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import math
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any, Final

from bot import computers as bot_computers
from bot import games as bot_games
from bot.i18n import t
from bot.settings import Settings
from engines import registry
from engines.core.computer import LEVELS, AnyEngine, Level, choose, outcome
from engines.core.engine import GameState
from engines.core.rng import Rng
from tools.bench._computers import MAX_ACTIONS, Z95, _seed, percentile, table_size

BUDGET: Final[float] = Settings.model_fields["computer_budget"].default  # the bot's: seconds per decision
DEALS: Final = 20  # deals per game and pair of `python -m tools.bench._strength` (the bench: `--strength-games`)
PLAYOUTS: Final = 30  # playouts per decision of `python -m tools.bench._strength` without a budget
WORKERS: Final = 2
QUICK_DEALS: Final = 1
QUICK_PLAYOUTS: Final = 2
CHANCE: Final = 0.5
TARGET: Final = 0.6  # the issue's: a level scores at least this against the one below it
MIN_DEALS: Final = 5  # fewer deals give no verdict: their interval is too rough (a few equal scores make it a point)
# Student's t, 97.5 % quantile, for 1-30 degrees of freedom; beyond, the Cornish-Fisher expansion (`t975`).
_T975: Final = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281, 2.2010, 2.1788,
                2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687, 2.0639,
                2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423)  # fmt: skip

Job = tuple[str, Level, Level, int]  # (game, weaker, stronger, deal)
Chooser = Callable[[AnyEngine, GameState, int, Level, int], Any]  # (engine, state, seat, level, seed) -> action


def level_pairs(levels: Sequence[Level] = LEVELS) -> list[tuple[Level, Level]]:
    """(weaker, stronger) for each level and the one below it, in the order of `levels`."""
    return list(itertools.pairwise(levels))


def seatings(weaker: Level, stronger: Level, players: int) -> list[tuple[Level, ...]]:
    """The rotations of a deal: the level of each seat, the stronger one at seat 0, then 1, ..."""
    return [tuple(stronger if seat == strong else weaker for seat in range(players)) for strong in range(players)]


def deal_seed(seed: int, game: str, weaker: Level, stronger: Level, deal: int) -> int:
    """The seed of one deal (the same for each of its rotations)."""
    return _seed(seed, game, "duplicate", weaker, stronger, deal)


def t975(df: int) -> float:
    """Student's t 97.5 % quantile (a two-sided 95 % interval) for `df` degrees of freedom."""
    if df < 1:
        raise ValueError("a t interval needs a degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * df**4)
    )


def deal_interval(scores: Sequence[float]) -> tuple[float, float, float]:
    """Mean of the per-deal scores and its 95 % t interval (clipped to [0, 1]); one deal: [0, 1]."""
    if not scores:
        raise ValueError("no deal was played")
    mean = statistics.fmean(scores)
    if len(scores) < 2:
        return mean, 0.0, 1.0
    half = t975(len(scores) - 1) * statistics.stdev(scores) / math.sqrt(len(scores))
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def verdict(score: float, low: float, high: float, deals: int = MIN_DEALS) -> str:
    """The row's word against the target (see the module's docstring)."""
    if deals < MIN_DEALS:
        return "too few deals"
    if low <= CHANCE <= high:
        return "cannot separate"
    if high < CHANCE:
        return "weaker"
    return "separates" if score >= TARGET else "better, under target"


def thinks(level: Level) -> bool:
    """Whether the bot runs this level in its workers (with the budget), not at once in its own process."""
    user_id = bot_computers.COMPUTER_IDS.get(level)
    return user_id is None or user_id in bot_computers.THINKING_IDS


def as_the_bot(engine: AnyEngine, state: GameState, seat: int, level: Level, seed: int) -> Any:
    """A level that does not think, decided as `ComputerPlayers.choose` decides it (in process, no budget)."""
    return engine.parse_action(bot_computers.decide(engine.name, engine.dump_state(state), seat, level, seed, 0.0, 1))


@dataclass(frozen=True)
class Playouts:
    """The fixed budget: `playouts` per decision of a thinking level, in this process."""

    playouts: int

    def __call__(self, engine: AnyEngine, state: GameState, seat: int, level: Level, seed: int) -> Any:
        if not thinks(level):
            return as_the_bot(engine, state, seat, level, seed)
        return choose(engine, state, seat, level, seed, playouts=self.playouts)


@dataclass(frozen=True)
class Pooled:
    """The time budget: every decision asked of the bot's `ComputerPlayers`, on `loop` (from a thread)."""

    players: bot_computers.ComputerPlayers
    loop: asyncio.AbstractEventLoop

    def __call__(self, engine: AnyEngine, state: GameState, seat: int, level: Level, seed: int) -> Any:
        return asyncio.run_coroutine_threadsafe(self.players.choose(engine, state, seat, level), self.loop).result()


@dataclass
class Deal:
    """What one deal gave: the stronger seat's outcome in each rotation, and each level's time per real choice."""

    index: int
    outcomes: list[float] = field(default_factory=list)
    choice_ms: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0  # its games' time, end to end

    @property
    def score(self) -> float:
        return statistics.fmean(self.outcomes)


def play(engine: AnyEngine, levels: Sequence[Level], seed: int, chooser: Chooser, deal: Deal) -> GameState:
    """One game from `seed` with `levels[seat]` at each seat; the finished state. Times each real choice in `deal`."""
    rng = Rng.from_seed(seed)
    state: GameState = engine.new(len(levels), engine.parse_options({}), rng.next_u64())
    for _ in range(MAX_ACTIONS):
        due = engine.to_act(state)
        if not due:
            return state
        seat = due[rng.below(len(due))] if len(due) > 1 else due[0]
        draw = rng.next_u64()  # drawn for every action: the draws do not depend on who sits where
        choice = len(engine.legal_actions(state, seat)) > 1
        started = time.perf_counter()
        action = chooser(engine, state, seat, levels[seat], draw)
        if choice:
            deal.choice_ms.setdefault(levels[seat], []).append((time.perf_counter() - started) * 1000)
        state = engine.apply(state, seat, action)
    raise RuntimeError(f"{engine.name}: a game ran past {MAX_ACTIONS} actions")


def duplicate_deal(engine: AnyEngine, weaker: Level, stronger: Level, index: int, seed: int, chooser: Chooser) -> Deal:
    """Deal `index` played once per rotation (`seatings`), each from the same seed."""
    deal = Deal(index)
    started = time.perf_counter()
    same = deal_seed(seed, engine.name, weaker, stronger, index)
    for strong, levels in enumerate(seatings(weaker, stronger, table_size(engine))):
        deal.outcomes.append(outcome(engine, play(engine, levels, same, chooser, deal), strong))
    deal.seconds = time.perf_counter() - started
    return deal


def _task(game: str, weaker: Level, stronger: Level, index: int, seed: int, playouts: int) -> Deal:
    """One deal in a worker process of the fixed budget."""
    return duplicate_deal(registry.get(game), weaker, stronger, index, seed, Playouts(playouts))


def jobs(deals: int, only: Iterable[str] | None = None, stronger: Level | None = None) -> list[Job]:
    """Every (game, weaker, stronger, deal) to play: every registered game (or those in `only`) and pair (or only
    the pair whose stronger level is `stronger`), deal 0 of each first, then deal 1, ... (so parallel processes end
    together)."""
    names = [name for name in registry.names() if only is None or name in set(only)]
    pairs = [(weak, strong) for weak, strong in level_pairs() if stronger is None or strong == stronger]
    return [(name, weak, strong, deal) for deal in range(deals) for name in names for weak, strong in pairs]


def row(engine: AnyEngine, weaker: Level, stronger: Level, deals: Sequence[Deal]) -> dict[str, Any]:
    """One game and pair's figures from its deals."""
    ordered = sorted(deals, key=lambda deal: deal.index)
    per_deal = [deal.score for deal in ordered]
    score, low, high = deal_interval(per_deal)
    timed: dict[str, list[float]] = {level: [] for level in (weaker, stronger)}
    for deal in ordered:
        for level, ms in deal.choice_ms.items():
            timed[level].extend(ms)
    return {
        "game": engine.name,
        "players": table_size(engine),
        "weaker": weaker,
        "stronger": stronger,
        "deals": len(ordered),
        "games": sum(len(deal.outcomes) for deal in ordered),
        "score": score,
        "ci_low": low,
        "ci_high": high,
        "verdict": verdict(score, low, high, len(ordered)),
        "deal_scores": per_deal,
        "outcomes": [deal.outcomes for deal in ordered],  # per deal, per rotation (stronger seat 0, 1, ...)
        "choices": {
            level: {"choices": len(ms), "p50_ms": percentile(ms, 50), "p99_ms": percentile(ms, 99)}
            for level, ms in timed.items()
        },
        "seconds": sum(deal.seconds for deal in ordered),  # the deals' own time (in parallel, more than the run's)
    }


class Schedule:
    """The deals to play, in the order a time limit treats fairly: next, the game and pair that has taken the least
    time so far (its finished deals' time, and for each of its deals still being played their mean), so deal 0 of
    every game and pair comes first, and under a `limit` (seconds; None: no limit) a cheap game plays more deals
    than a costly one, each up to `deals`. No deal starts after the limit, nor one its game and pair's mean deal
    would end past it."""

    def __init__(
        self, deals: int, only: Iterable[str] | None = None, limit: float | None = None, stronger: Level | None = None
    ) -> None:
        self.groups = list(dict.fromkeys(job[:3] for job in jobs(1, only, stronger)))
        self.deals = deals
        self.ends = None if limit is None else time.perf_counter() + limit
        self.started = dict.fromkeys(self.groups, 0)
        self.finished = dict.fromkeys(self.groups, 0)
        self.spent = dict.fromkeys(self.groups, 0.0)

    def _load(self, group: tuple[str, Level, Level]) -> float:
        running = self.started[group] - self.finished[group]
        mean = self.spent[group] / self.finished[group] if self.finished[group] else 0.0
        return self.spent[group] + running * mean

    def _fits(self, group: tuple[str, Level, Level], now: float) -> bool:
        """Whether a deal of `group` would likely end by the limit: its mean deal so far (the first always starts,
        before the limit)."""
        if self.ends is None:
            return True
        mean = self.spent[group] / self.finished[group] if self.finished[group] else 0.0
        return now + mean < self.ends

    def __iter__(self) -> Schedule:
        return self

    def __next__(self) -> Job:
        now = time.perf_counter()
        left = [group for group in self.groups if self.started[group] < self.deals and self._fits(group, now)]
        if not left:
            raise StopIteration
        group = min(left, key=lambda group: (self._load(group), self.started[group]))  # ties: in registry order
        self.started[group] += 1
        return (*group, self.started[group] - 1)

    def done(self, job: Job, deal: Deal) -> None:
        """A deal of `job` finished: its time counts for its game and pair."""
        self.finished[job[:3]] += 1
        self.spent[job[:3]] += deal.seconds

    @property
    def skipped(self) -> int:
        """Deals not started (the time limit came first)."""
        return sum(self.deals - started for started in self.started.values())


async def _with_playouts(
    todo: Schedule, seed: int, playouts: int, workers: int, report: Callable[[Job, Deal], None]
) -> list[tuple[Job, Deal]]:
    """Every job at the fixed budget: in `workers` processes, a deal per task (0: one after another here)."""
    done: list[tuple[Job, Deal]] = []
    if workers <= 0:
        for job in todo:
            done.append((job, _task(*job, seed, playouts)))
            report(*done[-1])
        return done
    loop = asyncio.get_running_loop()
    # A copy of this process when it runs no other thread (nothing to import again: about a second a process), else
    # a fresh interpreter (a fork would copy a lock another thread holds).
    context = get_context("fork" if threading.active_count() == 1 else "spawn")
    with ProcessPoolExecutor(workers, mp_context=context, initializer=bot_games.install) as pool:
        running: dict[asyncio.Future[Deal], Job] = {}

        def submit() -> None:  # one more job in flight, if any is left (and there is time)
            job = next(todo, None)
            if job is not None:
                running[loop.run_in_executor(pool, _task, *job, seed, playouts)] = job

        for _ in range(workers):
            submit()
        while running:
            finished, _ = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
            for future in finished:
                done.append((running.pop(future), future.result()))
                report(*done[-1])
                submit()
    return done


async def _through_pool(
    todo: Schedule, seed: int, budget: float, workers: int, report: Callable[[Job, Deal], None]
) -> tuple[list[tuple[Job, Deal]], int]:
    """Every job at the time budget, each decision asked of the bot's `ComputerPlayers`; `workers` deals at once."""
    players = bot_computers.ComputerPlayers(workers=workers, budget=budget)
    done: list[tuple[Job, Deal]] = []
    try:
        await players.ready()
        chooser = Pooled(players, asyncio.get_running_loop())

        async def play_on() -> None:
            for job in todo:
                name, weak, strong, index = job
                deal = await asyncio.to_thread(duplicate_deal, registry.get(name), weak, strong, index, seed, chooser)
                done.append((job, deal))
                report(job, deal)

        await asyncio.gather(*(play_on() for _ in range(max(1, workers))))
    finally:
        players.close()
    return done, players.failures


async def strength_bench(
    deals: int = DEALS,
    *,
    playouts: int | None = None,
    budget: float = BUDGET,
    workers: int = WORKERS,
    seed: int = 1,
    only: list[str] | None = None,
    report: Callable[[str], None] | None = None,
    time_limit: float | None = None,
    stronger: Level | None = None,
) -> dict[str, Any]:
    """Every registered game (or those in `only`), every pair of neighbouring levels, on `deals` duplicate deals:
    at `playouts` per decision in `workers` processes, or (None) through the bot's workers at `budget` seconds.

    With a `time_limit` (seconds), no deal starts after it (`Schedule`: each game and pair gets about the same time,
    deal 0 of each first): the rows hold the deals played, and a pair none of whose deals was played has no row.
    `stronger`: only the pair whose stronger level it is (say "hard": hard against normal)."""
    if deals < 1 or (playouts is not None and playouts < 1) or budget <= 0:
        raise ValueError("the strength bench needs a deal and a budget")
    bot_games.install()
    todo = Schedule(deals, only, time_limit, stronger)

    def say(job: Job, deal: Deal) -> None:
        todo.done(job, deal)
        if report is not None:
            report(f"{job[0]} {job[2]} vs {job[1]}: deal {job[3]} scored {deal.score:.2f} in {deal.seconds:.1f} s")

    started = time.perf_counter()
    failures = 0
    if playouts is not None:
        done = await _with_playouts(todo, seed, playouts, workers, say)
    else:
        done, failures = await _through_pool(todo, seed, budget, workers, say)
    grouped: dict[tuple[str, Level, Level], list[Deal]] = {group: [] for group in todo.groups}
    for job, deal in done:
        grouped[job[:3]].append(deal)
    rows = [row(registry.get(name), weak, strong, deals) for (name, weak, strong), deals in grouped.items() if deals]
    return {
        "settings": {
            "deals": deals,
            "playouts": playouts,
            "budget_ms": None if playouts is not None else budget * 1000,
            "mode": "playouts" if playouts is not None else "pool",
            "workers": workers,
            "seed": seed,
            "time_limit_s": time_limit,
        },
        "deals_skipped": todo.skipped,  # not started within the time limit
        "levels": list(LEVELS),
        "chance": CHANCE,
        "target": TARGET,
        "rows": rows,
        "failures": failures,
        "seconds": time.perf_counter() - started,
    }


def budget_text(settings: dict[str, Any]) -> str:
    """Which budget the figures used, in words."""
    if settings["mode"] == "playouts":
        return (
            f"{settings['playouts']} playouts per decision of a thinking level, in {settings['workers']}"
            f" process{'' if settings['workers'] == 1 else 'es'} (no clock)"
        )
    return f"{settings['budget_ms']:.0f} ms per decision through the bot's workers ({settings['workers']})"


def strength_text(result: dict[str, Any], number: str = "6c") -> str:
    """The section of the readable report, ending with the docs' table."""
    s = result["settings"]
    lines = [
        f"{number}. Computer players' strength on duplicate deals: each level against the one below"
        f" ({' < '.join(result['levels'])}), every deal played once per rotation (one seat of the stronger level,"
        f" the others of the weaker, through every seat); {s['deals']} deal(s) per game and pair, seed {s['seed']},"
        f" {budget_text(s)}: {result['seconds']:.0f} s, {result['failures']} failed decisions; score = the stronger"
        f" seat's share of the others placed ahead (tie half), chance {result['chance']:g}, target"
        f" >= {result['target']:g}; 95 % t interval over the per-deal scores",
    ]
    if result["deals_skipped"]:
        lines.append(f"  {result['deals_skipped']} deal(s) not started within the {s['time_limit_s']:g} s limit")
    for r in result["rows"]:
        timed = ", ".join(
            f"{level} p50 {c['p50_ms']:.0f} / p99 {c['p99_ms']:.0f} ms ({c['choices']})"
            for level, c in r["choices"].items()
        )
        lines.append(
            f"  {r['game']:<13} {r['stronger']} vs {r['weaker']}: {r['deals']} deals ({r['games']} games), score"
            f" {r['score']:.3f} [{r['ci_low']:.3f}, {r['ci_high']:.3f}]: {r['verdict']}; choices {timed};"
            f" {r['seconds']:.0f} s"
        )
    lines += ["", docs_table(result)]
    return "\n".join(lines)


def docs_table(result: dict[str, Any]) -> str:
    """The strength table of docs/benchmarks.md: one row per game and pair."""
    rows = [
        "| game | players | stronger vs weaker | deals (games) | score | 95 % interval | verdict |",
        "|---|---|---|---|---|---|---|",
    ]
    rows += [
        f"| {t('en', r['game'] + '.name')} | {r['players']} | {r['stronger']} vs {r['weaker']} | {r['deals']}"
        f" ({r['games']}) | {r['score']:.3f} | [{r['ci_low']:.3f}, {r['ci_high']:.3f}] | {r['verdict']} |"
        for r in result["rows"]
    ]
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench._strength", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help=f"{QUICK_DEALS} deal at {QUICK_PLAYOUTS} playouts per decision"
    )
    parser.add_argument("--deals", type=int, help=f"deals per game and pair (default {DEALS})")
    budgets = parser.add_mutually_exclusive_group()
    budgets.add_argument("--playouts", type=int, help=f"playouts per decision (default {PLAYOUTS})")
    budgets.add_argument(
        "--budget", type=float, help=f"seconds per decision through the bot's workers (e.g. {BUDGET:g})"
    )
    parser.add_argument("--workers", type=int, default=WORKERS, help=f"processes or workers (default {WORKERS})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--only", action="append", help="only this game (repeatable)")
    parser.add_argument("--time-limit", type=float, help="seconds after which no deal starts (default: none)")
    parser.add_argument("--stronger", choices=LEVELS[1:], help="only the pair of this stronger level (default: all)")
    args: Any = parser.parse_args(argv)
    deals = args.deals or (QUICK_DEALS if args.quick else DEALS)
    playouts = None if args.budget else args.playouts or (QUICK_PLAYOUTS if args.quick else PLAYOUTS)
    result = asyncio.run(
        strength_bench(
            deals,
            playouts=playouts,
            budget=args.budget or BUDGET,
            workers=args.workers,
            seed=args.seed,
            only=args.only,
            report=lambda line: print(line, file=sys.stderr, flush=True),
            time_limit=args.time_limit,
            stronger=args.stronger,
        )
    )
    print(strength_text(result))
    return 0


if __name__ == "__main__":
    from tools.bench import _strength  # the module's own name, which the worker processes import (not `__main__`)

    raise SystemExit(_strength.main())
