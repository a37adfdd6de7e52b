"""The bot the table refresher and handlers read, for the cogs tests: the table and player services, the database, the
settings the bell reads, the one channel every table is in (a fake of the test's), Discord's clock and the bot's
own user."""

from __future__ import annotations

import asyncio
import datetime
import itertools
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import discord

from bot.discord_clock import DiscordClock
from bot.services.notices import Notices
from bot.services.players import PlayerService
from bot.services.tables import Table, Tables
from bot.storage import Seat
from tests.cogs.fake_interactions import FakeInteraction

LOCALES = {"en": "en-US", "fr": "fr"}  # a player's Discord locale, by the language the test reads


def table_bot(service: Tables, channel: object) -> Any:
    return SimpleNamespace(
        tables=service,
        players=PlayerService(service.store.db, service),
        notices=Notices(service.store.db, service.store),
        db=service.store.db,
        settings=SimpleNamespace(watching=60.0),
        get_partial_messageable=lambda channel_id: channel,
        discord_clock=DiscordClock(),
        user=SimpleNamespace(id=1),
    )


class TableChannel:
    """The tables' channel, faked: every edit of a message in it, as (message id, what it showed); a post gets a
    new id and is not kept."""

    def __init__(self) -> None:
        self.edits: list[tuple[int, dict[str, Any]]] = []
        self.ids = itertools.count(discord.utils.time_snowflake(datetime.datetime.now(datetime.UTC)))

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(**fields: Any) -> None:
            self.edits.append((message_id, fields))

        async def delete() -> None:
            return None

        return SimpleNamespace(edit=edit, delete=delete)

    async def send(self, *args: Any, **fields: Any) -> Any:
        return SimpleNamespace(id=next(self.ids))


class PlayerClick(FakeInteraction):
    """A player's click on a table or on their hand; a message it drew is edited through it later."""

    async def edit_original_response(self, **fields: Any) -> None:
        self.calls.append(("edit_original_response", fields))


def player_click(table: Table, user: Seat, lang: str) -> PlayerClick:
    """A click of `user`, who reads `lang`, in the table's channel."""
    interaction = PlayerClick(locale=LOCALES[lang])
    interaction.user = SimpleNamespace(id=user.user_id, display_name=user.name)
    interaction.channel_id = table.record.channel_id  # type: ignore[attr-defined]
    interaction.message = None  # type: ignore[attr-defined]
    interaction.permissions = discord.Permissions.none()  # type: ignore[attr-defined]
    return interaction


async def until(done: Callable[[], bool], within: float = 2.0) -> None:
    """Wait (on the event loop) until `done()`, failing after `within` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while not done():
        if loop.time() > deadline:
            raise AssertionError(f"not done within {within} s")
        await asyncio.sleep(0.01)
