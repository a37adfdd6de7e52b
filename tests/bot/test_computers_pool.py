"""The computer players' worker processes: started ahead by `warm`, ready once each answered, deciding to the
deadline set when a decision is asked (the stand-in deciding when none is ready in time), replaced when one dies,
and never importing the program that started them.

Real worker processes (`bot.computer_worker`). No test judges a machine's speed: the time assertions are on the
deadline each decision carries and the worker's own account of when it read the request and chose, with margins
far above what a busy machine adds (the failure they catch, a worker importing the program again, costs seconds).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import games
from bot.computer_worker import Pace
from bot.computers import HANDOVER, START_SHARE, ComputerPlayers, _Worker
from engines import registry
from engines.core import GameState

BUDGET = 0.3


@pytest.fixture
async def players() -> AsyncIterator[ComputerPlayers]:
    games.install()
    pool = ComputerPlayers(workers=1, budget=BUDGET)  # the live cap of playouts: the deadline ends each decision
    try:
        yield pool
    finally:
        pool.close()


def pairs_turn() -> tuple[Any, GameState, int]:
    engine: Any = registry.get("pairs")
    state = engine.new(2, engine.parse_options({}), 7)
    return engine, state, engine.to_act(state)[0]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_ready_starts_every_worker_once() -> None:
    games.install()
    players = ComputerPlayers(workers=2, budget=BUDGET)
    try:
        players.warm()  # returns at once: the workers load the engines in the background
        pids = await players.ready()
        assert len(set(pids)) == 2 and all(alive(pid) for pid in pids) and os.getpid() not in pids
        players.warm()
        assert await players.ready() == pids  # nothing started again
    finally:
        players.close()
    assert not players.running
    for pid in pids:  # ended (each is this process's child: reaped by close)
        assert not alive(pid)


async def test_the_first_decision_after_the_warm_up_is_taken_by_a_ready_worker_within_its_budget(
    players: ComputerPlayers,
) -> None:
    pids = await players.ready()
    engine, state, seat = pairs_turn()
    action = await players.choose(engine, state, seat, "normal")
    assert engine.refusal(state, seat, action) is None and players.failures == 0
    first = players.last
    assert first is not None and first.game == "pairs" and first.pid in pids
    assert first.deadline == pytest.approx(first.asked + BUDGET - HANDOVER)
    # The worker was ready: it read the request long before the deadline (a worker still starting takes ~0.7 s,
    # one importing the program again seconds), and thought until about the deadline (a Pairs playout: ~1 ms).
    assert first.asked <= first.received < first.asked + BUDGET / 2
    assert first.deadline - 0.1 < first.finished < first.deadline + 0.25
    assert first.seconds < BUDGET + 0.5


def test_a_decision_stops_when_its_next_playout_would_end_past_the_deadline() -> None:
    now = [10.0]
    pace = Pace(deadline=11.0, started=10.0, first_round=4, clock=lambda: now[0])
    now[0] = 10.4  # the first round: 4 playouts in 0.4 s, 0.1 s each
    assert not pace()  # 10.4 + 0.1 < 11
    now[0] = 10.6  # a playout of 0.2 s: the longest so far
    assert not pace()  # 10.6 + 0.2 < 11
    assert pace.longest == pytest.approx(0.2)
    now[0] = 10.65  # a short one: the longest still counts
    assert not pace()  # 10.65 + 0.2 < 11
    now[0] = 10.85
    assert pace()  # 10.85 + 0.2 > 11: the next one would end past the deadline
    quick = Pace(deadline=11.0, started=10.0, first_round=0, clock=lambda: 10.999)
    assert quick()  # past the deadline after the first round: stop at once


async def test_a_decision_asked_during_the_warm_up_keeps_the_deadline_of_its_ask() -> None:
    games.install()
    engine, state, seat = pairs_turn()
    players = ComputerPlayers(workers=1, budget=60.0, playouts=50)  # a worker starts well within half the budget
    try:
        players.warm()
        action = await players.choose(engine, state, seat, "normal")  # the workers are still loading the engines
        assert engine.refusal(state, seat, action) is None and players.failures == players.stand_ins == 0
        decision = players.last
        assert decision is not None
        assert decision.deadline == pytest.approx(decision.asked + 60.0 - HANDOVER)  # not moved by the wait
        assert decision.asked <= decision.received <= decision.finished <= decision.answered
    finally:
        players.close()


async def test_with_no_worker_ready_in_time_the_stand_in_decides_within_the_budget(
    players: ComputerPlayers, monkeypatch: pytest.MonkeyPatch
) -> None:
    go = threading.Event()
    started = _Worker.started

    def held(worker: _Worker) -> int:  # a worker whose start takes until the test lets it go
        go.wait(10)
        return started(worker)

    monkeypatch.setattr(_Worker, "started", held)
    engine, state, seat = pairs_turn()
    players.warm()
    asked = time.monotonic()
    action = await players.choose(engine, state, seat, "hard")
    waited = time.monotonic() - asked
    assert engine.refusal(state, seat, action) is None and players.failures == 0
    assert players.stand_ins == 1 and players.last is None  # decided here, by the stand-in, not in a worker
    assert BUDGET * START_SHARE <= waited < BUDGET + 0.5  # it waited its share for a worker, then no longer
    go.set()
    pids = await players.ready()  # the workers went on starting meanwhile
    action = await players.choose(engine, state, seat, "hard")
    assert engine.refusal(state, seat, action) is None and players.stand_ins == 1
    assert players.last is not None and players.last.pid in pids


async def test_a_worker_killed_plays_the_default_once_and_is_replaced() -> None:
    games.install()
    engine, state, seat = pairs_turn()
    players = ComputerPlayers(workers=1, budget=0.05)
    try:
        (pid,) = await players.ready()
        os.kill(pid, signal.SIGKILL)
        assert await players.choose(engine, state, seat, "normal") == engine.default_action(state, seat)
        assert players.failures == 1
        (fresh,) = await players.ready()  # a new worker took its place
        assert fresh != pid and alive(fresh)
        action = await players.choose(engine, state, seat, "normal")
        assert engine.refusal(state, seat, action) is None and players.failures == 1
        assert players.last is not None and players.last.pid == fresh
    finally:
        players.close()


def test_a_worker_never_imports_the_program_that_started_it(tmp_path: Path) -> None:
    """Started from a script run by path (as the `cardroom` console script is), whose every import leaves a mark:
    spawned processes of `multiprocessing` would run it again; the workers do not."""
    marks = tmp_path / "marks"
    script = tmp_path / "program.py"
    script.write_text(
        textwrap.dedent(f"""
            import asyncio, os
            with open({str(marks)!r}, "a") as marks:
                marks.write(f"{{os.getpid()}}\\n")

            async def main() -> None:
                from bot import games
                from bot.computers import ComputerPlayers
                from engines import registry
                games.install()
                players = ComputerPlayers(workers=1, budget=0.1, playouts=20)
                try:
                    await players.ready()
                    engine = registry.get("pairs")
                    state = engine.new(2, engine.parse_options({{}}), 3)
                    await players.choose(engine, state, engine.to_act(state)[0], "normal")
                    assert players.failures == 0 and players.last is not None
                finally:
                    players.close()

            if __name__ == "__main__":
                asyncio.run(main())
        """)
    )
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(marks.read_text().split()) == 1, "the program was imported again"
    assert time.monotonic() - started < 60
