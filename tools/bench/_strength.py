"""The computers' strength as the bot plays them: the normal seat's decisions through the bot's own workers and budget.

    python -m tools.bench._strength [--quick] [--games N] [--budget S] [--workers W] [--seed S] [--only GAME]

For every registered game, `strength_bench` plays `games` games at the game's smallest table, one seat *normal* and
the others *easy*, the normal seat rotating through the seats (game i: seat i mod players), as section 6 does; but
every decision of the normal seat is asked of `bot.computers.ComputerPlayers`, the class the bot uses, with the
production budget (`bot.settings.Settings`' default `computer_budget`) counted from the ask, so the player thinks in
a worker process for what a live move gives it. The easy seats choose in this process (at once, as in the bot).
`workers` workers decide for as many games played at the same time.

The deals and the easy seats' choices come from fixed seeds; the normal seat's choices depend on how many playouts
its time buys, so two runs differ a little. Scores are section 6's: the normal seat's share of two-player-equivalent
comparisons (ahead 1, tie 0.5), chance 0.5; the 95 % interval is Wilson's for two-player games and the normal
approximation over the per-game scores otherwise. A game's run takes about its normal seat's decisions with a real
choice times the budget, divided by `workers`: the report gives the seconds per game played, to size a run.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from bot import games as bot_games
from bot.computers import ComputerPlayers
from bot.settings import Settings
from engines import registry
from engines.core.computer import AnyEngine, choose, outcome
from engines.core.engine import GameState
from engines.core.rng import Rng
from tools.bench._computers import (
    AIM,
    CHANCE,
    MAX_ACTIONS,
    _seed,
    comparisons,
    percentile,
    score_interval,
    table_size,
)

BUDGET: float = Settings.model_fields["computer_budget"].default  # the bot's: seconds per decision
GAMES = 100  # games per game of the registry
WORKERS = 2
QUICK_GAMES = 1
QUICK_BUDGET = 0.02


@dataclass
class _Tally:
    """What one game's run collects."""

    scores: list[float] = field(default_factory=list)
    won: int = 0
    tied: int = 0
    lost: int = 0
    choice_ms: list[float] = field(default_factory=list)  # the normal seat's decisions with a real choice
    decisions: int = 0


async def _game(players: ComputerPlayers, engine: AnyEngine, index: int, seed: int, tally: _Tally) -> None:
    """One game: the normal seat (index mod players) asks `players`, the others choose easy here."""
    count = table_size(engine)
    normal = index % count
    rng = Rng.from_seed(_seed(seed, engine.name, "strength", index))
    state: GameState = engine.new(count, engine.parse_options({}), rng.next_u64())
    for _ in range(MAX_ACTIONS):
        due = engine.to_act(state)
        if not due:
            break
        seat = due[rng.below(len(due))] if len(due) > 1 else due[0]
        draw = rng.next_u64()  # drawn for every action, so the easy seats' draws do not depend on the normal's
        if seat == normal:
            choice = len(engine.legal_actions(state, seat)) > 1
            started = time.perf_counter()
            action = await players.choose(engine, state, seat, "normal")
            if choice:
                tally.choice_ms.append((time.perf_counter() - started) * 1000)
            tally.decisions += 1
        else:
            action = choose(engine, state, seat, "easy", draw)
        state = engine.apply(state, seat, action)
    else:
        raise RuntimeError(f"{engine.name}: a game ran past {MAX_ACTIONS} actions")
    result = engine.result(state)
    assert result is not None
    won, tied, lost = comparisons(result.places, normal)
    tally.won, tally.tied, tally.lost = tally.won + won, tally.tied + tied, tally.lost + lost
    tally.scores.append(outcome(engine, state, normal))


async def strength_game(players: ComputerPlayers, engine: AnyEngine, games: int, seed: int) -> dict[str, Any]:
    """`games` games of one normal seat (through `players`) against easy seats, `players.workers` at a time."""
    tally = _Tally()
    failures = players.failures
    started = time.perf_counter()
    queue = iter(range(games))

    async def play() -> None:
        for index in queue:
            await _game(players, engine, index, seed, tally)

    await asyncio.gather(*(play() for _ in range(max(1, players.workers))))
    seconds = time.perf_counter() - started
    count = table_size(engine)
    interval = score_interval(tally.scores, count)
    limit = players.budget * 1000
    return {
        "game": engine.name,
        "players": count,
        "games": games,
        "budget_ms": limit,
        **interval,
        "better_than_chance": interval["ci_low"] > CHANCE,
        "aim_met": interval["score"] >= AIM,
        "comparisons": {"won": tally.won, "tied": tally.tied, "lost": tally.lost},
        "scores": tally.scores,  # per game, in the order the games ended
        "decisions": tally.decisions,
        "choices": len(tally.choice_ms),
        "p50_choice_ms": percentile(tally.choice_ms, 50),
        "p99_choice_ms": percentile(tally.choice_ms, 99),
        "over_budget": sum(ms > limit for ms in tally.choice_ms),
        "failures": players.failures - failures,
        "seconds": seconds,
        "seconds_per_game": seconds / games,
    }


