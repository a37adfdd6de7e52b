"""The host's settings panels (table options, clock, computer seats) close when their lobby starts or is closed:
each is edited to say so in its reader's language, its menus removed; a choice still made on one (a panel past its
token's life, or one a restart forgot) is refused in place in the same words, and changes nothing. Real tables on a
real database, through the handlers; Discord faked."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.i18n import t
from bot.services.tables import Table, Tables, option_value
from bot.storage import Seat
from cogs.render.text import game_name
from cogs.tables._handlers import TableHandlers
from cogs.tables._refresher import TableRefresher
from cogs.tables._repair import RepairQueue
from engines.core import option_choices
from tests.bot.services.clocks import Clock
from tests.cogs.table_bots import PlayerClick, TableChannel, player_click, table_bot
from tests.support.databases import open_new_sqlite

ADA, BEA = Seat(11, "Ada"), Seat(12, "Bea")


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Tables]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db, clock=Clock(), lobby_expiry=3600.0)
    await db.close()


async def lobby(service: Tables, channel: TableChannel) -> Table:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=700, game="pairs", host=ADA, locale="en")
    await service.store.set_table_message(table, next(channel.ids))
    return await service.lobby.join(table.id, BEA)


def handlers_for(service: Tables, channel: TableChannel) -> TableHandlers:
    bot = table_bot(service, channel)
    refresher = TableRefresher(bot, 0.0, RepairQueue(100.0))
    handlers = TableHandlers(bot, refresher)
    refresher.watchers += handlers.watchers()  # as the cog does
    return handlers


def closed(lang: str, key: str) -> str:
    return t(lang, key, game=game_name("pairs", lang))


def a_choice(table: Table) -> tuple[str, str]:
    """A game option and a value of it other than the table's."""
    field, choices = next(iter(option_choices(table.engine.options_model).items()))
    current = option_value(table.record.options.get(field))
    return field, next(option_value(choice) for choice in choices if option_value(choice) != current)


async def open_panel(handlers: TableHandlers, table: Table, op: str, lang: str) -> PlayerClick:
    panel = player_click(table, ADA, lang)
    await handlers.lobby(panel, table.id, op)  # type: ignore[arg-type]
    ((name, fields),) = panel.calls
    assert name == "send_message" and fields["view"].children  # a live panel, with its menus
    return panel


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_start_closes_the_hosts_panels_and_a_choice_made_after_it_is_refused_and_changes_nothing(
    service: Tables, lang: str
) -> None:
    channel = TableChannel()
    table = await lobby(service, channel)
    handlers = handlers_for(service, channel)
    options = await open_panel(handlers, table, "options", lang)
    clock = await open_panel(handlers, table, "clock", lang)

    await handlers.lobby(player_click(table, ADA, lang), table.id, "start")  # type: ignore[arg-type]
    for panel in (options, clock):
        (_, fields) = panel.calls[-1]
        assert panel.calls[-1][0] == "edit_original_response"
        assert fields == {"content": closed(lang, "lobby.panel.started"), "view": None}

    started = await service.store.get(table.id)
    field, value = a_choice(table)
    late = player_click(started, ADA, lang)
    await handlers.set_option(late, table.id, field, [value])  # type: ignore[arg-type]
    late_clock = player_click(started, ADA, lang)
    await handlers.set_clock(late_clock, table.id, "pace", ["live"])  # type: ignore[arg-type]
    late_language = player_click(started, ADA, lang)
    await handlers.set_language(late_language, table.id, ["fr"])  # type: ignore[arg-type]
    for interaction in (late, late_clock, late_language):
        assert interaction.calls == [
            ("edit_message", {"content": "⚠️ " + closed(lang, "lobby.panel.started"), "view": None})
        ]
    after = await service.store.get(table.id)
    assert after.record.version == started.record.version and after.record.options == started.record.options
    assert after.record.locale == "en" and after.clock == started.clock
    await handlers.refresher.idle()


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_cancelled_lobby_closes_its_panels_in_other_words(service: Tables, lang: str) -> None:
    channel = TableChannel()
    table = await lobby(service, channel)
    handlers = handlers_for(service, channel)
    computers = await open_panel(handlers, table, "computers", lang)
    await handlers.lobby(player_click(table, ADA, lang), table.id, "cancel")  # type: ignore[arg-type]
    assert computers.calls[-1] == (
        "edit_original_response",
        {"content": closed(lang, "lobby.panel.closed"), "view": None},
    )
    late = player_click(table, ADA, lang)
    await handlers.set_computers(late, table.id, "add", ["normal"])  # type: ignore[arg-type]
    assert late.calls == [("edit_message", {"content": "⚠️ " + closed(lang, "lobby.panel.closed"), "view": None})]
    assert len((await service.store.get(table.id)).record.seats) == 2
    await handlers.refresher.idle()


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_lobby_closed_by_its_deadline_closes_its_panels_through_the_refresher(
    service: Tables, lang: str
) -> None:
    channel = TableChannel()
    table = await lobby(service, channel)
    handlers = handlers_for(service, channel)
    options = await open_panel(handlers, table, "options", lang)
    service.store._clock.now += 7200.0  # type: ignore[attr-defined]  # past the lobby's expiry
    expired = await service.lobby.expire_lobby(table.id)
    assert expired is not None and expired.record.status == "aborted"
    handlers.refresher.mark(table.id)  # as the cog does when the lobby's deadline fires
    await handlers.refresher.idle()
    assert options.calls[-1] == (
        "edit_original_response",
        {"content": closed(lang, "lobby.panel.closed"), "view": None},
    )
    assert len(handlers.panels) == 0
