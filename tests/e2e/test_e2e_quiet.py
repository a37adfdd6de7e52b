"""Quiet hours through the real bot process and the loopback Discord stand-in: a player whose turn comes during
their quiet hours is neither pinged nor messaged; when their quiet hours end (here: they turn them off) one direct
message lists the table waiting on them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.e2e.e2e_support import answered, enabled_actions, footer, in_step, open_hand, open_lobby, start_game, world
from tools.standin import players


async def test_a_player_in_quiet_hours_is_not_pinged_and_gets_one_message_when_they_end(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running(CARDROOM_WATCHING="0"):
        now = datetime.now(UTC)
        span = f"{now - timedelta(hours=1):%H:%M}-{now + timedelta(hours=1):%H:%M}"  # two hours around now, UTC
        chosen = await answered(await w.discord.slash(w.alice, w.channel, "notify", {"zone": "UTC", "quiet": span}))
        assert chosen.ephemeral

        lobby = await open_lobby(w, w.bob, "pairs", {})
        table_id, _ = footer(lobby)
        lobby = await answered(await w.discord.click(w.alice, lobby, f"lobby:{table_id}:join"))
        table = await start_game(w, w.bob, lobby)

        def alice_due() -> bool:
            rows = w.query("SELECT since FROM table_seats WHERE table_id = ? AND user_id = ?", table_id, w.alice.id)
            return bool(rows) and rows[0][0] is not None

        for _ in range(20):  # Bob plays until it is Alice's turn
            table = await in_step(w, table)
            if alice_due():
                break
            hand = await open_hand(w, table, w.bob)
            await players.play_from_hand(w.discord, w.bob, hand, enabled_actions(hand)[0], footer(hand)[1])
        assert alice_due()
        bell = await w.discord.wait_for(
            lambda: [m for m in w.discord.channel_messages(w.channel) if f"<@{w.alice.id}>" in m.content] or None,
            timeout=10,
            what="the table's bell",
        )
        assert "🔔" in bell[-1].content  # named on the table's bell (in its language, French here)...
        assert w.discord.notifications(w.alice) == [] and w.discord.dm_messages(w.alice) == []  # ...but not pinged

        ended = await answered(await w.discord.slash(w.alice, w.channel, "notify", {"quiet": "off"}))
        assert ended.ephemeral
        told = await w.discord.wait_for(lambda: w.discord.dm_messages(w.alice) or None, timeout=10, what="one DM")
        assert len(told) == 1 and f"/{w.channel.id}/" in told[0].text  # one message, linking to the waiting table
        assert w.discord.notifications(w.alice) == []
