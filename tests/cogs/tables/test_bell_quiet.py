"""The bell and a player's day: nothing reaches a player in quiet hours, what waits goes out as one message when
they end; nothing is sent for a decision already taken; the "last one" notice replaces the usual one."""

from __future__ import annotations

import datetime
import itertools
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.services.notices import Notices
from bot.services.players import PlayerService
from bot.services.tables import Table, Tables
from bot.services.tables.table import open_gate
from bot.storage import Database, Seat
from cogs.tables._bell import DMS_CLOSED, Bell
from tests.bot.services.clocks import Clock
from tests.support.databases import open_new_sqlite

ALICE, BOB = Seat(101, "Alice"), Seat(102, "Bob")
GUILD, CHANNEL = 9, 500


def at(text: str) -> float:
    return datetime.datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=datetime.UTC).timestamp()


class Channel:
    """The tables' channel: what is posted, with whom it may ping."""

    def __init__(self) -> None:
        self.ids = itertools.count(1000)
        self.sent: list[tuple[str, list[int]]] = []
        self.deleted: list[int] = []

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(**fields: Any) -> None:
            return None

        async def delete() -> None:
            self.deleted.append(message_id)

        return SimpleNamespace(edit=edit, delete=delete)

    async def send(self, content: str, **fields: Any) -> Any:
        mentions = fields["allowed_mentions"].users
        self.sent.append((content, [user.id for user in mentions] if isinstance(mentions, list) else []))
        return SimpleNamespace(id=next(self.ids))


class Inbox:
    """Direct messages, per person; `closed`: those whose DMs Discord refuses."""

    def __init__(self) -> None:
        self.got: dict[int, list[str]] = {}
        self.closed: set[int] = set()
        self.ids = itertools.count(5000)

    async def create_dm(self, user: discord.Object) -> Any:
        async def send(content: str, **fields: Any) -> Any:
            if user.id in self.closed:
                raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": DMS_CLOSED})
            self.got.setdefault(user.id, []).append(content)
            return SimpleNamespace(id=next(self.ids))

        return SimpleNamespace(send=send, id=900 + user.id)


@pytest.fixture
def clock() -> Clock:
    return Clock(at("2026-10-24 22:30"))  # 00:30 in Paris


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield database
    await database.close()


