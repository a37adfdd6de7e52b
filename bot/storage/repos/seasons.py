"""Seasons: which games of a server run seasons (`season_settings`), the archive of ended seasons (`seasons`), and a
season's results (`results_season`).

No row in `season_settings` means seasons are off for that game there. Its `due_at` is when the current season ends
(`bot.seasons.ends_at`): the season scheduler reads the earliest (`season_settings_due`), claims each due one as a
deadline is claimed (`claim`: `due_at` moved to a lease, only if it still holds what was read), so that two
processes close a season once; the archive's key makes the close itself happen once (`close`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.seasons import Period
from bot.storage._driver import Row
from bot.storage.repos._base import Repository
from bot.storage.repos.deadlines import DISCORD_SHARD_SHIFT


@dataclass(frozen=True, slots=True)
class SeasonSetting:
    """Seasons of one game in one server: their `period`, where a season's end is posted (`channel_id`, None: the
    server's notification channel), the champion role (`role_id`, None: none), whether the server was told that the
    bot may not manage that role (`role_refused`), and when the current season ends (`due_at`)."""

    guild_id: int
    game: str
    period: Period
    channel_id: int | None = None
    role_id: int | None = None
    role_refused: bool = False
    due_at: float | None = None


@dataclass(frozen=True, slots=True)
class ArchivedSeason:
    """An ended season as archived: its key, bounds, final standings (JSON, `bot.seasons.dump_standings`), champion
    (a user id, None: nobody played) and when it was closed."""

    guild_id: int
    game: str
    season: str
    starts_at: float
    ends_at: float
    standings: str
    champion: int | None
    closed_at: float


@dataclass(frozen=True, slots=True)
class SeasonResult:
    """One seat of a finished game of a season, in the order the games ended."""

    table_id: int
    finished_at: float
    seat: int
    user_id: int
    name: str
    place: int
    won: bool
    clocked_out: bool


class SeasonRepository(Repository):
    # ----- settings ------------------------------------------------------------
    async def setting(self, guild_id: int, game: str) -> SeasonSetting | None:
        """The server's seasons of `game`, or None when they are off."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM season_settings WHERE guild_id = ? AND game = ?", (guild_id, game))
        return _setting(rows[0]) if rows else None

    async def settings_of(self, guild_id: int) -> list[SeasonSetting]:
        """Every game of the server that runs seasons, by game."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM season_settings WHERE guild_id = ? ORDER BY game", (guild_id,))
        return [_setting(row) for row in rows]

    async def save(self, setting: SeasonSetting) -> None:
        """Turn seasons on for the game, or change them (the whole row as given)."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "INSERT INTO season_settings (guild_id, game, period, channel_id, role_id, role_refused, due_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game) DO UPDATE SET period = excluded.period,"
                " channel_id = excluded.channel_id, role_id = excluded.role_id,"
                " role_refused = excluded.role_refused, due_at = excluded.due_at",
                (
                    setting.guild_id,
                    setting.game,
                    setting.period,
                    setting.channel_id,
                    setting.role_id,
                    int(setting.role_refused),
                    setting.due_at,
                ),
            )

    async def turn_off(self, guild_id: int, game: str) -> bool:
        """Seasons off for the game (the archive stays); False if they were not on."""
        async with self._transaction() as tx:
            return (
                await tx.conn.execute("DELETE FROM season_settings WHERE guild_id = ? AND game = ?", (guild_id, game))
                > 0
            )

    async def set_role_refused(self, guild_id: int, game: str, refused: bool) -> None:
        """Note whether the server was told that the bot may not manage its champion role (told once)."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "UPDATE season_settings SET role_refused = ? WHERE guild_id = ? AND game = ?",
                (int(refused), guild_id, game),
            )

    # ----- due season ends -------------------------------------------------------
    async def due(
        self, now: float, limit: int = 100, *, shard_count: int = 1, shard_ids: Sequence[int] | None = None
    ) -> list[SeasonSetting]:
        """The seasons whose end is due by `now`, earliest first (`season_settings_due`); with `shard_ids`, only
        those of servers on these shards (Discord's rule, `bot.shards.shard_of`)."""
        where, params = _on_shards(shard_count, shard_ids)
        async with self._reading() as conn:
            rows = await conn.fetch(
                f"SELECT * FROM season_settings WHERE due_at IS NOT NULL AND due_at <= ?{where} ORDER BY due_at"
                " LIMIT ?",
                (now, *params, limit),
            )
        return [_setting(row) for row in rows]

    async def next_due(self, *, shard_count: int = 1, shard_ids: Sequence[int] | None = None) -> float | None:
        """The earliest season end of every server (on `shard_ids`), or None when none runs seasons."""
        where, params = _on_shards(shard_count, shard_ids)
        async with self._reading() as conn:
            rows = await conn.fetch(f"SELECT MIN(due_at) FROM season_settings WHERE due_at IS NOT NULL{where}", params)
        return None if not rows or rows[0][0] is None else float(rows[0][0])

    async def claim(self, guild_id: int, game: str, due_at: float, until: float) -> bool:
        """Hold the season end due at `due_at` (as read) until `until` while it is handled, so that no other process
        handles it too; False when another did first (or the setting changed meanwhile)."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute(
                "UPDATE season_settings SET due_at = ? WHERE guild_id = ? AND game = ? AND due_at = ?",
                (until, guild_id, game, due_at),
            )
            return changed > 0

    async def postpone(self, guild_id: int, game: str, due_at: float) -> None:
        """The season end comes again at `due_at` (handling it failed)."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "UPDATE season_settings SET due_at = ? WHERE guild_id = ? AND game = ?", (due_at, guild_id, game)
            )

    async def close(self, season: ArchivedSeason, *, next_due: float) -> bool:
        """Archive an ended season and set when the next one ends, in one transaction.

        True when this call archived it; False when it was already archived (another process closed it first:
        nothing is written, not even `next_due`, which that process set)."""
        async with self._transaction() as tx:
            inserted = await tx.conn.execute(
                "INSERT INTO seasons (guild_id, game, season, starts_at, ends_at, standings, champion, closed_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, season) DO NOTHING",
                (
                    season.guild_id,
                    season.game,
                    season.season,
                    season.starts_at,
                    season.ends_at,
                    season.standings,
                    None if season.champion is None else str(season.champion),
                    season.closed_at,
                ),
            )
            if inserted == 0:
                return False
            await tx.conn.execute(
                "UPDATE season_settings SET due_at = ? WHERE guild_id = ? AND game = ?",
                (next_due, season.guild_id, season.game),
            )
            return True

    # ----- the archive -----------------------------------------------------------
    async def archived(self, guild_id: int, game: str, season: str) -> ArchivedSeason | None:
        """An ended season of the server's game, as archived; None if there is none by that key."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT * FROM seasons WHERE guild_id = ? AND game = ? AND season = ?", (guild_id, game, season)
            )
        if not rows:
            return None
        row = rows[0]
        return ArchivedSeason(
            guild_id=row["guild_id"],
            game=row["game"],
            season=row["season"],
            starts_at=float(row["starts_at"]),
            ends_at=float(row["ends_at"]),
            standings=row["standings"],
            champion=None if row["champion"] is None else int(row["champion"]),
            closed_at=float(row["closed_at"]),
        )

    async def archived_keys(self, guild_id: int, game: str, limit: int = 25) -> list[str]:
        """The keys of the server's ended seasons of `game`, the latest first."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT season FROM seasons WHERE guild_id = ? AND game = ? ORDER BY ends_at DESC, season DESC LIMIT ?",
                (guild_id, game, limit),
            )
        return [str(row["season"]) for row in rows]

    async def last_champion(self, guild_id: int, game: str) -> int | None:
        """The champion of the server's latest archived season of `game` that had one (who holds its role)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT champion FROM seasons WHERE guild_id = ? AND game = ? AND champion IS NOT NULL"
                " ORDER BY ends_at DESC LIMIT 1",
                (guild_id, game),
            )
        return int(rows[0]["champion"]) if rows else None

    # ----- a season's results ------------------------------------------------------
    async def results(self, guild_id: int, game: str, starts_at: float, ends_at: float) -> list[SeasonResult]:
        """Every seat of the finished games of `game` in the server that ended in [`starts_at`, `ends_at`), in the
        order they ended (`results_season`)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT r.table_id, r.finished_at, r.seat, r.user_id, r.name, r.place, r.won, r.clocked_out"
                " FROM results AS r JOIN tables AS g ON g.id = r.table_id"
                " WHERE r.guild_id = ? AND r.game = ? AND r.finished_at >= ? AND r.finished_at < ?"
                " AND g.status = 'finished' ORDER BY r.finished_at, r.table_id, r.seat",
                (guild_id, game, starts_at, ends_at),
            )
        return [_result(row) for row in rows]


