"""Players: each person's settings (notifications, away time, how cards show) and the running games where they sit."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage._driver import Row
from bot.storage.records import CardsMode, PlayerSettings, TurnRow
from bot.storage.repos._base import Repository


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
        values = _columns(player)
        names = ", ".join(values)
        marks = ", ".join("?" for _ in values)
        updates = ", ".join(f"{name} = excluded.{name}" for name in values if name != "user_id")
        async with self._transaction() as tx:
            await tx.conn.execute(
                f"INSERT INTO players ({names}) VALUES ({marks}) ON CONFLICT (user_id) DO UPDATE SET {updates}",
                tuple(values.values()),
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


def _columns(player: PlayerSettings) -> dict[str, object]:
    """The row of `player`, column by column."""
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
        "held_since": player.held_since,
        "auto_away": int(player.auto_away),
        "auto_next": int(player.auto_next),
        "digest_at": player.digest_at,
        "digest_hours": player.digest_hours,
        "digest_channel_id": player.digest_channel_id,
        "digest_message_id": player.digest_message_id,
        "digest_sent_at": player.digest_sent_at,
        "digest_count": player.digest_count,
        "due_at": player.due_at,
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