@pytest.fixture
def service(db: Database, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> Tables:
    monkeypatch.setattr(secrets, "randbits", lambda bits: 20240917)
    return Tables(db, clock=clock)


class Room:
    def __init__(self, service: Tables, clock: Clock) -> None:
        self.service = service
        self.clock = clock
        self.channel = Channel()
        self.inbox = Inbox()
        self.bot: Any = SimpleNamespace(
            tables=service,
            db=service.store.db,
            players=PlayerService(service.store.db, service, clock=clock),
            settings=SimpleNamespace(watching=60.0),
            get_partial_messageable=lambda channel_id: self.channel,
            get_guild=lambda guild_id: None,
            create_dm=self.inbox.create_dm,
            notices=Notices(service.store.db, service.store, clock=clock),
        )
        self.bell = Bell(self.bot)
        self.notices = self.bot.notices

    async def quiet(self, user_id: int, span: str = "23:00-07:00") -> None:
        await self.notices.save_quiet(
            user_id, *await self.notices.plan_quiet(user_id, zone="Europe/Paris", span=span, guild_id=None)
        )

    async def start(self, channel: int = CHANNEL) -> Table:
        table = await self.service.lobby.open_lobby(
            guild_id=GUILD, channel_id=channel, game="pairs", host=ALICE, locale="en"
        )
        table = await self.service.lobby.join(table.id, BOB)
        return await self.service.lobby.start(table.id, ALICE.user_id)

    async def act(self, table: Table, seat: int) -> Table:
        assert table.state is not None
        token = table.engine.decision_token(table.state, seat)
        user = table.record.seats[seat].user_id
        return (await self.service.play.act(table.id, user, table.record.version, 0, token)).table


@pytest.fixture
def room(service: Tables, clock: Clock) -> Room:
    return Room(service, clock)


async def test_in_quiet_hours_nothing_reaches_the_player_and_one_message_goes_out_at_their_end(room: Room) -> None:
    for user in (ALICE.user_id, BOB.user_id):
        await room.quiet(user)
        await room.bot.players.set_notify(user, "both")
    table = await room.start()
    (seat,) = table.to_act
    user = table.record.seats[seat].user_id
    await room.bell.ring(table)
    ((content, pinged),) = room.channel.sent
    assert f"<@{user}>" in content and pinged == []  # named on the bell, not pinged
    assert room.inbox.got == {}  # and no direct message
    room.clock.now = at("2026-10-25 04:00")
    await room.bell.remind(table, seat)  # a reminder in quiet hours is held too
    assert all(not pinged for _, pinged in room.channel.sent) and room.inbox.got == {}
    assert await room.bell.scheduler.fire_due() == 0  # nothing before their end

    room.clock.now = at("2026-10-25 06:00")  # 07:00 in Paris
    assert await room.bell.scheduler.fire_due() == 1
    (message,) = room.inbox.got[user]
    assert "Your quiet hours are over. 1 table is waiting for you:" in message and "**Pairs**" in message
    assert "/channels/9/500" in message  # a link to the table
    assert await room.bell.scheduler.fire_due() == 0
    assert len(room.inbox.got[user]) == 1  # once
    player = await room.bot.db.players.get(user)
    assert (player.held_since, player.due_at) == (None, None)

    await room.bell.remind(table, seat)  # out of quiet hours, notices reach the player again
    assert room.channel.sent[-1][1] == [user] and len(room.inbox.got[user]) == 2


async def test_a_closed_dm_at_the_end_falls_back_to_one_ping_in_the_channel(room: Room) -> None:
    await room.quiet(ALICE.user_id)
    await room.quiet(BOB.user_id)
    table = await room.start()
    (seat,) = table.to_act
    user = table.record.seats[seat].user_id
    room.inbox.closed.add(user)
    await room.bell.ring(table)
    room.clock.now = at("2026-10-25 06:00")
    assert await room.bell.scheduler.fire_due() == 1
    content, pinged = room.channel.sent[-1]
    assert pinged == [user] and "your quiet hours are over: 1 table is waiting for you" in content


async def test_nothing_is_sent_for_a_decision_already_taken(room: Room) -> None:
    room.clock.now = at("2026-10-25 12:00")  # no quiet hours now
    await room.quiet(ALICE.user_id)
    await room.quiet(BOB.user_id)
    await room.bot.players.set_notify(ALICE.user_id, "dm")
    await room.bot.players.set_notify(BOB.user_id, "dm")
    table = await room.start()
    (seat,) = table.to_act
    await room.act(table, seat)  # the player took the decision before its reminder went out
    await room.bell.remind(table, seat)
    assert room.channel.sent == [] and room.inbox.got == {}
    await room.bell.ring(table)  # a stale copy of the table: the decision it shows is taken
    assert room.channel.sent == [] and room.inbox.got == {}


async def test_held_notices_for_decisions_taken_meanwhile_send_nothing(room: Room) -> None:
    await room.quiet(ALICE.user_id)
    await room.quiet(BOB.user_id)
    table = await room.start()
    (seat,) = table.to_act
    await room.bell.ring(table)
    room.clock.now = at("2026-10-25 01:00")
    await room.act(table, seat)  # they played anyway, in their quiet hours
    held = table.record.seats[seat].user_id
    room.clock.now = at("2026-10-25 06:00")
    await room.bell.scheduler.fire_due()
    assert held not in room.inbox.got and (await room.bot.db.players.get(held)).due_at is None


async def test_the_last_one_we_wait_for_is_told_so(room: Room) -> None:
    room.clock.now = at("2026-10-25 12:00")
    table = await room.start()
    (seat,) = table.to_act
    user = table.record.seats[seat].user_id
    clock = table.clock
    assert clock is not None
    began = clock.seats[seat].began
    assert began is not None
    # the other player acted on this shared decision after it began: only this seat is left
    seats = [s.model_copy() for s in clock.seats]
    seats[1 - seat].acted_at = began + 5
    table = await room.service.store.change_clock(table, clock.model_copy(update={"seats": seats}), open_gate)
    await room.bell.remind(table, seat)
    content, pinged = room.channel.sent[-1]
    assert pinged == [user]
    assert content.startswith(f"⏳ <@{user}>, you are the last one we are waiting for at **Pairs**")
    await room.bot.players.set_notify(user, "dm")
    await room.bell.remind(table, seat)
    (dm,) = room.inbox.got[user]
    assert dm.startswith("🔔 You are the last one we are waiting for at **Pairs**")


async def test_a_digest_replaces_the_stream_and_the_previous_digest(room: Room) -> None:
    room.clock.now = at("2026-10-25 12:00")
    for user in (ALICE.user_id, BOB.user_id):
        await room.notices.save_digest(user, None, 3.0)  # on change, at most every 3 hours
    assert await room.bell.scheduler.fire_due() == 2  # nothing waits yet: no digest
    assert room.inbox.got == {}
    table = await room.start()
    (seat,) = table.to_act
    user = table.record.seats[seat].user_id
    await room.bell.ring(table)
    assert room.channel.sent[-1][1] == [] and room.inbox.got == {}  # no ping, no DM: a digest instead
    assert await room.bell.scheduler.fire_due() == 1
    (first,) = room.inbox.got[user]
    assert first.startswith("📬 Your digest: 1 table is waiting for you.") and "/channels/9/500" in first
    sent = await room.bot.db.players.get(user)
    assert (sent.digest_channel_id, sent.digest_count, sent.due_at) == (900 + user, 1, None)

    room.clock.now += 3600
    second = await room.start(channel=501)  # the same deal: the same player decides first
    assert second.record.seats[second.to_act[0]].user_id == user
    await room.bell.ring(second)
    assert await room.bell.scheduler.fire_due() == 0  # at most one digest every 3 hours
    room.clock.now = at("2026-10-25 15:00")
    assert await room.bell.scheduler.fire_due() == 1
    assert room.inbox.got[user][-1].startswith("📬 Your digest: 2 tables are waiting for you")
    assert room.channel.deleted[-1] == sent.digest_message_id  # the previous digest replaced
    assert (await room.bot.db.players.get(user)).digest_count == 2


async def test_a_daily_digest_goes_out_at_its_local_time(room: Room) -> None:
    room.clock.now = at("2026-10-25 12:00")
    for user in (ALICE.user_id, BOB.user_id):
        await room.quiet(user, "23:00-07:00")  # a zone: Europe/Paris
        await room.notices.save_digest(user, 18 * 60, None)  # 18:00 in Paris: 17:00 UTC
    table = await room.start()
    (seat,) = table.to_act
    user = table.record.seats[seat].user_id
    await room.bell.ring(table)
    room.clock.now = at("2026-10-25 16:59")
    assert await room.bell.scheduler.fire_due() == 0 and room.inbox.got == {}
    room.clock.now = at("2026-10-25 17:00")
    assert await room.bell.scheduler.fire_due() == 2  # both due; only the one a table waits on is told
    assert len(room.inbox.got[user]) == 1 and set(room.inbox.got) == {user}
    assert (await room.bot.db.players.get(user)).due_at == at("2026-10-26 17:00")  # tomorrow, same local time
