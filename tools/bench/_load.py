"""Latency under a steady offered load, open loop.

Arrivals are scheduled at fixed intervals (1 / rate) whatever happens to the
moves already in flight; each arrival takes the next game, round-robin, that
has no move in flight and plays its acting player's move through the whole
path. If every game has a move in flight, the arrival waits, first come first
served, for the first game to free up: nothing offered is dropped. Latency is
completion time minus *scheduled* arrival time, so every wait (for a game, the
event loop, the table lock, the database lock) counts. When a game ends, a new
one is opened in a new channel in its slot, during the run.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from dataclasses import dataclass

from bot.errors import CardroomError

from ._path import Game, Room

START_DELAY = 0.05  # seconds between setting up and the first arrival


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
