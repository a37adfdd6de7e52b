"""Computer moves in the background (`cogs.tables._seat_moves`): one after the other for a seat, at once otherwise.

The regression: a seat's next deadline fell due while its previous move was still in the works (that move's commit
wrote it) and was put off for the whole lease, so the computer sat still for a minute.
"""

from __future__ import annotations

import asyncio

from cogs.tables._seat_moves import Move, SeatMoves


class Recorder:
    def __init__(self) -> None:
        self.events: list[str] = []

    def move(self, name: str, gate: asyncio.Event | None = None, *, fails: bool = False) -> Move:
        async def run() -> None:
            self.events.append(f"{name} starts")
            if gate is not None:
                await gate.wait()
            if fails:
                self.events.append(f"{name} fails")
                raise RuntimeError(name)
            self.events.append(f"{name} ends")

        return run


async def test_a_seats_next_move_waits_for_its_previous_one_then_runs_at_once() -> None:
    moves, seen = SeatMoves(), Recorder()
    gate = asyncio.Event()
    first = moves.start((1, 2, "computer"), seen.move("first", gate))
    await asyncio.sleep(0)
    second = moves.start((1, 2, "computer"), seen.move("second"))
    for _ in range(5):
        await asyncio.sleep(0)
    assert seen.events == ["first starts"]  # the second waits: the seat's moves never overlap
    assert moves.in_works((1, 2, "computer")) and len(moves) == 2
    gate.set()
    await asyncio.wait_for(second, 1)
    assert first.done() and seen.events == ["first starts", "first ends", "second starts", "second ends"]
    assert not moves.in_works((1, 2, "computer")) and len(moves) == 0


async def test_other_seats_do_not_wait() -> None:
    moves, seen = SeatMoves(), Recorder()
    gate = asyncio.Event()
    moves.start((1, 2, "computer"), seen.move("seat 2", gate))
    other = moves.start((1, 3, "computer"), seen.move("seat 3"))
    await asyncio.wait_for(other, 1)
    assert seen.events == ["seat 2 starts", "seat 3 starts", "seat 3 ends"]
    gate.set()


async def test_a_failed_move_does_not_stop_the_next_one() -> None:
    moves, seen = SeatMoves(), Recorder()
    first = moves.start((1, 2, "expire"), seen.move("first", fails=True))
    second = moves.start((1, 2, "expire"), seen.move("second"))
    await asyncio.wait_for(second, 1)
    assert isinstance(first.exception(), RuntimeError)
    assert seen.events == ["first starts", "first fails", "second starts", "second ends"]


async def test_unloading_cancels_every_move_in_the_works() -> None:
    moves, seen = SeatMoves(), Recorder()
    gate = asyncio.Event()
    first = moves.start((1, 2, "computer"), seen.move("first", gate))
    second = moves.start((1, 2, "computer"), seen.move("second"))
    await asyncio.sleep(0)
    moves.cancel()
    await asyncio.wait([first, second], timeout=1)
    assert first.cancelled() and second.cancelled()
    assert seen.events == ["first starts"] and len(moves) == 0
