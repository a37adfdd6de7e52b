"""Interaction semantics, driven by a bare HTTP/websocket "bot" so every rule is observable."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import pytest

from tests.tools.standin.support import RawGateway, RawRest, World
from tools.standin import CommandNotAvailable, CommandNotFound, StandIn

COMMANDS: list[dict[str, Any]] = [
    {
        "name": "hello",
        "description": "Say hello",
        "name_localizations": {"fr": "bonjour"},
        "options": [{"type": 3, "name": "name", "description": "Who", "required": False, "autocomplete": True}],
    },
    {
        "name": "admin",
        "description": "Admin things",
        "default_member_permissions": "16",
        "options": [
            {
                "type": 1,
                "name": "reset",
                "description": "Reset",
                "options": [{"type": 6, "name": "who", "description": "Player", "required": True}],
            }
        ],
    },
]
BUTTONS = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]


async def fake_bot(standin: StandIn, http: aiohttp.ClientSession) -> tuple[RawGateway, RawRest]:
    rest = RawRest(standin, http)
    status, body, _ = await rest.request("PUT", f"/applications/{standin.app_id}/commands", COMMANDS)
    assert status == 200 and [c["name"] for c in body] == ["hello", "admin"]
    gw = RawGateway(standin, http)
    await gw.connect()
    await gw.identify()
    await gw.recv_dispatch("GUILD_CREATE")
    await standin.wait_until_ready(timeout=2)
    return gw, rest


async def callback(rest: RawRest, event: dict[str, Any], body: dict[str, Any]) -> tuple[int, Any]:
    d = event["d"]
    status, data, _ = await rest.request(
        "POST", f"/interactions/{d['id']}/{d['token']}/callback?with_response=true", body, auth=False
    )
    return status, data


async def test_slash_payload_ephemeral_reply_and_single_ack(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        gw, rest = await fake_bot(standin, http)
        handle = await standin.slash(world.alice, world.tables, "bonjour", {"name": "Bob"})  # localized name
        event = await gw.recv_dispatch("INTERACTION_CREATE")
        d = event["d"]
        assert d["type"] == 2 and d["token"] == handle.token and d["version"] == 1
        assert d["data"]["name"] == "hello" and d["data"]["id"] == str(standin.registered_commands()[0].id)
        assert d["data"]["options"] == [{"name": "name", "type": 3, "value": "Bob"}]
        assert d["locale"] == "fr" and d["guild_locale"] == "en-US" and d["context"] == 0
        assert d["member"]["user"]["id"] == str(world.alice.id) and int(d["member"]["permissions"]) > 0
        assert d["channel"]["id"] == str(world.tables.id) and d["channel_id"] == str(world.tables.id)
        assert int(d["app_permissions"]) > 0 and d["entitlements"] == [] and "attachment_size_limit" in d

        status, body = await callback(rest, event, {"type": 7, "data": {"content": "x"}})
        assert status == 400  # UPDATE_MESSAGE is only for component interactions
        status, body = await callback(
            rest, event, {"type": 4, "data": {"content": "hi Bob", "flags": 64, "components": BUTTONS}}
        )
        assert status == 200
        assert body["interaction"]["response_message_ephemeral"] is True
        assert body["resource"]["type"] == 4 and body["resource"]["message"]["flags"] == 64
        status, body = await callback(rest, event, {"type": 4, "data": {"content": "again"}})
        assert (status, body["code"]) == (400, 40060)

    kind, message, _ = await handle.response()
    assert kind == 4 and message is not None and message.ephemeral and message.text == "hi Bob"
    assert standin.messages_visible_to(world.alice, world.tables) == [message]
    assert standin.messages_visible_to(world.bob, world.tables) == []
    assert standin.channel_messages(world.tables) == []
    with pytest.raises(PermissionError):
        await standin.click(world.bob, message, "go")  # bob cannot see alice's ephemeral message
    assert len(standin.violations) == 2
    assert "not valid for interaction type 2" in standin.violations[0]
    assert "acknowledged twice" in standin.violations[1]


async def test_component_defer_update_then_edit_original(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        gw, rest = await fake_bot(standin, http)
        await standin.slash(world.bob, world.tables, "hello")
        event = await gw.recv_dispatch("INTERACTION_CREATE")
        await callback(rest, event, {"type": 4, "data": {"content": "table", "components": BUTTONS}})
        table = standin.channel_messages(world.tables)[0]
        click = await standin.click(world.alice, table, label="Go")
        event = await gw.recv_dispatch("INTERACTION_CREATE")
        assert event["d"]["type"] == 3 and event["d"]["data"] == {"custom_id": "go", "component_type": 2, "id": 2}
        assert event["d"]["message"]["id"] == str(table.id)
        assert (await callback(rest, event, {"type": 6}))[0] == 200
        path = f"/webhooks/{standin.app_id}/{click.token}/messages/@original"
        status, body, _ = await rest.request("PATCH", path, {"content": "alice joined", "components": []}, auth=False)
        assert status == 200 and body["id"] == str(table.id)
    assert table.content == "alice joined" and table.components == [] and table.edit_count == 1
    assert (await click.response()).type == 6
    assert standin.violations == []


async def test_defer_thinking_then_followups(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        gw, rest = await fake_bot(standin, http)
        handle = await standin.slash(world.alice, world.thread, "hello")
        event = await gw.recv_dispatch("INTERACTION_CREATE")
        status, body = await callback(rest, event, {"type": 5, "data": {"flags": 64}})
        assert status == 200 and body["interaction"]["response_message_loading"] is True
        assert handle.message is not None and handle.message.loading
        hook = f"/webhooks/{standin.app_id}/{handle.token}?wait=true"
        status, first, _ = await rest.request("POST", hook, {"content": "done"}, auth=False)
        assert status == 200 and first["id"] == body["interaction"]["response_message_id"]  # fills the loading msg
        status, second, _ = await rest.request("POST", hook, {"content": "more"}, auth=False)
        assert status == 200 and second["id"] != first["id"]
        standin.advance_clock(15 * 60 + 1)
        status, body, _ = await rest.request("POST", hook, {"content": "too late"}, auth=False)
        assert (status, body["code"]) == (401, 50027)
    original = await handle.wait_message()
    assert original.text == "done" and original.ephemeral and not original.loading
    assert [m.text for m in handle.followups] == ["more"]
    assert [m.text for m in standin.messages_visible_to(world.alice, world.thread)] == ["done", "more"]
    assert standin.violations == []


async def test_acknowledgement_deadline() -> None:
    async with StandIn(ack_deadline=0.3) as standin, aiohttp.ClientSession() as http:
        world = World(standin)
        gw, rest = await fake_bot(standin, http)
        slow = await standin.slash(world.alice, world.tables, "hello")
        event = await gw.recv_dispatch("INTERACTION_CREATE")
        await asyncio.sleep(0.5)
        status, body = await callback(rest, event, {"type": 4, "data": {"content": "late"}})
        assert (status, body["code"]) == (404, 10062)  # what Discord answers after 3 s
        ignored = await standin.slash(world.alice, world.tables, "hello")
        await standin.wait_for(lambda: ignored.late, timeout=2)
    assert slow.late and not slow.acknowledged
    assert len(standin.violations) == 2  # one per interaction
    assert str(slow.id) in standin.violations[0] and "0.3 s" in standin.violations[0]
    assert str(ignored.id) in standin.violations[1] and "not acknowledged within 0.3 s" in standin.violations[1]


async def test_autocomplete_subcommands_and_permissions(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        gw, rest = await fake_bot(standin, http)
        ac = await standin.autocomplete(world.alice, world.tables, "hello", "name", "Al")
        event = await gw.recv_dispatch("INTERACTION_CREATE")
        assert event["d"]["type"] == 4
        assert event["d"]["data"]["options"] == [{"name": "name", "type": 3, "value": "Al", "focused": True}]
        choices = [{"name": "Alice", "value": "alice"}]
        assert (await callback(rest, event, {"type": 8, "data": {"choices": choices}}))[0] == 200
        assert ac.choices == choices

        with pytest.raises(CommandNotAvailable):
            await standin.slash(world.alice, world.tables, "admin reset", {"who": world.bob})
        with pytest.raises(CommandNotFound):
            await standin.slash(world.bob, world.tables, "admin nuke")
        with pytest.raises(ValueError, match="required option"):
            await standin.slash(world.bob, world.tables, "admin reset")
        await standin.slash(world.bob, world.tables, "admin reset", {"who": world.alice})
        data = (await gw.recv_dispatch("INTERACTION_CREATE"))["d"]["data"]
        assert data["options"] == [
            {"name": "reset", "type": 1, "options": [{"name": "who", "type": 6, "value": str(world.alice.id)}]}
        ]
        assert data["resolved"]["users"][str(world.alice.id)]["username"] == "alice"
        assert "permissions" in data["resolved"]["members"][str(world.alice.id)]


async def test_modal_round_trip(standin: StandIn, world: World) -> None:
    text_input = {"type": 4, "custom_id": "bet", "style": 1, "label": "Bet", "required": True}
    labelled = {"type": 18, "label": "Note", "component": {"type": 4, "custom_id": "note", "style": 2}}
    modal = {"custom_id": "raise", "title": "Raise", "components": [{"type": 1, "components": [text_input]}, labelled]}
    async with aiohttp.ClientSession() as http:
        gw, rest = await fake_bot(standin, http)
        opened = await standin.slash(world.alice, world.tables, "hello")
        event = await gw.recv_dispatch("INTERACTION_CREATE")
        assert (await callback(rest, event, {"type": 9, "data": modal}))[0] == 200
        assert opened.modal == modal
        with pytest.raises(ValueError, match="required"):
            await standin.submit_modal(opened, {})
        submitted = await standin.submit_modal(opened, {"bet": "25", "note": "all in"})
        d = (await gw.recv_dispatch("INTERACTION_CREATE"))["d"]
        assert d["type"] == 5 and d["data"]["custom_id"] == "raise" and "message" not in d
        assert d["data"]["components"] == [
            {"type": 1, "components": [{"type": 4, "custom_id": "bet", "value": "25"}]},
            {"type": 18, "component": {"type": 4, "custom_id": "note", "value": "all in"}},
        ]
        status, _ = await callback(rest, {"d": d}, {"type": 7, "data": {"content": "no message to update"}})
        assert status == 400  # the modal did not come from a component
        status, _ = await callback(rest, {"d": d}, {"type": 4, "data": {"content": "raised 25"}})
        assert status == 200
    assert (await submitted.response()).message.text == "raised 25"  # type: ignore[union-attr]
    assert len(standin.violations) == 1 and "modal was not opened from a component" in standin.violations[0]
