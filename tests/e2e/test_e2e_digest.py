"""Digests through the real bot process and the loopback Discord stand-in (time scaled): a player who takes digests
on change is never pinged; one direct message lists the tables waiting on them, and when another table comes to
wait on them the next digest replaces it instead of piling up."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.e2e_support import World, answered, enabled_actions, footer, in_step, open_hand, start_game, world
from tools.standin import players
from tools.standin.model import Channel, Message

SCALE = "0.001"  # an hour of digest pace lasts 3.6 s


async def waiting_on_alice(w: World, channel: Channel) -> Message:
    """A Pairs table in `channel`, hosted by Bob with Alice seated, played by Bob until it waits on Alice."""
    lobby = await answered(await w.discord.slash(w.bob, channel, "play", {"game": "pairs"}))
    table_id, _ = footer(lobby)
    lobby = await answered(await w.discord.click(w.alice, lobby, f"lobby:{table_id}:join"))
    table = await start_game(w, w.bob, lobby)
    for _ in range(20):
        table = await in_step(w, table)
        rows = w.query("SELECT since FROM table_seats WHERE table_id = ? AND user_id = ?", table_id, w.alice.id)
        if rows and rows[0][0] is not None:
            return table
        hand = await open_hand(w, table, w.bob)
        await players.play_from_hand(w.discord, w.bob, hand, enabled_actions(hand)[0], footer(hand)[1])
    raise AssertionError("the table never waited on Alice")


def digests(w: World) -> list[Message]:
    """Alice's direct messages still standing: she takes digests, so only digests reach her there."""
    return w.discord.dm_messages(w.alice)


async def test_a_digest_on_change_is_replaced_not_piled_up(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running(CARDROOM_TIME_SCALE=SCALE, CARDROOM_WATCHING="0"):
        chosen = await answered(
            await w.discord.slash(w.alice, w.channel, "notify", {"mode": "digest", "digest_hours": 1})
        )
        assert chosen.ephemeral
        await waiting_on_alice(w, w.channel)
        first = await w.discord.wait_for(lambda: digests(w) or None, timeout=15, what="a first digest")
        assert len(first) == 1 and f"/{w.channel.id}/" in first[0].text

        await waiting_on_alice(w, w.other_channel)
        second = await w.discord.wait_for(
            lambda: found if len(found := digests(w)) == 1 and found[0].id != first[0].id else None,
            timeout=15,
            what="the digest replaced",
        )
        assert f"/{w.channel.id}/" in second[0].text and f"/{w.other_channel.id}/" in second[0].text  # both tables
        assert w.discord.get_message(first[0].id) is None or w.discord.get_message(first[0].id).deleted
        assert w.discord.notifications(w.alice) == []  # a digest taker is never pinged
