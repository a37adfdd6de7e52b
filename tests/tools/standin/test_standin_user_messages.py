"""Users' messages (`StandIn.post`): mentions, replies, the GUILD_MESSAGES intent and the hidden content."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket

from tests.tools.standin.support import RawGateway, RawRest, World
from tools.standin import StandIn
from tools.standin.gateway import GUILD_MESSAGES, GUILDS, MESSAGE_CONTENT


async def test_a_reply_with_mentions_reaches_the_bot_as_discord_sends_it(standin: StandIn, world: World) -> None:
    alice, bob = world.alice, world.bob
    carol = standin.add_user("carol")
    async with aiohttp.ClientSession() as http:
        gw = RawGateway(standin, http)
        await gw.connect()
        await gw.identify(intents=GUILDS | GUILD_MESSAGES)
        await gw.recv_dispatch("GUILD_CREATE")
        first = await standin.post(bob, world.tables, f"hello <@{carol.id}>")
        event = (await gw.recv_dispatch("MESSAGE_CREATE"))["d"]
        assert event["id"] == str(first.id) and event["type"] == 0
        assert event["author"]["id"] == str(bob.id) and "bot" not in event["author"]
        assert event["guild_id"] == str(world.guild.id) and "roles" in event["member"]
        assert event["content"] == ""  # no message-content intent: the text is hidden...
        assert [m["id"] for m in event["mentions"]] == [str(carol.id)]  # ...its mentions are not
        assert "joined_at" in event["mentions"][0]["member"]
        assert "message_reference" not in event

        reply = await standin.post(alice, world.tables, "sure", reply_to=first)
        event = (await gw.recv_dispatch("MESSAGE_CREATE"))["d"]
        assert event["type"] == 19 and event["content"] == ""
        assert event["message_reference"] == {
            "type": 0,
            "message_id": str(first.id),
            "channel_id": str(world.tables.id),
            "guild_id": str(world.guild.id),
        }
        referenced = event["referenced_message"]
        assert referenced["id"] == str(first.id) and referenced["author"]["id"] == str(bob.id)
        assert referenced["content"] == "" and referenced["referenced_message"] is None
        assert [m["id"] for m in event["mentions"]] == [str(bob.id)]  # the client pings the replied-to author
        assert reply.mention_ids == [bob.id] and reply.pinged_user_ids == [bob.id]
        assert standin.notifications(bob) == [reply] and standin.notifications(carol) == [first]

        quiet = await standin.post(alice, world.tables, "no ping", reply_to=first, ping_reply=False)
        event = (await gw.recv_dispatch("MESSAGE_CREATE"))["d"]
        assert event["mentions"] == [] and event["referenced_message"]["id"] == str(first.id)
        assert quiet.pinged_user_ids == []

        to_bot = await standin.post(alice, world.tables, f"<@{standin.bot_user.id}> what is this?")
        event = (await gw.recv_dispatch("MESSAGE_CREATE"))["d"]
        assert event["content"] == to_bot.content  # mentioning the bot shows it the text
    assert [m.content for m in standin.channel_messages(world.tables)][:2] == [f"hello <@{carol.id}>", "sure"]
    assert standin.violations == []


async def test_without_guild_messages_the_bot_gets_no_message_events(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        gw = RawGateway(standin, http)
        await gw.connect()
        await gw.identify(intents=GUILDS)
        await gw.recv_dispatch("GUILD_CREATE")
        await standin.post(world.alice, world.tables, f"<@{world.bob.id}>")
        await gw.send(1, gw.seq)
        assert (await gw.recv())["op"] == 11  # the heartbeat's answer comes first: no MESSAGE_CREATE before it


async def test_the_message_content_intent_shows_the_text(world: World) -> None:
    async with StandIn(enabled_privileged_intents=MESSAGE_CONTENT) as standin:
        inner = World(standin)
        async with aiohttp.ClientSession() as http:
            gw = RawGateway(standin, http)
            await gw.connect()
            await gw.identify(intents=GUILDS | GUILD_MESSAGES | MESSAGE_CONTENT)
            await gw.recv_dispatch("GUILD_CREATE")
            first = await standin.post(inner.alice, inner.tables, "plain words")
            assert (await gw.recv_dispatch("MESSAGE_CREATE"))["d"]["content"] == "plain words"
            status, body, _ = await RawRest(standin, http).request(
                "GET", f"/channels/{inner.tables.id}/messages/{first.id}"
            )
            assert status == 200 and body["content"] == "plain words"


async def test_rest_hides_the_content_of_users_messages_too(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        mine_status, mine, _ = await rest.request("POST", f"/channels/{world.tables.id}/messages", {"content": "bot"})
        assert mine_status == 200
        theirs = await standin.post(world.alice, world.tables, "secret plans")
        reply = await standin.post(world.bob, world.tables, "quoting", reply_to=standin.get_message(int(mine["id"])))
        status, body, _ = await rest.request("GET", f"/channels/{world.tables.id}/messages/{theirs.id}")
        assert status == 200 and body["content"] == "" and body["author"]["id"] == str(world.alice.id)
        status, listed, _ = await rest.request("GET", f"/channels/{world.tables.id}/messages?limit=10")
        # A reply to the bot's message mentions the bot: its text is shown, as Discord does.
        assert [m["content"] for m in listed] == ["quoting", "", "bot"]
        assert listed[0]["id"] == str(reply.id) and listed[0]["referenced_message"]["content"] == "bot"


async def test_posting_is_checked(standin: StandIn, world: World) -> None:
    outsider = standin.add_user("outsider", guilds=[])
    with pytest.raises(ValueError, match="not a member"):
        await standin.post(outsider, world.tables, "hi")
    elsewhere = await standin.post(world.alice, world.thread, "in the thread")
    with pytest.raises(ValueError, match="cannot be replied to"):
        await standin.post(world.bob, world.tables, "hm", reply_to=elsewhere)
    with pytest.raises(ValueError, match="not as a user"):
        await standin.post(standin.bot_user, world.tables, "hi")


async def test_discordpy_reads_mentions_and_the_replied_to_author(
    standin: StandIn, world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the bot does with them: `message.mentions`, `message.reference.resolved`, an empty `content`."""
    monkeypatch.setattr(discord.http.Route, "BASE", standin.api_base)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(standin.gateway_url))
    seen: asyncio.Queue[discord.Message] = asyncio.Queue()

    class Client(discord.Client):
        async def on_message(self, message: discord.Message) -> None:
            await seen.put(message)

    client = Client(intents=discord.Intents(guilds=True, guild_messages=True))
    runner = asyncio.create_task(client.start(standin.token))
    try:
        await standin.wait_until_ready(timeout=10)
        await client.wait_until_ready()
        first = await standin.post(world.bob, world.tables, f"<@{world.alice.id}> look")
        got = await asyncio.wait_for(seen.get(), 5)
        assert got.id == first.id and got.content == "" and not got.author.bot
        assert [user.id for user in got.mentions] == [world.alice.id]
        assert isinstance(got.mentions[0], discord.Member) and got.guild is not None
        await standin.post(world.alice, world.tables, "", reply_to=first, ping_reply=False)
        reply = await asyncio.wait_for(seen.get(), 5)
        assert reply.type is discord.MessageType.reply and reply.mentions == []
        assert reply.reference is not None and reply.reference.message_id == first.id
        resolved: Any = reply.reference.resolved
        assert isinstance(resolved, discord.Message) and resolved.author.id == world.bob.id
        fetched = await client.get_partial_messageable(world.tables.id).fetch_message(first.id)
        assert fetched.author.id == world.bob.id and fetched.content == ""
    finally:
        await client.close()
        await asyncio.gather(runner, return_exceptions=True)
    assert standin.violations == []
