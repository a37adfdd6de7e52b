"""A player the clock withdrew (out of time too many times in a row) is said to have run out of time in the final
table's latest moves and in the public log, as the standings say "out of time"; a player who left by their own
click still "left". Real tables on a real database, the clock moved by hand; both languages."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.i18n import t
from bot.services.tables import Table, Tables
from bot.storage import Deadline, Seat
from cogs.render.frame import table_embed
from cogs.render.text import event_line
from cogs.tables._views import log_message
from engines.core import Event
from tests.bot.services.clocks import Clock
from tests.support.databases import open_new_sqlite

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Tables]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db, clock=Clock())
    await db.close()


async def started(service: Tables, lang: str) -> Table:
    """A Pairs table of two, whose clock withdraws a player at their first timeout."""
    table = await service.lobby.open_lobby(guild_id=9, channel_id=500, game="pairs", host=ALICE, locale=lang)
    await service.lobby.join(table.id, BOB)
    await service.lobby.set_clock_option(table.id, ALICE.user_id, "timeouts", "1")
    await service.lobby.set_clock_option(table.id, ALICE.user_id, "away", "off")  # a timeout, not away hours
    return await service.lobby.start(table.id, ALICE.user_id)


def latest(table: Table, lang: str) -> str:
    embed = table_embed(table, lang)
    (field,) = [field for field in embed.fields if field.name == t(lang, "table.events")]
    return str(field.value)


def left_line(table: Table, seat: int, lang: str) -> str:
    """What the game itself says of that seat leaving ("**Bob** left the game.")."""
    return event_line(Event(key="pairs.event.left", params={"seat": seat}), table.names, lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_player_withdrawn_by_the_clock_ran_out_of_time_in_the_latest_moves_and_the_log(
    service: Tables, lang: str
) -> None:
    table = await started(service, lang)
    (victim,) = table.to_act
    due = table.deadline(victim)
    assert due is not None
    service.store._clock.now = due  # type: ignore[attr-defined]
    outcome = await service.clock.expire(Deadline(table.id, victim, "expire", due))
    assert outcome is not None and outcome.by_clock
    table = await service.store.get(table.id)
    assert table.record.status == "finished" and table.clock is not None and victim in table.clock.clocked_out

    name = f"**{table.names[victim]}**"
    out = t(lang, "table.event.clocked_out", seat=name)
    recent = latest(table, lang)
    assert out in recent
    assert left_line(table, victim, lang) not in recent
    assert t(lang, "table.left_clock") in str(table_embed(table, lang).fields[0].value)  # the standings agree

    table, entries = await service.history.public_log(table.id)
    embed, _ = log_message(table, entries, None, lang)
    assert out in str(embed.description) and left_line(table, victim, lang) not in str(embed.description)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_player_who_leaves_by_their_own_click_still_left(service: Tables, lang: str) -> None:
    table = await started(service, lang)
    leaver = table.to_act[0]
    await service.play.withdraw(table.id, table.record.seats[leaver].user_id)
    table = await service.store.get(table.id)
    recent = latest(table, lang)
    assert left_line(table, leaver, lang) in recent
    assert t(lang, "table.event.clocked_out", seat=f"**{table.names[leaver]}**") not in recent
