"""The server service: a server's defaults for new tables, each value checked, and new tables that follow them."""

from __future__ import annotations

import pytest

from bot.errors import InvalidOptionError
from bot.services.clock import paces
from bot.services.servers import LOBBY_HOURS, ServerService, effective
from bot.services.tables import Tables
from bot.storage import Database, GuildSettings, Seat

# A server's defaults, stored and read back: on both back ends (`postgresql_too`, test by test). A value refused is
# refused before anything is written, by the service alone: on SQLite.

GUILD = 9


@pytest.mark.postgresql_too
async def test_a_server_starts_with_the_bots_defaults(db: Database) -> None:
    servers = ServerService(db)
    settings = await servers.defaults(GUILD)
    assert settings == GuildSettings(guild_id=GUILD)
    bot = effective(settings, lobby_expiry=86_400.0)
    assert (bot.pace, bot.timeouts) == (paces().default, paces().timeouts.default)
    assert bot.lobby_expiry == 86_400.0 and bot.notify_channel_id is None


@pytest.mark.postgresql_too
async def test_values_change_one_at_a_time_and_persist(db: Database) -> None:
    servers = ServerService(db)
    await servers.update(GUILD, pace="relaxed")
    await servers.update(GUILD, timeouts=5, lobby_hours=6)
    settings = await servers.update(GUILD, notify_channel_id=777)
    assert settings == GuildSettings(GUILD, pace="relaxed", timeouts=5, lobby_expiry=6 * 3600.0, notify_channel_id=777)
    assert await ServerService(db).defaults(GUILD) == settings
    assert await servers.defaults(GUILD + 1) == GuildSettings(GUILD + 1)  # another server is untouched
    cleared = await servers.update(GUILD, clear_notify_channel=True)
    assert cleared.notify_channel_id is None and cleared.pace == "relaxed"
    chosen = effective(cleared, lobby_expiry=86_400.0)
    assert (chosen.pace, chosen.timeouts, chosen.lobby_expiry) == ("relaxed", 5, 6 * 3600.0)


@pytest.mark.postgresql_too
async def test_a_league_organisers_role_is_set_kept_and_cleared(db: Database) -> None:
    servers = ServerService(db)
    settings = await servers.update(GUILD, league_role_id=4242)
    assert settings.league_role_id == 4242 and (await servers.defaults(GUILD)).league_role_id == 4242
    kept = await servers.update(GUILD, pace="relaxed")  # another change leaves the role alone
    assert kept.league_role_id == 4242
    cleared = await servers.update(GUILD, clear_league_role=True)
    assert cleared.league_role_id is None and cleared.pace == "relaxed"


@pytest.mark.parametrize(
    "change",
    [
        {"pace": "glacial"},
        {"timeouts": 4},
        {"timeouts": 0},
        {"lobby_hours": 0},
        {"lobby_hours": 169},
        {"notify_channel_id": 5, "clear_notify_channel": True},
    ],
    ids=str,
)
async def test_a_value_not_allowed_changes_nothing(db: Database, change: dict[str, object]) -> None:
    servers = ServerService(db)
    before = await servers.update(GUILD, pace="slow", timeouts=1, lobby_hours=2, notify_channel_id=3)
    with pytest.raises(InvalidOptionError):
        await servers.update(GUILD, **change)  # type: ignore[arg-type]
    assert await servers.defaults(GUILD) == before


async def test_lobby_hours_bounds_match_the_command(db: Database) -> None:
    assert (LOBBY_HOURS[0], LOBBY_HOURS[-1]) == (1, 168)  # the /cardroom defaults option's min and max
    servers = ServerService(db)
    assert (await servers.update(GUILD, lobby_hours=168)).lobby_expiry == 168 * 3600.0
    assert (await servers.update(GUILD, lobby_hours=1)).lobby_expiry == 3600.0


@pytest.mark.postgresql_too
async def test_new_tables_follow_the_servers_defaults(db: Database) -> None:
    await ServerService(db).update(GUILD, pace="live", timeouts=2)
    tables = Tables(db, lobby_expiry=86_400.0)
    table = await tables.lobby.open_lobby(
        guild_id=GUILD, channel_id=1, game="pairs", host=Seat(1, "Alice"), locale="en"
    )
    assert table.clock is not None and (table.clock.pace, table.clock.timeouts) == ("live", 2)
