"""Players: each person's settings (notifications, away time, how cards show) and the running games where they sit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.storage._driver import Connection, Row
from bot.storage.records import CardsMode, PlayerSettings, TurnRow
from bot.storage.repos._base import Repository


class AwaySpent(NamedTuple):
    """Away allowance spent by the clock instead of a timeout: `seconds` (before the time scale) in `year`."""

    user_id: int
    year: int
    seconds: float


class PlayerRepository(Repository):
    async def get(self, user_id: int) -> PlayerSettings:
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM players WHERE user_id = ?", (user_id,))
        if not rows:
            return PlayerSettings(user_id=user_id)
        return _player(rows[0])

    async def many(self, user_ids: Sequence[int]) -> dict[int, PlayerSettings]:
        """The settings of each of `user_ids` (defaults for those who never chose)."""
        found = {user_id: PlayerSettings(user_id=user_id) for user_id in user_ids}
        if not found:
            return found
        marks = ", ".join("?" for _ in found)
        async with self._reading() as conn:
            rows = await conn.fetch(f"SELECT * FROM players WHERE user_id IN ({marks})", tuple(found))
        for row in rows:
            found[row["user_id"]] = _player(row)
        return found

    async def save(self, player: PlayerSettings) -> None:
        """The person's choices (`_chosen`), leaving what the notices keep on their row (what is held, what is
        due, the last digest) to the methods that keep it: a choice saved from a row read a moment earlier never
        undoes a notice held meanwhile."""
        values = _chosen(player)
        names = ", ".join(values)
        marks = ", ".join("?" for _ in values)
        updates = ", ".join(f"{name} = excluded.{name}" for name in values if name != "user_id")
        async with self._transaction() as tx:
            await tx.conn.execute(
                f"INSERT INTO players ({names}) VALUES ({marks}) ON CONFLICT (user_id) DO UPDATE SET {updates}",
                tuple(values.values()),
            )

    @staticmethod
    async def spend_away(conn: Connection, user_id: int, year: int, seconds: float) -> None:
        """`seconds` more of the person's away allowance used in `year`, counted afresh in a new year (inside a
        transaction: the clock change that spends it, `TableRepository.update_clock`). Only those two columns."""
        await conn.execute(
            "INSERT INTO players (user_id, away_year, away_used) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE"
            " SET away_used = CASE WHEN players.away_year = excluded.away_year"
            " THEN players.away_used + excluded.away_used ELSE excluded.away_used END,"
            " away_year = excluded.away_year",
            (user_id, year, seconds),
        )

    async def cards_mode(self, user_id: int) -> CardsMode:
        """How the person's own hands show cards ("emoji" unless they chose "text")."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT cards FROM players WHERE user_id = ?", (user_id,))
        return "text" if rows and rows[0][0] == "text" else "emoji"

    async def away(self, now: float) -> dict[int, float]:
        """Users away at `now`, with when they come back."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT user_id, away_until FROM players WHERE away_until > ?", (now,))
            return {int(row[0]): float(row[1]) for row in rows}

    async def quiet(self) -> dict[int, tuple[str, int, int]]:
        """Users who chose quiet hours: user -> (zone, start, end), minutes of the day."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT user_id, zone, quiet_start, quiet_end FROM players"
                " WHERE quiet_start IS NOT NULL AND quiet_end IS NOT NULL AND zone IS NOT NULL"
            )
            return {int(row[0]): (str(row[1]), int(row[2]), int(row[3])) for row in rows}

    async def set_quiet(self, user_id: int, zone: str | None, start: int | None, end: int | None) -> PlayerSettings:
        """The person's time zone and quiet hours (None, None: none), leaving their other settings as they are."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "INSERT INTO players (user_id, zone, quiet_start, quiet_end) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET zone = excluded.zone, quiet_start = excluded.quiet_start,"
                " quiet_end = excluded.quiet_end",
                (user_id, zone, start, end),
            )
        return await self.get(user_id)

    async def hold(self, user_id: int, since: float, until: float) -> None:
        """A notification to the person is held back from `since` (kept if one already was) and goes out at
        `until` (or earlier, if something else is due earlier)."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "INSERT INTO players (user_id, held_since, due_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET held_since = COALESCE(players.held_since, excluded.held_since),"
                " due_at = CASE WHEN players.due_at IS NULL OR players.due_at > excluded.due_at"
                " THEN excluded.due_at ELSE players.due_at END",
                (user_id, since, until),
            )

    async def release(self, user_id: int, due_at: float | None) -> None:
        """What was held for the person went out: nothing held, and `due_at` next (None: nothing)."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "UPDATE players SET held_since = NULL, due_at = ? WHERE user_id = ?", (due_at, user_id)
            )

    async def set_digest(
        self, user_id: int, at: int | None, hours: float | None, due_at: float | None
    ) -> PlayerSettings:
        """The person chose digests: at local minute `at` (None: when their waiting tables change, at most every
        `hours`), the next one due at `due_at`."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "INSERT INTO players (user_id, notify, digest_at, digest_hours, due_at) VALUES (?, 'digest', ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET notify = 'digest', digest_at = excluded.digest_at,"
                " digest_hours = excluded.digest_hours, due_at = excluded.due_at",
                (user_id, at, hours, due_at),
            )
        return await self.get(user_id)

    async def digest_sent(
        self,
        user_id: int,
        channel_id: int | None,
        message_id: int | None,
        sent_at: float,
        count: int,
        due_at: float | None,
    ) -> None:
        """A digest went out (or none, with `message_id` None): it is the one the next replaces; `due_at` next."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "UPDATE players SET digest_channel_id = ?, digest_message_id = ?, digest_sent_at = ?,"
                " digest_count = ?, held_since = NULL, due_at = ? WHERE user_id = ?",
                (channel_id, message_id, sent_at, count, due_at, user_id),
            )

    async def due_by(self, user_id: int, due_at: float) -> None:
        """Something is due for the person at `due_at` at the latest (an earlier time already set stays)."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "UPDATE players SET due_at = ? WHERE user_id = ? AND (due_at IS NULL OR due_at > ?)",
                (due_at, user_id, due_at),
            )

    async def claim(self, user_id: int, due_at: float, until: float) -> bool:
        """Hold what is due for the person (`due_at`, as read) until `until` while it is handled, so that no other
        process handles it too; False when another did first (or it changed meanwhile)."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute(
                "UPDATE players SET due_at = ? WHERE user_id = ? AND due_at = ?", (until, user_id, due_at)
            )
            return changed > 0

    async def postpone(self, user_id: int, due_at: float) -> None:
        """What is due for the person comes again at `due_at` (its effect failed)."""
        async with self._transaction() as tx:
            await tx.conn.execute("UPDATE players SET due_at = ? WHERE user_id = ?", (due_at, user_id))

    async def due(self, now: float, limit: int = 500) -> list[PlayerSettings]:
        """People something is due for by `now` (quiet hours ending, a digest), earliest first (`players_due`)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT * FROM players WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at LIMIT ?", (now, limit)
            )
        return [_player(row) for row in rows]

    async def next_due(self) -> float | None:
        """The earliest time something is due for someone (`players_due`), or None."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT MIN(due_at) FROM players WHERE due_at IS NOT NULL")
        return None if not rows or rows[0][0] is None else float(rows[0][0])

    async def seated_anywhere(self, user_ids: Sequence[int]) -> bool:
        """Whether any of `user_ids` has a seat at a running game (an indexed look-up each, `table_seats_user`)."""
        async with self._reading() as conn:
            for user_id in user_ids:
                if await conn.fetch("SELECT 1 FROM table_seats WHERE user_id = ? LIMIT 1", (user_id,)):
                    return True
            return False

    async def turns_of(self, user_id: int) -> list[TurnRow]:
        """Every running game where `user_id` has a seat: the ones where they must decide first, oldest deadline first.

        One indexed look-up (`table_seats_user`) joined to each game by its key.
        """
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT g.id, g.guild_id, g.channel_id, g.game, g.table_message_id, g.updated_at,"
                " s.seat, s.since, s.due_at"
                " FROM table_seats AS s JOIN tables AS g ON g.id = s.table_id"
                " WHERE s.user_id = ? AND g.status = 'active'"
                " ORDER BY s.since IS NULL, s.due_at IS NULL, s.due_at, s.since, g.updated_at DESC",
                (user_id,),
            )
            return [
                TurnRow(
                    table_id=row["id"],
                    guild_id=row["guild_id"],
                    channel_id=row["channel_id"],
                    game=row["game"],
                    table_message_id=row["table_message_id"],
                    seat=row["seat"],
                    since=row["since"],
                    due_at=row["due_at"],
                    updated_at=row["updated_at"],
                )
                for row in rows
            ]


def _chosen(player: PlayerSettings) -> dict[str, object]:
    """What the person chose (and their allowance used), column by column: all of the row but the notices'
    bookkeeping (`held_since`, `due_at`, the last digest), which `hold`, `release`, `due_by`, `claim` and
    `digest_sent` write."""
    return {
        "user_id": player.user_id,
        "notify": player.notify,
        "away_until": player.away_until,
        "away_year": player.away_year,
        "away_used": player.away_used,
        "dm_refused": int(player.dm_refused),
        "cards": player.cards,
        "zone": player.zone,
        "quiet_start": player.quiet_start,
        "quiet_end": player.quiet_end,
        "auto_away": int(player.auto_away),
        "auto_next": int(player.auto_next),
        "digest_at": player.digest_at,
        "digest_hours": player.digest_hours,
    }


def _player(row: Row) -> PlayerSettings:
    return PlayerSettings(
        user_id=row["user_id"],
        notify=row["notify"],
        away_until=row["away_until"],
        away_year=row["away_year"],
        away_used=row["away_used"],
        dm_refused=bool(row["dm_refused"]),
        cards="text" if row["cards"] == "text" else "emoji",
        zone=row["zone"],
        quiet_start=row["quiet_start"],
        quiet_end=row["quiet_end"],
        held_since=row["held_since"],
        auto_away=bool(row["auto_away"]),
        auto_next=bool(row["auto_next"]),
        digest_at=row["digest_at"],
        digest_hours=row["digest_hours"],
        digest_channel_id=row["digest_channel_id"],
        digest_message_id=row["digest_message_id"],
        digest_sent_at=row["digest_sent_at"],
        digest_count=row["digest_count"],
        due_at=row["due_at"],
    )
