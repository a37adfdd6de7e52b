"""A person's own settings across servers: how they are told it is their turn, their time away, and how their
own hands show cards (`/cards`: the card emojis, or text faces).

`/away` stops a player's clocks for some days (their decisions wait for them),
within a yearly allowance (`paces().away.allowance_days` per calendar year, UTC,
by the service's clock). An absence is charged in full to the year it starts
in; going away again while away replaces the current absence and refunds its
unused part, and so does coming back early. Allowance is counted in real days
whatever the time scale (`PlayerSettings.away_used` holds seconds before the
scale), while the absence itself lasts `days * 86400 * time_scale` seconds.

Each person's settings are read and written under a lock of their own, so two
commands of the same person never overwrite each other.

A hand is drawn on every move: whether its player chose text cards is kept for
`CARDS_FRESH` seconds (`text_cards`), so a move costs no extra read. A choice
made through this process shows at once; one made through another process (a
bot run as several) within `CARDS_FRESH` seconds.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import get_args

from bot.errors import AwayAllowanceError, InvalidOptionError, NotAwayError
from bot.services import away
from bot.services.away import DAY
from bot.services.tables import Table, Tables
from bot.storage import CardsMode, Database, NotifyMode, PlayerSettings

NOTIFY_MODES: tuple[NotifyMode, ...] = get_args(NotifyMode)
CARDS_MODES: tuple[CardsMode, ...] = get_args(CardsMode)
CARDS_FRESH = 60.0  # seconds a person's card faces are kept before they are read again
CARDS_KEPT = 4096  # people whose card faces are kept at most (the expired ones are dropped past it)
REFUND_GRAIN = 60.0  # seconds: the unused part of an absence is refunded to the nearest minute


@dataclass(frozen=True)
class AwayChange:
    """A person's settings after `/away`, the tables whose clocks changed, and the allowance left (seconds)."""

    settings: PlayerSettings
    tables: list[Table]
    left: float


