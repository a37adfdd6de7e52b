"""Server settings: what a server's managers chose (pace, timeouts, lobby expiry, notification channel, quiet
hours' cap, the league organisers' role)."""

from __future__ import annotations

from bot.storage.records import GuildSettings
from bot.storage.repos._base import Repository


class ServerRepository(Repository):
    async def get(self, guild_id: int) -> GuildSettings:
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if not rows:
            return GuildSettings(guild_id=guild_id)
        row = rows[0]
        return GuildSettings(
            guild_id=guild_id,
            pace=row["pace"],
            timeouts=row["timeouts"],
            lobby_expiry=row["lobby_expiry"],
            notify_channel_id=row["notify_channel_id"],
            quiet_cap=row["quiet_cap"],
            league_role_id=row["league_role_id"],
        )

    async def save(self, settings: GuildSettings) -> None:
        async with self._transaction() as tx:
            await tx.conn.execute(
                "INSERT INTO guild_settings"
                " (guild_id, pace, timeouts, lobby_expiry, notify_channel_id, quiet_cap, league_role_id)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET pace = excluded.pace,"
                " timeouts = excluded.timeouts, lobby_expiry = excluded.lobby_expiry,"
                " notify_channel_id = excluded.notify_channel_id, quiet_cap = excluded.quiet_cap,"
                " league_role_id = excluded.league_role_id",
                (
                    settings.guild_id,
                    settings.pace,
                    settings.timeouts,
                    settings.lobby_expiry,
                    settings.notify_channel_id,
                    settings.quiet_cap,
                    settings.league_role_id,
                ),
            )
