"""Computer seats: who they are at a table, and the players that decide for them, off the event loop.

A computer seat is a `Seat` whose user id is negative: one id per level
(`COMPUTER_IDS`), so each level has one rating and one leaderboard line of its
own, whatever its name at a table. The players themselves are
`engines.core.computer` (one general player for every game); here they run in
a process pool (`ComputerPlayers`), each decision within a time budget, so a
long think never blocks the bot. A decision that fails (a worker that died, a
pool shut down) falls back to the game's safe default action: the table never
waits on a broken computer.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import re
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Final

from bot.seating import COMPUTER_IDS, is_computer, level_of, parse_level
from bot.storage import Seat
from engines import registry
from engines.core import Engine, GameState
from engines.core.computer import Level, choose

log = logging.getLogger("cardroom.computers")

# First names of the computer seats, given in this order at a table (the level follows the name).
NAMES: Final = ("Ada", "Blaise", "Grace", "Alan", "Emmy", "Kurt", "Hedy", "Claude", "Ida", "Edsger", "Sofia", "Niklaus")


__all__ = [
    "COMPUTER_IDS",
    "NAMES",
    "THINKING_IDS",
    "ComputerPlayers",
    "computer_seat",
    "is_computer",
    "level_of",
    "parse_level",
]


def computer_seat(level: Level, seated: Sequence[Seat], label: Callable[[str], str]) -> Seat:
    """A new computer seat of `level` named with the first of `NAMES` no name at the table holds yet.

    `label` turns that first name into the seat's name in the table's language (e.g. "🤖 Ada (normal)").
    """
    words = {word for seat in seated for word in re.findall(r"\w+", seat.name)}
    first = next((name for name in NAMES if name not in words), str(len(seated) + 1))
    return Seat(user_id=COMPUTER_IDS[level], name=label(first))


# ----- deciding, in a worker process ---------------------------------------------------------------------------
def _prepare_worker(engines: Sequence[Engine[Any, Any, Any, Any]]) -> None:
    """A worker registers the bot's own engines, sent pickled with their card data: it imports the engines only, not
    the games' declarations and renderers (about a second less for a worker to start)."""
    for engine in engines:
        if engine.name not in registry.names():
            registry.register(engine)


def _ready() -> bool:
    """A worker's answer to `ComputerPlayers.warm`: started, its games registered."""
    return True


def decide(game: str, state: str, seat: int, level: Level, seed: int, deadline: float, playouts: int) -> str:
    """The action (as JSON) the computer of `level` takes for `seat`, thinking until `deadline` (`time.monotonic()`,
    one clock for every process of the machine) once its first round of playouts is done."""
    engine = registry.get(game)
    loaded = engine.load_state(state)
    action = choose(engine, loaded, seat, level, seed, playouts=playouts, stop=lambda: time.monotonic() >= deadline)
    return str(action.model_dump_json())


THINKING_IDS: Final = tuple(user_id for level, user_id in COMPUTER_IDS.items() if level != "easy")  # in the pool
HANDOVER: Final = 0.05  # seconds of a decision's budget kept for handing the state over and the action back


class ComputerPlayers:
    """Decisions of computer seats, in a pool of `workers` processes (0: in a thread of this process).

    `budget` is the time of one decision (seconds), from the moment it is asked to the action received: the player
    thinks until `HANDOVER` before its end (a wait for a busy worker counts too); `playouts` caps its work.
    """

    def __init__(self, *, workers: int = 0, budget: float = 1.0, playouts: int = 4_000) -> None:
        self.budget = budget
        self.playouts = playouts
        self.workers = workers
        self._pool: Executor | None = None
        self._slots = asyncio.Semaphore(max(1, workers))

    def warm(self) -> None:
        """Start the pool now, not at the first decision (a worker's start, its imports and games, takes about as
        long as a decision's budget): called when a table gets a computer that thinks. Nothing to do without a
        pool, or once it runs."""
        if self.workers > 0 and self._pool is None:
            pool = self._executor()
            assert pool is not None
            pool.submit(_ready)

    def _executor(self) -> Executor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # no fork of a process running threads and a loop
            # Started on the first decision that needs it (a bot with no computer at its tables never pays for it).
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=_prepare_worker,
                initargs=(tuple(registry.all_engines()),),
            )
        return self._pool

    async def choose(self, engine: Engine[Any, Any, Any, Any], state: GameState, seat: int, level: Level) -> Any:
        """The action the computer of `level` takes for `seat`; the game's default action if deciding fails."""
        deadline = time.monotonic() + self.budget - HANDOVER
        seed = secrets.randbits(64)
        dumped = engine.dump_state(state)
        async with self._slots:
            try:
                if level == "easy":
                    data = decide(engine.name, dumped, seat, level, seed, 0.0, 1)
                else:
                    pool = self._executor()
                    args = (engine.name, dumped, seat, level, seed, deadline, self.playouts)
                    if pool is None:
                        data = await asyncio.to_thread(decide, *args)
                    else:
                        data = await asyncio.get_running_loop().run_in_executor(pool, decide, *args)
                return engine.parse_action(data)
            except Exception:
                log.exception("A computer player of %s failed; it plays the safe default", engine.name)
                self._reset()
                return engine.default_action(state, seat)

    def _reset(self) -> None:
        """Drop a pool that may be broken (a worker killed): the next decision starts a new one."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        self._reset()
