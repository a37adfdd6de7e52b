"""The tables redrawn at start before the card emojis are installed are drawn again once they are, instead of
keeping their text faces until their next move; a table drawn with the emojis is not drawn again, and without
emojis expected (`CARDROOM_EMOJIS=0`) nothing is noted. In-process: real tables on a real database, the start's
repair through the refresher, the sync's install through `bot.emojis.install`; Discord's channel faked."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import emojis
from bot.services.tables import Table, Tables
from bot.storage import Seat
from cogs.tables._refresher import TableRefresher
from cogs.tables._repair import RepairQueue
from tests.cogs.render_support import longest_card_emojis
from tests.cogs.table_bots import TableChannel, table_bot
from tests.support.databases import open_new_sqlite

MARKUP = re.compile(r"<:[A-Za-z0-9_]{2,32}:\d{17,20}>")


@pytest.fixture(autouse=True)
def text_faces() -> Iterator[None]:
    emojis.reset()
    yield
    emojis.reset()


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Tables]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db)
    await db.close()


async def started(service: Tables, channel: TableChannel, lang: str, number: int) -> Table:
    host, guest = Seat(10 + 2 * number, "Ada"), Seat(11 + 2 * number, "Bea")
    table = await service.lobby.open_lobby(guild_id=9, channel_id=700 + number, game="pairs", host=host, locale=lang)
    await service.store.set_table_message(table, next(channel.ids))
    await service.lobby.join(table.id, guest)
    return await service.lobby.start(table.id, host.user_id)


def text_of(fields: dict[str, Any]) -> str:
    embed: discord.Embed = fields["embed"]
    return "\n".join([embed.description or "", *(str(field.value) for field in embed.fields)])


async def settled(refresher: TableRefresher) -> None:
    """Wait until the repair (and any redraw it was given) and every pass are over."""
    for _ in range(100):
        await asyncio.sleep(0.01)
        repairer = refresher._repairer
        if repairer is not None and not repairer.done():
            await repairer
        await refresher.idle()
        repairer = refresher._repairer
        if (repairer is None or repairer.done()) and not refresher._tasks and not len(refresher.repairs):
            return
    raise AssertionError("the refresher never settled")


@contextlib.asynccontextmanager
async def watching(service: Tables, channel: TableChannel, *, faces: bool) -> AsyncIterator[TableRefresher]:
    """A refresher told of each install of card emojis, as the cog's is."""
    refresher = TableRefresher(table_bot(service, channel), 0.0, RepairQueue(100.0), faces=faces)
    emojis.watch(refresher.faces_installed)  # as the cog does at its load
    try:
        yield refresher
    finally:
        emojis.unwatch(refresher.faces_installed)
        refresher.stop_repair()


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_tables_repaired_before_the_emojis_came_are_drawn_again_with_them(service: Tables, lang: str) -> None:
    channel = TableChannel()
    tables = [await started(service, channel, lang, number) for number in range(3)]
    lobby = await service.lobby.open_lobby(guild_id=9, channel_id=799, game="pairs", host=Seat(99, "Cyd"), locale=lang)
    await service.store.set_table_message(lobby, next(channel.ids))
    async with watching(service, channel, faces=True) as refresher:
        refresher.repair(await service.store.to_repair())  # the start's repair, before the sync is over
        await settled(refresher)
        repaired = {message_id for message_id, _ in channel.edits}
        cards = {table.record.table_message_id for table in tables}
        assert repaired == {*cards, (await service.store.get(lobby.id)).record.table_message_id}
        assert all(not MARKUP.search(text_of(fields)) for _, fields in channel.edits)  # text faces: `10`

        emojis.install(longest_card_emojis())  # the sync is over, some 70 ms later
        await settled(refresher)
        redrawn = channel.edits[len(repaired) :]
        assert {message_id for message_id, _ in redrawn} == cards and len(redrawn) == len(tables)  # not the lobby
        for _, fields in redrawn:
            assert MARKUP.search(text_of(fields)), text_of(fields)  # card emojis now

        # Drawn with the emojis: another install (a following process's) draws nothing again.
        emojis.install(longest_card_emojis())
        await settled(refresher)
        assert len(channel.edits) == len(repaired) + len(tables)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_without_emojis_expected_nothing_is_noted_or_drawn_again(service: Tables, lang: str) -> None:
    channel = TableChannel()
    await started(service, channel, lang, 0)
    async with watching(service, channel, faces=False) as refresher:
        refresher.repair(await service.store.to_repair())
        await settled(refresher)
        assert len(channel.edits) == 1 and refresher._text_faces == {}
        emojis.install(longest_card_emojis())
        await settled(refresher)
        assert len(channel.edits) == 1


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_table_whose_edit_was_on_its_way_when_the_emojis_came_is_drawn_again(
    service: Tables, lang: str
) -> None:
    channel = TableChannel()
    table = await started(service, channel, lang, 0)
    edit = channel.get_partial_message

    def installing_meanwhile(message_id: int) -> Any:
        message = edit(message_id)
        first = message.edit

        async def edit_while_installing(**fields: Any) -> None:
            if not len(emojis.registry()):
                emojis.install(longest_card_emojis())  # the sync ends while this edit, drawn with text faces, is sent
            await first(**fields)

        return SimpleNamespace(edit=edit_while_installing, delete=message.delete)

    channel.get_partial_message = installing_meanwhile  # type: ignore[method-assign]
    async with watching(service, channel, faces=True) as refresher:
        refresher.repair(await service.store.to_repair())
        await settled(refresher)
    (_, before), (message_id, after) = channel.edits
    assert not MARKUP.search(text_of(before)) and MARKUP.search(text_of(after))
    assert message_id == table.record.table_message_id
