"""Strength and time per decision of the computer players, per game: one *normal* seat against *easy* seats.

    python -m tools.bench._computers [--quick] [--games N] [--playouts P] [--long-playouts P] [--seed S]
                                    [--only GAME]

For every registered game, `computers_bench` plays `games` games at the game's
smallest table (2 players, or its minimum), one seat *normal* and the others
*easy*, the normal seat rotating through the seats (game i: seat i mod players).
Everything runs in this process, on one core, from fixed seeds: the same
settings give the same games and scores again.

The normal player gets a fixed budget of playouts per decision (`playouts`), so
its choices do not depend on the machine; the live bot gives it a time budget
instead (1 s by default). Long games (a random game of more than `LONG_ACTIONS`
actions, measured on a few fixed-seed easy-only games; each playout of theirs
costs several milliseconds) would take far too long at the same size: they play
half as many games, never fewer than `LONG_FLOOR` (nor more than `games`), at
`long_playouts` per decision. Each decision is timed, and its playouts counted
(the player tries every legal action once, then asks `stop` before each further
playout: a counting `stop` gives the number), so the report also says how many
playouts a second buys on this machine, that is what the live budget buys.

Scores are two-player-equivalent comparisons (`engines.core.computer.outcome`):
in each game the normal seat is compared with every other seat, a better place
1, a tie 0.5, a worse place 0, averaged over the other seats; the game's score
is the mean over games. Chance is 0.5. The 95 % confidence interval is Wilson's
for two-player games (the score as a share, a tie counting half a success) and
the normal approximation over the per-game scores otherwise. Measures; the aim
(`AIM`) is only compared with, never enforced.

Pure engines and `bot.games` (for the games that need data files): no Discord.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot import games as bot_games
from engines import registry
from engines.core.computer import DEFAULT_PLAYOUTS, AnyEngine, choose, outcome, random_action
from engines.core.engine import GameState
from engines.core.rng import Rng

GAMES = 200  # games per game of the registry (long games: half, at least LONG_FLOOR)
PLAYOUTS = 50  # the normal player's playouts per decision
LONG_PLAYOUTS = 10  # in long games (never more than PLAYOUTS)
QUICK_GAMES = 3
QUICK_PLAYOUTS = 3
LONG_ACTIONS = 45  # a random game longer than this (mean actions) is long: half the games
LONG_FLOOR = 100
PROBE_GAMES = 8  # easy-only games that measure a game's length
MAX_ACTIONS = 20_000  # a game still running after this many actions is a bug
CHANCE = 0.5
AIM = 0.6  # the aim: normal wins 60 % of its two-player-equivalent comparisons
Z95 = 1.959963984540054


def _seed(*parts: object) -> int:
    """A 64-bit seed from the bench seed, the game's name and an index (stable across processes)."""
    text = "/".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def table_size(engine: AnyEngine) -> int:
    """The game's smallest table: 2 players, or its minimum when that is more."""
    return max(2, engine.min_players)


def _play(engine: AnyEngine, players: int, rng: Rng, choose_for: Any) -> tuple[GameState, int]:
    """Play one game from `rng`'s draws; `choose_for(state, seat, seed)` picks each action. The end and its length."""
    state = engine.new(players, engine.parse_options({}), rng.next_u64())
    for actions in range(MAX_ACTIONS):
        due = engine.to_act(state)
        if not due:
            return state, actions
        seat = due[rng.below(len(due))] if len(due) > 1 else due[0]
        state = engine.apply(state, seat, choose_for(state, seat, rng.next_u64()))
    raise RuntimeError(f"{engine.name}: a game ran past {MAX_ACTIONS} actions")


def random_game_actions(engine: AnyEngine, seed: int, games: int = PROBE_GAMES) -> float:
    """Mean actions of `games` games of uniformly random legal moves at fixed seeds: how long the game is (the easy
    player searches now, so it is not the random player that measures this)."""
    total = 0
    for index in range(games):
        rng = Rng.from_seed(_seed(seed, engine.name, "probe", index))
        _, actions = _play(
            engine, table_size(engine), rng, lambda s, seat, x: random_action(engine, s, seat, Rng.from_seed(x))
        )
        total += actions
    return total / games


