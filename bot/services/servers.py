"""A server's own defaults for new tables (`/cardroom defaults`): pace, timeouts, lobby expiry, notify channel.

A value left unset (None) means the bot's own: the default pace and timeouts
of `data/paces.json`, the lobby expiry of the settings. Every value is checked
here, whatever the command let through.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.errors import InvalidOptionError
from bot.services.clock import paces
from bot.storage import Database, GuildSettings

HOUR = 3600.0
LOBBY_HOURS = range(1, 169)  # a lobby nobody starts closes after 1 hour to 1 week


@dataclass(frozen=True)
class Effective:
    """What a new table in the server gets: its own value where it chose one, the bot's otherwise."""

    pace: str
    timeouts: int
    lobby_expiry: float | None  # seconds before the time scale; None: lobbies never close by themselves
    notify_channel_id: int | None  # None: each table's own channel


def effective(settings: GuildSettings, *, lobby_expiry: float | None) -> Effective:
    """`settings` filled in with the bot's own defaults (`lobby_expiry`: the bot's, in seconds)."""
    table = paces()
    return Effective(
        pace=settings.pace if settings.pace in table.names() else table.default,
        timeouts=settings.timeouts or table.timeouts.default,
        lobby_expiry=lobby_expiry if settings.lobby_expiry is None else settings.lobby_expiry,
        notify_channel_id=settings.notify_channel_id,
    )


class ServerService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def defaults(self, guild_id: int) -> GuildSettings:
        return await self.db.servers.get(guild_id)

    async def update(
        self,
        guild_id: int,
        *,
        pace: str | None = None,
        timeouts: int | None = None,
        lobby_hours: float | None = None,
        notify_channel_id: int | None = None,
        clear_notify_channel: bool = False,
        league_role_id: int | None = None,
        clear_league_role: bool = False,
    ) -> GuildSettings:
        """Change the values given (None: unchanged); InvalidOptionError, and nothing changed, if one is not allowed."""
        if pace is not None and pace not in paces().names():
            raise InvalidOptionError("error.server_pace")
        if timeouts is not None and timeouts not in paces().timeouts.choices:
            raise InvalidOptionError("error.server_timeouts")
        if lobby_hours is not None and not LOBBY_HOURS[0] <= lobby_hours <= LOBBY_HOURS[-1]:
            raise InvalidOptionError("error.server_lobby_hours", min=LOBBY_HOURS[0], max=LOBBY_HOURS[-1])
        if clear_notify_channel and notify_channel_id is not None:
            raise InvalidOptionError("error.server_channel_conflict")
        current = await self.db.servers.get(guild_id)
        channel = current.notify_channel_id if notify_channel_id is None else notify_channel_id
        changed = replace(
            current,
            pace=current.pace if pace is None else pace,
            timeouts=current.timeouts if timeouts is None else timeouts,
            lobby_expiry=current.lobby_expiry if lobby_hours is None else lobby_hours * HOUR,
            notify_channel_id=None if clear_notify_channel else channel,
            league_role_id=None
            if clear_league_role
            else current.league_role_id
            if league_role_id is None
            else league_role_id,
        )
        if changed != current:
            await self.db.servers.save(changed)
        return changed
