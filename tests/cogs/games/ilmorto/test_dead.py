"""Il Morto's dead on Discord (`cogs.games.ilmorto.dead`): who gives a life by a mention or a reply, who does not,
and the line in the channel when someone dies. A real table service and engine; Discord's messages faked."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.services.tables import Table, Tables
from bot.storage import Seat
from cogs.games.ilmorto.dead import TheDead
from engines.ilmorto import ENGINE, IlMortoOptions, IlMortoState
from engines.ilmorto import table as rules
from tests.support.databases import open_new_sqlite

CHANNEL, OTHER_CHANNEL = 700, 701
SEATS = [Seat(100 + seat, name) for seat, name in enumerate(("Ada", "Bea", "Cyd", "Dov"))]


@dataclass
class FakeChannel:
    id: int
    history: dict[int, Any] = field(default_factory=dict)
    sent: list[tuple[str, Any]] = field(default_factory=list)
    fail: bool = False

    async def send(self, content: str, *, allowed_mentions: Any = None) -> None:
        if self.fail:
            raise discord.HTTPException(SimpleNamespace(status=500, reason="boom"), "boom")
        self.sent.append((content, allowed_mentions))

    async def fetch_message(self, message_id: int) -> Any:
        if message_id not in self.history:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown Message")
        return self.history[message_id]


class FakeRefresher:
    def __init__(self) -> None:
        self.marked: list[int] = []
        self.watchers: list[Any] = []

    def mark(self, table_id: int) -> None:
        self.marked.append(table_id)


def person(user_id: int, *, bot: bool = False) -> Any:
    return SimpleNamespace(id=user_id, bot=bot)


def message(
    author: int,
    channel: FakeChannel,
    *,
    mentions: tuple[int, ...] = (),
    reply_to: int | None = None,
    bot: bool = False,
) -> Any:
    return SimpleNamespace(
        id=9000 + author,
        guild=object(),
        author=person(author, bot=bot),
        webhook_id=None,
        channel=channel,
        mentions=[person(user_id) for user_id in mentions],
        type=discord.MessageType.reply if reply_to is not None else discord.MessageType.default,
        reference=None if reply_to is None else SimpleNamespace(message_id=reply_to, resolved=None),
    )


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Tables]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db)
    await db.close()


def with_a_dead_player(*, speaking_rule: bool = True) -> tuple[IlMortoState, int]:
    """Four players before the knock, the seat after the dealer dead."""
    state = ENGINE.new(4, IlMortoOptions(speaking_rule=speaking_rule), seed=7)
    dead = (state.dealer + 1) % 4
    state.lives[dead] = 0
    rules.die(state, [dead])
    return state, dead


async def table_at(service: Tables, state: IlMortoState) -> tuple[Tables, Table]:
    """A running game whose state is `state`, and a service that has not seen its lobby."""
    lobby = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="ilmorto", host=SEATS[0], locale="en")
    for seat in SEATS[1:]:
        lobby = await service.lobby.join(lobby.id, seat)
    options = state.options.model_dump(mode="json")
    record = await service.store.db.tables.update_lobby(lobby.id, lobby.record.version, options=options)
    await service.store.db.tables.start(lobby.id, record.version, state=ENGINE.dump_state(state))
    fresh = Tables(service.store.db)
    return fresh, await fresh.store.get(lobby.id)


def listener(service: Tables, channel: FakeChannel) -> tuple[TheDead, FakeRefresher]:
    refresher = FakeRefresher()
    bot = SimpleNamespace(tables=service, get_partial_messageable=lambda channel_id: channel)
    return TheDead(bot, refresher), refresher  # type: ignore[arg-type]


def user_of(seat: int) -> int:
    return SEATS[seat].user_id


def speaker_for(state: IlMortoState, dead: int) -> int:
    """A living player other than the dealer."""
    return next(seat for seat in range(4) if seat not in (dead, state.dealer))


async def test_a_mention_of_the_dead_gives_them_a_life_and_is_announced(service: Tables) -> None:
    state, dead = with_a_dead_player()
    service, table = await table_at(service, state)
    channel = FakeChannel(CHANNEL)
    the_dead, refresher = listener(service, channel)
    speaker = speaker_for(state, dead)
    await the_dead.heard(message(user_of(speaker), channel, mentions=(user_of(dead), user_of(dead))))
    after = await service.store.get(table.id)
    assert isinstance(after.state, IlMortoState)
    assert after.state.lives[dead] == 1 and after.state.lives[speaker] == 2  # once, though mentioned twice
    assert after.record.version == table.record.version + 1 and refresher.marked == [table.id]
    ((text, allowed),) = channel.sent
    assert text == f"👻 <@{user_of(speaker)}> spoke to <@{user_of(dead)}>, who is dead: " + (
        f"<@{user_of(speaker)}> gives them one of their lives."
    )
    assert {user.id for user in allowed.users} == {user_of(speaker), user_of(dead)}
    assert allowed.roles is False and allowed.everyone is False


async def test_a_reply_to_the_dead_gives_a_life_fetching_the_replied_message(service: Tables) -> None:
    state, dead = with_a_dead_player()
    service, table = await table_at(service, state)
    channel = FakeChannel(CHANNEL, history={55: SimpleNamespace(author=person(user_of(dead)))})
    the_dead, _ = listener(service, channel)
    speaker = speaker_for(state, dead)
    await the_dead.heard(message(user_of(speaker), channel, reply_to=55))
    assert (await service.store.get(table.id)).state.lives[dead] == 1  # type: ignore[union-attr]
    await the_dead.heard(message(user_of(speaker), channel, reply_to=56))  # gone: nothing, and no crash
    assert (await service.store.get(table.id)).record.version == table.record.version + 1


async def test_nobody_else_gives_a_life(service: Tables) -> None:
    state, dead = with_a_dead_player()
    service, table = await table_at(service, state)
    channel = FakeChannel(CHANNEL)
    the_dead, _ = listener(service, channel)
    speaker = speaker_for(state, dead)
    ignored = [
        message(user_of(state.dealer), channel, mentions=(user_of(dead),)),  # the dealer speaks freely
        message(user_of(dead), channel, mentions=(user_of(speaker),)),  # the dead speak to the living
        message(user_of(speaker), channel, mentions=(user_of(dead),), bot=True),  # a bot
        message(999, channel, mentions=(user_of(dead),)),  # someone not playing
        message(user_of(speaker), channel, mentions=(user_of(state.dealer), 999)),  # the living, a stranger
        message(user_of(speaker), FakeChannel(OTHER_CHANNEL), mentions=(user_of(dead),)),  # another channel
    ]
    for heard in ignored:
        await the_dead.heard(heard)
    assert (await service.store.get(table.id)).record.version == table.record.version
    assert channel.sent == []


async def test_with_the_speaking_rule_off_a_mention_costs_nothing(service: Tables) -> None:
    state, dead = with_a_dead_player(speaking_rule=False)
    service, table = await table_at(service, state)
    channel = FakeChannel(CHANNEL)
    the_dead, _ = listener(service, channel)
    await the_dead.heard(message(user_of(speaker_for(state, dead)), channel, mentions=(user_of(dead),)))
    assert (await service.store.get(table.id)).record.version == table.record.version and channel.sent == []


async def test_the_listener_never_raises(service: Tables, caplog: pytest.LogCaptureFixture) -> None:
    state, dead = with_a_dead_player()
    service, _ = await table_at(service, state)
    channel = FakeChannel(CHANNEL, fail=True)
    the_dead, _ = listener(service, channel)
    with caplog.at_level(logging.ERROR, logger="cardroom.tables.dead"):
        await the_dead.heard(message(user_of(speaker_for(state, dead)), channel, mentions=(user_of(dead),)))
    assert "Could not judge message" in caplog.text


async def test_a_death_is_announced_once_in_the_tables_language(service: Tables) -> None:
    state = ENGINE.new(4, IlMortoOptions(), seed=7)
    service, table = await table_at(service, state)
    channel = FakeChannel(CHANNEL)
    the_dead, _ = listener(service, channel)
    await the_dead.shown(table)  # first seen: nobody newly dead
    victim = (state.dealer + 1) % 4
    state.lives[victim] = 0
    rules.die(state, [victim])
    dead_table = Table(record=table.record, engine=table.engine, state=state)
    await the_dead.shown(dead_table)
    await the_dead.shown(dead_table)  # shown again: said once
    ((text, allowed),) = channel.sent
    assert text.startswith(f"💀 <@{user_of(victim)}> is dead: the living must not speak to them.")
    assert allowed.users is False or allowed.users == []  # names them without pinging anyone


async def test_the_dead_are_announced_even_if_first_seen_dead_but_not_again_after_a_restart(
    service: Tables,
) -> None:
    state, dead = with_a_dead_player()
    service, table = await table_at(service, state)
    channel = FakeChannel(CHANNEL)
    the_dead, _ = listener(service, channel)
    await the_dead.shown(table)  # a game started during this run, first shown with someone dead already
    assert [text.split(" is dead")[0] for text, _ in channel.sent] == [f"💀 <@{user_of(dead)}>"]
    restarted, _ = listener(service, channel)
    restarted.known([table])  # the bot starts again: that death was told by the earlier run
    await restarted.shown(table)
    assert len(channel.sent) == 1
