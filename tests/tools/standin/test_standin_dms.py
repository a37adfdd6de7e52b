"""Direct messages (open, send, closed DMs) and mention notifications (allowed_mentions)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from tests.tools.standin.support import RawGateway, RawRest, World
from tools.standin import ChannelType, MessageFlag, Perm, StandIn, parse_mentions
from tools.standin.openapi import openapi_available, response_body_problems

LINK_ROW = [{"type": 1, "components": [{"type": 2, "style": 5, "label": "Go", "url": "https://example.com/t/1"}]}]


async def open_dm(rest: RawRest, user_id: int | str) -> dict[str, Any]:
    status, body, _ = await rest.request("POST", "/users/@me/channels", {"recipient_id": user_id})
    assert status == 200, body
    return body  # type: ignore[no-any-return]


def spec_problems(method: str, path: str, body: Any) -> list[str]:
    """Response-shape problems when the OpenAPI spec is present ([] otherwise)."""
    return response_body_problems(method, path, body) if openapi_available() else []


# --------------------------------------------------------------------------- DM channels


async def test_dm_channel_is_created_once_per_user_in_discords_shape(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        assert standin.dm_channel(world.alice) is None
        first = await open_dm(rest, str(world.alice.id))
        again = await open_dm(rest, world.alice.id)  # discord.py sends the id as an integer
        other = await open_dm(rest, world.bob.id)
        assert first == again and first["id"] != other["id"]
        assert first["type"] == ChannelType.DM == 1 and "guild_id" not in first
        assert [u["id"] for u in first["recipients"]] == [str(world.alice.id)]
        assert spec_problems("POST", "/users/@me/channels", first) == []
        dm = standin.dm_channel(world.alice)
        assert dm is not None and str(dm.id) == first["id"] and dm.is_dm and dm.guild is None
        assert dm.recipient is world.alice and standin.find_channel(first["id"]) is dm
        assert standin.dm_channels == [dm, standin.dm_channel(world.bob)]

        status, fetched, _ = await rest.request("GET", f"/channels/{first['id']}")
        assert status == 200 and fetched == first
        assert spec_problems("GET", f"/channels/{first['id']}", fetched) == []

        status, body, _ = await rest.request("POST", "/users/@me/channels", {"recipient_id": "42"})
        assert (status, body) == (404, {"message": "Unknown User", "code": 10013})
        status, body, _ = await rest.request("POST", "/users/@me/channels", {})
        assert status == 400 and body["code"] == 50035
    assert standin.violations == ["POST /users/@me/channels: recipient_id: required"]


async def test_dm_messages_are_stored_validated_and_waitable(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        dm = await open_dm(rest, world.alice.id)
        path = f"/channels/{dm['id']}/messages"

        async def send_later() -> None:
            await asyncio.sleep(0.05)
            await rest.request("POST", path, {"content": "second"})

        status, first, _ = await rest.request(
            "POST", path, {"content": "your turn", "embeds": [{"title": "Hand"}], "components": LINK_ROW}
        )
        assert status == 200 and first["channel_id"] == dm["id"] and "guild_id" not in first
        assert first["components"][0]["components"][0]["url"] == "https://example.com/t/1"
        assert spec_problems("POST", path, first) == []
        task = asyncio.create_task(send_later())
        second = await standin.wait_for_dm(world.alice, lambda m: m.content == "second", timeout=2)
        await task
        assert await standin.wait_for_dm(world.alice) is standin.dm_messages(world.alice)[0]
        with pytest.raises(TimeoutError):
            await standin.wait_for_dm(world.alice, after=second, timeout=0.1)

        msgs = standin.dm_messages(world.alice)
        assert [m.content for m in msgs] == ["your turn", "second"] and msgs[1] is second
        assert msgs[0].embeds[0]["title"] == "Hand" and msgs[0].guild_id is None and msgs[0].channel.is_dm
        assert standin.dm_messages(world.bob) == [] and standin.channel_messages(world.tables) == []
        assert "DM @alice" in repr(msgs[0])

        status, edited, _ = await rest.request("PATCH", f"{path}/{first['id']}", {"content": "edited"})
        assert status == 200 and edited["content"] == "edited" and msgs[0].edit_count == 1
        status, listed, _ = await rest.request("GET", path)
        assert status == 200 and [m["content"] for m in listed] == ["second", "edited"]

        # The same validation as in guild channels: nothing is stored.
        status, body, _ = await rest.request("POST", path, {"content": "x" * 2001})
        assert status == 400 and body["code"] == 50035
        status, body, _ = await rest.request("POST", path, {"content": "psst", "flags": MessageFlag.EPHEMERAL})
        assert status == 400
        assert len(standin.dm_messages(world.alice)) == 2
    assert len(standin.violations) == 2 and "2001" in standin.violations[0] and "EPHEMERAL" in standin.violations[1]


async def test_dm_message_events_need_the_direct_messages_intent(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        gw = RawGateway(standin, http)
        await gw.connect()
        await gw.identify(intents=1 | (1 << 12))  # GUILDS | DIRECT_MESSAGES (no GUILD_MESSAGES)
        await gw.recv_dispatch("GUILD_CREATE")
        dm = await open_dm(rest, world.alice.id)
        await rest.request("POST", f"/channels/{world.tables.id}/messages", {"content": "in the guild"})
        await rest.request("POST", f"/channels/{dm['id']}/messages", {"content": "in the DM"})
        event = await gw.recv_dispatch("MESSAGE_CREATE")
        assert event["d"]["content"] == "in the DM"
        assert event["d"]["channel_id"] == dm["id"] and "guild_id" not in event["d"] and "member" not in event["d"]


async def test_closed_dms_refuse_messages_with_50007(standin: StandIn, world: World) -> None:
    carol = standin.add_user("carol", dms_open=False)
    loner = standin.add_user("loner", guilds=[])  # shares no guild with the bot
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)

        async def send(user_id: int) -> tuple[int, Any]:
            dm = await open_dm(rest, user_id)  # opening the DM channel always works
            status, body, _ = await rest.request("POST", f"/channels/{dm['id']}/messages", {"content": "turn"})
            return status, body

        refused = (403, {"message": "Cannot send messages to this user", "code": 50007})
        assert await send(carol.id) == refused
        assert await send(loner.id) == refused
        assert await send(standin.bot_user.id) == refused
        assert (await send(world.alice.id))[0] == 200
        standin.close_dms(world.alice)
        assert await send(world.alice.id) == refused
        standin.open_dms(world.alice)
        carol.dms_open = True  # the attribute works too
        assert (await send(world.alice.id))[0] == 200 and (await send(carol.id))[0] == 200
        assert standin.can_dm(carol) and not standin.can_dm(loner)
    assert [m.content for m in standin.dm_messages(world.alice)] == ["turn", "turn"]
    assert [m.content for m in standin.dm_messages(loner)] == []
    assert [(r.user, r.body) for r in standin.refused_dms] == [
        (carol, {"content": "turn"}),
        (loner, {"content": "turn"}),
        (standin.bot_user, {"content": "turn"}),
        (world.alice, {"content": "turn"}),
    ]
    assert standin.violations == []  # a refused DM is Discord's answer, not the bot's mistake


async def test_dm_channels_reject_guild_only_actions(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        dm = await open_dm(rest, world.alice.id)
        status, body, _ = await rest.request("POST", f"/channels/{dm['id']}/threads", {"name": "t", "type": 11})
        assert (status, body["code"]) == (403, 50003)
        status, body, _ = await rest.request("PATCH", f"/channels/{dm['id']}", {"name": "renamed"})
        assert (status, body["code"]) == (400, 50024)
        status, body, _ = await rest.request("DELETE", f"/channels/{dm['id']}")  # closes the DM
        assert status == 200 and body["id"] == dm["id"]
        assert (await open_dm(rest, world.alice.id))["id"] == dm["id"]
        _, sent, _ = await rest.request("POST", f"/channels/{dm['id']}/messages", {"content": "hi"})
        status, _, _ = await rest.request("DELETE", f"/channels/{dm['id']}/messages/{sent['id']}")
        assert status == 204 and standin.dm_messages(world.alice) == []
    rule = standin.fail_next("POST", "/users/@me/channels", status=500)
    assert rule.remaining == 1
    standin.clear_faults()
    dm_channel = standin.dm_channel(world.alice)
    assert dm_channel is not None
    with pytest.raises(ValueError, match="DM channels"):
        await standin.slash(world.alice, dm_channel, "anything")


async def test_discordpy_create_dm_and_forbidden(
    standin: StandIn, world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the bot does: ``Client.create_dm(user)`` then ``DMChannel.send``; closed DMs raise Forbidden."""
    monkeypatch.setattr(discord.http.Route, "BASE", standin.api_base)
    client = discord.Client(intents=discord.Intents(guilds=True))
    await client.login(standin.token)
    try:
        dm = await client.create_dm(discord.Object(world.alice.id))
        assert isinstance(dm, discord.DMChannel) and dm.recipient is not None
        assert dm.recipient.id == world.alice.id
        view = discord.ui.View()
        view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, url="https://example.com/t/1", label="Go"))
        sent = await dm.send(f"<@{world.alice.id}> your turn", view=view, embed=discord.Embed(title="Hand"))
        assert sent.channel.id == dm.id and sent.guild is None
        got = await standin.wait_for_dm(world.alice, lambda m: "your turn" in m.content, timeout=2)
        assert got.id == sent.id and got.embeds[0]["title"] == "Hand" and got.buttons[0]["label"] == "Go"
        assert got.pinged_user_ids == [world.alice.id] and standin.notifications(world.alice) == [got]
        standin.close_dms(world.alice)
        with pytest.raises(discord.Forbidden) as refused:
            await dm.send("again")
        assert refused.value.code == 50007 and refused.value.status == 403
    finally:
        await client.close()
    assert standin.violations == []


