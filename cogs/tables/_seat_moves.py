"""Computer moves in the background, one after the other for each seat.

A computer (for a computer seat, or for a player whose time ran out) thinks
off the scheduler's path, so other deadlines do not wait for it. A seat's next
deadline can fall due while its previous move is still in the works: that
move's own commit wrote it, or a very long think outlived its lease. The next
move then waits for the previous one to end and is decided on the table as it
is by then, at once, never postponed to a later pass.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable

Move = Callable[[], Awaitable[None]]


class SeatMoves:
    def __init__(self) -> None:
        self._latest: dict[Hashable, asyncio.Task[None]] = {}  # a seat's last move started
        self._moves: set[asyncio.Task[None]] = set()  # every move in the works

    def start(self, seat: Hashable, move: Move, *, name: str | None = None) -> asyncio.Task[None]:
        """Run `move` once the seat's previous move (if any is still in the works) has ended."""
        previous = self._latest.get(seat)
        task = asyncio.create_task(self._after(previous, move), name=name)
        self._latest[seat] = task
        self._moves.add(task)
        task.add_done_callback(lambda done: self._forget(seat, done))
        return task

    def in_works(self, seat: Hashable) -> bool:
        return seat in self._latest

    def __len__(self) -> int:
        return len(self._moves)

    def cancel(self) -> None:
        """Stop every move in the works (the cog unloads; each deadline's lease runs out and it fires again)."""
        for task in self._moves:
            task.cancel()

    @staticmethod
    async def _after(previous: asyncio.Task[None] | None, move: Move) -> None:
        if previous is not None:
            await asyncio.wait([previous])  # its failure is its own to report
        await move()

    def _forget(self, seat: Hashable, done: asyncio.Task[None]) -> None:
        self._moves.discard(done)
        if self._latest.get(seat) is done:
            del self._latest[seat]
