"""`Zygote`: processes forked from one that imported a module once behave as started ones for `BotProcess`."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.standin.process import BotProcess, Zygote

MODULE = "tests.tools.standin.forked"


@pytest.fixture
def zygote() -> Iterator[Zygote]:
    forking = Zygote(MODULE, preload=["json"])
    yield forking
    forking.close()


def forked(zygote: Zygote, tmp_path: Path, index: int, code: int) -> BotProcess:
    return BotProcess(
        [sys.executable, "-m", MODULE, str(code), f"start-{index}"],
        env={"FORKED_WORD": f"word-{index}"},
        cwd=tmp_path,
        log_path=tmp_path / f"{index}.log",
        zygote=zygote,
    )


async def test_each_start_gets_its_own_process_arguments_environment_and_exit_code(
    zygote: Zygote, tmp_path: Path
) -> None:
    """Six starts at once: each log is its own process's, with its own pid, arguments and environment."""
    processes = [forked(zygote, tmp_path, index, code=index) for index in range(6)]
    await asyncio.gather(*(process.start() for process in processes))
    assert all(process.zygote is zygote for process in processes)  # forked, not started afresh
    codes = [await process.wait() for process in processes]
    assert codes == list(range(6))
    for index, process in enumerate(processes):
        assert process.proc is not None and process.returncode == index
        assert process.output.split() == [
            str(process.proc.pid),
            str(tmp_path),
            f"word-{index}",
            str(index),
            f"start-{index}",
        ]
    assert len({process.proc.pid for process in processes if process.proc is not None}) == 6


async def test_a_crash_kills_the_forked_process(zygote: Zygote, tmp_path: Path) -> None:
    sleeper = BotProcess(
        [sys.executable, "-m", MODULE, "sleep"], log_path=tmp_path / "sleeper.log", zygote=zygote, cwd=tmp_path
    )
    await sleeper.start()
    assert sleeper.returncode is None
    assert await asyncio.wait_for(sleeper.crash(), 10) == -9  # killed, not finished: it sleeps a minute


def test_other_programs_are_started_afresh(zygote: Zygote, tmp_path: Path) -> None:
    assert BotProcess([sys.executable, "-m", "bot", "run"], zygote=zygote, log_path=tmp_path / "b.log").zygote is None
    assert BotProcess([sys.executable, "script.py"], zygote=zygote, log_path=tmp_path / "s.log").zygote is None


def test_a_run_gives_stdout_stderr_and_the_exit_code_apart(zygote: Zygote, tmp_path: Path) -> None:
    args = [sys.executable, "-m", MODULE, "3", "ran"]
    done = zygote.run(args, env={"FORKED_WORD": "w", "FORKED_ERR": "oops"}, cwd=tmp_path, timeout=10)
    assert done.returncode == 3 and done.args == args
    pid = done.stdout.split()[0]
    assert done.stdout == f"{pid} {tmp_path} w 3 ran\n" and done.stderr == "oops\n"


def test_a_run_past_its_timeout_is_killed(zygote: Zygote, tmp_path: Path) -> None:
    started = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired) as timed_out:
        zygote.run([sys.executable, "-m", MODULE, "sleep"], env={}, cwd=tmp_path, timeout=0.5)
    assert time.monotonic() - started < 10  # the sleeper (a minute) was not waited for
    pid = int(str(timed_out.value.output).split()[0])
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # killed and reaped
    after = zygote.run([sys.executable, "-m", MODULE, "0"], env={}, cwd=tmp_path, timeout=10)
    assert after.returncode == 0  # the zygote goes on
