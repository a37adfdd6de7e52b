"""Seasons of a server's games: turning them on or off, the standings of the current season and of any past one, and
closing each season when it ends.

A server turns seasons on per game (`configure`): `monthly` or `quarterly`, in UTC calendar terms
(`bot.seasons`). The current season's standings are computed from its results whenever they are asked for
(`current`); an ended season's are read from the archive (`past`), where `close_due` wrote them when it ended.

`SeasonScheduler` sleeps until the earliest season end of every server (`season_settings.due_at`), then
`close_due` claims each due one (`db.seasons.claim`, as a deadline is claimed), archives its final standings and
champion (`db.seasons.close`, once: the archive's key) and sets when the next one ends. What it returns is what the
Discord side posts (`SeasonEnd`): it posts only the ends this process archived, so two processes never post one
twice. Everything is in the database, so a season that ended while the bot was down is closed at the next start.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot import ratings, seasons
from bot.errors import CardroomError
from bot.seasons import Period, SeasonGame, Standing
from bot.services._due_loop import DueLoop
from bot.storage import Database
from bot.storage.repos.seasons import ArchivedSeason, SeasonResult, SeasonSetting

log = logging.getLogger("cardroom.seasons")

IDLE = 3600.0  # seconds: the longest sleep, so a season set by another process is seen within it
LEASE = 300.0  # seconds a season end being handled is held (a dead process's comes back after it)
RETRY = 300.0  # seconds before a season end that failed is tried again
CATCH_UP = 12  # seasons closed at most in one go after a long stop (the older ones are not archived)


@dataclass(frozen=True, slots=True)
class SeasonView:
    """A season's standings: its key and bounds, ranked lines, whether it has ended (archived) and its champion."""

    game: str
    key: str
    starts_at: float
    ends_at: float
    standings: tuple[Standing, ...]
    ended: bool
    champion: int | None = None


@dataclass(frozen=True, slots=True)
class SeasonEnd:
    """A season this process has just closed: what the Discord side posts and the role it moves.

    `setting` as it was read (its channel, role and whether the role was refused before); `previous_champion` is
    the champion of the season archived before this one (who holds the role now, if anyone)."""

    setting: SeasonSetting
    season: SeasonView
    previous_champion: int | None


