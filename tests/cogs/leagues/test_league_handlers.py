"""The league's scheduler pass when the bot may not open threads in the league's channel: the channel is told
once, in the league's language, nothing is opened, and the league is due again a minute later (no traceback)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest.mock import AsyncMock, Mock

import discord

from bot.i18n import t
from bot.services.leagues import LeagueService
from bot.services.leagues.scheduler import RETRY
from bot.services.tables import Tables
from bot.storage import Database, Seat
from cogs.leagues._handlers import LeagueHandlers
from tests.bot.services.clocks import Clock


class Channel:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, content: str, **_: Any) -> None:
        self.sent.append(content)


async def test_a_channel_without_thread_permission_is_told_once_and_tried_again(tmp_path: Path) -> None:
    clock = Clock()
    db = await Database.open(tmp_path / "cardroom.sqlite3")
    try:
        service = LeagueService(db, Tables(db, clock=clock))
        league = await service.create(
            guild_id=9,
            channel_id=500,
            organiser_id=1,
            game="pairs",
            format="swiss",
            rounds=1,
            days=1,
            pace="daily",
            table_size=2,
            locale="fr",
        )
        for user in (1, 2):
            await service.join(league.id, Seat(user, f"P{user}"))
        await service.start(league.id, 1, can_manage=False)
        channel = Channel()
        text_channel = Mock(spec=discord.TextChannel)
        text_channel.create_thread = AsyncMock(side_effect=discord.Forbidden(Mock(status=403, reason="Forbidden"), ""))
        bot = Mock(
            db=db, get_channel=Mock(return_value=text_channel), get_partial_messageable=Mock(return_value=channel)
        )
        refresher = Mock()
        handlers = LeagueHandlers(bot, service, refresher)
        for _ in range(2):
            await handlers.handle(await service.get(league.id))
        assert channel.sent.count(t("fr", "league.error.threads")) == 1
        assert text_channel.create_thread.await_count == 2 and not refresher.mark.called
        (seating,) = await db.leagues.seatings(league.id, 1)
        assert seating.thread_id is None and seating.table_id is None
        assert (await service.get(league.id)).due_at == clock.now + RETRY
    finally:
        await db.close()
