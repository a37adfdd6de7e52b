"""A league through the real bot process and the loopback Discord stand-in: created by a server manager, joined
with its buttons, started; its round's table opens in a thread under the league's channel with both players
mentioned once; nobody finishes it, so the round ends by its deadline, the clock plays the table out, the standings
message shows the final standings and the champion is announced.

Time runs fast (`CARDROOM_TIME_SCALE`): a one-day round lasts about four seconds."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.e2e_support import answered, enabled_actions, world
from tools.standin import players
from tools.standin.model import Channel, Perm

SCALE = "0.00005"  # a day is 4.3 s; the daily pace's bank (36 h) 6.5 s, so no clock runs out before the round ends


async def test_a_league_is_created_joined_started_and_ends_with_its_round(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        organiser = w.discord.add_user("org", permissions=Perm.MANAGE_GUILD)
        async with w.running(CARDROOM_TIME_SCALE=SCALE, CARDROOM_WATCHING="0"):
            options = {"game": "pairs", "rounds": 1, "days_per_round": 1}
            message = await answered(await w.discord.slash(organiser, w.channel, "league create", options))
            assert not message.ephemeral and "League #" in message.text
            (league_id,) = w.query("SELECT id FROM leagues")[0]
            refused = await answered(await w.discord.click(w.alice, message, f"league-start:{league_id}"))
            assert refused.ephemeral and "organiser" in refused.text  # only the organiser starts it
            for user in (w.alice, w.bob):
                message = await answered(await w.discord.click(user, message, f"league-join:{league_id}"))
            assert f"<@{w.alice.id}>" in message.text and f"<@{w.bob.id}>" in message.text
            message = await answered(await w.discord.click(organiser, message, f"league-start:{league_id}"))
            assert "Round 1 of 1" in message.text

            assert w.channel.guild is not None
            guild = w.channel.guild

            def new_thread() -> Channel | None:
                return next((c for c in guild.threads if c.parent_id == w.channel.id and c.id != w.thread.id), None)

            thread = await w.discord.wait_for(new_thread, what="a table thread")
            intro = await w.discord.wait_for(
                lambda: next(
                    (m for m in w.discord.channel_messages(thread) if "this is your table" in m.content), None
                ),
                what="the thread's first line",
            )
            assert intro.content.count(f"<@{w.alice.id}>") == 1 and intro.content.count(f"<@{w.bob.id}>") == 1
            table = await w.discord.wait_for(
                lambda: next((m for m in w.discord.channel_messages(thread) if m.embeds), None), what="the table"
            )
            ((table_id, status),) = w.query("SELECT table_id, outcome FROM league_tables")
            assert status == "pending"
            seats = w.query("SELECT user_id FROM table_seats WHERE table_id = ? AND since IS NOT NULL", table_id)
            mover = w.alice if seats[0][0] == w.alice.id else w.bob
            hand = await players.open_hand(w.discord, table, mover)
            await players.play_from_hand(w.discord, mover, hand, enabled_actions(hand)[0], players.footer(hand)[1])

            over = await w.discord.wait_for(
                lambda: next(
                    (m for m in w.discord.channel_messages(w.channel) if "is over. Champion" in m.content), None
                ),
                timeout=20,
                what="the champion's announcement",
            )
            assert over.content.count("<@") == 1
            assert w.query("SELECT outcome FROM league_tables") == [("played",)]
            assert w.query("SELECT status FROM tables WHERE id = ?", table_id) == [("finished",)]
            standings = [m for m in w.discord.channel_messages(w.channel) if m.embeds and "Standings" in m.text]
            assert len(standings) == 1 and "Final standings" in standings[0].text  # one message, edited in place
