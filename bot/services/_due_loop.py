"""The loop both schedulers run (table deadlines, `bot.services.scheduler`; people's notices,
`bot.services.notices`): sleep until the earliest thing is due (`delay`, a read), or until something new is added
(`poke`) that may come before it, then fire what is due (`fire_due`, a write); a failed pass is logged and tried
again after `retry`. A poke that says when the new thing is due (`earliest`, by the loop's clock: `now`) and
comes no earlier than the wake-up already set is let be: the loop reads again then anyway (a move adds its next
turn's deadline, minutes away: no read per move). The
database failing is one warning when a pass first finds it so and one when a pass gets through again, with how many
failed in between, not a traceback every `retry`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from bot.storage import StorageError


class DueLoop:
    """A subclass says when the next thing is due (`delay`) and fires what is due (`fire_due`); `prepare` runs once
    before the loop starts."""

    name = "due"
    retry = 60.0  # seconds before a failed pass is tried again
    log = logging.getLogger("cardroom.scheduler")

    def __init__(self) -> None:
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._failing_since: float | None = None  # the database failing the passes since then
        self._failed = 0
        self._until: float | None = None  # when the wait under way ends (`now`'s clock); None: not waiting

    def now(self) -> float:
        """The clock `delay` counts from (a subclass's injected clock)."""
        return time.time()

    def poke(self, earliest: float | None = None) -> None:
        """Something was added (due at `earliest`, when known): look again at the earliest, unless the wait under
        way ends no later than it (the loop reads again then)."""
        until = self._until
        if earliest is not None and until is not None and earliest >= until:
            return
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
                self._until = None  # any poke from here on may come before what the read below finds
                self._wake.clear()  # something added from here on ends the wait below
                wait = await self.delay()
                self._answered()
                if wait > 0:
                    self._until = self.now() + wait
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(wait):  # no inner task: a stop's cancellation reaches the wait
                            await self._wake.wait()
                    continue
                await self.fire_due()
            except StorageError as error:
                if self._failing_since is None:
                    self._failing_since = time.monotonic()
                    self.log.warning(
                        "%s: the database is failing (%s); trying again every %s s", self.name, error, self.retry
                    )
                self._failed += 1
                await asyncio.sleep(self.retry)
            except Exception:  # a cancellation is not an Exception: it stops the loop
                self.log.exception("%s pass failed; trying again in %s s", self.name, self.retry)
                await asyncio.sleep(self.retry)

    def _answered(self) -> None:
        if self._failing_since is not None:
            took, failed = time.monotonic() - self._failing_since, self._failed
            self._failing_since, self._failed = None, 0
            self.log.warning("%s: the database answers again after %.1f s (%d passes failed)", self.name, took, failed)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self.run(), name=self.name)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
