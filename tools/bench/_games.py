"""The move path of every game next to the bare commit of the same rows, per storage back end.

For each game of the registry, on a fresh database of the back end: moves one after the other through the
whole path (`_path`: the gateway frame decoded and dispatched, `PlayService.act`, both answers rendered and
serialised), alternating in rounds with the bare commit of a state of the same size (`_bare`), so both see
the same disk weather. The ratio is the path's moves per second over the bare commits per second: the share
of the database's own speed the bot keeps once everything else is done.

Two floors: the game row and the action (the bare commit the 0.5 target was set against, when a move wrote
nothing else), and the same with the clock's rows the path's moves wrote (`clock_rows`): the bare commit of the
same rows, which the target is judged against. Both ratios are reported.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from typing import Any

from bot import heap
from bot.services.tables import Tables
from bot.storage import ClockWrite, Database
from engines import registry

from ._bare import BareResult
from ._gateway import Snowflakes
from ._path import Room, Throughput, players_for
from ._storage import Bare, StorageTarget

WARMUP = 30  # moves (and bare commits) before measuring, never more than the run measures (a smoke run's few)
ROUNDS = 2  # the path and the bare commits alternate, in long rounds
# Moves (and commits) that open each round unrecorded, at most `SETTLE` (and at most the round's own): each side is
# measured in its own steady state. The hand-overs between the event loop and the connection's thread are slower
# right after the other side's round and speed up over a hundred commits or more: a bare commit took 0.72 ms right
# after the path and 0.56 ms 80 commits on, a move 1.66 ms right after the bare commits and 1.30 ms 10 moves on.
# In rounds of 120 measured from their first commit, the bare commit of two rows and that of the same rows as the
# path (seven or so) came out alike (1,500-1,700 a second): the switch, not the rows, set their speed.
SETTLE = 100


async def alternate(path: Throughput, floors: Sequence[Bare], moves: int) -> None:
    """`moves` of the path and as many commits of each floor, in `ROUNDS` rounds, each side's round opened by its
    own unrecorded `SETTLE`; every floor commits a state of the size the path's states have by then."""
    rounds = min(ROUNDS, moves)
    for number in range(rounds):
        share = moves * (number + 1) // rounds - moves * number // rounds
        settle = min(SETTLE, share)
        await path.run(settle, record=False)
        await path.run(share)
        state = path.state_sample()
        for floor in floors:
            floor.state = state
            await floor.run(settle, record=False)
            await floor.run(share)


async def floors(
    target: StorageTarget, db: Database, label: str, path: Throughput, moves: int, warmup: int
) -> tuple[BareResult, BareResult]:
    """The two bare commits of `db`'s rows on `target` (two rows; the same rows as the path's moves), each warmed
    up, then alternated with `moves` of `path` (`alternate`): their results, in that order."""
    bare = await target.bare(db, label, path.state_sample())
    same = await target.bare(db, label, path.state_sample(), clock_rows=True)
    try:
        same.writes = path.writes
        for floor in (bare, same):
            await floor.run(warmup, record=False)
        await alternate(path, (bare, same), moves)
    finally:
        await bare.close()
        await same.close()
    return bare.result(), same.result()


async def game_path(target: StorageTarget, game: str, moves: int, seed: int) -> dict[str, Any]:
    """One game's whole path and its bare commit on `target`."""
    db = await target.open(f"path-{game}")
    try:
        room = Room(Tables(db), random.Random(seed), Snowflakes(), game=game)
        heap.settle()  # as the bot does at the end of its start-up
        path = Throughput(room)
        await path.run(min(WARMUP, moves), record=False)
        floor, rows = await floors(target, db, f"path-{game}", path, moves, min(WARMUP, moves))
    finally:
        await db.close()
    measured = path.result()
    return {
        "game": game,
        "players": players_for(game),
        "moves": measured.moves,
        "games": measured.games,
        "moves_per_second": measured.per_second,
        "ms_per_move": measured.mean_ms,
        "median_ms": measured.median_ms,
        "cpu_ms_per_move": measured.cpu_seconds / measured.moves * 1000,
        "stages_ms": measured.stages_ms,
        "state_bytes": measured.state_bytes,
        "sent_bytes": measured.sent_bytes,
        "bare_commits_per_second": floor.per_second,
        "bare_ms_per_commit": floor.seconds / floor.commits * 1000,
        "ratio": measured.per_second / floor.per_second,
        "clock_rows_per_move": statistics.fmean(_rows(write) for write in path.writes) if path.writes else 0.0,
        "bare_same_rows_commits_per_second": rows.per_second,
        "ratio_same_rows": measured.per_second / rows.per_second,
    }


def _rows(write: ClockWrite) -> int:
    """The clock's rows a move writes: deadlines deleted and written, the turns (their old rows deleted in one)."""
    return len(write.gone()) + len(write.due()) + len(write.turns)


async def warm_up(target: StorageTarget, seed: int, moves: int) -> None:
    """A short unmeasured run of every game before any is measured: the process's one-time costs (the catalogues,
    card faces and Babel's locale data loaded, the allocator's arenas grown) fall on none of them, so the order
    the games are measured in does not matter. (Without it, the game measured first showed a ratio 0.03–0.05
    lower than the same game measured last.)"""
    for game in registry.names():
        db = await target.open(f"warm-{game}")
        try:
            room = Room(Tables(db), random.Random(seed), Snowflakes(), game=game)
            await Throughput(room).run(min(WARMUP, moves), record=False)
        finally:
            await db.close()


async def games_bench(targets: list[StorageTarget], moves: int, seed: int) -> dict[str, Any]:
    """Every game on every back end: {"moves": N, "backends": {name: [one row per game]}}."""
    if targets:
        await warm_up(targets[0], seed, moves)
    return {
        "moves": moves,
        "backends": {
            target.name: [await game_path(target, game, moves, seed) for game in registry.names()] for target in targets
        },
    }


def games_text(result: dict[str, Any], target_ratio: float) -> str:
    lines = [
        f"7. The move path of every game, next to the bare commit of the same rows ({result['moves']} moves each,"
        " 3 players where the game allows)"
    ]
    for backend, rows in result["backends"].items():
        lines.append(
            f"  {backend:<8} {'game':<11} {'moves/s':>8} {'ms/move':>8} {'cpu ms':>7} {'bare/s':>8} {'ratio':>6}"
            f"   {'same rows/s':>11} {'ratio':>6}  target >= {target_ratio}"
        )
        for row in rows:
            met = "met" if row["ratio_same_rows"] >= target_ratio else "NOT met"
            lines.append(
                f"  {'':<8} {row['game']:<11} {row['moves_per_second']:8.1f} {row['ms_per_move']:8.2f}"
                f" {row['cpu_ms_per_move']:7.2f} {row['bare_commits_per_second']:8.1f} {row['ratio']:6.2f}"
                f"   {row['bare_same_rows_commits_per_second']:11.1f} {row['ratio_same_rows']:6.2f}  {met}"
            )
        lines.append(
            "  (bare/s: the game row and the action only; same rows/s: with the clock's deadlines and turns the path's"
            " moves wrote too, the floor the target is judged against)"
        )
    return "\n".join(lines)
