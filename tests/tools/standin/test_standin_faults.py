"""Fault injection: late interaction delivery, gateway outages, REST errors, stale commands."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import aiohttp
import pytest

from tests.tools.standin.support import BotStarter, RawGateway, RawRest, World
from tests.tools.standin.test_standin_interactions import BUTTONS, callback, fake_bot
from tools.standin import CallbackType, StandIn
from tools.standin.model import snowflake_time

PROBLEM_LINE = re.compile(r"^(WARNING|ERROR|CRITICAL)\b|Traceback", re.MULTILINE)


# --------------------------------------------------------------------------- late delivery (bare client)


async def test_late_delivery_runs_the_window_from_creation() -> None:
    async with StandIn(ack_deadline=0.4) as standin, aiohttp.ClientSession() as http:
        world = World(standin)
        gw, rest = await fake_bot(standin, http)
        assert standin.late_delivery_margin == pytest.approx(0.4 / 6)

        async def next_interactions(count: int) -> dict[str, dict[str, Any]]:
            events = [await gw.recv_dispatch("INTERACTION_CREATE") for _ in range(count)]
            return {e["d"]["id"]: e for e in events}

        late = await standin.slash(world.alice, world.tables, "hello", deliver_after=0.6)
        ignored = await standin.slash(world.alice, world.tables, "hello", deliver_after=0.6)
        assert late.delivered_at is None and late.deliver_after == 0.6
        assert snowflake_time(late.id) == pytest.approx(late.created_at, abs=0.002)  # the id carries creation
        with pytest.raises(TimeoutError):
            await gw.recv(timeout=0.3)  # nothing yet
        events = await next_interactions(2)
        assert set(events) == {str(late.id), str(ignored.id)}
        event = events[str(late.id)]
        assert event["d"]["token"] == late.token
        assert late.delivery_delay is not None and late.delivery_delay >= 0.6
        assert late.delivered_late and not late.delivered_in_time
        status, body = await callback(rest, event, {"type": 4, "data": {"content": "too late"}})
        assert (status, body["code"]) == (404, 10062)
        assert late.callback_refused and not late.acknowledged and late.late
        assert [(c.interaction, c.type) for c in standin.late_callbacks] == [(late, 4)]
        assert standin.late_callbacks[0].elapsed > 0.4
        assert await ignored.wait_delivered() == ignored.delivered_at
        await standin.wait_for(lambda: ignored.late, timeout=2)
        assert ignored.delivered_late and not ignored.callback_refused
        assert standin.violations == []  # the bot is not blamed for what Discord delivered late

        prompt = await standin.slash(world.alice, world.tables, "hello", deliver_after=0.1)
        dropped = await standin.slash(world.alice, world.tables, "hello", deliver_after=0.1)
        events = await next_interactions(2)
        assert prompt.delivered_in_time and dropped.delivered_in_time
        assert (await callback(rest, events[str(prompt.id)], {"type": 4, "data": {"content": "in time"}}))[0] == 200
        assert prompt.ack_latency is not None and 0.1 <= prompt.ack_latency < 0.4
        await standin.wait_for(lambda: dropped.late, timeout=2)  # delivered in time, never answered
        status, body = await callback(rest, events[str(dropped.id)], {"type": 4, "data": {"content": "much later"}})
        assert (status, body["code"]) == (404, 10062)
    assert len(standin.violations) == 1 and "not acknowledged within 0.4 s" in standin.violations[0]
    assert dropped.violations == standin.violations and late.violations == []
    assert [c.interaction for c in standin.late_callbacks] == [late, dropped]


# --------------------------------------------------------------------------- gateway outage (bare client)


async def test_cut_refuses_connections_and_resume_replays_the_backlog(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        gw, rest = await fake_bot(standin, http)
        ready_seq = gw.seq
        await standin.gateway.cut()
        assert await gw.close_code() == 4000 and standin.gateway.is_cut and not standin.gateway.connected
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await RawGateway(standin, http).connect()
        assert refused.value.status == 503 and standin.gateway.refused_connections == 1
        handle = await standin.slash(world.alice, world.tables, "hello")  # during the outage
        assert handle.delivered_at is None
        status, _, _ = await rest.request("GET", "/users/@me")
        assert status == 200  # REST is not part of the outage

        await standin.gateway.restore()
        again = RawGateway(standin, http)
        await again.connect()
        session_id = standin.gateway.session.id  # type: ignore[union-attr]
        await again.send(6, {"token": standin.token, "session_id": session_id, "seq": ready_seq})
        replayed = await again.recv_dispatch("INTERACTION_CREATE")
        assert replayed["d"]["id"] == str(handle.id) and handle.delivered_at is not None
        assert (await again.recv())["t"] == "RESUMED"
        await standin.wait_resumed(timeout=2)
        assert (await callback(rest, replayed, {"type": 4, "data": {"content": "back"}}))[0] == 200

        await standin.gateway.cut(seconds=0.2)  # restores by itself
        assert await again.close_code() == 4000
        await standin.wait_for(lambda: not standin.gateway.is_cut, timeout=2)
        fresh = RawGateway(standin, http)
        await fresh.connect()
        await fresh.identify()
        await fresh.recv_dispatch("READY")
        await standin.wait_until_ready(timeout=2)
        with pytest.raises(AssertionError, match="IDENTIFY, not RESUME"):
            await standin.wait_resumed(timeout=2)
    assert standin.gateway.resumes == 1 and standin.violations == []


async def test_hold_cut_accepts_but_sends_hello_only_after_restore(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        await fake_bot(standin, http)
        await standin.gateway.cut(mode="hold")
        held = RawGateway(standin, http)
        connecting = asyncio.ensure_future(held.connect())
        await standin.wait_for(lambda: standin.gateway.held_connections == 1, timeout=2)
        await asyncio.sleep(0.2)
        assert not connecting.done()  # connected, but no HELLO
        await standin.gateway.restore()
        hello = await asyncio.wait_for(connecting, 2)
        assert hello["op"] == 10 and standin.gateway.refused_connections == 0


# --------------------------------------------------------------------------- REST faults (bare client)


async def test_fail_next_answers_discords_error_and_applies_nothing(standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        _, msg, _ = await rest.request("POST", f"/channels/{world.tables.id}/messages", {"content": "v1"})
        edit = f"/channels/{world.tables.id}/messages/{msg['id']}"
        rule = standin.fail_next("PATCH", "/channels/{channel_id}/messages/{message_id}", status=400, code=50035)
        assert standin.pending_faults == [rule]
        status, body, _ = await rest.request("PATCH", edit, {"content": "v2"})
        assert (status, body) == (400, {"message": "Invalid Form Body", "code": 50035})
        assert standin.get_message(int(msg["id"])).content == "v1"  # type: ignore[union-attr]
        assert rule.used == 1 and standin.pending_faults == []
        assert (await rest.request("PATCH", edit, {"content": "v2"}))[0] == 200
        assert standin.get_message(int(msg["id"])).content == "v2"  # type: ignore[union-attr]

        standin.fail_next("POST", f"/channels/{world.tables.id}/messages", status=429, retry_after=0.25, times=2)
        for _ in range(2):
            status, body, headers = await rest.request(
                "POST", f"/channels/{world.tables.id}/messages", {"content": "x"}
            )
            assert status == 429 and body["retry_after"] == 0.25 and body["global"] is False and headers["Via"]
        assert (await rest.request("POST", f"/channels/{world.thread.id}/messages", {"content": "y"}))[0] == 200
        assert [m.content for m in standin.channel_messages(world.tables)] == ["v2"]

        with pytest.raises(ValueError, match="matches no route"):
            standin.fail_next("PATCH", "/channels/{channel_id}/mesages/{message_id}", status=500)
        standin.fail_next("GET", "/users/@me", status=502)
        standin.clear_faults()
        assert standin.pending_faults == [] and (await rest.request("GET", "/users/@me"))[0] == 200
    assert [(f.method, f.status, f.code) for f in standin.injected] == [
        ("PATCH", 400, 50035),
        ("POST", 429, 0),
        ("POST", 429, 0),
    ]
    assert standin.injected[0].path == edit and standin.injected[0].interaction is None
    assert standin.violations == []


async def test_failed_callback_does_not_acknowledge() -> None:
    async with StandIn(ack_deadline=0.5) as standin, aiohttp.ClientSession() as http:
        world = World(standin)
        gw, rest = await fake_bot(standin, http)
        route = "/interactions/{interaction_id}/{interaction_token}/callback"
        standin.fail_next("POST", route, status=500)
        retried = await standin.slash(world.alice, world.tables, "hello")
        event = await gw.recv_dispatch("INTERACTION_CREATE")
        status, body = await callback(rest, event, {"type": 4, "data": {"content": "hi", "components": BUTTONS}})
        assert (status, body) == (500, {"message": "500: Internal Server Error", "code": 0})
        assert not retried.acknowledged and retried.message is None
        assert (await callback(rest, event, {"type": 4, "data": {"content": "hi"}}))[0] == 200  # retry works
        assert retried.acknowledged and retried.message is not None and retried.message.text == "hi"

        standin.fail_next("POST", route, status=503)
        given_up = await standin.slash(world.alice, world.tables, "hello")
        event = await gw.recv_dispatch("INTERACTION_CREATE")
        assert (await callback(rest, event, {"type": 5}))[0] == 503
        followup = f"/webhooks/{standin.app_id}/{given_up.token}"
        status, body, _ = await rest.request("POST", followup, {"content": "x"}, auth=False)
        assert (status, body["code"]) == (404, 10015)  # never acknowledged: no webhook
        await standin.wait_for(lambda: given_up.late, timeout=2)
    assert [f.interaction for f in standin.injected] == [retried, given_up]
    assert retried.violations == [] and len(retried.injected_failures) == 1
    assert len(standin.violations) == 2  # the followup before acknowledging, and the unanswered interaction
    assert given_up.violations == standin.violations
    assert "fail_next: POST 503/0" in standin.violations[1]


# --------------------------------------------------------------------------- with tiny_bot


async def test_tiny_bot_late_interactions_are_refused_not_blamed(
    standin: StandIn, world: World, start_bot: BotStarter
) -> None:
    bot = await start_bot()
    await standin.wait_for_commands("hello")
    standin.ack_deadline = 0.8
    late = await standin.slash(world.alice, world.tables, "hello", deliver_after=0.9)
    await standin.wait_for(lambda: len(late.late_callbacks) == 2, timeout=5)  # answer + on_error fallback
    assert late.delivered_late and not late.acknowledged
    assert {c.type for c in late.late_callbacks} == {CallbackType.CHANNEL_MESSAGE_WITH_SOURCE}
    prompt = await standin.slash(world.alice, world.tables, "hello", {"name": "again"}, deliver_after=0.2)
    _, message, _ = await prompt.response()
    assert message is not None and message.content == "hello again"
    assert prompt.ack_latency is not None and prompt.ack_latency >= 0.2
    await standin.wait_for(lambda: late.late, timeout=2)
    standin.assert_clean()
    await standin.wait_for(lambda: "could not answer interaction" in bot.output, what="tiny_bot's log line")
    assert "Unknown interaction" in bot.output
    assert not PROBLEM_LINE.search(bot.output), bot.output


async def test_tiny_bot_resumes_after_a_refusing_cut_and_gets_the_click(
    standin: StandIn, world: World, start_bot: BotStarter
) -> None:
    bot = await start_bot()
    await standin.wait_for_commands("hello")
    _, message, _ = await (await standin.slash(world.alice, world.tables, "hello")).response()
    assert message is not None
    standin.ack_deadline = 60.0  # this test is about the replay, not the window (see the hold test)
    await standin.gateway.cut()
    click = await standin.click(world.alice, message, "counter:0")  # made during the outage
    await standin.wait_for(lambda: standin.gateway.refused_connections >= 1, timeout=5)
    await standin.gateway.restore()
    await standin.wait_resumed(timeout=20)  # discord.py backs off up to 2, 4, 8... s between attempts
    assert click.delivered_at is not None
    kind, updated, _ = await click.response()
    assert kind == CallbackType.UPDATE_MESSAGE and updated is message and message.content == "count=1"
    assert standin.gateway.resumes == 1 and len(standin.gateway.identifies) == 1
    standin.assert_clean()
    assert "Attempting a reconnect" in bot.output  # discord.py logs each refused attempt as an ERROR


async def test_tiny_bot_hold_cut_replays_clicks_too_late_and_in_time(
    standin: StandIn, world: World, start_bot: BotStarter
) -> None:
    bot = await start_bot()
    await standin.wait_for_commands("hello")
    _, message, _ = await (await standin.slash(world.alice, world.tables, "hello")).response()
    assert message is not None
    standin.ack_deadline = 0.6
    await standin.gateway.cut(seconds=0.8, mode="hold")
    stale = await standin.click(world.alice, message, "counter:0")
    await asyncio.sleep(0.6)
    fresh = await standin.click(world.alice, message, "counter:0")  # 0.2 s before the end of the outage
    await standin.wait_resumed(timeout=5)  # discord.py waits for HELLO, then resumes at once
    assert standin.gateway.held_connections >= 1 and standin.gateway.refused_connections == 0
    await fresh.response()
    assert fresh.delivered_in_time and message.content == "count=1"
    await standin.wait_for(lambda: stale.late and stale.callback_refused, timeout=3)
    assert stale.delivered_late and not stale.acknowledged  # tiny_bot tried; Discord refused with 10062
    assert standin.gateway.resumes == 1 and len(standin.gateway.identifies) == 1
    standin.assert_clean()  # the stale click is not the bot's fault
    await standin.wait_for(lambda: "Unknown interaction" in bot.output, what="tiny_bot's log line")


async def test_tiny_bot_callback_fails_once_then_succeeds(
    standin: StandIn, world: World, start_bot: BotStarter
) -> None:
    bot = await start_bot()
    await standin.wait_for_commands("hello")
    route = "/interactions/{interaction_id}/{interaction_token}/callback"

    standin.fail_next("POST", route, status=500)
    retried = await standin.slash(world.alice, world.tables, "hello", {"name": "retry"})
    _, message, _ = await retried.response()  # discord.py retries a 5xx after 1 s by itself
    assert message is not None and message.content == "hello retry"
    assert retried.ack_latency is not None and retried.ack_latency >= 1.0

    standin.fail_next("POST", route, status=400, code=50035)
    fallback = await standin.slash(world.alice, world.tables, "hello", {"name": "form"})
    _, message, _ = await fallback.response()  # not retried by discord.py: tiny_bot's on_error answers
    assert message is not None and message.content == "something went wrong" and message.ephemeral

    callbacks = [r.status // 100 for r in standin.requests if r.path.endswith("/callback")]
    assert callbacks == [5, 2, 4, 2]
    assert [(f.interaction, f.status, f.code) for f in standin.injected] == [(retried, 500, 0), (fallback, 400, 50035)]
    standin.assert_clean()
    assert not PROBLEM_LINE.search(bot.output), bot.output


async def test_tiny_bot_with_stale_commands_registered(standin: StandIn, world: World, start_bot: BotStarter) -> None:
    standin.set_commands(
        None,
        [
            {"name": "oldgame", "description": "A game the bot no longer has"},
            {"name": "hello", "description": "An older description"},
        ],
    )
    stale_hello = standin.registered_commands()[1]
    assert standin.command_syncs == 0
    bot = await start_bot()
    await standin.wait_for(lambda: standin.command_syncs == 1, timeout=10)
    names = [c.name for c in standin.registered_commands()]
    assert "oldgame" not in names and {"hello", "pick", "slow", "table"} <= set(names)
    hello = next(c for c in standin.registered_commands() if c.name == "hello")
    assert hello.id == stale_hello.id and hello.payload["description"] == "Say hello privately"

    # Discord still knows /oldgame (say, the overwrite has not reached every client yet):
    standin.set_commands(
        None, [*(c.payload for c in standin.registered_commands()), {"name": "oldgame", "description": "Old"}]
    )
    unknown = await standin.slash(world.alice, world.tables, "oldgame")
    assert unknown.payload["data"]["name"] == "oldgame"
    _, message, _ = await unknown.response()
    assert message is not None and message.content == "unknown command"
    assert standin.command_syncs == 1
    standin.assert_clean()
    assert not PROBLEM_LINE.search(bot.output), bot.output
