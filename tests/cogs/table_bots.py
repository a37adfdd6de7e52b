"""The bot the table refresher and handlers read, for the cogs tests: the table and player services, the database, the
settings the bell reads, the one channel every table is in (a fake of the test's), Discord's clock and the bot's
own user."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.discord_clock import DiscordClock
from bot.services.players import PlayerService
from bot.services.tables import Tables


def table_bot(service: Tables, channel: object) -> Any:
    return SimpleNamespace(
        tables=service,
        players=PlayerService(service.store.db, service),
        db=service.store.db,
        settings=SimpleNamespace(watching=60.0),
        get_partial_messageable=lambda channel_id: channel,
        discord_clock=DiscordClock(),
        user=SimpleNamespace(id=1),
    )
