"""The bot process is killed mid-game and restarted: the game finishes with the buttons posted before."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path

from tests.e2e.e2e_support import (
    answered,
    button,
    footer,
    in_step,
    open_lobby,
    start_game,
    take_turn,
    waiting_for,
    world,
)
from tests.e2e.test_e2e_pairs_game import play_to_the_end


async def test_killed_mid_game_the_bot_resumes_and_old_buttons_work(tmp_path: Path) -> None:
    async with world(tmp_path) as w, contextlib.AsyncExitStack() as bots:
        users = {"alice": w.alice, "bob": w.bob}
        bot = await bots.enter_async_context(w.running("before"))
        lobby = await open_lobby(w, w.alice, "pairs", {})
        table_id, _ = footer(lobby)
        await answered(await w.discord.click(w.bob, lobby, f"lobby:{table_id}:join"))
        table = await start_game(w, w.alice, lobby)
        rng = random.Random(5)
        for _ in range(3):
            await take_turn(w, table, users, rng)
            if "Game over." in (w.discord.get_message(table.id) or table).text:
                break

        # The player to act opens their hand before the crash.
        table = await in_step(w, table)
        (name,) = waiting_for(table)
        player = users[name]
        hand = await answered(await w.discord.click(player, table, button(table, "hand:")))
        version = w.version(table_id)

        w.discord.unwatch(bot)
        await bot.crash()  # no goodbye: a crash
        await w.discord.wait_for(lambda: not w.discord.gateway.connected, timeout=10, what="disconnect")
        assert w.version(table_id) == version  # the last committed action is the truth

        await bots.enter_async_context(w.running("after"))
        hit = next(c for c in hand.buttons if c["custom_id"].startswith("move:") and not c.get("disabled"))
        updated = await answered(await w.discord.click(player, hand, hit["custom_id"]))
        assert updated.id == hand.id and footer(updated)[1] == version + 1
        assert w.version(table_id) == version + 1

        final = await play_to_the_end(w, table, users, seed=3)
        assert "Final standings" in final.text
        assert w.log_length(table_id) >= 4
        await asyncio.sleep(0)
        w.discord.assert_clean()


async def test_a_table_left_behind_by_a_crash_is_brought_up_to_date_at_restart(tmp_path: Path) -> None:
    async with world(tmp_path) as w, contextlib.AsyncExitStack() as bots:
        w.edit_delay = "5"  # a wide window between a commit and its table edit
        bot = await bots.enter_async_context(w.running("before"))
        lobby = await open_lobby(w, w.alice, "pairs", {})
        table_id, _ = footer(lobby)
        await answered(await w.discord.click(w.bob, lobby, f"lobby:{table_id}:join"))
        table = await start_game(w, w.alice, lobby)
        ended = await answered(await w.discord.slash(w.alice, w.channel, "abort"))
        assert "ended by" in ended.text
        # The game is over in the database, but the table edit is still waiting: crash now.
        assert w.discord.get_message(table.id) is not None
        assert "ended before its finish" not in (w.discord.get_message(table.id) or table).text
        w.discord.unwatch(bot)
        await bot.crash()
        await w.discord.wait_for(lambda: not w.discord.gateway.connected, timeout=10, what="disconnect")

        await bots.enter_async_context(w.running("after"))
        await w.discord.wait_for(
            lambda: "ended before its finish" in (w.discord.get_message(table.id) or table).text,
            timeout=15,
            what="the table brought up to date",
        )
        assert not (w.discord.get_message(table.id) or table).buttons
        w.discord.assert_clean()