def games_for(games: int, long: bool) -> int:
    """Games to play: `games`, or for a long game half as many but at least `LONG_FLOOR` (never more than `games`)."""
    return max(min(games, LONG_FLOOR), games // 2) if long else games


def comparisons(places: Sequence[int], seat: int) -> tuple[int, int, int]:
    """The seat's two-player-equivalent comparisons with each other seat, by place: (won, tied, lost)."""
    own = places[seat]
    others = [place for other, place in enumerate(places) if other != seat]
    return sum(own < p for p in others), sum(own == p for p in others), sum(own > p for p in others)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (`successes` may be fractional: a tie counts half)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def normal_interval(scores: list[float], z: float = Z95) -> tuple[float, float]:
    """Mean ± z standard errors over the per-game scores (clipped to [0, 1])."""
    mean = statistics.fmean(scores)
    if len(scores) < 2:
        return mean, mean
    half = z * statistics.stdev(scores) / math.sqrt(len(scores))
    return max(0.0, mean - half), min(1.0, mean + half)


def score_interval(scores: list[float], players: int) -> dict[str, Any]:
    """A normal seat's score over its games with its 95 % interval: Wilson's for a two-player game (each game one
    comparison), else the normal approximation over the per-game scores."""
    two = players == 2
    low, high = wilson(sum(scores), len(scores)) if two else normal_interval(scores)
    score = statistics.fmean(scores)
    return {"score": score, "ci_low": low, "ci_high": high, "ci_method": "wilson" if two else "normal"}


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (as the latency section)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


@dataclass
class _Tally:
    """What one game's run collects."""

    scores: list[float] = field(default_factory=list)
    places: list[int] = field(default_factory=list)
    won: int = 0
    tied: int = 0
    lost: int = 0
    actions: int = 0
    decision_ms: list[float] = field(default_factory=list)
    choice_ms: list[float] = field(default_factory=list)  # decisions with two legal actions or more
    playouts: int = 0


class _Normal:
    """The normal seat's chooser: times each decision and counts its playouts."""

    def __init__(self, engine: AnyEngine, playouts: int, tally: _Tally) -> None:
        self.engine, self.budget, self.tally = engine, playouts, tally
        self.asked = 0

    def stop(self) -> bool:
        self.asked += 1  # asked before each playout after the first round
        return False

    def __call__(self, state: GameState, seat: int, seed: int) -> Any:
        legal = len(self.engine.legal_actions(state, seat))
        self.asked = 0
        started = time.perf_counter()
        action = choose(self.engine, state, seat, "normal", seed, playouts=self.budget, stop=self.stop)
        ms = (time.perf_counter() - started) * 1000
        self.tally.decision_ms.append(ms)
        if legal > 1:
            self.tally.choice_ms.append(ms)
            self.tally.playouts += legal + self.asked
        return action


def bench_game(engine: AnyEngine, games: int, playouts: int, seed: int) -> dict[str, Any]:
    """`games` games of one normal seat against easy seats; the figures of one game of the registry."""
    players = table_size(engine)
    tally = _Tally()
    normal = _Normal(engine, playouts, tally)
    started = time.perf_counter()
    for index in range(games):
        seat_of_normal = index % players
        rng = Rng.from_seed(_seed(seed, engine.name, index))

        def choose_for(state: GameState, seat: int, draw: int, normal_seat: int = seat_of_normal) -> Any:
            return normal(state, seat, draw) if seat == normal_seat else choose(engine, state, seat, "easy", draw)

        state, actions = _play(engine, players, rng, choose_for)
        result = engine.result(state)
        assert result is not None
        won, tied, lost = comparisons(result.places, seat_of_normal)
        tally.won, tally.tied, tally.lost = tally.won + won, tally.tied + tied, tally.lost + lost
        tally.scores.append(outcome(engine, state, seat_of_normal))
        tally.places.append(result.places[seat_of_normal])
        tally.actions += actions
    seconds = time.perf_counter() - started
    interval = score_interval(tally.scores, players)
    score, low = interval["score"], interval["ci_low"]
    choice_seconds = sum(tally.choice_ms) / 1000
    per_second = tally.playouts / choice_seconds if choice_seconds else 0.0
    return {
        "game": engine.name,
        "players": players,
        "games": games,
        "playouts": playouts,
        **interval,
        "chance": CHANCE,
        "better_than_chance": low > CHANCE,
        "aim": AIM,
        "aim_met": score >= AIM,
        "comparisons": {"won": tally.won, "tied": tally.tied, "lost": tally.lost},
        "firsts": sum(place == 1 for place in tally.places),
        "mean_place": statistics.fmean(tally.places),
        "actions_per_game": tally.actions / games,
        "decisions": len(tally.decision_ms),
        "decisions_per_game": len(tally.decision_ms) / games,
        "choices": len(tally.choice_ms),
        "ms_per_decision": statistics.fmean(tally.decision_ms) if tally.decision_ms else 0.0,
        "p95_ms_per_decision": percentile(tally.decision_ms, 95),
        "ms_per_choice": statistics.fmean(tally.choice_ms) if tally.choice_ms else 0.0,
        "p95_ms_per_choice": percentile(tally.choice_ms, 95),
        "playouts_run": tally.playouts,
        "playouts_per_s": per_second,
        "playouts_in_1s": min(DEFAULT_PLAYOUTS, round(per_second)),
        "seconds": seconds,
    }


def computers_bench(
    games: int = GAMES,
    playouts: int = PLAYOUTS,
    seed: int = 1,
    only: list[str] | None = None,
    long_playouts: int | None = None,
) -> dict[str, Any]:
    """Every registered game (or those named in `only`): normal against easy. The figures, per game.

    `long_playouts` defaults to `LONG_PLAYOUTS`, or `playouts` when that is fewer.
    """
    long_playouts = min(playouts, LONG_PLAYOUTS) if long_playouts is None else long_playouts
    if games < 1 or playouts < 1 or long_playouts < 1:
        raise ValueError("the computer bench needs at least one game and one playout")
    bot_games.install()
    started = time.perf_counter()
    rows = []
    for engine in registry.all_engines():
        if only is not None and engine.name not in only:
            continue
        length = random_game_actions(engine, seed)
        long = length > LONG_ACTIONS
        row = bench_game(engine, games_for(games, long), long_playouts if long else playouts, seed)
        rows.append(row | {"long": long, "random_game_actions": length})
    return {
        "settings": {
            "games": games,
            "long_games": games_for(games, True),
            "long_actions": LONG_ACTIONS,
            "playouts": playouts,
            "long_playouts": long_playouts,
            "seed": seed,
            "live_playout_cap": DEFAULT_PLAYOUTS,
        },
        "games": rows,
        "chance": CHANCE,
        "aim": AIM,
        "all_better_than_chance": all(row["better_than_chance"] for row in rows),
        "all_aims_met": all(row["aim_met"] for row in rows),
        "seconds": time.perf_counter() - started,
    }


def _met(flag: bool) -> str:
    return "met" if flag else "NOT met"


def computers_text(result: dict[str, Any], number: int = 6) -> str:
    """The section of the readable report."""
    s = result["settings"]
    lines = [
        f"{number}. Computer players: one normal seat against easy seats at each game's smallest table, the normal"
        f" seat rotating; {s['games']} games each at {s['playouts']} playouts per decision (long games, whose random"
        f" game runs past {s['long_actions']} actions: {s['long_games']} games at {s['long_playouts']} playouts);"
        f" seed {s['seed']}, one core: {result['seconds']:.0f} s",
        "  score = the normal seat's share of two-player-equivalent comparisons (ahead 1, tie 0.5), chance"
        f" {result['chance']:g}, aim >= {result['aim']:g}; 95 % CI Wilson (2 players) or normal (over per-game"
        " scores)",
    ]
    for row in result["games"]:
        c = row["comparisons"]
        lines += [
            f"  {row['game']:<11} {row['players']} players, {row['games']} games, {row['playouts']} playouts:"
            f" score {row['score']:.3f} [{row['ci_low']:.3f}, {row['ci_high']:.3f}] {row['ci_method']},"
            f" {row['score'] / row['chance']:.2f}x chance; aim {_met(row['aim_met'])},"
            f" {'above' if row['better_than_chance'] else 'NOT above'} chance"
            f" (comparisons won {c['won']}, tied {c['tied']}, lost {c['lost']}; first in {row['firsts']},"
            f" mean place {row['mean_place']:.2f})",
            f"  {'':<11} {row['decisions_per_game']:.1f} decisions per game ({row['actions_per_game']:.0f} actions):"
            f" {row['ms_per_decision']:.1f} ms per decision, p95 {row['p95_ms_per_decision']:.1f} ms;"
            f" with a choice {row['ms_per_choice']:.1f} ms, p95 {row['p95_ms_per_choice']:.1f} ms"
            f" ({row['choices']} of {row['decisions']}); {row['playouts_per_s']:,.0f} playouts/s,"
            f" so 1 s buys {row['playouts_in_1s']:,} (cap {s['live_playout_cap']:,});"
            f" {row['seconds']:.0f} s",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench._computers", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_GAMES} games, {QUICK_PLAYOUTS} playouts")
    parser.add_argument("--games", type=int, default=None, help=f"games per game (default {GAMES})")
    parser.add_argument("--playouts", type=int, default=None, help=f"playouts per decision (default {PLAYOUTS})")
    parser.add_argument(
        "--long-playouts", type=int, default=None, help=f"in long games (default {LONG_PLAYOUTS}, at most --playouts)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the games (default 1)")
    parser.add_argument("--only", action="append", help="only this game (repeatable)")
    args: Any = parser.parse_args(argv)
    games = args.games or (QUICK_GAMES if args.quick else GAMES)
    playouts = args.playouts or (QUICK_PLAYOUTS if args.quick else PLAYOUTS)
    print(computers_text(computers_bench(games, playouts, args.seed, args.only, args.long_playouts)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
