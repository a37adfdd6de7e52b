"""What counting the operator's metrics costs the move path: the same production path with the metrics counted, and
with every metric of `bot.observe.metrics` swapped for one that does nothing, alternating in rounds on one bot so
both see the same machine. (The swap is the bench's own: the bot always counts.)"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

from prometheus_client.metrics import MetricWrapperBase

from bot.observe import metrics
from bot.services.tables import Tables

from ._gateway import Snowflakes
from ._path import Room, Throughput
from ._storage import StorageTarget

ROUNDS = 4
WARMUP = 30


class _Silent:
    """A metric that counts nothing: `labels(...)` gives itself back, `inc` and `observe` do nothing."""

    def labels(self, *values: str) -> _Silent:
        return self

    def inc(self, amount: float = 1.0) -> None:
        return None

    def observe(self, amount: float) -> None:
        return None


@contextlib.contextmanager
def silenced() -> Iterator[int]:
    """Every counted metric of `bot.observe.metrics` does nothing inside; yields how many were swapped."""
    swapped = {name: value for name, value in vars(metrics).items() if isinstance(value, MetricWrapperBase)}
    for name in swapped:
        setattr(metrics, name, _Silent())
    try:
        yield len(swapped)
    finally:
        for name, value in swapped.items():
            setattr(metrics, name, value)


async def metrics_cost(target: StorageTarget, moves: int, seed: int, game: str = "pairs") -> dict[str, Any]:
    """`moves` of `game` with the metrics counted and as many without, alternating in `ROUNDS` rounds."""
    db = await target.open("metrics-cost")
    try:
        room = Room(Tables(db), random.Random(seed), Snowflakes(), game=game)
        counted, silent = Throughput(room), Throughput(room)
        try:
            await counted.run(min(WARMUP, moves), record=False)
            with silenced():
                await silent.run(min(WARMUP, moves), record=False)
            rounds = max(1, min(ROUNDS, moves))
            for number in range(rounds):
                share = moves * (number + 1) // rounds - moves * number // rounds
                await counted.run(share)
                with silenced() as swapped:
                    await silent.run(share)
        finally:
            await room.close()
    finally:
        await db.close()
    on, off = counted.result(), silent.result()
    return {
        "game": game,
        "moves": on.moves,
        "metrics_swapped": swapped,
        "on_per_s": on.per_second,
        "off_per_s": off.per_second,
        "on_cpu_ms_per_move": on.cpu_seconds / on.moves * 1000,
        "off_cpu_ms_per_move": off.cpu_seconds / off.moves * 1000,
        "cost": 1 - on.per_second / off.per_second,  # the share of moves/s the metrics take (noise: either sign)
    }


def metrics_cost_text(result: dict[str, Any]) -> str:
    return (
        f"  metrics counted vs not ({result['game']}, {result['moves']} moves each, alternating): "
        f"{result['on_per_s']:.1f} vs {result['off_per_s']:.1f} moves/s, CPU {result['on_cpu_ms_per_move']:.2f} vs "
        f"{result['off_cpu_ms_per_move']:.2f} ms/move ({result['cost'] * 100:+.1f} % of moves/s)"
    )
