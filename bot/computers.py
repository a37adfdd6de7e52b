"""Computer seats: who they are at a table, and the players that decide for them, off the event loop.

A computer seat is a `Seat` whose user id is negative: one id per level
(`COMPUTER_IDS`), so each level has one rating and one leaderboard line of its
own, whatever its name at a table. The players themselves are
`engines.core.computer` (one general player for every game); here they run in
worker processes of their own (`ComputerPlayers`, `bot.computer_worker`), each
decision within a time budget counted from when it is asked, so a long think
never blocks the bot. A decision that fails (a worker that died, workers shut
down) falls back to the game's safe default action: the table never waits on a
broken computer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import pickle
import re
import secrets
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from bot import computer_worker
from bot.observe import metrics
from bot.seating import COMPUTER_IDS, is_computer, level_of, parse_level
from bot.storage import Seat
from engines import registry
from engines.core import Engine, GameState
from engines.core.computer import Level

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


# ----- deciding, in worker processes ---------------------------------------------------------------------------
def decide(game: str, state: str, seat: int, level: Level, seed: int, deadline: float, playouts: int) -> str:
    """The action (as JSON) the computer of `level` takes for `seat`, in this process (an easy player, or a bot
    without workers); a worker does the same with the engines it was sent (`bot.computer_worker.decide`)."""
    return computer_worker.decide(registry.get(game), state, seat, level, seed, deadline, playouts)


THINKING_IDS: Final = tuple(user_id for level, user_id in COMPUTER_IDS.items() if level != "easy")  # in the pool
HANDOVER: Final = 0.05  # seconds of a decision's budget kept for handing the state over and the action back
START_SHARE: Final = 0.5  # the share of a decision's budget it may wait for a worker still starting
STAND_IN: Final[Level] = "easy"  # who decides, in this process, when no worker is ready in time
START_TIMEOUT: Final = 60.0  # seconds a worker may take to load the engines before it counts as broken


class WorkerError(RuntimeError):
    """A worker that ended, answered out of turn, or failed to decide."""


@dataclass(frozen=True)
class Decision:
    """Where the time of one decision taken in a worker went, in `time.monotonic()` seconds: asked (by `choose`),
    received (read by the worker: any wait for a worker still starting or busy lies before it), finished (the worker
    chose), answered (the action back in the bot); `deadline` is the one the worker thought to."""

    game: str
    pid: int
    asked: float
    deadline: float
    received: float
    finished: float
    answered: float

    @property
    def seconds(self) -> float:
        """The decision's whole time, from asked to answered: what its budget bounds."""
        return self.answered - self.asked


ROOT: Final = Path(__file__).resolve().parent.parent  # where `bot` and `engines` are: a worker runs from there


class _Worker:
    """One worker process (`bot.computer_worker`) and its pipes: asked one thing at a time, from a thread of the
    pool (its calls block). Started at once; `started` waits for its answer to the engines sent (its pid)."""

    def __init__(self, engines: bytes) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot.computer_worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,  # `-m` puts it first on the import path: the worker imports the same code as the bot
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self._inbound, self._outbound = self.process.stdout, self.process.stdin
        self._engines: bytes | None = engines
        self._lock = threading.Lock()
        self.pid: int | None = None  # once it answered the engines: ready

    def _exchange(self, payload: bytes) -> dict[str, Any]:
        computer_worker.send(self._outbound, payload)
        answer = computer_worker.receive(self._inbound)
        if answer is None:
            raise WorkerError(f"the computer worker {self.process.pid} ended (exit status {self.process.poll()})")
        found: dict[str, Any] = json.loads(answer)
        return found

    def started(self) -> int:
        """Send the engines (once) and wait for the worker to have loaded them: its pid."""
        with self._lock:
            if self._engines is not None:
                engines, self._engines = self._engines, None
                self.pid = int(self._exchange(engines)["ready"])
            if self.pid is None:
                raise WorkerError(f"the computer worker {self.process.pid} never got ready")
            return self.pid

    def ask(self, request: str) -> dict[str, Any]:
        """The answer to one decision (`bot.computer_worker` says what `request` and the answer hold)."""
        self.started()
        with self._lock:
            answer = self._exchange(request.encode())
        if "error" in answer:
            raise WorkerError(f"the computer worker {self.pid} failed:\n{answer['error']}")
        return answer

    def close(self) -> None:
        """End the worker at once (a decision it was thinking about is dropped)."""
        self.process.kill()
        try:
            self.process.wait(timeout=5)
        finally:
            for stream in (self._outbound, self._inbound):
                with contextlib.suppress(OSError):  # a broken pipe: the worker is gone anyway
                    stream.close()


