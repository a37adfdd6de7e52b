"""End to end: a real discord.py process (tiny_bot.py) against the stand-in."""

from __future__ import annotations

import re

from tests.tools.standin.support import BotStarter, World
from tools.standin import BotProcess, CallbackType, StandIn

PROBLEM_LINE = re.compile(r"^(WARNING|ERROR|CRITICAL)\b|Traceback", re.MULTILINE)


def assert_clean_run(standin: StandIn, bot: BotProcess) -> None:
    standin.assert_clean()
    assert standin.privileged_intents_requested == []
    assert standin.gateway.compressions and standin.gateway.compressions[0] in ("zlib-stream", "zstd-stream")
    assert not PROBLEM_LINE.search(bot.output), bot.output


async def test_slash_ephemeral_button_updates_in_place(standin: StandIn, world: World, start_bot: BotStarter) -> None:
    bot = await start_bot()
    await standin.wait_for_commands("hello", "pick", "slow", "table")
    hello = next(c for c in standin.registered_commands() if c.name == "hello")
    assert hello.payload["options"][0]["name"] == "name"

    handle = await standin.slash(world.alice, world.tables, "hello", {"name": "Alice"})
    kind, message, _ = await handle.response()
    assert kind == CallbackType.CHANNEL_MESSAGE_WITH_SOURCE
    assert message is not None and message.ephemeral and message.content == "hello Alice"
    assert message.custom_ids == ["counter:0"]
    assert standin.messages_visible_to(world.alice, world.tables) == [message]
    assert standin.messages_visible_to(world.bob, world.tables) == []
    assert standin.channel_messages(world.tables) == []

    click = await standin.click(world.alice, message, "counter:0")
    kind, updated, _ = await click.response()
    assert kind == CallbackType.UPDATE_MESSAGE and updated is message  # same message, edited in place
    assert message.content == "count=1" and message.custom_ids == ["counter:1"] and message.edit_count == 1
    click = await standin.click(world.alice, message, label="Clicked 1")
    await click.response()
    assert message.content == "count=2"
    assert standin.messages_visible_to(world.alice, world.tables) == [message]
    assert all(i.ack_latency is not None and i.ack_latency < 3 for i in standin.interactions)
    assert_clean_run(standin, bot)


async def test_autocomplete_defer_followups_group_and_select(
    standin: StandIn, world: World, start_bot: BotStarter
) -> None:
    bot = await start_bot()
    await standin.wait_for_commands("pick", "slow", "table")

    ac = await standin.autocomplete(world.alice, world.tables, "pick", "card", "ace")
    assert (await ac.response()).type == CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
    assert ac.choices == [{"name": f"ace of {s}", "value": f"ace of {s}"} for s in ("hearts", "spades")]

    slow = await standin.slash(world.alice, world.thread, "slow")
    assert (await slow.response()).type == CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
    done = await slow.wait_message()
    assert done.content == "done thinking" and not done.ephemeral
    extra = await slow.wait_followup(0)
    assert extra.ephemeral and extra.visible_to == world.alice.id
    assert standin.channel_messages(world.thread) == [done]

    opened = await standin.slash(world.bob, world.tables, "table open", {"seats": 4})
    _, table, _ = await opened.response()
    assert table is not None and table.content == "table with 4 seats" and not table.ephemeral
    chosen = await standin.select(world.alice, table, "table:game", ["rummy"])
    assert (await chosen.response()).type == CallbackType.UPDATE_MESSAGE
    assert table.content == "4 seats, game: rummy" and table.components == []
    found = await standin.wait_for_message(world.tables, lambda m: "game:" in m.content)
    assert found is table
    assert_clean_run(standin, bot)


async def test_gateway_drop_is_resumed(standin: StandIn, world: World, start_bot: BotStarter) -> None:
    bot = await start_bot()
    await standin.wait_for_commands("hello")
    await standin.gateway.drop()
    handle = await standin.slash(world.alice, world.tables, "hello")  # queued, replayed on RESUME
    assert (await handle.response(timeout=10)).message is not None
    assert standin.gateway.resumes == 1
    assert_clean_run(standin, bot)


async def test_rejected_token_makes_the_bot_exit(standin: StandIn, start_bot: BotStarter) -> None:
    bot = await start_bot(token="not-the-token", ready=False)
    code = await bot.wait(timeout=15)
    assert code != 0
    assert "LOGIN FAILED" in bot.output and "Improper token" in bot.output
    assert [(r.method, r.path, r.status) for r in standin.requests] == [("GET", "/users/@me", 401)]
    assert standin.auth_failures and standin.gateway.identifies == []
