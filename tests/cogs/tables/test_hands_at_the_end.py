"""When a game ends, every player's live hand shows the end, in its player's language: it says the game is over,
with the final standings, and no longer whom the game waits for. The end by the clock (a player withdrawn when
their time ran out) and by a player leaving; the last mover's own hand, drawn at the end already, is not drawn
again. Real tables on a real database, through the handlers and the refresher; Discord faked."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from bot.services.tables import Table, Tables
from bot.storage import Deadline, Seat
from cogs.render.frame import turn_line
from cogs.render.text import display_name
from cogs.tables._components import Refresh
from cogs.tables._handlers import TableHandlers
from cogs.tables._refresher import TableRefresher
from cogs.tables._repair import RepairQueue
from tests.bot.services.clocks import Clock
from tests.cogs.table_bots import PlayerClick, TableChannel, player_click, table_bot
from tests.support.databases import open_new_sqlite

CHANNEL = 700
ADA, BEA = Seat(11, "Ada"), Seat(12, "Bea")


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Tables]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db, clock=Clock())
    await db.close()


async def started(service: Tables, channel: TableChannel, lang: str) -> Table:
    """A Pairs table of Ada and Bea in `lang`, whose clock withdraws a player at their first timeout."""
    table = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=ADA, locale=lang)
    await service.store.set_table_message(table, next(channel.ids))
    await service.lobby.join(table.id, BEA)
    await service.lobby.set_clock_option(table.id, ADA.user_id, "timeouts", "1")
    await service.lobby.set_clock_option(table.id, ADA.user_id, "away", "off")  # a timeout, not away hours
    return await service.lobby.start(table.id, ADA.user_id)


def handlers_for(service: Tables, channel: TableChannel) -> TableHandlers:
    bot = table_bot(service, channel)
    refresher = TableRefresher(bot, 0.0, RepairQueue(100.0))
    handlers = TableHandlers(bot, refresher)
    refresher.watchers += handlers.watchers()  # as the cog does
    return handlers


async def settled(handlers: TableHandlers) -> None:
    await handlers.refresher.idle()
    await handlers.hands.settle()


def description(fields: dict[str, Any]) -> str:
    return str(fields["embed"].description)


def standings_field(fields: dict[str, Any], lang: str) -> str:
    (field,) = [field for field in fields["embed"].fields if field.name == t(lang, "table.standings")]
    return str(field.value)


async def waiting_hand(handlers: TableHandlers, table: Table, lang: str) -> tuple[PlayerClick, Seat, Seat]:
    """The player not to act opens their hand ("Waiting for …"); returns its click, the waiting and the acting."""
    (acting,) = table.to_act
    mover, waiting = (ADA, BEA) if table.record.seats[acting].user_id == ADA.user_id else (BEA, ADA)
    interaction = player_click(table, waiting, lang)
    await handlers.show_hand(interaction, table.id, in_place=False)  # type: ignore[arg-type]
    ((name, fields),) = interaction.calls
    assert name == "send_message"
    assert description(fields).startswith(turn_line(table, lang))  # "Waiting for Ada ⏰ …"
    assert display_name(mover.name) in description(fields)
    return interaction, waiting, mover


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_game_ended_by_the_clock_shows_its_end_on_the_waiting_players_hand(service: Tables, lang: str) -> None:
    channel = TableChannel()
    table = await started(service, channel, lang)
    handlers = handlers_for(service, channel)
    hand, waiting, mover = await waiting_hand(handlers, table, lang)

    (seat,) = table.to_act
    due = table.deadline(seat)
    assert due is not None
    service.store._clock.now = due  # type: ignore[attr-defined]
    outcome = await service.clock.expire(Deadline(table.id, seat, "expire", due))
    assert outcome is not None and outcome.finished
    handlers.refresher.mark(table.id)  # as the cog does after the clock's move
    await settled(handlers)

    edits = [fields for name, fields in hand.calls if name == "edit_original_response"]
    assert len(edits) == 1, hand.calls
    (fields,) = edits
    assert description(fields).startswith(t(lang, "table.over"))
    assert display_name(mover.name) not in description(fields)  # nobody is waited for
    assert "⏰" not in description(fields)
    standings = standings_field(fields, lang)
    assert f"🏆 {display_name(waiting.name)}" in standings and t(lang, "table.left_clock") in standings
    assert fields["content"] is None
    (row,) = fields["view"].to_components()  # no move is offered any more: only Refresh is left
    assert [button["custom_id"] for button in row["components"]] == [Refresh(table.id).custom_id]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_game_ended_by_a_player_leaving_shows_its_end_on_every_live_hand_but_the_one_drawn_at_it(
    service: Tables, lang: str
) -> None:
    channel = TableChannel()
    table = await started(service, channel, lang)
    handlers = handlers_for(service, channel)
    hand, waiting, mover = await waiting_hand(handlers, table, lang)

    leaving = player_click(table, mover, lang)
    await handlers.leave(leaving, table.id)  # type: ignore[arg-type]
    await settled(handlers)
    assert (await service.store.get(table.id)).record.status == "finished"

    (fields,) = [fields for name, fields in hand.calls if name == "edit_original_response"]
    assert description(fields).startswith(t(lang, "table.over"))
    assert f"🏆 {display_name(waiting.name)}" in standings_field(fields, lang)

    # The hand shows the end once: a later pass of the finished table (a restart's repair) edits it no more.
    handlers.refresher.ensure_posted(table.id)
    await settled(handlers)
    assert len([name for name, _ in hand.calls if name == "edit_original_response"]) == 1

    # A hand drawn at the end already is left as it is.
    finished = await service.store.get(table.id)
    again = player_click(finished, waiting, lang)
    await handlers.show_hand(again, table.id, in_place=False)  # type: ignore[arg-type]
    await handlers.show_the_end(finished)
    await settled(handlers)
    assert [name for name, _ in again.calls] == ["send_message"]
    ((_, fields),) = again.calls
    assert description(fields).startswith(t(lang, "table.over"))