class ComputerPlayers:
    """Decisions of computer seats, in `workers` processes of their own (0: in a thread of this process).

    `budget` is the time of one decision (seconds), from the moment it is asked to the action received: the player
    thinks until about `HANDOVER` before its end (`bot.computer_worker.Pace`), so a wait for a busy worker, or for
    one still starting, comes out of it too; `playouts` caps its work. A worker is a fresh interpreter that loads
    the engines only (`bot.computer_worker`): it starts in about a second however the bot was launched. `warm`
    starts the workers in the background and `ready` waits until each has answered, so a first decision need not
    wait for a worker's start. One asked sooner (a start's first move, a first timeout played by the computer) waits
    for its worker at most `START_SHARE` of its budget; then the `STAND_IN` level decides at once in this process
    (counted in `stand_ins`), so the move still comes within its budget.
    """

    def __init__(self, *, workers: int = 0, budget: float = 1.0, playouts: int = 4_000) -> None:
        self.budget = budget
        self.playouts = playouts
        self.workers = workers
        self._slots = asyncio.Semaphore(max(1, workers))
        self._idle: list[_Worker] = []
        self._threads: ThreadPoolExecutor | None = None  # each worker's blocking exchanges, one thread per worker
        self._starts: dict[_Worker, Future[int]] = {}
        self._engines: bytes | None = None
        self.last: Decision | None = None  # the latest decision taken in a worker
        self.failures = 0  # decisions that failed, so played the game's default action
        self.stand_ins = 0  # decisions the stand-in took, no worker being ready in time

    @property
    def running(self) -> bool:
        """Whether the workers run (started by `warm` or by a decision, not stopped since)."""
        return self._threads is not None

    def warm(self) -> None:
        """Start the workers now, in the background, not at the first decision: called at start when a running game
        has a computer that thinks, and when a table gets one. Nothing to do without workers, or once they run."""
        if self.workers > 0 and self._threads is None:
            self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="computers")
            self._engines = pickle.dumps(tuple(registry.all_engines()))
            self._idle = [self._start() for _ in range(self.workers)]

    def _start(self) -> _Worker:
        assert self._threads is not None and self._engines is not None
        worker = _Worker(self._engines)
        self._starts[worker] = self._threads.submit(worker.started)
        return worker

    async def ready(self) -> list[int]:
        """Start the workers (`warm`) and wait until every one has loaded the engines and answered: their pids (none
        without workers). A worker that cannot start raises `WorkerError`."""
        self.warm()
        starts = [asyncio.wrap_future(start) for start in self._starts.values()]
        return list(await asyncio.wait_for(asyncio.gather(*starts), START_TIMEOUT))

    async def choose(self, engine: Engine[Any, Any, Any, Any], state: GameState, seat: int, level: Level) -> Any:
        """The action the computer of `level` takes for `seat`; the game's default action if deciding fails."""
        asked = time.monotonic()
        deadline = asked + self.budget - HANDOVER  # the budget runs from now, whatever the wait for a worker
        request = (engine.name, engine.dump_state(state), seat, level, secrets.randbits(64), deadline, self.playouts)
        async with self._slots:
            try:
                if level == "easy":
                    data = decide(*request[:5], 0.0, 1)
                elif self.workers <= 0:
                    data = await asyncio.to_thread(decide, *request)
                else:
                    data = await self._in_worker(asked, request)
                action = engine.parse_action(data)
                metrics.COMPUTER_DECISIONS.labels(engine.name).inc()
                metrics.COMPUTER_SECONDS.observe(time.monotonic() - asked)
                return action
            except Exception:
                self.failures += 1
                log.exception("A computer player of %s failed; it plays the safe default", engine.name)
                return engine.default_action(state, seat)

    async def _in_worker(self, asked: float, request: tuple[str, str, int, Level, int, float, int]) -> str:
        """Ask an idle worker (one is, under `_slots`); a worker that fails or is left mid-decision is replaced."""
        self.warm()
        assert self._threads is not None
        worker = self._idle.pop()
        if not await self._started_by(worker, asked + self.budget * START_SHARE):
            self._idle.append(worker)  # still starting: a later decision finds it ready
            self.stand_ins += 1
            log.info("No computer worker was ready in time: the %s player decides this move", STAND_IN)
            return decide(*request[:3], STAND_IN, request[4], 0.0, 1)
        try:
            answer = await asyncio.wrap_future(self._threads.submit(worker.ask, json.dumps(request)))
        except BaseException:
            self._replace(worker)
            raise
        if worker in self._starts:  # not closed meanwhile
            self._idle.append(worker)
        received, finished = float(answer["received"]), float(answer["finished"])
        self.last = Decision(request[0], worker.pid or 0, asked, request[5], received, finished, time.monotonic())
        return str(answer["action"])

    async def _started_by(self, worker: _Worker, by: float) -> bool:
        """Whether `worker` has started (or failed to: asking it then fails as any broken worker) by `by`."""
        start = self._starts.get(worker)
        if start is None or start.done():
            return True
        waited = asyncio.wrap_future(start)
        waited.add_done_callback(lambda done: done.cancelled() or done.exception())  # its failure is the ask's
        try:
            await asyncio.wait_for(asyncio.shield(waited), max(0.0, by - time.monotonic()))
        except TimeoutError:
            return False
        except Exception:
            return True
        return True

    def _replace(self, worker: _Worker) -> None:
        ours = self._starts.pop(worker, None) is not None  # not one `close` ended (and a new pool may have replaced)
        worker.close()
        if ours and self._threads is not None:
            self._idle.append(self._start())

    def close(self) -> None:
        """End the workers; a later decision starts new ones."""
        threads, self._threads = self._threads, None
        for worker in self._starts:
            worker.close()
        self._starts.clear()
        self._idle.clear()
        if threads is not None:  # a decision still asked fails at once (its worker is gone): the default is played
            threads.shutdown(wait=False)
