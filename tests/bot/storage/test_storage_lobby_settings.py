"""A lobby opened with its seats (a rematch), and a lobby's language."""

from __future__ import annotations

import pytest
from storage_helpers import new_lobby, seats

from bot.storage import ChannelBusyError, Database, StaleVersionError


async def test_a_lobby_can_open_with_its_players_seated_in_order(storage_db: Database) -> None:
    ada, bob, cyd = seats("Ada", "Bob", "Cyd")
    lobby = await storage_db.tables.create_lobby(
        guild_id=1, channel_id=10, game="pairs", host=bob, seats=[ada, bob, cyd], options={}, seed=1, locale="fr"
    )
    assert lobby.seats == [ada, bob, cyd] and lobby.host_id == bob.user_id and lobby.version == 0
    assert await storage_db.tables.get(lobby.id) == lobby
    with pytest.raises(ChannelBusyError):  # one open table per channel, seated or not
        await storage_db.tables.create_lobby(
            guild_id=1, channel_id=10, game="pairs", host=ada, options={}, seed=1, locale="en"
        )


async def test_the_host_must_be_seated_and_nobody_twice(storage_db: Database) -> None:
    ada, bob = seats("Ada", "Bob")
    with pytest.raises(ValueError, match="host"):
        await storage_db.tables.create_lobby(
            guild_id=1, channel_id=10, game="pairs", host=ada, seats=[bob], options={}, seed=1, locale="en"
        )
    with pytest.raises(ValueError, match="one seat"):
        await storage_db.tables.create_lobby(
            guild_id=1, channel_id=10, game="pairs", host=ada, seats=[ada, ada], options={}, seed=1, locale="en"
        )
    assert await storage_db.tables.active_in_channel(10) is None  # nothing was written


async def test_a_lobby_language_changes_like_any_lobby_setting(storage_db: Database) -> None:
    lobby = await new_lobby(storage_db, locale="en")
    french = await storage_db.tables.update_lobby(lobby.id, lobby.version, locale="fr")
    assert french.locale == "fr" and french.version == lobby.version + 1 and french.seats == lobby.seats
    assert (await storage_db.tables.get(lobby.id)).locale == "fr"
    with pytest.raises(StaleVersionError):  # an old view of the lobby changes nothing
        await storage_db.tables.update_lobby(lobby.id, lobby.version, locale="en")
    started = await storage_db.tables.start(lobby.id, french.version, state="{}")
    with pytest.raises(StaleVersionError):  # only a lobby's language changes
        await storage_db.tables.update_lobby(lobby.id, started.version, locale="en")
    assert (await storage_db.tables.get(lobby.id)).locale == "fr"
