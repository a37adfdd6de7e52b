"""Run a bot process for an end-to-end test and make sure it is always killed afterwards.

A bot process costs about a second of CPU before its first line of its own code runs: the interpreter and the
imports of discord.py, aiohttp and pydantic. A `Zygote` pays it once: it imports a module's dependencies, then
forks a fresh process for each start (`python -m <module> ...` exactly as `sys.argv`, environment, working
directory and log file say), so a test suite that starts a bot dozens of times pays the imports once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path

# The zygote's own program (`python -c ZYGOTE <module> <preload>...`): imports, then one JSON request a line on
# stdin ({"argv", "env", "cwd", "log"}, and "err" for a stderr of its own), answered with {"started": pid};
# {"exited": pid, "code": n} when one ends.
ZYGOTE = r"""
import importlib, json, os, runpy, select, signal, sys, traceback
module, preload = sys.argv[1], sys.argv[2:]
sys.path[0] = os.getcwd()  # `-c` put "" there: modules are found where the zygote started, whatever a child's cwd
for name in preload:
    importlib.import_module(name)
import gc
gc.collect()
gc.freeze()  # what every child shares: its collections never walk it (nor touch its pages, which stay shared)
wake_r, wake_w = os.pipe()
os.set_blocking(wake_w, False)
signal.signal(signal.SIGCHLD, lambda *_: None)
signal.set_wakeup_fd(wake_w)
out = sys.stdout

def tell(**message):
    out.write(json.dumps(message) + "\n")
    out.flush()

