"""One live hand per player, clicks pinned to the decision they were drawn for, and the public log, through the
real bot process and the loopback Discord stand-in."""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.e2e.e2e_support import (
    OVER,
    answered,
    button,
    footer,
    in_step,
    open_lobby,
    play_game,
    start_game,
    take_turn,
    waiting_for,
    world,
)
from tools.standin.model import Message, User


async def test_one_live_hand_pinned_clicks_and_the_log(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        users = {"alice": w.alice, "carol": w.carol}
        lobby = await open_lobby(w, w.alice, "pairs", {"ending": "norland", "games": "1"})
        table_id, _ = footer(lobby)
        lobby = await answered(await w.discord.click(w.carol, lobby, f"lobby:{table_id}:join"))
        table = await start_game(w, w.alice, lobby)
        committed = re.search(r"🔒 ([0-9a-f]{16})", table.text)  # the seed's commitment, from the start
        assert committed, table.text

        # The player who waits opens their hand: every move is drawn disabled.
        mover = users[waiting_for(table)[0]]
        idle = w.carol if mover is w.alice else w.alice
        idle_hand = await answered(await w.discord.click(idle, table, button(table, "hand:")))
        drawn = [c for c in idle_hand.buttons if c["custom_id"].startswith("move:")]
        assert drawn and all(c.get("disabled") for c in drawn)

        # The mover plays until the idle player's turn comes, with no move of their own in between.
        rng = random.Random(3)
        for _ in range(20):
            table = await in_step(w, table)
            if any(marker in table.text for marker in OVER) or users[waiting_for(table)[0]] is idle:
                break
            await take_turn(w, table, {name: user for name, user in users.items() if user is mover}, rng)
        table = await in_step(w, table)
        assert users[waiting_for(table)[0]] is idle, table.text
        before = w.version(table_id)
        # A click forged from a button that was disabled when drawn is stale, now that the turn has come.
        forged = await answered(await w.discord.forge_click(idle, idle_hand, drawn[0]["custom_id"]))
        assert "⚠️" in forged.text and w.version(table_id) == before
        assert forged.id == idle_hand.id  # answered by redrawing the hand as it stands now, in place

        # Many clicks later, each player has exactly one live hand in the channel.
        for _ in range(14):
            table = await in_step(w, table)
            if any(marker in table.text for marker in OVER):
                break
            await take_turn(w, table, users, rng)

        def hands_of(user: User) -> list[Message]:
            """The user's private messages in the channel that are hands (they carry the refresh button)."""
            mine = w.discord.ephemeral_messages(user, w.channel)
            return [m for m in mine if any(c["custom_id"].startswith("refresh:") for c in m.buttons)]

        for user in users.values():
            await w.discord.wait_for(
                lambda user=user: len(hands_of(user)) == 1,  # type: ignore[misc]
                timeout=10,
                what=f"one live hand for {user.name}",
            )

        # /log: the public log, privately, from the deal on, paged.
        log = await answered(await w.discord.slash(w.carol, w.channel, "log"))
        assert log.ephemeral and f"#{table_id}" in log.text and "`" in log.text
        pages = [c for c in log.buttons if c["custom_id"].startswith(f"log:{table_id}:")]
        if pages:
            latest = log.text
            older = await answered(await w.discord.click(w.carol, log, pages[0]["custom_id"]))
            assert older.id == log.id and older.text != latest

        # After the end, /log still shows the channel's last game.
        final = await play_game(w, table, users, rng)
        assert f"{committed[1]}…" in final.text  # the seed and salt revealed behind the same commitment
        after = await answered(await w.discord.slash(w.alice, w.channel, "log"))
        assert after.ephemeral and f"#{table_id}" in after.text

        # /verify recomputes the commitment shown from the start and replays the game from its seed.
        checked = await answered(
            await w.discord.slash(w.carol, w.channel, "verify", {"table": table_id, "commitment": committed[1]})
        )
        assert checked.ephemeral and "✅" in checked.text and committed[1] in checked.text
        wrong = await answered(
            await w.discord.slash(w.carol, w.channel, "verify", {"table": table_id, "commitment": "0" * 16})
        )
        assert "❌" in wrong.text
        w.discord.assert_clean()
