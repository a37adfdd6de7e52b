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
        async with self._transaction() as tx:
            await tx.conn.execute(
                "INSERT INTO players (user_id, notify, away_until, away_year, away_used, dm_refused, cards)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
                " away_until = excluded.away_until, away_year = excluded.away_year,"
                " away_used = excluded.away_used, dm_refused = excluded.dm_refused, cards = excluded.cards",
                (
                    player.user_id,
                    player.notify,
                    player.away_until,
                    player.away_year,
                    player.away_used,
                    int(player.dm_refused),
                    player.cards,
                ),
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


def _player(row: Row) -> PlayerSettings:
    return PlayerSettings(
        user_id=row["user_id"],
        notify=row["notify"],
        away_until=row["away_until"],
        away_year=row["away_year"],
        away_used=row["away_used"],
        dm_refused=bool(row["dm_refused"]),
        cards="text" if row["cards"] == "text" else "emoji",
    )
