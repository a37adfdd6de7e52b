"""The process a computer player thinks in: `python -m bot.computer_worker`, started by `bot.computers`.

A worker is a fresh interpreter that imports the engines and nothing else (never the program that started it: the
bot, the bench or a test runner), so it starts as fast however the bot was launched. It talks with the bot over its
standard input and output in frames (a 4-byte big-endian length, then the bytes):

1. the bot sends the engines, pickled with their card data (`pickle.dumps(tuple_of_engines)`);
2. the worker answers `{"ready": pid}` once they are loaded: the warm-up's round trip;
3. then, one at a time, the bot sends a decision to take as JSON, `[game, state, seat, level, seed, deadline,
   playouts]`, and the worker answers `{"action": action_json, "received": t0, "finished": t1}` (`time.monotonic()`
   when the request was read and when the action was chosen: where a decision's time went) or `{"error": text}`.

The worker ends when its input ends (the bot closed it, or died). Anything the engines print goes to standard error,
never into the frames. Ctrl-C in a terminal reaches the whole process group: the worker leaves it to the bot.
"""

from __future__ import annotations

import json
import os
import pickle
import signal
import struct
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from typing import IO, Any

from engines.core import Engine
from engines.core.computer import Level, choose

HEADER = struct.Struct(">I")


def send(stream: IO[bytes], payload: bytes) -> None:
    """Write one frame and flush it."""
    stream.write(HEADER.pack(len(payload)) + payload)
    stream.flush()


def receive(stream: IO[bytes]) -> bytes | None:
    """Read one frame; None at the end of the stream (the other side closed it)."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    (size,) = HEADER.unpack(header)
    payload = stream.read(size)
    if len(payload) < size:
        return None
    return payload


class Pace:
    """The `stop` of one decision: True once the next playout would likely end past `deadline`, so a decision ends
    by its deadline rather than one playout after it (a playout of the longer games takes tens of milliseconds).

    Asked between playouts: the time between two asks is one playout; a playout is expected to take as long as the
    longest seen so far, the first one as long as a mean playout of the first round (`first_round` playouts, from
    `started`). `clock` is `time.monotonic` (one clock for every process of the machine)."""

    def __init__(self, deadline: float, started: float, first_round: int, clock: Callable[[], float]) -> None:
        self.deadline, self.started, self.first_round, self.clock = deadline, started, max(1, first_round), clock
        self.last: float | None = None
        self.longest = 0.0

    def __call__(self) -> bool:
        now = self.clock()
        step = (now - self.started) / self.first_round if self.last is None else now - self.last
        self.longest, self.last = max(self.longest, step), now
        return now + self.longest >= self.deadline


def decide(
    engine: Engine[Any, Any, Any, Any], state: str, seat: int, level: Level, seed: int, deadline: float, playouts: int
) -> str:
    """The action (as JSON) the computer of `level` takes for `seat` in `state` (as JSON), thinking until about
    `deadline` (`Pace`) once its first round of playouts (one per legal action) is done."""
    started = time.monotonic()
    loaded = engine.load_state(state)
    pace = Pace(deadline, started, len(engine.legal_actions(loaded, seat)), time.monotonic)
    action = choose(engine, loaded, seat, level, seed, playouts=playouts, stop=pace)
    return str(action.model_dump_json())


def answer(engines: Mapping[str, Engine[Any, Any, Any, Any]], request: bytes) -> bytes:
    """The answer to one decision asked."""
    received = time.monotonic()
    try:
        game, state, seat, level, seed, deadline, playouts = json.loads(request)
        action = decide(engines[game], state, seat, level, seed, deadline, playouts)
        return json.dumps({"action": action, "received": received, "finished": time.monotonic()}).encode()
    except Exception:
        return json.dumps({"error": traceback.format_exc()}).encode()


def serve(inbound: IO[bytes], outbound: IO[bytes]) -> None:
    """Load the engines sent first, say so, then answer decisions until the input ends."""
    first = receive(inbound)
    if first is None:
        return
    engines = {engine.name: engine for engine in pickle.loads(first)}
    send(outbound, json.dumps({"ready": os.getpid()}).encode())
    while (request := receive(inbound)) is not None:
        send(outbound, answer(engines, request))


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    outbound = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print goes to stderr, not into a frame
    with outbound:
        serve(sys.stdin.buffer, outbound)


if __name__ == "__main__":
    main()
