"""Latency under a steady offered load, open loop.

Arrivals are scheduled at fixed intervals (1 / rate) whatever happens to the
moves already in flight; each arrival takes the next game, round-robin, that
has no move in flight and plays its acting player's move through the whole
path. If every game has a move in flight, the arrival waits, first come first
served, for the first game to free up: nothing offered is dropped. Latency is
completion time minus *scheduled* arrival time, so every wait (for a game, the
event loop, the table lock, the database lock) counts. When a game ends, a new
one is opened in a new channel in its slot, during the run.

`full_cache_load` runs the same load with the table cache full: a database of
many open tables (`_scale.copies`), the most recent `cache_size` of them
loaded through `TableStore.get` before the first arrival, so every table held
is a cache entry the cyclic collector could walk. `PauseWatch` times every
collection (`gc.callbacks`) and the event loop's longest stall (a ticker).
"""

from __future__ import annotations

import asyncio
import gc
import math
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import heap
from bot.errors import CardroomError
from bot.storage import Database

from ._path import Game, Room
from ._scale import copies, full_collection

START_DELAY = 0.05  # seconds between setting up and the first arrival
TICK = 0.005  # seconds between two ticks of the stall watch


@dataclass(frozen=True)
class LoadResult:
    games: int
    offered_rate: float
    duration: float
    arrivals: int
    completed: int
    queued: int  # arrivals that found every game with a move in flight and waited for one
    errors: int
    opened_during_run: int
    achieved_rate: float
    latencies_ms: list[float]  # sorted

    def percentile(self, p: float) -> float:
        """Nearest-rank percentile of the latencies (ms)."""
        if not self.latencies_ms:
            return 0.0
        rank = max(1, math.ceil(p / 100 * len(self.latencies_ms)))
        return self.latencies_ms[min(rank, len(self.latencies_ms)) - 1]


class _Run:
    def __init__(self, room: Room, slots: list[Game]) -> None:
        self.room = room
        self.slots = slots
        self.cursor = 0
        self.waiting: deque[asyncio.Future[int]] = deque()
        self.queued = 0
        self.latencies: list[float] = []
        self.errors = 0
        self.last_done = 0.0

    def _pick(self) -> int | None:
        """The next slot, round-robin, with no move in flight."""
        for step in range(len(self.slots)):
            index = (self.cursor + step) % len(self.slots)
            if not self.slots[index].busy:
                self.cursor = index + 1
                return index
        return None

    async def _acquire(self) -> int:
        index = self._pick()
        if index is None:
            self.queued += 1
            waiter: asyncio.Future[int] = asyncio.get_running_loop().create_future()
            self.waiting.append(waiter)
            return await waiter
        self.slots[index].busy = True
        return index

    def _release(self, index: int) -> None:
        """Hand the slot to the longest-waiting arrival, or mark it free."""
        if self.waiting:
            self.waiting.popleft().set_result(index)
        else:
            self.slots[index].busy = False

    async def arrival(self, scheduled: float) -> None:
        index = await self._acquire()
        game = self.slots[index]
        try:
            handled = await self.room.handle(self.room.click(game))
        except CardroomError:
            self.errors += 1
            self._release(index)
            return
        done = time.perf_counter()
        self.latencies.append(done - scheduled)
        self.last_done = max(self.last_done, done)
        self.room.played(game, handled)
        if handled.outcome.finished:
            self.slots[index] = await self.room.open_game()  # the slot stays taken until the new game is up
            self.slots[index].busy = True
        self._release(index)


async def load(room: Room, games: int, rate: float, duration: float) -> LoadResult:
    slots = [await room.open_game() for _ in range(games)]
    run = _Run(room, slots)
    opened_before = room.opened
    arrivals = int(rate * duration)
    interval = 1.0 / rate
    tasks: set[asyncio.Task[None]] = set()
    start = time.perf_counter() + START_DELAY
    for number in range(arrivals):
        scheduled = start + number * interval
        delay = scheduled - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        task = asyncio.create_task(run.arrival(scheduled))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    while tasks:
        await asyncio.gather(*tasks)
    completed = len(run.latencies)
    elapsed = run.last_done - start if completed else 0.0
    return LoadResult(
        games=games,
        offered_rate=rate,
        duration=duration,
        arrivals=arrivals,
        completed=completed,
        queued=run.queued,
        errors=run.errors,
        opened_during_run=room.opened - opened_before,
        achieved_rate=completed / elapsed if elapsed > 0 else 0.0,
        latencies_ms=sorted(latency * 1000 for latency in run.latencies),
    )