# --------------------------------------------------------------------------- mentions


def test_parse_mentions_ignores_code_and_repeats() -> None:
    text = "<@1> <@!2> <@1> <@&7> `<@3>` ```\n<@4> @everyone\n``` @here"
    assert parse_mentions(text) == ([1, 2], [7], True)
    assert parse_mentions("`@everyone`") == ([], [], False)


async def test_mentions_notify_only_as_allowed_and_only_on_creation(standin: StandIn, world: World) -> None:
    outsider = standin.add_user("outsider", guilds=[])
    alice, bob = world.alice, world.bob
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        path = f"/channels/{world.tables.id}/messages"

        async def post(body: dict[str, Any]) -> dict[str, Any]:
            status, sent, _ = await rest.request("POST", path, body)
            assert status == 200, sent
            return sent  # type: ignore[no-any-return]

        both = f"<@{alice.id}> and <@{bob.id}>"
        default = await post({"content": both + f" and <@{outsider.id}>"})  # no allowed_mentions: all parsed
        only_bob = await post({"content": both, "allowed_mentions": {"parse": [], "users": [bob.id]}})
        none = await post({"content": both, "allowed_mentions": {"parse": []}})
        silent = await post({"content": both, "flags": MessageFlag.SUPPRESS_NOTIFICATIONS})
        in_code = await post({"content": f"`<@{alice.id}>`"})
        in_embed = await post({"embeds": [{"description": f"<@{alice.id}>"}]})
        plain = await post({"content": "nobody yet"})
        status, edited, _ = await rest.request(
            "PATCH",
            f"{path}/{plain['id']}",
            {"content": f"now <@{alice.id}>", "allowed_mentions": {"parse": ["users"]}},
        )
        assert status == 200

    def msg(sent: dict[str, Any]) -> Any:
        return standin.get_message(int(sent["id"]))

    assert [u["id"] for u in default["mentions"]] == [str(alice.id), str(bob.id), str(outsider.id)]
    assert msg(default).pinged_user_ids == [alice.id, bob.id]  # the outsider cannot see the channel
    assert [u["id"] for u in only_bob["mentions"]] == [str(bob.id)] and msg(only_bob).pinged_user_ids == [bob.id]
    assert none["mentions"] == [] and msg(none).pinged_user_ids == []
    assert len(silent["mentions"]) == 2 and msg(silent).pinged_user_ids == []
    assert msg(in_code).pinged_user_ids == [] and msg(in_embed).pinged_user_ids == []
    # An edit re-parses mentions (Discord's `mentions` shows them) but notifies nobody.
    assert [u["id"] for u in edited["mentions"]] == [str(alice.id)] and msg(plain).pinged_user_ids == []
    assert msg(plain).mention_ids == [alice.id]
    assert standin.notifications(alice) == [msg(default)]
    assert standin.notifications(bob) == [msg(default), msg(only_bob)]
    assert standin.notifications(bob, world.thread) == [] and standin.notifications(outsider) == []
    assert standin.violations == []


