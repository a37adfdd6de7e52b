"""A player's notices over the day: their quiet hours, and what is held back meanwhile until they end.

`/notify` sets a person's quiet hours (`plan_quiet`, then `save_quiet`): a time zone and a start
and end time, no longer than the server's cap (`GuildSettings.quiet_cap`, else
`DEFAULT_CAP` hours) where the command is used. While they last, the bell holds
back every ping and direct message to them (`hold`): `players.held_since`
records that something waits and `players.due_at` when their quiet hours end.

A small scheduler (`PlayerScheduler`) sleeps until the earliest `due_at` (the
index `players_due`) and hands each person due to its effect (the bell's one
message listing what waits for them), which then `release`s them. Everything it
needs is in the database, so a restart picks up where the last run stopped: a
person due while the bot was down is told at the next start, late but told.
Each person is claimed before being handled (`players.claim`, `LEASE`), so
several processes on one database do not tell them twice.

Digests (`/notify mode:digest`, timing in `bot.services.digest`) use the same
`due_at`: a daily one is due at its local time, one on change is made due by
`waiting_changed` when a new table waits on the person.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.errors import CardroomError, InvalidOptionError
from bot.services._due_loop import DueLoop
from bot.services.digest import next_daily, on_change
from bot.services.quiet import DEFAULT_CAP, OFF, ends, hours_long, inside, is_zone, parse_span, parse_time, quiet_of
from bot.services.tables.store import TableStore
from bot.storage import Database, GuildSettings, PlayerSettings

log = logging.getLogger("cardroom.notices")

IDLE = 300.0  # seconds: the longest sleep, so a time set by another process is seen within it
RETRY = 60.0  # seconds before a person whose notice failed is tried again
LEASE = 120.0  # seconds a person being handled is held (a dead process's come back after it)
BATCH = 200  # people handed over per pass at most
CAPS = range(1, 17)  # hours a server may cap its members' quiet hours to

Flush = Callable[[PlayerSettings], Awaitable[None]]


class Notices:
    def __init__(self, db: Database, store: TableStore, *, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.store = store
        self._clock = clock
        self.poke: Callable[[], None] = lambda: None  # the player scheduler listens here

    def now(self) -> float:
        return self._clock()

    async def cap(self, guild_id: int | None) -> float:
        """Hours quiet hours may last where the command is used (the bot's cap in direct messages)."""
        if guild_id is None:
            return DEFAULT_CAP
        chosen = (await self.db.servers.get(guild_id)).quiet_cap
        return DEFAULT_CAP if chosen is None else chosen

    async def plan_quiet(
        self, user_id: int, *, zone: str | None, span: str | None, guild_id: int | None
    ) -> tuple[str | None, int | None, int | None]:
        """The person's time zone and quiet hours once `zone` and `span` ("23:00-07:00"; "off" for none) apply,
        checked, nothing saved yet. CardroomError when the zone is unknown, the hours unreadable, no zone is known
        for them, or they last longer than the cap where the command is used."""
        player = await self.db.players.get(user_id)
        if zone is not None:
            zone = zone.strip()
            if not is_zone(zone):
                raise CardroomError("quiet.unknown_zone", zone=zone[:60])
        new_zone = zone if zone is not None else player.zone
        start, end = player.quiet_start, player.quiet_end
        if span is not None:
            if span.strip().lower() in OFF:
                return new_zone, None, None
            start, end = parse_span(span)
        if start is not None and end is not None:
            if new_zone is None:
                raise CardroomError("quiet.zone_needed")
            cap = await self.cap(guild_id)
            if span is not None and hours_long(start, end) > cap + 1e-9:
                raise CardroomError("quiet.too_long", hours=_hours(hours_long(start, end)), cap=_hours(cap))
        return new_zone, start, end

    async def save_quiet(self, user_id: int, zone: str | None, start: int | None, end: int | None) -> PlayerSettings:
        """Store what `plan_quiet` gave; the person's next decisions follow it (the running ones keep theirs).
        Quiet hours that end now (turned off, or moved so that now is outside them) end for what they held too: it
        goes out at once."""
        changed = await self.db.players.set_quiet(user_id, zone, start, end)
        quiet = quiet_of(changed)
        chosen = await self.store.quiet_map()
        if quiet is None:
            chosen.pop(user_id, None)
        else:
            chosen[user_id] = quiet
        now = self.now()
        if changed.held_since is not None and not inside(quiet, now):
            await self.db.players.due_by(user_id, now)
            self.poke()
            changed = await self.db.players.get(user_id)
        return changed

    async def hold(self, player: PlayerSettings) -> bool:
        """If the person is in quiet hours now, what would have been sent to them waits for their end: True."""
        now = self.now()
        end = ends(quiet_of(player), now)
        if end is None:
            return False
        await self.db.players.hold(player.user_id, now, end)
        self.poke()
        return True

    async def waiting_changed(self, player: PlayerSettings) -> None:
        """A new table waits on a person who takes digests on change: their next digest is due (at the earliest
        their digest pace and quiet hours allow). A daily digest keeps its time."""
        if player.digest_at is None:
            await self.db.players.due_by(player.user_id, on_change(player, self.now(), self.store.time_scale))
            self.poke()

    async def plan_digest(self, player: PlayerSettings, at: str | None) -> int | None:
        """The local minute of a daily digest (`at`, "HH:MM"; None: digests on change), checked: CardroomError if
        unreadable or the person has no time zone."""
        if at is None:
            return None
        minute = parse_time(at)
        if player.zone is None:
            raise CardroomError("quiet.zone_needed")
        return minute

    async def save_digest(self, user_id: int, at: int | None, hours: float | None) -> PlayerSettings:
        """Digests from now on: a daily one at local minute `at`, else one on change at most every `hours`;
        the first on change goes out now (listing what waits already)."""
        player = await self.db.players.get(user_id)
        planned = replace(player, digest_at=at, digest_hours=hours)
        due = next_daily(planned, self.now()) if at is not None else self.now()
        changed = await self.db.players.set_digest(user_id, at, hours, due)
        self.poke()
        return changed

    async def release(self, player: PlayerSettings) -> None:
        """What was held for the person went out."""
        await self.db.players.release(player.user_id, None)


def check_cap(hours: int) -> None:
    """InvalidOptionError unless `hours` is a cap a server may choose."""
    if hours not in CAPS:
        raise InvalidOptionError("quiet.bad_cap", min=CAPS[0], max=CAPS[-1])


async def set_cap(db: Database, guild_id: int, hours: int) -> GuildSettings:
    """The server caps its members' quiet hours to `hours` (`check_cap` first); the settings saved."""
    check_cap(hours)
    changed = replace(await db.servers.get(guild_id), quiet_cap=float(hours))
    await db.servers.save(changed)
    return changed


def cap_hours(settings: GuildSettings) -> str:
    """The cap in force in the server, in hours, as shown."""
    return _hours(DEFAULT_CAP if settings.quiet_cap is None else settings.quiet_cap)


def _hours(hours: float) -> str:
    return str(int(hours)) if float(hours).is_integer() else f"{hours:.1f}"


class PlayerScheduler(DueLoop):
    """Sleeps until something is due for a person (`players.due_at`), then hands them to `flush`."""

    name = "player-notices"
    retry = RETRY
    log = log

    def __init__(self, db: Database, flush: Flush, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self.db = db
        self._flush = flush
        self._clock = clock

    async def fire_due(self) -> int:
        """Hand over every person due now, earliest first; returns how many."""
        fired = 0
        while True:
            due = await self.db.players.due(self._clock(), BATCH)
            for player in due:
                assert player.due_at is not None
                if not await self.db.players.claim(player.user_id, player.due_at, self._clock() + LEASE):
                    continue  # another process handles them
                try:
                    await self._flush(player)
                    fired += 1
                except Exception:
                    log.exception("The held notices of %s failed; trying again later", player.user_id)
                    await self.db.players.postpone(player.user_id, self._clock() + RETRY)
            if len(due) < BATCH:
                return fired

    async def delay(self) -> float:
        due = await self.db.players.next_due()
        return IDLE if due is None else min(IDLE, max(0.0, due - self._clock()))