class SeasonService:
    def __init__(self, db: Database, *, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self._clock = clock
        self.poke: Callable[[], None] = lambda: None  # the season scheduler listens here

    def now(self) -> float:
        return self._clock()

    # ----- settings --------------------------------------------------------------
    async def setting(self, guild_id: int, game: str) -> SeasonSetting | None:
        return await self.db.seasons.setting(guild_id, game)

    async def configure(
        self,
        guild_id: int,
        game: str,
        period: Period | None,
        *,
        channel_id: int | None = None,
        role_id: int | None = None,
    ) -> SeasonSetting | None:
        """Turn the game's seasons on (`period`), change them, or off (None); the setting now (None: off).

        Turning on, or changing the period, makes the current season end when its period does; the channel and
        role are replaced by those given (None: the server's notification channel, no champion role)."""
        if period is None:
            if await self.db.seasons.turn_off(guild_id, game):
                self.poke()
            return None
        if period not in seasons.PERIODS:
            raise CardroomError("seasons.error.period")
        current = await self.db.seasons.setting(guild_id, game)
        due_at = seasons.ends_at(period, self.now())
        if current is not None and current.period == period and current.due_at is not None:
            due_at = current.due_at  # the same seasons: a claimed or postponed end keeps its time
        setting = SeasonSetting(
            guild_id=guild_id,
            game=game,
            period=period,
            channel_id=channel_id,
            role_id=role_id,
            role_refused=current is not None and current.role_id == role_id and current.role_refused,
            due_at=due_at,
        )
        await self.db.seasons.save(setting)
        self.poke()
        return setting

    async def role_refused(self, setting: SeasonSetting, refused: bool) -> None:
        """Note whether the bot was refused the champion role (the server is told once)."""
        if setting.role_refused != refused:
            await self.db.seasons.set_role_refused(setting.guild_id, setting.game, refused)

    # ----- standings ---------------------------------------------------------------
    async def current(self, guild_id: int, game: str) -> SeasonView:
        """The running season's standings, computed now; a refusal when the game has no seasons here."""
        setting = await self.db.seasons.setting(guild_id, game)
        if setting is None:
            raise CardroomError("seasons.error.off")
        now = self.now()
        key = seasons.key_at(setting.period, now)
        return await self._standings(guild_id, game, key, at=now)

    async def past(self, guild_id: int, game: str, key: str) -> SeasonView:
        """An ended season's final standings, from the archive; a refusal when there is none by that key."""
        archived = await self.db.seasons.archived(guild_id, game, key)
        if archived is None:
            raise CardroomError("seasons.error.unknown", season=key)
        return _view(archived)

    async def keys(self, guild_id: int, game: str, limit: int = 24) -> list[str]:
        """The server's archived seasons of `game`, the latest first."""
        return await self.db.seasons.archived_keys(guild_id, game, limit)

    async def _standings(self, guild_id: int, game: str, key: str, *, at: float) -> SeasonView:
        starts_at, ends_at = seasons.bounds(key)
        rows = await self.db.seasons.results(guild_id, game, starts_at, ends_at)
        lines = season_standings(rows, at=min(at, ends_at))
        champion = seasons.champion(lines)
        return SeasonView(
            game=game,
            key=key,
            starts_at=starts_at,
            ends_at=ends_at,
            standings=tuple(lines),
            ended=at >= ends_at,
            champion=None if champion is None else champion.user_id,
        )

    # ----- season ends -------------------------------------------------------------
    async def close_due(
        self,
        now: float | None = None,
        *,
        limit: int = 100,
        shard_count: int = 1,
        shard_ids: Sequence[int] | None = None,
    ) -> list[SeasonEnd]:
        """Close every season whose end is due by `now` (of the servers on `shard_ids`, None: every server):
        archive its final standings and champion, set when the next one ends. Returns the ends this call archived
        (those another process claimed or closed first are not), for the Discord side to post; a season end that
        fails is tried again after `RETRY`."""
        now = self.now() if now is None else now
        ended: list[SeasonEnd] = []
        for setting in await self.db.seasons.due(now, limit, shard_count=shard_count, shard_ids=shard_ids):
            assert setting.due_at is not None
            if not await self.db.seasons.claim(setting.guild_id, setting.game, setting.due_at, now + LEASE):
                continue  # another process closes it
            try:
                ended += await self._close(setting, now)
            except Exception:
                log.exception(
                    "Closing the season of %s in %s failed; trying again later", setting.game, setting.guild_id
                )
                await self.db.seasons.postpone(setting.guild_id, setting.game, now + RETRY)
        return ended

    async def _close(self, setting: SeasonSetting, now: float) -> list[SeasonEnd]:
        next_due = seasons.ends_at(setting.period, now)  # the running season's end
        previous = await self.db.seasons.archived_keys(setting.guild_id, setting.game, 1)
        closing = _to_close(setting, now, previous[0] if previous else None)
        ended = []
        champion_before = await self.db.seasons.last_champion(setting.guild_id, setting.game)
        for key in closing:
            view = await self._standings(setting.guild_id, setting.game, key, at=seasons.bounds(key)[1])
            archived = ArchivedSeason(
                guild_id=setting.guild_id,
                game=setting.game,
                season=key,
                starts_at=view.starts_at,
                ends_at=view.ends_at,
                standings=seasons.dump_standings(view.standings),
                champion=view.champion,
                closed_at=now,
            )
            if await self.db.seasons.close(archived, next_due=next_due):
                ended.append(SeasonEnd(setting, view, champion_before))
                log.info(
                    "Season %s of %s in %s closed: champion %s", key, setting.game, setting.guild_id, view.champion
                )
            champion_before = view.champion if view.champion is not None else champion_before
        if not ended:  # every one was archived already (another process closed them): the next end stays due
            await self.db.seasons.postpone(setting.guild_id, setting.game, next_due)
        return ended


def _to_close(setting: SeasonSetting, now: float, last_archived: str | None) -> list[str]:
    """The seasons to close at `now`, oldest first: from the one ending at the due time read (when it is a season's
    end) or the one after the last archived (same period), to the last one ended before `now`."""
    period = setting.period
    running = seasons.key_at(period, now)
    latest = seasons.key_at(period, seasons.bounds(running)[0] - 1)  # the season that ended last
    first = latest
    due_at = setting.due_at
    if due_at is not None and seasons.bounds(seasons.key_at(period, due_at))[0] == due_at:
        first = seasons.key_at(period, due_at - 1)
    elif last_archived is not None and seasons.period_of(last_archived) == period:
        first = seasons.following(last_archived)
    keys: list[str] = []
    key, last_end = first, seasons.bounds(latest)[1]
    while seasons.bounds(key)[1] <= last_end:
        keys.append(key)
        key = seasons.following(key)
    return keys[-CATCH_UP:] or [latest]


def season_standings(rows: Sequence[SeasonResult], *, at: float) -> list[Standing]:
    """A season's standings from its results (in the order the games ended), its ratings aged to `at`."""
    games: dict[int, tuple[float, list[ratings.Placed]]] = {}
    names: dict[int, str] = {}
    for row in rows:
        entry = games.setdefault(row.table_id, (row.finished_at, []))
        entry[1].append(ratings.Placed.of(row.seat, row.user_id, row.place, row.won, row.clocked_out))
        names[row.user_id] = row.name  # the latest game's name
    board = seasons.replay(SeasonGame(ended, tuple(seats)) for ended, seats in games.values())
    return seasons.standings(board, names, at=at)


def _view(archived: ArchivedSeason) -> SeasonView:
    return SeasonView(
        game=archived.game,
        key=archived.season,
        starts_at=archived.starts_at,
        ends_at=archived.ends_at,
        standings=tuple(seasons.load_standings(archived.standings)),
        ended=True,
        champion=archived.champion,
    )


Closed = Callable[[Sequence[SeasonEnd]], Awaitable[None]]


class SeasonScheduler(DueLoop):
    """Sleeps until the earliest season end (`season_settings.due_at`), then closes what is due (`close_due`) and
    hands what it closed to `announce` (the Discord side: standings posted, champion role moved)."""

    name = "season-ends"
    retry = RETRY
    log = log

    def __init__(
        self, service: SeasonService, announce: Closed, *, shard_count: int = 1, shard_ids: Sequence[int] | None = None
    ) -> None:
        """`shard_count`, `shard_ids`: this process closes the seasons of its own shards' servers only (None: every
        server), whose channels and roles it sees."""
        super().__init__()
        self.service = service
        self._announce = announce
        self._shard_count = shard_count
        self._shard_ids = shard_ids
        service.poke = self.poke

    async def fire_due(self) -> int:
        ended = await self.service.close_due(shard_count=self._shard_count, shard_ids=self._shard_ids)
        if ended:
            try:
                await self._announce(ended)
            except Exception:  # archived already: the announcement is not tried again
                log.exception("Announcing %d season ends failed", len(ended))
        return len(ended)

    async def delay(self) -> float:
        due = await self.service.db.seasons.next_due(shard_count=self._shard_count, shard_ids=self._shard_ids)
        return IDLE if due is None else min(IDLE, max(0.0, due - self.service.now()))
