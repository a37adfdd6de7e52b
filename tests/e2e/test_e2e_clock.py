"""A Daily clock runs out through the real bot process, a day passing in seconds (CARDROOM_TIME_SCALE).

The whole escalation ladder is watched from Discord's side: the first player
is told it is their turn, reminded at 80 % of their time, the game plays for
them when it runs out (announced on the table), the bot is killed while their
next deadline passes and the overdue deadline is honoured once after the
restart, and the third timeout in a row withdraws them: the results say so.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from pathlib import Path

from tests.e2e.e2e_support import (
    World,
    answered,
    footer,
    in_step,
    lobby_in_step,
    open_lobby,
    start_game,
    take_turn,
    waiting_for,
    world,
)
from tools.standin.model import Message

SCALE = "0.0001"  # Daily: a 36 h bank is 13 s, +12 h per move is 4.3 s, the reminder comes after 10.4 s


def clock_of(w: World, table_id: int) -> dict[str, object]:
    ((text,),) = w.query("SELECT clock FROM tables WHERE id = ?", table_id)
    clock: dict[str, object] = json.loads(text)
    return clock


def timeouts_of(w: World, table_id: int, seat: int) -> int:
    seats = clock_of(w, table_id)["seats"]
    assert isinstance(seats, list)
    return int(seats[seat]["timeouts"])


def expiry_of(w: World, table_id: int, seat: int) -> float | None:
    rows = w.query("SELECT due_at FROM deadlines WHERE table_id = ? AND seat = ? AND kind = 'expire'", table_id, seat)
    return float(rows[0][0]) if rows else None


def moves_by(w: World, table_id: int, seat: int) -> int:
    return int(w.query("SELECT COUNT(*) FROM actions WHERE table_id = ? AND seat = ?", table_id, seat)[0][0])


async def test_a_daily_clock_reminds_plays_for_the_player_and_withdraws_them_across_a_restart(tmp_path: Path) -> None:
    async with world(tmp_path) as w, contextlib.AsyncExitStack() as bots:
        bot = await bots.enter_async_context(w.running("before", CARDROOM_TIME_SCALE=SCALE))
        lobby = await open_lobby(w, w.alice, "pairs", {})
        table_id, _ = footer(lobby)
        assert "Daily" in lobby.text  # the lobby shows its pace
        # No away time at this table: the sleeper's yearly allowance would otherwise stand in for the timeouts.
        panel = await answered(await w.discord.click(w.alice, lobby, f"lobby:{table_id}:clock"))
        await answered(await w.discord.select(w.alice, panel, f"clock:{table_id}:away", ["off"]))
        await lobby_in_step(w, table_id)
        assert "away" in (w.discord.get_message(lobby.id) or lobby).text.lower()  # the lobby says so
        await answered(await w.discord.click(w.bob, lobby, f"lobby:{table_id}:join"))
        table = await start_game(w, w.alice, lobby)
        table = await in_step(w, table)
        (first,) = waiting_for(table)
        names = {"alice": w.alice, "bob": w.bob}
        sleeper = names[first]
        seat = 0 if sleeper is w.alice else 1
        assert "<t:" in table.text  # the deadline, as a Discord timestamp

        # 1. Told it is their turn; 2. reminded at 80 % of their time, pinged again.
        turn = await w.discord.wait_for_message(w.channel, lambda m: f"<@{sleeper.id}>" in m.content, timeout=10)
        assert "turn" in turn.content.lower() or "à vous" in turn.content.lower()
        reminder = await w.discord.wait_for_message(
            w.channel, lambda m: "running out" in m.content or "bientôt écoulé" in m.content, after=turn, timeout=20
        )
        assert f"<@{sleeper.id}>" in reminder.content

        # 3. Their time runs out: the game plays for them, and the table says so.
        await w.discord.wait_for(lambda: timeouts_of(w, table_id, seat) == 1, timeout=20, what="the first timeout")
        await w.discord.wait_for(
            lambda: "ran out of time" in current(w, table).text, timeout=10, what="the timeout announced on the table"
        )
        # The other player plays whenever it is their turn; the sleeper never does.
        other = w.bob if sleeper is w.alice else w.alice
        other_name = "bob" if other is w.bob else "alice"

        rng = random.Random(7)

        async def other_plays() -> None:
            shown = await in_step(w, current(w, table))
            while "Game over." not in shown.text and other_name in waiting_for(shown):
                await take_turn(w, shown, {other_name: other}, rng)
                shown = await in_step(w, current(w, table))

        await other_plays()
        # The sleeper's next decision has a deadline: the bot is killed before it and is down when it passes.
        due = await w.discord.wait_for(lambda: expiry_of(w, table_id, seat), timeout=10, what="the next deadline")
        version = w.version(table_id)
        moves = moves_by(w, table_id, seat)
        w.discord.unwatch(bot)
        await bot.crash()
        await asyncio.sleep(max(0.0, due - time.time()) + 1.0)
        assert w.version(table_id) == version  # nobody fired it while the bot was down

        await bots.enter_async_context(w.running("after", CARDROOM_TIME_SCALE=SCALE))
        await w.discord.wait_for(lambda: timeouts_of(w, table_id, seat) >= 2, timeout=20, what="the overdue timeout")
        assert moves_by(w, table_id, seat) == moves + 1  # honoured once, late, never twice
        await asyncio.sleep(1.0)
        assert moves_by(w, table_id, seat) == moves + 1 or timeouts_of(w, table_id, seat) == 3

        # 4. The third timeout in a row withdraws them; two players: the game ends, and the results say why.
        for _ in range(20):
            ((status,),) = w.query("SELECT status FROM tables WHERE id = ?", table_id)
            if status == "finished":
                break
            with contextlib.suppress(AssertionError, LookupError):
                await other_plays()
            await asyncio.sleep(0.5)
        ((status,),) = w.query("SELECT status FROM tables WHERE id = ?", table_id)
        out = w.query("SELECT clocked_out, place FROM results WHERE table_id = ? AND seat = ?", table_id, seat)
        assert status == "finished"
        assert out == [(1, 2)]  # marked as lost to the clock, ranked last
        await w.discord.wait_for(
            lambda: "Final standings" in current(w, table).text, timeout=10, what="the final standings"
        )
        assert "(out of time)" in current(w, table).text


def current(w: World, table: Message) -> Message:
    """The table message as it is now."""
    return w.discord.get_message(table.id) or table
