"""Next, across every table: from /turns and from a hand to the next table waiting on the player, in every server
and channel, the most urgent first; "Next table (n)" after a move; auto-next; a hand's header naming its server
and channel. Real tables on a real database, through the real handlers, every click routed from its custom_id as
discord.py routes it; Discord faked (its answers recorded and checked against Discord's limits)."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.i18n import LANGUAGES, catalogue, t
from bot.services.tables import Table, Tables, jump_url
from bot.storage import Seat
from cogs.kit.components import identify
from cogs.parlor._people import PeopleHandlers
from cogs.render.text import game_name
from cogs.tables._components import Hand, Move, routes
from cogs.tables._handlers import TableHandlers
from cogs.tables._next import AutoNext, NextTable, TurnsNext
from cogs.tables._next import routes as next_routes
from cogs.tables._refresher import TableRefresher
from cogs.tables._repair import RepairQueue
from tests.bot.services.clocks import Clock
from tests.cogs.table_bots import LOCALES, PlayerClick, TableChannel, table_bot
from tests.support.databases import open_new_sqlite
from tools.standin.limits import message_problems

ADA, BEA, CYD = Seat(11, "Ada"), Seat(12, "Bea"), Seat(13, "Cyd")
STRANGER = Seat(99, "Zed")
GUILD_A, GUILD_B = 9, 10
SERVERS = {GUILD_A: "The Parlor", GUILD_B: "Salon *Deux*"}
CHANNELS = {701: "pairs-a", 702: "cards-a", 801: "tables-b", 802: "quiet-b"}
ELSEWHERE = 5  # a channel with no table: where /turns was used
MINUTE = 60.0
SEED = 20_240_601


@pytest.fixture
async def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Tables]:
    # Every table dealt alike, from a seed where Ada starts and no hit of the first few pairs her up: each move of
    # hers passes the turn on (the service draws the seed from `secrets`).
    monkeypatch.setattr(secrets, "randbits", lambda bits: SEED % 2**bits)
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db, clock=Clock())
    await db.close()


def handlers_for(service: Tables, *, servers: dict[int, str] = SERVERS) -> TableHandlers:
    """The table handlers of a bot whose caches know `servers` and `CHANNELS` by name."""
    channel = TableChannel()
    bot = table_bot(service, channel)
    bot.get_guild = lambda guild_id: SimpleNamespace(name=servers[guild_id]) if guild_id in servers else None
    bot.get_channel = lambda channel_id: SimpleNamespace(name=CHANNELS[channel_id]) if channel_id in CHANNELS else None
    return TableHandlers(bot, TableRefresher(bot, 0.0, RepairQueue(100.0)))


def clock_of(service: Tables) -> Clock:
    clock = service.store._clock  # type: ignore[attr-defined]
    assert isinstance(clock, Clock)
    return clock


def click(user: Seat, lang: str, channel_id: int) -> PlayerClick:
    """A click (or command) of `user`, who reads `lang`, in `channel_id` (a table's, or any other)."""
    interaction = PlayerClick(locale=LOCALES[lang])
    interaction.user = SimpleNamespace(id=user.user_id, display_name=user.name, mention=f"<@{user.user_id}>")
    interaction.channel_id = channel_id  # type: ignore[attr-defined]
    interaction.guild_id = None  # type: ignore[attr-defined]
    interaction.message = None  # type: ignore[attr-defined]
    interaction.permissions = discord.Permissions.none()  # type: ignore[attr-defined]
    return interaction


async def route(handlers: TableHandlers, custom_id: str, interaction: PlayerClick) -> None:
    """Route a click on `custom_id` as discord.py does: the one template that matches builds the item."""
    items = [*routes(handlers), *next_routes(handlers.onward)]
    (item,) = [item for item in items if item.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert identify(custom_id) is not None
    match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
    built = await item.from_custom_id(interaction, discord.ui.Button(custom_id=custom_id), match)  # type: ignore[arg-type]
    await built.callback(interaction)  # type: ignore[arg-type]


def answer(interaction: PlayerClick, name: str) -> dict[str, Any]:
    """The interaction's one answer, of kind `name`, private when it is a new message, within Discord's limits."""
    ((called, fields),) = interaction.calls
    assert called == name, interaction.calls
    if name == "send_message":
        assert fields["ephemeral"] is True
    payload: dict[str, Any] = {}
    if fields.get("content") is not None:
        payload["content"] = fields["content"]
    if fields.get("embed") is not None:
        payload["embeds"] = [fields["embed"].to_dict()]
    if fields.get("view") is not None:
        payload["components"] = fields["view"].to_components()
    assert message_problems(json.loads(json.dumps(payload))) == []
    return fields


def buttons(fields: dict[str, Any]) -> list[dict[str, Any]]:
    view = fields.get("view")
    return [] if view is None else [c for row in view.to_components() for c in row["components"] if c["type"] == 2]


def button(fields: dict[str, Any], component: type[Any]) -> dict[str, Any] | None:
    found = [b for b in buttons(fields) if component.pattern.fullmatch(b.get("custom_id", ""))]
    assert len(found) <= 1
    return found[0] if found else None


def a_move(fields: dict[str, Any]) -> str:
    """The custom_id of the first move the hand lets its player play."""
    return next(b["custom_id"] for b in buttons(fields) if Move.pattern.fullmatch(b["custom_id"]) and not b["disabled"])


def table_of_hand(fields: dict[str, Any]) -> int:
    """The table a hand shows, by its Refresh button (`refresh:<table>`)."""
    (refresh,) = [b for b in buttons(fields) if b["custom_id"].startswith("refresh:")]
    return int(refresh["custom_id"].split(":")[1])


async def opened(service: Tables, guild_id: int, channel_id: int, other: Seat) -> Table:
    """A running Pairs game of Ada and `other` in `channel_id` of `guild_id`, its table message posted."""
    table = await service.lobby.open_lobby(
        guild_id=guild_id, channel_id=channel_id, game="pairs", host=ADA, locale="en"
    )
    await service.store.set_table_message(table, 10_000 + channel_id)
    await service.lobby.join(table.id, other)
    return await service.lobby.start(table.id, ADA.user_id)


async def waiting_on_ada(service: Tables, guild_id: int, channel_id: int, other: Seat = BEA) -> Table:
    """A table where Ada must decide from now on (her opponent plays first if the deal says so); later calls are
    later by a minute each, so their deadlines come later: the order of the calls is the order of urgency."""
    clock_of(service).now += MINUTE
    table = await opened(service, guild_id, channel_id, other)
    while table.seat_of(ADA.user_id) not in table.to_act:
        (seat,) = table.to_act
        decision = table.decision(seat)
        user = table.record.seats[seat].user_id
        outcome = await service.play.act(table.id, user, table.record.version, 0, decision.token)
        assert outcome.table.result is None
        table = outcome.table
    return table


async def not_waiting_on_ada(service: Tables, guild_id: int, channel_id: int) -> Table:
    """A table where Ada waits for her opponent: not a table waiting on her."""
    table = await waiting_on_ada(service, guild_id, channel_id, CYD)
    seat = table.seat_of(ADA.user_id)
    assert seat is not None
    outcome = await service.play.act(table.id, ADA.user_id, table.record.version, 0, table.decision(seat).token)
    assert seat not in outcome.table.to_act and outcome.table.result is None
    return outcome.table


async def turns(handlers: TableHandlers, user: Seat, lang: str) -> dict[str, Any]:
    interaction = click(user, lang, ELSEWHERE)
    interaction.type = discord.InteractionType.application_command
    await PeopleHandlers(handlers.bot).turns(interaction)  # type: ignore[arg-type]
    return answer(interaction, "send_message")


def refusal(interaction: PlayerClick) -> str:
    fields = answer(interaction, "send_message")
    assert "embed" not in fields and "view" not in fields
    return str(fields["content"])


# ----- Next, from /turns and from hand to hand ------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_next_goes_from_table_to_table_by_urgency_across_servers_and_channels(service: Tables, lang: str) -> None:
    first = await waiting_on_ada(service, GUILD_B, 801)  # the earliest deadline: another server
    second = await waiting_on_ada(service, GUILD_A, 701)
    await not_waiting_on_ada(service, GUILD_B, 802)  # she waits for Cyd there: not waiting on her
    third = await waiting_on_ada(service, GUILD_A, 702)
    handlers = handlers_for(service)

    inbox = await turns(handlers, ADA, lang)
    next_button = button(inbox, TurnsNext)
    assert next_button is not None and next_button["label"] == t(lang, "next.button", count=3)

    # Next on /turns: the most urgent table's hand, privately, in a new message, its moves working.
    interaction = click(ADA, lang, ELSEWHERE)
    await route(handlers, next_button["custom_id"], interaction)
    hand = answer(interaction, "send_message")
    assert table_of_hand(hand) == first.id
    assert a_move(hand)
    onward = button(hand, NextTable)
    assert onward is not None and onward["custom_id"] == NextTable(first.id).custom_id
    assert onward["label"] == t(lang, "next.button", count=2)

    # Next table on a hand: the next one down the list, in place, and round again to the most urgent.
    shown = []
    custom_id = onward["custom_id"]
    for _ in range(3):
        interaction = click(ADA, lang, ELSEWHERE)
        await route(handlers, custom_id, interaction)
        hand = answer(interaction, "edit_message")
        shown.append(table_of_hand(hand))
        onward = button(hand, NextTable)
        assert onward is not None and onward["label"] == t(lang, "next.button", count=2)
        custom_id = onward["custom_id"]
    assert shown == [second.id, third.id, first.id]


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_hand_next_showed_elsewhere_plays_its_moves(service: Tables, lang: str) -> None:
    table = await waiting_on_ada(service, GUILD_B, 801)
    await waiting_on_ada(service, GUILD_A, 701)
    handlers = handlers_for(service)
    interaction = click(ADA, lang, ELSEWHERE)
    await route(handlers, TurnsNext().custom_id, interaction)
    hand = answer(interaction, "send_message")
    assert table_of_hand(hand) == table.id

    move = click(ADA, lang, ELSEWHERE)  # the hand lives in another channel than its table's
    await route(handlers, a_move(hand), move)
    after = answer(move, "edit_message")
    assert table_of_hand(after) == table.id
    assert (await service.store.get(table.id)).record.version > table.record.version

    # Someone else's click on a table's move from elsewhere is still refused, and changes nothing.
    version = (await service.store.get(table.id)).record.version
    forged = click(STRANGER, lang, ELSEWHERE)
    await route(handlers, Move(table.id, version, 0, "0" * 8).custom_id, forged)
    assert refusal(forged)
    assert (await service.store.get(table.id)).record.version == version


# ----- after a move -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_after_a_move_the_hand_offers_next_table_with_how_many_wait(service: Tables, lang: str) -> None:
    played = await waiting_on_ada(service, GUILD_A, 701)
    await waiting_on_ada(service, GUILD_B, 801)
    await waiting_on_ada(service, GUILD_A, 702)
    await not_waiting_on_ada(service, GUILD_B, 802)
    handlers = handlers_for(service)

    opening = click(ADA, lang, 701)
    await route(handlers, Hand(played.id).custom_id, opening)
    hand = answer(opening, "send_message")
    move = click(ADA, lang, 701)
    await route(handlers, a_move(hand), move)
    after = answer(move, "edit_message")
    assert table_of_hand(after) == played.id  # auto-next is off: the hand just played
    onward = button(after, NextTable)
    assert onward is not None and onward["custom_id"] == NextTable(played.id).custom_id
    assert onward["label"] == t(lang, "next.button", count=2)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_after_a_move_no_next_when_no_other_table_waits(service: Tables, lang: str) -> None:
    played = await waiting_on_ada(service, GUILD_A, 701)
    await not_waiting_on_ada(service, GUILD_B, 802)
    handlers = handlers_for(service)
    opening = click(ADA, lang, 701)
    await route(handlers, Hand(played.id).custom_id, opening)
    move = click(ADA, lang, 701)
    await route(handlers, a_move(answer(opening, "send_message")), move)
    after = answer(move, "edit_message")
    assert table_of_hand(after) == played.id
    assert button(after, NextTable) is None
    # Neither does /turns offer Next: nothing waits on her.
    assert button(await turns(handlers, ADA, lang), TurnsNext) is None


# ----- auto-next ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_auto_next_toggles_and_moves_on_to_the_next_waiting_table(service: Tables, lang: str) -> None:
    played = await waiting_on_ada(service, GUILD_A, 701)
    onward_table = await waiting_on_ada(service, GUILD_B, 801)
    last = await waiting_on_ada(service, GUILD_A, 702)
    handlers = handlers_for(service)
    db = service.store.db

    inbox = await turns(handlers, ADA, lang)
    toggle = button(inbox, AutoNext)
    assert toggle is not None and toggle["label"] == t(lang, "next.auto.off")
    assert toggle["custom_id"] == AutoNext(on=True).custom_id
    interaction = click(ADA, lang, ELSEWHERE)
    await route(handlers, toggle["custom_id"], interaction)
    switched = answer(interaction, "edit_message")
    assert switched["content"] == t(lang, "next.auto.now_on")
    toggle = button(switched, AutoNext)
    assert toggle is not None and toggle["label"] == t(lang, "next.auto.on")
    assert toggle["custom_id"] == AutoNext(on=False).custom_id
    assert (await db.players.get(ADA.user_id)).auto_next is True
    assert button(await turns(handlers, ADA, lang), AutoNext)["label"] == t(lang, "next.auto.on")  # type: ignore[index]

    # A move: the answer shows the next waiting table's hand instead, saying the move was played.
    opening = click(ADA, lang, 701)
    await route(handlers, Hand(played.id).custom_id, opening)
    move = click(ADA, lang, 701)
    await route(handlers, a_move(answer(opening, "send_message")), move)
    after = answer(move, "edit_message")
    assert table_of_hand(after) == onward_table.id
    assert after["content"] == t(lang, "next.moved_on", game=game_name("pairs", lang))
    assert after["embed"].author.url == jump_url(GUILD_B, 801, 10_000 + 801)
    onward = button(after, NextTable)
    assert onward is not None and onward["label"] == t(lang, "next.button", count=1)  # the last one
    assert (await service.store.get(played.id)).seat_of(ADA.user_id) not in (await service.store.get(played.id)).to_act

    # Its moves work where it is shown, and the last waiting table follows; then none waits: the usual hand.
    move = click(ADA, lang, 701)
    await route(handlers, a_move(after), move)
    after = answer(move, "edit_message")
    assert table_of_hand(after) == last.id
    assert button(after, NextTable) is None
    move = click(ADA, lang, 701)
    await route(handlers, a_move(after), move)
    after = answer(move, "edit_message")
    assert table_of_hand(after) == last.id and after["content"] is None

    # Off again: a move shows the hand just played.
    interaction = click(ADA, lang, ELSEWHERE)
    await route(handlers, AutoNext(on=False).custom_id, interaction)
    assert answer(interaction, "edit_message")["content"] == t(lang, "next.auto.now_off")
    assert (await db.players.get(ADA.user_id)).auto_next is False


# ----- the hand's header ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_hand_names_its_game_server_and_channel_with_a_link(service: Tables, lang: str) -> None:
    table = await waiting_on_ada(service, GUILD_B, 801)
    handlers = handlers_for(service)
    opening = click(ADA, lang, 801)
    await route(handlers, Hand(table.id).custom_id, opening)
    embed: discord.Embed = answer(opening, "send_message")["embed"]
    assert game_name("pairs", lang) in str(embed.title)
    assert embed.author.name == t(lang, "next.where", server=SERVERS[GUILD_B], channel=CHANNELS[801])
    assert embed.author.url == jump_url(GUILD_B, 801, 10_000 + 801)

    # Names the bot does not know: still a link to the table, named by its number.
    blind = handlers_for(service, servers={})
    opening = click(ADA, lang, 801)
    await route(blind, Hand(table.id).custom_id, opening)
    embed = answer(opening, "send_message")["embed"]
    assert embed.author.name == t(lang, "next.where.one", place=f"#{CHANNELS[801]}")


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_longest_names_keep_the_hand_within_discords_limits(service: Tables, lang: str) -> None:
    await waiting_on_ada(service, GUILD_A, 701)
    await waiting_on_ada(service, GUILD_B, 801)
    handlers = handlers_for(service, servers={GUILD_A: "W" * 100, GUILD_B: "M" * 100})
    CHANNELS[701] = "w" * 100
    try:
        interaction = click(ADA, lang, ELSEWHERE)
        await route(handlers, NextTable(999).custom_id, interaction)  # from a table gone since: the most urgent
        embed: discord.Embed = answer(interaction, "edit_message")["embed"]  # `answer` checks the limits
    finally:
        CHANNELS[701] = "pairs-a"
    assert embed.author.url == jump_url(GUILD_A, 701, 10_000 + 701)
    assert "W" * 100 in str(embed.author.name) and len(str(embed.author.name)) <= 256


# ----- refusals -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_next_politely_refuses_someone_not_seated_or_not_waited_on(service: Tables, lang: str) -> None:
    await not_waiting_on_ada(service, GUILD_A, 701)
    handlers = handlers_for(service)
    stranger = click(STRANGER, lang, ELSEWHERE)
    await route(handlers, TurnsNext().custom_id, stranger)
    assert refusal(stranger).endswith(t(lang, "next.not_seated"))
    ada = click(ADA, lang, ELSEWHERE)
    await route(handlers, TurnsNext().custom_id, ada)
    assert refusal(ada).endswith(t(lang, "next.none"))
    # A stale Next table on a hand, the only waiting table being the hand's own: none other waits.
    table = await waiting_on_ada(service, GUILD_B, 801)
    ada = click(ADA, lang, ELSEWHERE)
    await route(handlers, NextTable(table.id).custom_id, ada)
    assert refusal(ada).endswith(t(lang, "next.none"))


def test_every_text_of_next_is_in_both_languages_with_the_same_placeholders() -> None:
    found = {lang: {key for key in catalogue().messages[lang] if key.startswith("next.")} for lang in LANGUAGES}
    assert len(found["en"]) >= 11 and all(keys == found["en"] for keys in found.values())
    for key in found["en"]:
        placeholders = [set(re.findall(r"\{(\w+)\}", catalogue().text(lang, key))) for lang in LANGUAGES]
        assert all(names == placeholders[0] for names in placeholders), key