async def test_role_and_everyone_mentions(standin: StandIn, world: World) -> None:
    dealers = standin.add_role(world.guild, "dealers")
    world.guild.members[world.alice.id].roles.append(dealers)
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        path = f"/channels/{world.tables.id}/messages"
        _, by_role, _ = await rest.request("POST", path, {"content": f"<@&{dealers.id}> deal"})
        _, roles_off, _ = await rest.request(
            "POST", path, {"content": f"<@&{dealers.id}> @everyone", "allowed_mentions": {"parse": ["users"]}}
        )
        _, everyone, _ = await rest.request("POST", path, {"content": "@everyone table open"})
        # Without MENTION_EVERYONE only mentionable roles ping, and @everyone does not.
        world.guild.everyone.permissions &= ~Perm.MENTION_EVERYONE
        _, muted, _ = await rest.request("POST", path, {"content": f"<@&{dealers.id}> @here"})
        dealers.mentionable = True
        _, mentionable, _ = await rest.request("POST", path, {"content": f"<@&{dealers.id}>"})
    members = set(world.guild.members) - {standin.bot_user.id}
    assert by_role["mention_roles"] == [str(dealers.id)]
    assert standin.get_message(int(by_role["id"])).pinged_user_ids == [world.alice.id]  # type: ignore[union-attr]
    assert roles_off["mention_roles"] == [] and roles_off["mention_everyone"] is False
    assert everyone["mention_everyone"] is True
    assert set(standin.get_message(int(everyone["id"])).pinged_user_ids) == members  # type: ignore[union-attr]
    assert muted["mention_roles"] == [] and muted["mention_everyone"] is False
    assert mentionable["mention_roles"] == [str(dealers.id)]
    assert [m.content for m in standin.notifications(world.alice)] == [
        by_role["content"],
        "@everyone table open",
        mentionable["content"],
    ]