# ----- with the table cache full ------------------------------------------------------------------------------


@dataclass
class PauseWatch:
    """The collector's pauses (`gc.callbacks`: each collection from its start to its stop) and the event loop's
    longest stall (a ticker that asks to wake every `TICK`: how much later than asked it woke), between `start`
    and `stop`."""

    collections: list[int] = field(default_factory=lambda: [0, 0, 0])  # by generation
    longest: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])  # seconds, by generation
    longest_cpu: float = 0.0  # seconds of CPU the collector spent in its longest pause (the rest: other processes)
    total: float = 0.0  # seconds in the collector
    stall: float = 0.0  # seconds, the longest late wake-up of the ticker
    _began: tuple[float, float] = (0.0, 0.0)
    _ticker: asyncio.Task[None] | None = None

    def _collecting(self, phase: str, info: dict[str, Any]) -> None:
        now = time.perf_counter(), time.thread_time()
        if phase == "start":
            self._began = now
            return
        generation, took = info["generation"], now[0] - self._began[0]
        self.collections[generation] += 1
        if took > max(self.longest):
            self.longest_cpu = now[1] - self._began[1]
        self.longest[generation] = max(self.longest[generation], took)
        self.total += took

    async def _tick(self) -> None:
        while True:
            asked = time.perf_counter() + TICK
            await asyncio.sleep(TICK)
            self.stall = max(self.stall, time.perf_counter() - asked)

    def start(self) -> None:
        gc.callbacks.append(self._collecting)
        self._ticker = asyncio.create_task(self._tick())

    async def stop(self) -> None:
        gc.callbacks.remove(self._collecting)
        if self._ticker is not None:
            self._ticker.cancel()
            await asyncio.gather(self._ticker, return_exceptions=True)

    def figures(self) -> dict[str, Any]:
        return {
            "max_pause_ms": max(self.longest) * 1000,
            "max_pause_cpu_ms": self.longest_cpu * 1000,
            "collections": list(self.collections),
            "longest_pause_ms": [seconds * 1000 for seconds in self.longest],
            "collector_ms": self.total * 1000,
            "loop_stall_max_ms": self.stall * 1000,
        }


async def full_cache_load(
    directory: Path, tables: int, cache_size: int, games: int, rate: float, duration: float
) -> dict[str, Any]:
    """`load` with `tables` open tables in the database and the cache at its bound (`cache_size`) from the start;
    the pauses seen during the run (`PauseWatch`) and the latencies."""
    db = await Database.open(directory / "full-cache.sqlite3")
    try:
        start = time.perf_counter()
        room, _, ids = await copies(db, tables, cache_size=cache_size)
        built = time.perf_counter() - start
        heap.settle()  # as the bot does at the end of its start-up: what the collector walks is then the cache
        store = room.service.store
        start = time.perf_counter()
        for table_id in ids[-cache_size:]:  # the most recently changed, as the clicks after a start would
            await store.get(table_id)
        filled = time.perf_counter() - start
        held, warmed = store.held_in_memory(), store.cache.warmed
        watch = PauseWatch()
        watch.start()
        try:
            loaded = await load(room, games, rate, duration)
        finally:
            await watch.stop()
        await room.close()
        after = full_collection()  # with the cache still full: what one full pass costs, away from the load
    finally:
        await db.close()
    return {
        "tables": tables,
        "cache_size": cache_size,
        "held_before": held,
        "held_after": store.held_in_memory(),
        "held_built_after": store.cache.held_hot(),
        "rebuilt_during_run": store.cache.warmed - warmed,
        "build_seconds": built,
        "fill_seconds": filled,
        "p50_ms": loaded.percentile(50),
        "p99_ms": loaded.percentile(99),
        "max_ms": loaded.latencies_ms[-1] if loaded.latencies_ms else 0.0,
        **watch.figures(),
        **after,
        "load": {k: v for k, v in vars(loaded).items() if k != "latencies_ms"},
    }