def child(request, session_r, session_w):
    os.setsid()
    os.close(session_r)
    os.write(session_w, b".")  # in its own session now: the start may be told, and the group signalled
    os.close(session_w)
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    os.close(wake_r)
    os.close(wake_w)
    log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(log, 1)
    os.dup2(os.open(request["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644) if request.get("err") else log, 2)
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    sys.stdout.reconfigure(line_buffering=True)
    os.chdir(request["cwd"] or ".")
    os.environ.clear()
    os.environ.update(request["env"])
    sys.argv = ["-m", *request["argv"]]  # as `python -m module args...` sees them (run_module sets argv[0])
    sys.modules.pop(module + ".__main__", None)  # preloaded for its imports; run afresh as __main__
    code = 0
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(code)

while True:
    ready, _, _ = select.select([sys.stdin, wake_r], [], [])
    if wake_r in ready:
        os.read(wake_r, 512)
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            break
        tell(exited=pid, code=os.waitstatus_to_exitcode(status))
    if sys.stdin in ready:
        line = sys.stdin.readline()
        if not line:
            break
        request = json.loads(line)
        session_r, session_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            child(request, session_r, session_w)
        os.close(session_w)
        os.read(session_r, 1)  # told only once the child leads its own process group
        os.close(session_r)
        tell(started=pid)
"""


class Zygote:
    """A process that has imported `preload` once and forks a process running `python -m module` per start.

    Its children behave as `asyncio.create_subprocess_exec` ones for `BotProcess`: their own session (process
    group), their output in a log file, an exit code. A fork shares only the imported modules with its siblings
    (Python seeds the random generator again in each). It outlives the event loops of the tests that use it (one
    per test under pytest-asyncio): its pipe is read by a thread. `close()` stops it.
    """

    def __init__(self, module: str, preload: Sequence[str]) -> None:
        self.module = module
        self.preload = list(preload)
        self._process: subprocess.Popen[bytes] | None = None
        self._started: queue.Queue[int] = queue.Queue()
        self._guard = threading.Lock()  # the exit codes and their waiters, shared with the reader thread
        self._exited = threading.Condition(self._guard)  # told whenever an exit code is kept
        self._starting = threading.Lock()
        self._codes: dict[int, int] = {}  # exit codes of children nobody waits for yet
        self._waiting: dict[int, tuple[asyncio.AbstractEventLoop, asyncio.Future[int]]] = {}

    def serves(self, args: Sequence[str]) -> bool:
        """Whether `args` is `python -m <module> ...` with this interpreter."""
        return len(args) >= 3 and args[0] == sys.executable and args[1] == "-m" and args[2] == self.module

    async def spawn(self, args: Sequence[str], env: Mapping[str, str], cwd: str | None, log: Path) -> ZygoteChild:
        request = {"argv": list(args[3:]), "env": dict(env), "cwd": cwd, "log": str(log)}
        return ZygoteChild(await asyncio.to_thread(self._fork, request), self)

    def run(
        self, args: Sequence[str], *, env: Mapping[str, str], cwd: Path | str, timeout: float
    ) -> subprocess.CompletedProcess[str]:
        """`subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout)`, forked: the
        command's stdout and stderr apart, its exit code; killed with its group and `TimeoutExpired` past `timeout`."""
        with tempfile.TemporaryDirectory(prefix="zygote-run-") as folder:
            out, err = Path(folder) / "stdout", Path(folder) / "stderr"
            pid = self._fork(
                {"argv": list(args[3:]), "env": dict(env), "cwd": str(cwd), "log": str(out), "err": str(err)}
            )
            with self._exited:
                if not self._exited.wait_for(lambda: pid in self._codes, timeout):
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(pid, signal.SIGKILL)
                    self._exited.wait_for(lambda: pid in self._codes, 10)  # reaped by the zygote
                    self._codes.pop(pid, None)
                    output = out.read_text(encoding="utf-8")
                    raise subprocess.TimeoutExpired(list(args), timeout, output, err.read_text(encoding="utf-8"))
                code = self._codes.pop(pid)
            return subprocess.CompletedProcess(
                list(args), code, out.read_text(encoding="utf-8"), err.read_text(encoding="utf-8")
            )

    def _fork(self, request: Mapping[str, object]) -> int:
        """One start, its request and its pid under one lock: two starts at once never swap their pids."""
        with self._starting:
            process = self._ensure()
            assert process.stdin is not None
            process.stdin.write((json.dumps(request) + "\n").encode())
            process.stdin.flush()
            return self._started.get(timeout=30)

    def _ensure(self) -> subprocess.Popen[bytes]:
        if self._process is not None and self._process.poll() is None:
            return self._process
        self._process = subprocess.Popen(
            [sys.executable, "-c", ZYGOTE, self.module, *self.preload],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            start_new_session=True,
        )
        threading.Thread(target=self._read, args=(self._process,), name="zygote-reader", daemon=True).start()
        return self._process

    def _read(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            message = json.loads(line)
            if "started" in message:
                self._started.put(int(message["started"]))
                continue
            pid, code = int(message["exited"]), int(message["code"])
            with self._guard:
                waiter = self._waiting.pop(pid, None)
                if waiter is None:
                    self._codes[pid] = code
                    self._exited.notify_all()
            if waiter is not None:
                loop, future = waiter
                with contextlib.suppress(RuntimeError):  # a loop closed since: nobody is waiting any more
                    loop.call_soon_threadsafe(_settle, future, code)

    def exit_code(self, pid: int) -> int | None:
        with self._guard:
            return self._codes.get(pid)

    async def wait(self, pid: int) -> int:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[int] = loop.create_future()
        with self._guard:
            if pid in self._codes:
                return self._codes[pid]
            self._waiting[pid] = (loop, future)
        try:
            return await future
        finally:
            with self._guard:
                self._waiting.pop(pid, None)

    def close(self) -> None:
        """Stop the zygote; its children are stopped by their `BotProcess`es, or were already."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()


def _settle(future: asyncio.Future[int], code: int) -> None:
    if not future.done():
        future.set_result(code)


class ZygoteChild:
    """A process forked by a `Zygote`: its pid, and its exit code once the zygote has reaped it."""

    def __init__(self, pid: int, zygote: Zygote) -> None:
        self.pid = pid
        self._zygote = zygote
        self._code: int | None = None

    @property
    def returncode(self) -> int | None:
        if self._code is None:
            self._code = self._zygote.exit_code(self.pid)
        return self._code

    async def wait(self) -> int:
        if self._code is None:
            self._code = await self._zygote.wait(self.pid)
        return self._code


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
        zygote: Zygote | None = None,
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
        self.zygote = zygote if zygote is not None and zygote.serves(self.args) else None
        self.proc: asyncio.subprocess.Process | ZygoteChild | None = None

    async def start(self) -> BotProcess:
        if self.zygote is not None:
            self.proc = await self.zygote.spawn(self.args, self.env, self.cwd, self.log_path)
            return self
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
                os.kill(self.proc.pid, sig)

    async def crash(self) -> int:
        """SIGKILL the process group, no goodbye (a crash); its exit code."""
        assert self.proc is not None, "not started"
        self._signal_group(signal.SIGKILL)
        return await self.proc.wait()

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
