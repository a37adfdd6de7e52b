"""The thinking computer players' decisions through the bot's own process pool, timed as a table waits for them.

`pool_bench` starts `bot.computers.ComputerPlayers` as the bot does (one worker, the production budget), warms it
(`warm`, then `ready`: the worker has loaded the engines and answered; the time it took is reported), then asks it
for decisions at mid-game states of every registered game, each state of every level the bot runs in its workers
(`thinking_levels`: normal, hard), one after the other: each is timed from the call of
`choose` to the action received, so the hand-over of the state to the worker, a wait for the worker and the way back
are all counted. The first decision is asked at once after the warm-up and counted with the others; each decision's
own account (`ComputerPlayers.last`) splits its time into the wait before the worker read it, the thinking, and the
way back. Apart, a second pool is asked a decision at once after `warm` without waiting for `ready`, the worst a
start can do: that decision waits for the worker's start out of its own budget, at most half of it
(`bot.computers.START_SHARE`), then the pool's stand-in (easy, in the bot's process) decides. The states come from
easy-only games at fixed seeds; the decisions, the machine's clock being what it is, differ from run to run.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot import games as bot_games
from bot.computers import COMPUTER_IDS, STAND_IN, START_SHARE, THINKING_IDS, ComputerPlayers, Decision
from engines import registry
from engines.core.computer import LEVELS, AnyEngine, Level, choose
from engines.core.engine import GameState
from engines.core.rng import Rng
from tools.bench._computers import _play, _seed, percentile, table_size

BUDGET = 1.0  # the bot's default computer budget (settings.computer_budget), in seconds
PER_GAME = 4  # decisions asked per game


def decisions(engine: AnyEngine, count: int, seed: int) -> list[tuple[GameState, int]]:
    """`count` (state, seat) pairs where the seat has a real choice (two legal actions or more), spread over one
    easy-only game at the game's smallest table (more games when one has too few)."""
    found: list[tuple[GameState, int]] = []
    for index in range(count * 10):
        choices: list[tuple[GameState, int]] = []

        def easy(state: GameState, seat: int, draw: int, choices: list[tuple[GameState, int]] = choices) -> Any:
            if len(engine.legal_actions(state, seat)) > 1:
                choices.append((state, seat))
            return choose(engine, state, seat, "easy", draw)

        _play(engine, table_size(engine), Rng.from_seed(_seed(seed, engine.name, "pool", index)), easy)
        step = max(1, len(choices) // count)
        found += choices[step // 2 :: step][: count - len(found)]
        if len(found) >= count:
            break
    return found


def thinking_levels() -> list[Level]:
    """The levels the bot asks its workers for (not those it decides at once in its own process)."""
    return [level for level in LEVELS if COMPUTER_IDS.get(level) in THINKING_IDS]


def _parts(decision: Decision | None) -> dict[str, float]:
    """Where one decision's time went (ms): the wait before its worker read it, the thinking, the way back."""
    if decision is None:
        raise RuntimeError("a decision was not taken in a worker")
    return {
        "wait_ms": (decision.received - decision.asked) * 1000,
        "think_ms": (decision.finished - decision.received) * 1000,
        "back_ms": (decision.answered - decision.finished) * 1000,
    }


async def _timed(
    players: ComputerPlayers,
    engine: AnyEngine,
    state: GameState,
    seat: int,
    level: Level = "normal",
    *,
    stand_in: bool = False,
) -> dict[str, Any]:
    """One decision through the pool, checked legal and taken in a worker (or, when `stand_in` allows, by the pool's
    stand-in while no worker is ready): its time (ms) and where it went."""
    failures, stand_ins = players.failures, players.stand_ins
    started = time.perf_counter()
    action = await players.choose(engine, state, seat, level)
    ms = (time.perf_counter() - started) * 1000
    if engine.refusal(state, seat, action) is not None:
        raise RuntimeError(f"{engine.name}: the pool's decision {action!r} is not legal")
    if players.failures != failures:
        raise RuntimeError(f"{engine.name}: a decision failed in the pool (its default was played)")
    timed = {"game": engine.name, "level": level, "ms": ms, "stand_in": players.stand_ins != stand_ins}
    if timed["stand_in"]:
        if not stand_in:
            raise RuntimeError(f"{engine.name}: no worker was ready for a decision after the warm-up")
        return timed
    return timed | _parts(players.last)


async def cold_start(engine: AnyEngine, state: GameState, seat: int, budget: float) -> dict[str, Any]:
    """A decision asked at once after `warm`, not waiting for `ready`: it waits for the worker to start, at most
    `START_SHARE` of its budget, then the stand-in decides."""
    players = ComputerPlayers(workers=1, budget=budget)
    try:
        players.warm()
        return await _timed(players, engine, state, seat, stand_in=True)
    finally:
        players.close()


async def pool_bench(per_game: int = PER_GAME, budget: float = BUDGET, seed: int = 1) -> dict[str, Any]:
    """Decisions of every thinking level through the pool; the figures (ms), per game, per level and over all."""
    bot_games.install()
    levels = thinking_levels()
    asked = [
        (engine, state, seat) for engine in registry.all_engines() for state, seat in decisions(engine, per_game, seed)
    ]
    players = ComputerPlayers(workers=1, budget=budget)
    timed: list[dict[str, Any]] = []
    try:
        started = time.perf_counter()
        players.warm()
        await players.ready()
        warm_up_ms = (time.perf_counter() - started) * 1000
        for engine, state, seat in asked:
            for level in levels:
                timed.append(await _timed(players, engine, state, seat, level))
    finally:
        players.close()
    cold = await cold_start(*asked[0], budget)
    every = [row["ms"] for row in timed]
    limit = budget * 1000
    rows = []
    for name in dict.fromkeys(row["game"] for row in timed):
        mine = [row["ms"] for row in timed if row["game"] == name]
        rows.append({"game": name, "decisions": len(mine), "p50_ms": percentile(mine, 50), "max_ms": max(mine)})
    per_level = {}
    for level in levels:
        mine = [row["ms"] for row in timed if row["level"] == level]
        per_level[level] = {
            "decisions": len(mine),
            "p50_ms": percentile(mine, 50),
            "p99_ms": percentile(mine, 99),
            "max_ms": max(mine),
            "over_budget": sum(ms > limit for ms in mine),
        }
    return {
        "budget_ms": limit,
        "warm_up_ms": warm_up_ms,
        "decisions": len(every),
        "first_ms": every[0],
        "first": timed[0],
        "p50_ms": percentile(every, 50),
        "p99_ms": percentile(every, 99),
        "p99_after_first_ms": percentile(every[1:], 99),
        "max_ms": max(every),
        "over_budget": sum(ms > limit for ms in every),
        "p99_within_budget": percentile(every, 99) <= limit,
        "first_within_budget": every[0] <= limit,
        "p99_wait_ms": percentile([row["wait_ms"] for row in timed], 99),
        "p99_back_ms": percentile([row["back_ms"] for row in timed], 99),
        "cold": cold,
        "games": rows,
        "levels": per_level,
    }


def pool_text(result: dict[str, Any], number: str = "6b") -> str:
    """The section of the readable report."""
    first, cold = result["first"], result["cold"]
    lines = [
        f"{number}. Computer decisions through the bot's pool ({', '.join(result['levels'])} at each state; one"
        f" worker, budget {result['budget_ms']:.0f} ms, from"
        f" the call to the action received): warm-up (the worker started and ready) {result['warm_up_ms']:.0f} ms;"
        f" {result['decisions']} decisions, first {result['first_ms']:.0f} ms (waited {first['wait_ms']:.1f} ms,"
        f" thought {first['think_ms']:.0f} ms, back {first['back_ms']:.1f} ms), p50 {result['p50_ms']:.0f} ms,"
        f" p99 {result['p99_ms']:.0f} ms (after the first {result['p99_after_first_ms']:.0f} ms),"
        f" max {result['max_ms']:.0f} ms, {result['over_budget']} over the budget (p99 wait"
        f" {result['p99_wait_ms']:.1f} ms, way back {result['p99_back_ms']:.1f} ms); the first within the budget:"
        f" {_met(result['first_within_budget'])}; p99 within the budget: {_met(result['p99_within_budget'])}",
        f"  a decision asked at once after warm(), not waiting for the worker: {cold['ms']:.0f} ms"
        + (
            f" (no worker ready after {START_SHARE:.0%} of its budget: the {STAND_IN} player decided in the bot)"
            if cold["stand_in"]
            else f" (waited {cold['wait_ms']:.0f} ms for the worker to start, thought {cold['think_ms']:.0f} ms)"
        ),
    ]
    lines += [
        f"  {level:<13} {row['decisions']} decisions: p50 {row['p50_ms']:.0f} ms, p99 {row['p99_ms']:.0f} ms,"
        f" max {row['max_ms']:.0f} ms, {row['over_budget']} over the budget"
        for level, row in result["levels"].items()
    ]
    lines += [
        f"  {row['game']:<13} {row['decisions']} decisions: p50 {row['p50_ms']:.0f} ms, max {row['max_ms']:.0f} ms"
        for row in result["games"]
    ]
    return "\n".join(lines)


def _met(flag: bool) -> str:
    return "met" if flag else "NOT met"


def main() -> int:
    """`python -m tools.bench._pool`: the section alone, at the production budget."""
    print(pool_text(asyncio.run(pool_bench())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