async def test_allowed_mentions_are_validated(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        path = f"/channels/{world.tables.id}/messages"
        bad = {"content": "x", "allowed_mentions": {"parse": ["users"], "users": [world.alice.id]}}
        status, body, _ = await rest.request("POST", path, bad)
        assert status == 400 and body["code"] == 50035 and "allowed_mentions" in body["errors"]
        many = {"content": "x", "allowed_mentions": {"parse": [], "users": [str(i) for i in range(101)]}}
        assert (await rest.request("POST", path, many))[0] == 400
    assert any("mutually exclusive" in v for v in standin.violations)
    assert any("101 ids > 100" in v for v in standin.violations)
    assert standin.channel_messages(world.tables) == []


async def test_interaction_responses_ping_when_they_appear(standin: StandIn, world: World) -> None:
    command = {"name": "bell", "description": "Ring"}
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        await rest.request("PUT", f"/applications/{standin.app_id}/commands", [command])
        gw = RawGateway(standin, http)
        await gw.connect()
        await gw.identify()
        await gw.recv_dispatch("GUILD_CREATE")
        await standin.wait_until_ready(timeout=2)
        mention = {"content": f"<@{world.alice.id}> your turn", "allowed_mentions": {"users": [world.alice.id]}}

        deferred = await standin.slash(world.bob, world.tables, "bell")
        await rest.request("POST", f"/interactions/{deferred.id}/{deferred.token}/callback", {"type": 5}, auth=False)
        await asyncio.sleep(0)
        assert standin.notifications(world.alice) == []  # "thinking..." notifies nobody
        webhook = f"/webhooks/{standin.app_id}/{deferred.token}/messages/@original"
        status, _, _ = await rest.request("PATCH", webhook, mention, auth=False)
        assert status == 200

        hidden = await standin.slash(world.bob, world.thread, "bell")
        data = {**mention, "flags": MessageFlag.EPHEMERAL}
        await rest.request(
            "POST", f"/interactions/{hidden.id}/{hidden.token}/callback", {"type": 4, "data": data}, auth=False
        )
        await hidden.response()
    assert deferred.message is not None
    assert standin.notifications(world.alice) == [deferred.message]  # ephemeral messages never ping
    assert hidden.message is not None and hidden.message.pinged_user_ids == []
    assert standin.violations == []


def test_response_validation_catches_wrong_shapes(openapi_spec: Path) -> None:
    assert response_body_problems("POST", "/users/@me/channels", {"id": "1", "type": 1, "flags": 0}) != []
    assert response_body_problems("GET", "/channels/1", {"id": "1", "type": 1, "flags": 0, "recipients": []}) == []
