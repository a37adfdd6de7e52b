"""Text cards (`/cards`): a player who chose them sees their own hands with text faces (in text, on buttons and in
the options alike), while every other player's hand and the public table keep the card emojis. Real tables on a real
database, through the handlers; the emojis of the committed manifest installed, Discord faked."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.services.tables import Table, Tables
from bot.storage import Seat
from cogs.tables._components import Move
from cogs.tables._handlers import TableHandlers
from cogs.tables._refresher import TableRefresher
from cogs.tables._repair import RepairQueue
from cogs.tables._views import table_message
from tests.bot.services.clocks import Clock
from tests.cogs.table_bots import TableChannel, player_click, table_bot
from tests.support.databases import open_new_sqlite

CHANNEL = 700
ADA, BEA = Seat(11, "Ada"), Seat(12, "Bea")
CARD_MARKUP = re.compile(r"<:card_\d+:\d+>")  # a Pairs-deck card emoji
TILE = re.compile(r"`(?:[1-9]|10)`")  # a Pairs-deck card's text face


def handlers_for(service: Tables, channel: TableChannel) -> TableHandlers:
    bot = table_bot(service, channel)
    return TableHandlers(bot, TableRefresher(bot, 0.0, RepairQueue(100.0)))


pytestmark = pytest.mark.usefixtures("card_emojis")  # every face an emoji with the longest id


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Tables]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db, clock=Clock())
    await db.close()


async def started(service: Tables, channel: TableChannel, lang: str) -> Table:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=ADA, locale=lang)
    await service.store.set_table_message(table, next(channel.ids))
    await service.lobby.join(table.id, BEA)
    return await service.lobby.start(table.id, ADA.user_id)


def shown(fields: dict[str, Any]) -> str:
    embed: discord.Embed = fields["embed"]
    return "\n".join([embed.description or "", *(f"{f.name}\n{f.value}" for f in embed.fields)])


def card_pictures(fields: dict[str, Any]) -> list[str]:
    """The names of the card emojis on the hand's buttons and options."""
    view: discord.ui.View = fields["view"]
    names = []
    for row in view.to_components():
        for child in row["components"]:
            for part in [child, *child.get("options", [])]:
                emoji = part.get("emoji") or {}
                if emoji.get("id"):
                    names.append(str(emoji["name"]))
    return names


async def open_hand(handlers: TableHandlers, table: Table, who: Seat, lang: str) -> dict[str, Any]:
    interaction = player_click(table, who, lang)
    await handlers.show_hand(interaction, table.id, in_place=False)  # type: ignore[arg-type]
    ((name, fields),) = interaction.calls
    assert name == "send_message"
    return fields


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_player_with_text_cards_sees_text_faces_another_sees_emojis(service: Tables, lang: str) -> None:
    channel = TableChannel()
    table = await started(service, channel, lang)
    handlers = handlers_for(service, channel)
    players = handlers.bot.players
    await players.set_cards(ADA.user_id, "text")

    ada, bea = await open_hand(handlers, table, ADA, lang), await open_hand(handlers, table, BEA, lang)
    assert TILE.search(shown(ada)) and "<:" not in shown(ada), shown(ada)
    assert card_pictures(ada) == []
    assert CARD_MARKUP.search(shown(bea)) and not TILE.search(shown(bea)), shown(bea)
    assert any(name.startswith("card_") for name in card_pictures(bea))

    # A move keeps her choice on the hand it redraws.
    (acting,) = table.to_act
    mover = ADA if table.record.seats[acting].user_id == ADA.user_id else BEA
    hand = ada if mover is ADA else bea
    move = next(
        match
        for row in hand["view"].to_components()
        for child in row["components"]
        if (match := Move.pattern.fullmatch(str(child.get("custom_id", "")))) and not child.get("disabled")
    )
    interaction = player_click(table, mover, lang)
    interaction.type = discord.InteractionType.component
    await handlers.act(
        interaction,  # type: ignore[arg-type]
        table.id,
        int(move["version"]),
        int(move["index"]),
        move["token"],
    )
    (_, after), *_ = interaction.calls
    if mover is ADA:
        assert "<:" not in shown(after) and card_pictures(after) == [] and TILE.search(shown(after))
    else:
        assert CARD_MARKUP.search(shown(after)) or card_pictures(after)

    public, _ = table_message(await service.store.get(table.id))  # the public table is unaffected: emojis for all
    assert CARD_MARKUP.search(shown({"embed": public})) and not TILE.search(shown({"embed": public}))

    # Back to pictures: her next hand shows the emojis again.
    await players.set_cards(ADA.user_id, "emoji")
    again = await open_hand(handlers, await service.store.get(table.id), ADA, lang)
    assert CARD_MARKUP.search(shown(again)) and not TILE.search(shown(again))
