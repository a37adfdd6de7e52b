"""`cardroom bench`: measure the move path, latency under load, memory per game and the computer players.
Measures; never judges.

    python -m bot bench [--quick] [--only SECTION ...] [--moves N] [--games N] [--rate R] [--duration S]
                        [--answers N] [--deadlines N] [--burst N] [--computer-games N] [--playouts N]
                        [--long-playouts N] [--strength-games N] [--strength-playouts N]
                        [--strength-time-limit S] [--game-moves N] [--database BACKEND ...] [--scale-tables N]
                        [--scale-cache N] [--restart-tables N] [--out FILE] [--dir DIR]

Sections (`--only`, default all): `core` (1-4: the Pairs move path through the bot itself, next to its one-trip
floor; latency under load, with the cache empty and full; memory; deadlines), `poker`,
`computers` (the normal player's strength against easy, its decisions timed through the bot's own
workers, and each level against the one below on duplicate deals, `--strength-games N` deals per game and pair,
at `--strength-playouts P` per decision or through the bot's workers at its budget), `games` (the move path of
every game next to its one-trip floor, on each `--database` back end),
`scale` (memory with many open tables and the bounded cache), `restart` (the first live click after a restart
with many open clocked tables, from opening the database). Only when named: `process` (clicks answered through
the real bot process and the loopback Discord, whole Pairs games at several tables).

The bench is a tool above the cogs floor: its move path is the bot itself, run in this process (`_bot`), its
clicks decoded by discord.py and answered by the production handlers;
`cardroom bench` finds it through the `cardroom.tools` entry point.

Prints a readable report and writes the figures as JSON (default
`bench-results/bench.json`). Everything runs in one process on databases in
a temporary directory (or under `--dir`), deleted afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shlex
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot import games as bot_games
from bot import heap
from bot.services.tables import CACHE_SIZE, Tables
from bot.storage import Database
from cogs.tables._views import hand_message
from tools.bench._computers import (
    GAMES,
    LONG_PLAYOUTS,
    PLAYOUTS,
    QUICK_GAMES,
    QUICK_PLAYOUTS,
    computers_bench,
    computers_text,
)
from tools.bench._poker import poker_bench
from tools.bench._pool import BUDGET as POOL_BUDGET
from tools.bench._pool import PER_GAME as POOL_PER_GAME
from tools.bench._pool import pool_bench, pool_text
from tools.bench._strength import BUDGET as STRENGTH_BUDGET
from tools.bench._strength import QUICK_DEALS as QUICK_STRENGTH_DEALS
from tools.bench._strength import QUICK_PLAYOUTS as QUICK_STRENGTH_PLAYOUTS
from tools.bench._strength import strength_bench, strength_text

from ._answers import hand_answers, live_hands
from ._bare import pragmas_of
from ._deadlines import deadlines_bench
from ._games import floor_beside, games_bench, games_text
from ._gateway import Snowflakes
from ._load import full_cache_load, load
from ._memory import held, stored
from ._metrics_cost import metrics_cost, metrics_cost_text
from ._path import Room, Throughput
from ._process import process_bench, process_counts
from ._report import TARGET_RATIO, figures, machine, process_text, text
from ._restart import QUICK_WINDOW, WINDOW, restart_bench, restart_text
from ._scale import memory_at_scale, scale_text
from ._storage import SqliteTarget, storage_target

DEFAULT_OUT = Path("bench-results/bench.json")
QUICK = {"moves": 150, "games": 20, "rate": 100.0, "duration": 1.0, "answers": 200, "deadlines": 2000, "burst": 100,
         "computer_games": QUICK_GAMES, "playouts": QUICK_PLAYOUTS, "game_moves": 20, "scale_tables": 2000,
         "scale_cache": 200, "restart_tables": 300}  # fmt: skip
FULL = {"moves": 2000, "games": 100, "rate": 200.0, "duration": 10.0, "answers": 3000, "deadlines": 100_000,
        "burst": 1000, "computer_games": GAMES, "playouts": PLAYOUTS, "game_moves": 600, "scale_tables": 100_000,
        "scale_cache": CACHE_SIZE, "restart_tables": 10_000}  # fmt: skip
QUICK_POOL_BUDGET = 0.2  # seconds a quick run gives each computer decision through the pool
SECTIONS = ("core", "poker", "computers", "games", "scale", "restart")
ASKED_ONLY = ("process",)  # sections run only when `--only` names them (`process` starts a bot process)
WARMUP = 60  # moves before measuring: caches, the WAL file (at most the run's)


@dataclass(frozen=True)
class Settings:
    moves: int
    games: int
    rate: float
    duration: float
    out: Path
    directory: Path | None
    seed: int
    quick: bool
    poker_hands: int
    answers: int
    deadlines: int
    burst: int
    computer_games: int  # 0: no computer-player section
    playouts: int
    long_playouts: int | None  # None: the computer bench's default
    game_moves: int = 600
    scale_tables: int = 100_000
    scale_cache: int = CACHE_SIZE
    restart_tables: int = 10_000
    databases: tuple[str, ...] = ("sqlite",)
    only: tuple[str, ...] = SECTIONS
    strength_games: int = 0  # section 6c, the strength on duplicate deals: deals per game and pair (0: skipped)
    strength_playouts: int | None = None  # its playouts per decision (None: the bot's budget through its workers)
    strength_time_limit: float | None = None  # seconds after which none of its deals starts (None: no limit)


def _positive(kind: type[int] | type[float]) -> Any:
    def parse(text: str) -> int | float:
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be positive, not {text}")
        return value

    return parse


def _not_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {text}")
    return value


def poker_text(poker: dict[str, float]) -> str:
    return "\n".join(
        [
            f"5. Poker-hand evaluator on {int(poker['hands']):,} five-card hands (engines.poker against treys)",
            f"  ours     {poker['ours_hands_per_s']:12,.0f} hands/s  ({poker['ours_us_per_hand']:.2f} µs per hand)",
            f"  treys    {poker['treys_hands_per_s']:12,.0f} hands/s  ({poker['treys_us_per_hand']:.2f} µs per hand)",
            f"  ratio    {poker['ratio']:12.2f}   ours / treys (above 1: ours is faster)",
        ]
    )


def parse_args(argv: list[str]) -> Settings:
    parser = argparse.ArgumentParser(prog="cardroom bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts, for the smoke test")
    parser.add_argument("--moves", type=_positive(int), help="moves in the throughput run (default 2000)")
    parser.add_argument("--games", type=_positive(int), help="concurrent games under load (default 100)")
    parser.add_argument("--rate", type=_positive(float), help="moves per second offered under load (default 200)")
    parser.add_argument("--duration", type=_positive(float), help="seconds of offered load (default 10)")
    parser.add_argument("--answers", type=_positive(int), help="'My hand' answers for memory per answer (default 3000)")
    parser.add_argument(
        "--deadlines",
        type=_positive(int),
        help="pending deadlines: clock rows of running games, and as many lobby expiries (default 100000)",
    )
    parser.add_argument(
        "--burst", type=_positive(int), help="deadlines due at once among them: clocks run out (default 1000)"
    )
    parser.add_argument(
        "--computer-games",
        type=_not_negative,
        help=f"games per game of normal against easy computer players (default {GAMES}, long games half,"
        " at least 100; 0 skips the section)",
    )
    parser.add_argument(
        "--strength-games",
        type=_not_negative,
        help="duplicate deals per game and pair of levels of the strength section (6c; default 0: skipped,"
        f" {QUICK_STRENGTH_DEALS} with --quick)",
    )
    parser.add_argument(
        "--strength-playouts",
        type=_positive(int),
        help="playouts per decision of its thinking levels, in 2 processes (default: the bot's budget,"
        f" {STRENGTH_BUDGET:g} s, through its workers; {QUICK_STRENGTH_PLAYOUTS} with --quick)",
    )
    parser.add_argument(
        "--strength-time-limit",
        type=_positive(float),
        help="seconds after which none of its deals starts, each game and pair getting about the same time"
        " (default: none)",
    )
    parser.add_argument(
        "--playouts",
        type=_positive(int),
        help=f"the normal computer player's playouts per decision (default {PLAYOUTS})",
    )
    parser.add_argument(
        "--long-playouts",
        type=_positive(int),
        help=f"its playouts per decision in long games (default {LONG_PLAYOUTS}, at most --playouts)",
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=SECTIONS + ASKED_ONLY,
        help="run only this section (repeat for several; default: all)",
    )
    parser.add_argument(
        "--game-moves", type=_positive(int), help="moves per game in the every-game path section (default 600)"
    )
    parser.add_argument(
        "--scale-tables", type=_positive(int), help="open tables in the memory-at-scale section (default 100000)"
    )
    parser.add_argument(
        "--scale-cache", type=_positive(int), help=f"the table cache's size there (default {CACHE_SIZE})"
    )
    parser.add_argument(
        "--restart-tables", type=_positive(int), help="open tables in the restart section (default 10000)"
    )
    parser.add_argument(
        "--database",
        action="append",
        dest="databases",
        help="storage back end of the every-game path section (repeat for several; default: sqlite)",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"JSON results file (default {DEFAULT_OUT})")
    parser.add_argument("--dir", type=Path, dest="directory", help="where to create the databases (default: tmp)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices (default 1)")
    parser.add_argument(
        "--poker-hands",
        type=_positive(int),
        help="five-card hands for the poker evaluator against treys (default all 2,598,960; 50,000 with --quick)",
    )
    args = parser.parse_args(argv)
    for spec in args.databases or ():
        try:
            storage_target(spec, Path("."))
        except ValueError as unknown:
            parser.error(str(unknown))
    defaults = QUICK if args.quick else FULL
    return Settings(
        moves=args.moves or int(defaults["moves"]),
        games=args.games or int(defaults["games"]),
        rate=args.rate or float(defaults["rate"]),
        duration=args.duration or float(defaults["duration"]),
        out=args.out,
        directory=args.directory,
        seed=args.seed,
        quick=args.quick,
        poker_hands=args.poker_hands or (50_000 if args.quick else 2_598_960),
        answers=args.answers or int(defaults["answers"]),
        deadlines=args.deadlines or int(defaults["deadlines"]),
        burst=min(args.burst or int(defaults["burst"]), args.deadlines or int(defaults["deadlines"])),
        computer_games=int(defaults["computer_games"]) if args.computer_games is None else args.computer_games,
        playouts=args.playouts or int(defaults["playouts"]),
        long_playouts=args.long_playouts,
        strength_games=(QUICK_STRENGTH_DEALS if args.quick else 0)
        if args.strength_games is None
        else args.strength_games,
        strength_playouts=args.strength_playouts or (QUICK_STRENGTH_PLAYOUTS if args.quick else None),
        strength_time_limit=args.strength_time_limit,
        game_moves=args.game_moves or int(defaults["game_moves"]),
        scale_tables=args.scale_tables or int(defaults["scale_tables"]),
        scale_cache=args.scale_cache or int(defaults["scale_cache"]),
        restart_tables=args.restart_tables or int(defaults["restart_tables"]),
        databases=tuple(args.databases or ("sqlite",)),
        only=tuple(dict.fromkeys(args.only)) if args.only else SECTIONS,
    )


def _settings_json(settings: Settings) -> dict[str, Any]:
    return {k: str(v) if isinstance(v, Path) else v for k, v in vars(settings).items()}


async def run(settings: Settings, directory: Path, command: str) -> dict[str, Any]:
    facts = machine(directory)
    path = directory / "cardroom.sqlite3"
    db = await Database.open(path)
    try:
        pragmas = await pragmas_of(db)
        room = Room(Tables(db), random.Random(settings.seed), Snowflakes())
        # As the bot does at the end of its start-up: without it, the cyclic collector's full passes walk the whole
        # start-up heap (130,000 objects, 70-90 ms each here), which the bot never makes it do, and section 2's p99
        # measured those pauses (29-69 ms).
        heap.settle()
        moves = Throughput(room)
        warmup = min(WARMUP, settings.moves)
        await moves.run(warmup, record=False)
        floor = await floor_beside(SqliteTarget(directory), db, "path", moves, settings.moves, warmup)
        loaded = await load(room, settings.games, settings.rate, settings.duration)
        disk = await stored(db, path)
        memory = await held(db)
        game = await room.open_game()
        await room.close()
        seat = game.table.to_act[0]
        answers = await hand_answers(
            lambda: room.click(game, issue=False), lambda: hand_message(game.table, seat, "en")[1], settings.answers
        )
        answers["live_hands"] = await live_hands(lambda: room.click(game, issue=False), max(1, settings.answers // 10))
    finally:
        await db.close()
    full_cache = await full_cache_load(
        directory, settings.scale_tables, settings.scale_cache, settings.games, settings.rate, settings.duration
    )
    deadlines = await deadlines_bench(directory, settings.deadlines, settings.burst)
    return figures(
        command=command,
        settings=_settings_json(settings),
        facts=facts,
        pragmas=pragmas,
        path=moves.result(),
        floor=floor,
        loaded=loaded,
        full_cache=full_cache,
        disk=disk,
        memory=memory,
        answers=answers,
        deadlines=deadlines,
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    settings = parse_args(args)
    bot_games.install()  # every declared game, as the bot's start does (`cardroom bench` comes before it)
    command = shlex.join(["python", "-m", "bot", "bench", *args])
    if settings.directory is not None:
        settings.directory.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardroom-bench-", dir=settings.directory) as tmp:
        directory = Path(tmp)
        if "core" in settings.only:
            result = asyncio.run(run(settings, directory, command))
            print(text(result))
        else:
            result = {"command": command, "settings": _settings_json(settings), "machine": machine(directory)}
        if "games" in settings.only:
            targets = [storage_target(spec, directory) for spec in settings.databases]
            result["games"] = asyncio.run(games_bench(targets, settings.game_moves, settings.seed))
            print(games_text(result["games"], TARGET_RATIO))
            if targets:
                cost = asyncio.run(metrics_cost(targets[0], settings.game_moves, settings.seed))
                result["games"]["metrics_cost"] = cost
                print(metrics_cost_text(cost))
        if "scale" in settings.only:
            result["scale"] = asyncio.run(memory_at_scale(directory, settings.scale_tables, settings.scale_cache))
            print(scale_text(result["scale"]))
        if "process" in settings.only:
            tables, games = process_counts(settings.quick)
            result["process"] = asyncio.run(process_bench(directory, tables=tables, games=games, seed=settings.seed))
            print(process_text(result["process"]))
        if "restart" in settings.only:
            window = QUICK_WINDOW if settings.quick else WINDOW
            result["restart"] = asyncio.run(restart_bench(directory, settings.restart_tables, window))
            print(restart_text(result["restart"]))
    if "poker" in settings.only:
        result["poker"] = poker_bench(settings.poker_hands)
        print(poker_text(result["poker"]))
    if settings.computer_games and "computers" in settings.only:
        result["computers"] = computers_bench(
            settings.computer_games, settings.playouts, settings.seed, long_playouts=settings.long_playouts
        )
        print(computers_text(result["computers"]))
        per_game, budget = (1, QUICK_POOL_BUDGET) if settings.quick else (POOL_PER_GAME, POOL_BUDGET)
        result["computer_pool"] = asyncio.run(pool_bench(per_game, budget, settings.seed))
        print(pool_text(result["computer_pool"]))
        if settings.strength_games:
            result["computer_strength"] = asyncio.run(
                strength_bench(
                    settings.strength_games,
                    playouts=settings.strength_playouts,
                    seed=settings.seed,
                    time_limit=settings.strength_time_limit,
                )
            )
            print(strength_text(result["computer_strength"]))
    if "core" not in settings.only:
        print(f"Reproduce: {command}")
    settings.out.parent.mkdir(parents=True, exist_ok=True)
    settings.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"Figures written to {settings.out}")
    return 0
