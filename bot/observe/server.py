"""The operator's HTTP port (`CARDROOM_METRICS_PORT`; off by default): `/metrics` in Prometheus's format, `/healthz`
(the process is alive: its event loop answers) and `/readyz` (logged in, its shards connected, the database answering
within `READY_DB_TIMEOUT`), each a small aiohttp handler on the bot's own event loop."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.observe import metrics

log = logging.getLogger("cardroom.observe")

READY_DB_TIMEOUT: Final = 1.0  # seconds the database may take to answer a readiness check


@dataclass(frozen=True, slots=True)
class Readiness:
    """Why the process is or is not ready: each check's name and whether it passed."""

    checks: dict[str, bool]

    @property
    def ready(self) -> bool:
        return all(self.checks.values())

    def text(self) -> str:
        return "\n".join(f"{name}: {'ok' if passed else 'failing'}" for name, passed in self.checks.items()) + "\n"


ReadyCheck = Callable[[], Awaitable[Readiness]]


class OperatorServer:
    """Serves the three paths on `host:port`; `start` and `stop` own the aiohttp runner."""

    def __init__(self, host: str, port: int, ready: ReadyCheck) -> None:
        self.host = host
        self.port = port
        self._ready = ready
        self._runner: web.AppRunner | None = None
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        self.app = app

    async def start(self) -> None:
        runner = web.AppRunner(self.app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        self._runner = runner
        bound = runner.addresses[0] if runner.addresses else (self.host, self.port)
        if isinstance(bound, tuple) and len(bound) >= 2:
            self.port = int(bound[1])  # port 0: the one the system chose
        log.info("Metrics and health checks on http://%s:%d/ (/metrics, /healthz, /readyz)", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _metrics(self, request: web.Request) -> web.Response:
        body = metrics.exposition()
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def _readyz(self, request: web.Request) -> web.Response:
        try:
            readiness = await asyncio.wait_for(self._ready(), READY_DB_TIMEOUT * 2)
        except TimeoutError:
            readiness = Readiness({"answered in time": False})
        return web.Response(text=readiness.text(), status=200 if readiness.ready else 503)
