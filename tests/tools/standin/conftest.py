"""Fixtures for the stand-in's own tests."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
if str(REPO) not in sys.path:  # pyproject sets pythonpath = ["."]; keep working without it
    sys.path.insert(0, str(REPO))

from tests.tools.standin.support import TINY_BOT, BotStarter, World  # noqa: E402
from tools.standin import BotProcess, StandIn  # noqa: E402


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    async with StandIn() as s:
        yield s


@pytest.fixture
async def world(standin: StandIn) -> World:
    return World(standin)


@pytest.fixture
async def start_bot(standin: StandIn, tmp_path: Path) -> AsyncIterator[BotStarter]:
    """Start tiny_bot.py against the stand-in; every process is killed at teardown."""
    processes: list[BotProcess] = []

    async def start(*, token: str | None = None, ready: bool = True) -> BotProcess:
        proc = BotProcess(
            [sys.executable, str(TINY_BOT)],
            env={"STANDIN_BASE_URL": standin.base_url, "STANDIN_TOKEN": token or standin.token},
            log_path=tmp_path / f"tiny_bot_{len(processes)}.log",
            stop_timeout=3.0,
        )
        processes.append(proc)
        await proc.start()
        if ready:
            standin.watch(proc)
            await standin.wait_until_ready(timeout=20)
        return proc

    try:
        yield start
    finally:
        for proc in processes:
            await proc.stop()
