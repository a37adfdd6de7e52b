"""The move path of every game next to its floor, per storage back end.

For each game of the registry, on a fresh database of the back end: moves one after the other through the
whole path (`_path`), alternating in rounds with the floor (`_bare`, `_bare_postgres`), so both see the same disk
weather. The floor is the fastest plain program that commits exactly the rows the path's moves committed (the very
moves, noted as the bot committed them: `_committed.MoveRecorder`), each in one transaction sent in one trip, on
the same back end with the same settings. The ratio is the path's moves per second over the floor's: the share of
the database's own speed the bot keeps once everything else is done. The path does all the floor does and more,
so the ratio is below 1 (the bench smoke test checks it).
"""

from __future__ import annotations

import random
from typing import Any

from bot import heap
from bot.services.tables import Tables
from bot.storage import Database
from engines import registry

from ._bare import FloorResult
from ._committed import MoveRecorder
from ._gateway import Snowflakes
from ._path import Room, Throughput, players_for
from ._storage import StorageTarget

WARMUP = 30  # moves (and floor commits) before measuring, never more than the run measures (a smoke run's few)
ROUNDS = 2  # the path and the floor alternate, in long rounds
# Moves (and commits) that open each round unrecorded, at most `SETTLE` (and at most the round's own): each side is
# measured in its own steady state. The hand-overs between the event loop and the connection's thread are slower
# right after the other side's round and speed up over a hundred commits or more: a bare commit took 0.72 ms right
# after the path and 0.56 ms 80 commits on, a move 1.66 ms right after the bare commits and 1.30 ms 10 moves on.
SETTLE = 100


async def floor_beside(
    target: StorageTarget, db: Database, label: str, path: Throughput, moves: int, warmup: int
) -> FloorResult:
    """`moves` of `path` on `db` and the floor of the same rows on `target`, in `ROUNDS` rounds: each round, the
    path's moves (its own unrecorded `SETTLE` first), then the floor commits the moves the bot just committed again
    (the same unrecorded share first; the first round after `warmup` of them unrecorded). The floor's result."""
    recorder = MoveRecorder(db).install()
    floor = await target.floor(db, label)
    try:
        rounds = min(ROUNDS, moves)
        for number in range(rounds):
            share = moves * (number + 1) // rounds - moves * number // rounds
            settle = min(SETTLE, share)
            await path.run(settle, record=False)
            await path.run(share)
            committed = recorder.take()
            await recorder.complete(committed)
            if number == 0:
                await floor.replay(committed[:warmup], settle=len(committed[:warmup]))
            await floor.replay(committed, settle=max(0, len(committed) - share))
    finally:
        recorder.remove()
        await floor.close()
    return floor.result()


async def game_path(target: StorageTarget, game: str, moves: int, seed: int) -> dict[str, Any]:
    """One game's whole path and its floor on `target`: moves/s of each and their ratio, and what they wrote."""
    db = await target.open(f"path-{game}")
    try:
        room = Room(Tables(db), random.Random(seed), Snowflakes(), game=game)
        heap.settle()  # as the bot does at the end of its start-up
        path = Throughput(room)
        try:
            await path.run(min(WARMUP, moves), record=False)
            floor = await floor_beside(target, db, f"path-{game}", path, moves, min(WARMUP, moves))
        finally:
            await room.close()  # the bot the path runs through, before its database
    finally:
        await db.close()
    measured = path.result()
    return {
        "game": game,
        "players": players_for(game),
        "moves": measured.moves,
        "games": measured.games,
        "path_per_s": measured.per_second,
        "floor_per_s": floor.per_second,
        "ratio": measured.per_second / floor.per_second,  # path over the one-trip floor
        "moves_per_second": measured.per_second,
        "ms_per_move": measured.mean_ms,
        "median_ms": measured.median_ms,
        "cpu_ms_per_move": measured.cpu_seconds / measured.moves * 1000,
        "stages_ms": measured.stages_ms,
        "state_bytes": measured.state_bytes,
        "floor_commits": floor.commits,
        "floor_ms_per_commit": floor.seconds / floor.commits * 1000,
        "floor_endings": floor.endings,
        "clock_rows_per_move": floor.clock_rows,
    }


async def warm_up(target: StorageTarget, seed: int, moves: int) -> None:
    """A short unmeasured run of every game before any is measured: the process's one-time costs (the catalogues,
    card faces and Babel's locale data loaded, the allocator's arenas grown) fall on none of them, so the order
    the games are measured in does not matter. (Without it, the game measured first showed a ratio 0.03–0.05
    lower than the same game measured last.)"""
    for game in registry.names():
        db = await target.open(f"warm-{game}")
        try:
            room = Room(Tables(db), random.Random(seed), Snowflakes(), game=game)
            try:
                await Throughput(room).run(min(WARMUP, moves), record=False)
            finally:
                await room.close()
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


BEATEN_FLOOR = "  (above 1: the path beat its floor; too few moves to time, or a floor that commits less)"


def beaten_floor(ratio: float) -> str:
    """What a report says after a ratio above 1, which a floor can never allow: it is not a result."""
    return BEATEN_FLOOR if ratio >= 1.0 else ""


def games_text(result: dict[str, Any], target_ratio: float) -> str:
    """Section 7 as printed: per back end and game, the path's moves/s, the floor's, and their ratio."""
    lines = [
        f"7. The move path of every game, next to its floor ({result['moves']} moves each, 3 players where the game"
        " allows)"
    ]
    for backend, rows in result["backends"].items():
        lines.append(
            f"  {backend:<10} {'game':<13} {'path/s':>8} {'ms/move':>8} {'cpu ms':>7} {'floor/s':>8} {'ratio':>6}"
            f"  target >= {target_ratio}"
        )
        for row in rows:
            met = "met" if row["ratio"] >= target_ratio else "NOT met"
            lines.append(
                f"  {'':<10} {row['game']:<13} {row['path_per_s']:8.1f} {row['ms_per_move']:8.2f}"
                f" {row['cpu_ms_per_move']:7.2f} {row['floor_per_s']:8.1f} {row['ratio']:6.2f}  {met}"
                + beaten_floor(row["ratio"])
            )
    lines.append(
        "  (floor/s: a plain program committing the very rows the path's moves committed (table row and log, the"
        " clock's deadlines and turns, a game's end's results and ratings), each move in one transaction sent in one"
        " trip, same back end and settings; ratio: path/s over floor/s)"
    )
    return "\n".join(lines)