def _on_shards(shard_count: int, shard_ids: Sequence[int] | None) -> tuple[str, tuple[int, ...]]:
    """The condition that keeps the servers on `shard_ids` (None: every server), and its parameters."""
    if shard_count < 1:
        raise ValueError(f"shard_count must be at least 1, not {shard_count}")
    if shard_ids is None or len(set(shard_ids)) >= shard_count:
        return "", ()
    wanted = tuple(sorted(set(shard_ids)))
    if not wanted:
        return " AND 1 = 0", ()
    marks = ", ".join("?" for _ in wanted)
    return f" AND ((guild_id >> {DISCORD_SHARD_SHIFT}) % ?) IN ({marks})", (shard_count, *wanted)


def _setting(row: Row) -> SeasonSetting:
    return SeasonSetting(
        guild_id=row["guild_id"],
        game=row["game"],
        period=row["period"],
        channel_id=row["channel_id"],
        role_id=row["role_id"],
        role_refused=bool(row["role_refused"]),
        due_at=None if row["due_at"] is None else float(row["due_at"]),
    )


def _result(row: Row) -> SeasonResult:
    return SeasonResult(
        table_id=row["table_id"],
        finished_at=float(row["finished_at"]),
        seat=row["seat"],
        user_id=row["user_id"],
        name=row["name"],
        place=row["place"],
        won=bool(row["won"]),
        clocked_out=bool(row["clocked_out"]),
    )