async def strength_bench(
    games: int = GAMES, budget: float = BUDGET, workers: int = WORKERS, seed: int = 1, only: list[str] | None = None
) -> dict[str, Any]:
    """Every registered game (or those named in `only`): normal through the bot's workers against easy."""
    if games < 1 or workers < 1 or budget <= 0:
        raise ValueError("the strength bench needs a game, a worker and a budget")
    bot_games.install()
    players = ComputerPlayers(workers=workers, budget=budget)
    started = time.perf_counter()
    try:
        await players.ready()
        rows = [
            await strength_game(players, engine, games, seed)
            for engine in registry.all_engines()
            if only is None or engine.name in only
        ]
    finally:
        players.close()
    return {
        "settings": {"games": games, "budget_ms": budget * 1000, "workers": workers, "seed": seed},
        "chance": CHANCE,
        "aim": AIM,
        "games": rows,
        "all_better_than_chance": all(row["better_than_chance"] for row in rows),
        "failures": sum(row["failures"] for row in rows),
        "seconds": time.perf_counter() - started,
    }


def strength_text(result: dict[str, Any], number: str = "6c") -> str:
    """The section of the readable report, ending with the docs' table (one row per game)."""
    s = result["settings"]
    lines = [
        f"{number}. Computer players' strength as the bot plays them: the normal seat's decisions through the bot's"
        f" workers ({s['workers']}, as many games at once) at {s['budget_ms']:.0f} ms each, against easy seats;"
        f" {s['games']} game(s) per game, seed {s['seed']}: {result['seconds']:.0f} s, {result['failures']} failed"
        " decisions; score = share of two-player-equivalent comparisons (chance"
        f" {result['chance']:g}, aim >= {result['aim']:g}), 95 % CI Wilson (2 players) or normal",
    ]
    for row in result["games"]:
        c = row["comparisons"]
        lines.append(
            f"  {row['game']:<13} {row['players']} players, {row['games']} game(s): score {row['score']:.3f}"
            f" [{row['ci_low']:.3f}, {row['ci_high']:.3f}] {row['ci_method']},"
            f" {'above' if row['better_than_chance'] else 'NOT above'} chance (won {c['won']}, tied {c['tied']},"
            f" lost {c['lost']}); {row['choices']} choices of {row['decisions']} decisions, p50"
            f" {row['p50_choice_ms']:.0f} ms, p99 {row['p99_choice_ms']:.0f} ms, {row['over_budget']} over the"
            f" budget; {row['seconds_per_game']:.1f} s per game"
        )
    lines += ["", docs_table(result)]
    return "\n".join(lines)


def docs_table(result: dict[str, Any]) -> str:
    """The strength table of docs/benchmarks.md: one row per game."""
    rows = ["| game | normal's score [95 % CI] | players | games | budget |", "|---|---|---|---|---|"]
    rows += [
        f"| {row['game']} | {row['score']:.3f} [{row['ci_low']:.3f}, {row['ci_high']:.3f}] | {row['players']}"
        f" | {row['games']} | {row['budget_ms']:.0f} ms |"
        for row in result["games"]
    ]
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench._strength", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_GAMES} game, {QUICK_BUDGET * 1000:.0f} ms")
    parser.add_argument("--games", type=int, help=f"games per game (default {GAMES})")
    parser.add_argument("--budget", type=float, help=f"seconds per decision (default the bot's, {BUDGET:g})")
    parser.add_argument("--workers", type=int, default=WORKERS, help=f"workers (default {WORKERS})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games (default 1)")
    parser.add_argument("--only", action="append", help="only this game (repeatable)")
    args: Any = parser.parse_args(argv)
    games = args.games or (QUICK_GAMES if args.quick else GAMES)
    budget = args.budget or (QUICK_BUDGET if args.quick else BUDGET)
    print(strength_text(asyncio.run(strength_bench(games, budget, args.workers, args.seed, args.only))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