class PlayerService:
    def __init__(
        self,
        db: Database,
        tables: Tables,
        *,
        clock: Callable[[], float] = time.time,
        time_scale: float = 1.0,
    ) -> None:
        self.db = db
        self.tables = tables
        self.time_scale = time_scale
        self._clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._holders: dict[int, int] = {}
        self._cards: dict[int, tuple[bool, float]] = {}  # user id -> (text cards?, when read, monotonic)

    def now(self) -> float:
        return self._clock()

    @asynccontextmanager
    async def _locked(self, user_id: int) -> AsyncIterator[None]:
        lock = self._locks.setdefault(user_id, asyncio.Lock())
        self._holders[user_id] = self._holders.get(user_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._holders[user_id] -= 1
            if not self._holders[user_id]:
                del self._holders[user_id]
                del self._locks[user_id]

    # ----- reading -------------------------------------------------------------
    async def settings(self, user_id: int) -> PlayerSettings:
        return await self.db.players.get(user_id)

    @staticmethod
    def year_of(when: float) -> int:
        """The calendar year (UTC) of a unix time."""
        return away.year_of(when)

    @staticmethod
    def allowance() -> float:
        """The yearly allowance, in seconds (before the time scale)."""
        return away.allowance()

    def used(self, player: PlayerSettings, now: float | None = None) -> float:
        """Seconds of allowance used in the year of `now` (default: the service's now), `/away` and the away
        hours the clock spent instead of timeouts alike."""
        return away.used(player, self.now() if now is None else now)

    def left(self, player: PlayerSettings, now: float | None = None) -> float:
        """Seconds of allowance left in the year of `now`."""
        return away.left(player, self.now() if now is None else now)

    def is_away(self, player: PlayerSettings, now: float | None = None) -> bool:
        now = self.now() if now is None else now
        return player.away_until is not None and player.away_until > now

    def _refunded(self, player: PlayerSettings, now: float) -> float:
        """The allowance used this year once the unused part of a running absence is given back."""
        used = self.used(player, now)
        if not self.is_away(player, now) or player.away_year != self.year_of(now):
            return used  # nothing running, or charged to a year that is over
        assert player.away_until is not None
        unused = (player.away_until - now) / self.time_scale
        refund = round(unused / REFUND_GRAIN) * REFUND_GRAIN
        return max(0.0, used - refund)

    # ----- notifications -------------------------------------------------------
    async def set_notify(self, user_id: int, mode: str) -> PlayerSettings:
        """Where the person is told it is their turn; choosing direct messages again forgets a refused DM."""
        if mode not in NOTIFY_MODES:
            raise InvalidOptionError("error.invalid_choice")
        notify: NotifyMode = "dm" if mode == "dm" else "both" if mode == "both" else "channel"
        async with self._locked(user_id):
            player = await self.db.players.get(user_id)
            refused = player.dm_refused and notify == "channel"
            changed = replace(player, notify=notify, dm_refused=refused)
            await self.db.players.save(changed)
        return changed

    async def dm_refused(self, user_id: int) -> bool:
        """Discord refused a direct message to the person (50007): True only the first time, to tell them once."""
        async with self._locked(user_id):
            player = await self.db.players.get(user_id)
            if player.dm_refused:
                return False
            await self.db.players.save(replace(player, dm_refused=True))
        return True

    # ----- card faces ----------------------------------------------------------
    async def set_cards(self, user_id: int, mode: str) -> PlayerSettings:
        """How the person's own hands show cards: "emoji" (the pictures) or "text" (text faces)."""
        if mode not in CARDS_MODES:
            raise InvalidOptionError("error.invalid_choice")
        cards: CardsMode = "text" if mode == "text" else "emoji"
        async with self._locked(user_id):
            changed = replace(await self.db.players.get(user_id), cards=cards)
            await self.db.players.save(changed)
        self._cards[user_id] = (cards == "text", time.monotonic())
        return changed

    async def text_cards(self, user_id: int) -> bool:
        """Whether the person chose text cards for their hands (read at most every `CARDS_FRESH` seconds)."""
        now = time.monotonic()
        kept = self._cards.get(user_id)
        if kept is not None and now - kept[1] < CARDS_FRESH:
            return kept[0]
        text = await self.db.players.cards_mode(user_id) == "text"
        if len(self._cards) >= CARDS_KEPT:
            self._cards = {user: entry for user, entry in self._cards.items() if now - entry[1] < CARDS_FRESH}
            if len(self._cards) >= CARDS_KEPT:
                self._cards.clear()
        self._cards[user_id] = (text, now)
        return text

    # ----- away ----------------------------------------------------------------
    async def set_auto_next(self, user_id: int, on: bool) -> PlayerSettings:
        """Whether the answer to the person's move shows the next table waiting on them (off by default)."""
        async with self._locked(user_id):
            changed = replace(await self.db.players.get(user_id), auto_next=on)
            await self.db.players.save(changed)
        return changed

    async def set_auto_away(self, user_id: int, on: bool) -> PlayerSettings:
        """Whether the clock spends the person's away allowance by the hour instead of a timeout (on by default)."""
        async with self._locked(user_id):
            changed = replace(await self.db.players.get(user_id), auto_away=on)
            await self.db.players.save(changed)
        return changed

    async def go_away(self, user_id: int, days: float) -> AwayChange:
        """Away for `days` from now, replacing a running absence; AwayAllowanceError if the allowance is short."""
        if not (math.isfinite(days) and days > 0):
            raise InvalidOptionError("error.invalid_choice")
        async with self._locked(user_id):
            now = self.now()
            player = await self.db.players.get(user_id)
            used = self._refunded(player, now)
            wanted = days * DAY
            if used + wanted > self.allowance() + 1e-6:
                left = max(0.0, self.allowance() - used)
                raise AwayAllowanceError(left=math.floor(left / DAY + 1e-9), days=_number(days))
            until = now + wanted * self.time_scale
            changed = replace(player, away_until=until, away_year=self.year_of(now), away_used=used + wanted)
            await self.db.players.save(changed)
            tables = await self.tables.clock.set_away(user_id, until)
        return AwayChange(settings=changed, tables=tables, left=self.left(changed, now))

    async def come_back(self, user_id: int) -> AwayChange:
        """Back now: the unused part of the absence is refunded and the clocks run again. NotAwayError if not away."""
        async with self._locked(user_id):
            now = self.now()
            player = await self.db.players.get(user_id)
            if not self.is_away(player, now):
                raise NotAwayError()
            changed = replace(player, away_until=None, away_used=self._refunded(player, now))
            await self.db.players.save(changed)
            tables = await self.tables.clock.set_away(user_id, None)
        return AwayChange(settings=changed, tables=tables, left=self.left(changed, now))


def _number(value: float) -> float | int:
    """A whole number as an int (for messages: 3, not 3.0)."""
    return int(value) if float(value).is_integer() else value
