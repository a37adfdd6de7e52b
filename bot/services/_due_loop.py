"""The loop both schedulers run (table deadlines, `bot.services.scheduler`; people's notices,
`bot.services.notices`): sleep until the earliest thing is due (`delay`, a read), or until something new is added
(`poke`), then fire what is due (`fire_due`, a write); a failed pass is logged and tried again after `retry`."""

from __future__ import annotations

import asyncio
import contextlib
import logging


class DueLoop:
    """A subclass says when the next thing is due (`delay`) and fires what is due (`fire_due`); `prepare` runs once
    before the loop starts."""

    name = "due"
    retry = 60.0  # seconds before a failed pass is tried again
    log = logging.getLogger("cardroom.scheduler")

    def __init__(self) -> None:
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def poke(self) -> None:
        """Something was added: look again at the earliest (it may come before the one waited for)."""
        self._wake.set()

    async def delay(self) -> float:
        raise NotImplementedError

    async def fire_due(self) -> int:
        raise NotImplementedError

    async def prepare(self) -> None:
        """Once, before the first wait (nothing by default)."""

    async def run(self) -> None:
        await self.prepare()
        while True:
            try:
                self._wake.clear()  # something added from here on ends the wait below
                wait = await self.delay()
                if wait > 0:
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(wait):  # no inner task: a stop's cancellation reaches the wait
                            await self._wake.wait()
                    continue
                await self.fire_due()
            except Exception:  # a cancellation is not an Exception: it stops the loop
                self.log.exception("%s pass failed; trying again in %s s", self.name, self.retry)
                await asyncio.sleep(self.retry)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self.run(), name=self.name)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
