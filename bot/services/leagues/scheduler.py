"""Sleeps until a league is due (`leagues.due_at`: a round's end, or a table of the round that ended) and hands it
over. Everything is in the database, so a restart picks up where the last run stopped; each league is claimed
before it is handled (`LeagueRepository.claim`, `LEASE`), so two processes on one database handle it once."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Final

from bot.services._due_loop import DueLoop
from bot.storage import Database
from bot.storage.repos.leagues import League

log = logging.getLogger("cardroom.leagues")

LEASE: Final = 60.0  # seconds a claimed league is held by the process handling it
RETRY: Final = 60.0
IDLE: Final = 3_600.0  # the longest sleep: a league created meanwhile pokes the loop anyway
BATCH: Final = 50

Handle = Callable[[League], Awaitable[None]]


class LeagueScheduler(DueLoop):
    name = "leagues"
    retry = RETRY
    log = log

    def __init__(self, db: Database, handle: Handle, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self.db = db
        self._handle = handle
        self._clock = clock

    async def fire_due(self) -> int:
        """Hand over every league due now, earliest first; how many."""
        fired = 0
        while True:
            due = await self.db.leagues.due(self._clock(), BATCH)
            for league in due:
                assert league.due_at is not None
                if not await self.db.leagues.claim(league.id, league.due_at, self._clock() + LEASE):
                    continue  # another process has it
                try:
                    await self._handle(league)
                    fired += 1
                except Exception:
                    log.exception("League %s could not be handled; trying again later", league.id)
                    await self.db.leagues.set_due(league.id, self._clock() + RETRY)
            if len(due) < BATCH:
                return fired

    async def delay(self) -> float:
        due = await self.db.leagues.next_due()
        return IDLE if due is None else min(IDLE, max(0.0, due - self._clock()))
