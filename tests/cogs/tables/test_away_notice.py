"""What players see of away time spent only when needed: the notice of away hours (a direct message, else the
channel), and the lobby of a table that allows no away time, in English and French."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.i18n import t
from bot.services.clock import TableClock
from bot.services.tables import Outcome, Table, Tables
from bot.storage import Deadline, Seat, TableRecord
from cogs.render.frame import lobby_embed
from cogs.tables._away_notice import tell_away_hours
from cogs.tables._bell import DMS_CLOSED
from cogs.tables._views import clock_panel
from engines import registry
from tests.bot.services.clocks import Clock
from tests.cogs.table_bots import table_bot
from tests.support.databases import open_new_sqlite

ADA, BEA = Seat(11, "Ada"), Seat(12, "Bea")


class Channel:
    """The table's channel: what was posted there."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, dict[str, Any]]] = []

    async def send(self, content: str, **fields: Any) -> Any:
        self.posts.append((content, fields))
        return SimpleNamespace(id=len(self.posts))


class DirectMessages:
    """A person's DMs: what was sent there, or Discord's refusal when they are closed."""

    def __init__(self, closed: bool) -> None:
        self.closed = closed
        self.sent: list[str] = []

    async def send(self, content: str, **fields: Any) -> None:
        if self.closed:
            response = SimpleNamespace(status=403, reason="Forbidden")
            raise discord.Forbidden(response, {"code": DMS_CLOSED, "message": "closed"})  # type: ignore[arg-type]
        self.sent.append(content)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Tables]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db, clock=Clock())
    await db.close()


def notice_bot(service: Tables, channel: Channel, dms: DirectMessages) -> Any:
    bot = table_bot(service, channel)

    async def create_dm(user: Any) -> DirectMessages:
        return dms

    bot.create_dm = create_dm
    bot.get_guild = lambda guild_id: SimpleNamespace(name="The Club")
    return bot


async def ran_out(service: Tables, locale: str = "en") -> Outcome:
    """A started Pairs table whose player's time ran out: an hour of their allowance spent instead."""
    table = await service.lobby.open_lobby(guild_id=9, channel_id=700, game="pairs", host=ADA, locale=locale)
    await service.lobby.join(table.id, BEA)
    table = await service.lobby.start(table.id, ADA.user_id)
    (seat,) = table.to_act
    due = table.deadline(seat)
    assert due is not None
    clock = service.store._clock
    assert isinstance(clock, Clock)
    clock.now = due
    outcome = await service.clock.expire(Deadline(table.id, seat, "expire", due))
    assert outcome is not None and outcome.away is not None
    return outcome


async def test_the_player_is_told_by_direct_message_with_what_is_left(service: Tables) -> None:
    outcome = await ran_out(service)
    assert outcome.away is not None
    channel, dms = Channel(), DirectMessages(closed=False)
    await tell_away_hours(notice_bot(service, channel, dms), outcome.table, outcome.away)
    (sent,) = dms.sent
    due = outcome.table.deadline(outcome.away.seat)
    assert due is not None
    assert "**Pairs** in **The Club**, <#700>" in sent
    assert f"<t:{int(due)}:R>" in sent  # the moved deadline
    assert "Away time left this year: 9 d 23 h." in sent
    assert channel.posts == []


async def test_closed_dms_fall_back_to_the_channel_once_told_why(service: Tables) -> None:
    outcome = await ran_out(service, "fr")
    assert outcome.away is not None
    channel, dms = Channel(), DirectMessages(closed=True)
    bot = notice_bot(service, channel, dms)
    await tell_away_hours(bot, outcome.table, outcome.away)
    ((content, fields),) = channel.posts
    user = outcome.away.user_id
    assert content.startswith(f"<@{user}> ⏳ Votre temps est écoulé à **Paires**")
    assert t("fr", "bell.dms_closed", mention=f"<@{user}>") in content
    assert [u.id for u in fields["allowed_mentions"].users] == [user]
    assert (await service.store.db.players.get(user)).dm_refused

    # The next stretch, elsewhere: the channel again, without the word about DMs (said once).
    await tell_away_hours(bot, outcome.table, outcome.away)
    assert t("fr", "bell.dms_closed", mention=f"<@{user}>") not in channel.posts[-1][0]


async def test_the_next_hours_of_a_stretch_say_nothing(service: Tables) -> None:
    outcome = await ran_out(service)
    table = outcome.table
    seat = outcome.seat
    due = table.deadline(seat)
    assert due is not None
    clock = service.store._clock
    assert isinstance(clock, Clock)
    clock.now = due
    again = await service.clock.expire(Deadline(table.id, seat, "expire", due))
    assert again is not None and again.away is not None and not again.away.first
    channel, dms = Channel(), DirectMessages(closed=False)
    await tell_away_hours(notice_bot(service, channel, dms), again.table, again.away)
    assert dms.sent == [] and channel.posts == []


def lobby_of(away_allowed: bool, locale: str) -> Table:
    engine = registry.get("pairs")
    clock = TableClock.preset("daily").model_copy(update={"away_choice": away_allowed})
    record = TableRecord(
        id=77,
        guild_id=1,
        channel_id=2,
        game="pairs",
        status="lobby",
        host_id=ADA.user_id,
        options=engine.options_model().model_dump(mode="json"),
        seats=[ADA, BEA],
        seed=1,
        state=None,
        version=3,
        table_message_id=None,
        locale=locale,
        created_at=0.0,
        updated_at=0.0,
        clock=clock.model_dump_json(),
    )
    return Table(record=record, engine=engine, state=None)


def clock_field(table: Table, lang: str) -> str:
    embed = lobby_embed(table, lang)
    (field,) = [field for field in embed.fields if field.name == t(lang, "lobby.clock")]
    return field.value or ""


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "🚫 No away time: /away does not stop the clocks here."), ("fr", "🚫 Pas d’absence\u00a0: /absence")],
)
def test_the_lobby_shows_a_table_without_away_time(lang: str, words: str) -> None:
    assert words in clock_field(lobby_of(False, lang), lang)
    assert t(lang, "away_auto.lobby.off") not in clock_field(lobby_of(True, lang), lang)  # allowed: as before


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_clock_panel_chooses_whether_away_time_is_allowed(lang: str) -> None:
    for allowed in (True, False):
        _, view = clock_panel(lobby_of(allowed, lang), lang)
        items = [child for row in view.to_components() for child in row["components"]]
        away = next(item for item in items if item["custom_id"] == "clock:77:away")
        assert [(option["value"], option.get("default", False)) for option in away["options"]] == [
            ("on", allowed),
            ("off", not allowed),
        ]
        assert away["placeholder"] == t(lang, "away_auto.panel")
