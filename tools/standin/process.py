"""Run a bot process for an end-to-end test and make sure it is always killed afterwards."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path


class BotProcess:
    """A subprocess (own process group) whose combined stdout/stderr goes to a log file.

    ``async with BotProcess([sys.executable, "-m", "bot"], env={...}) as bot:`` -- on exit the
    whole process group gets SIGTERM, then SIGKILL after ``stop_timeout`` seconds.
    """

    def __init__(
        self,
        args: Sequence[str],
        *,
        env: Mapping[str, str] | None = None,
        cwd: str | Path | None = None,
        log_path: Path | None = None,
        inherit_env: bool = True,
        stop_timeout: float = 5.0,
    ) -> None:
        self.args = list(args)
        self.env = {**(os.environ if inherit_env else {}), **(env or {})}
        self.env.setdefault("PYTHONUNBUFFERED", "1")
        self.cwd = str(cwd) if cwd is not None else None
        self.stop_timeout = stop_timeout
        if log_path is None:
            fd, name = tempfile.mkstemp(prefix="standin-bot-", suffix=".log")
            os.close(fd)
            log_path = Path(name)
        self.log_path = log_path
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> BotProcess:
        with self.log_path.open("wb") as log:
            self.proc = await asyncio.create_subprocess_exec(
                *self.args,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
                env=self.env,
                cwd=self.cwd,
                start_new_session=True,
            )
        return self

    @property
    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.returncode

    @property
    def output(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    async def wait(self, timeout: float = 10.0) -> int:  # noqa: ASYNC109
        """Wait for the process to exit by itself; returns its exit code."""
        assert self.proc is not None, "not started"
        return await asyncio.wait_for(self.proc.wait(), timeout)

    def _signal_group(self, sig: int) -> None:
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if sys.platform != "win32":
                os.killpg(self.proc.pid, sig)
            else:  # pragma: no cover
                self.proc.send_signal(sig)

    async def stop(self) -> int | None:
        """SIGTERM the process group, SIGKILL it if it does not exit in time."""
        if self.proc is None:
            return None
        if self.proc.returncode is None:
            self._signal_group(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), self.stop_timeout)
            except TimeoutError:
                self._signal_group(signal.SIGKILL)
                await self.proc.wait()
        else:
            # The leader exited; make sure nothing it spawned survives.
            self._signal_group(signal.SIGKILL)
        return self.proc.returncode

    async def __aenter__(self) -> BotProcess:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
