"""Turn notifications through the real bot: one per new decision per player, no spam, DMs with their fallback.

The stand-in records which users each message creation actually pinged (its
allowed mentions), as Discord does; edits never notify.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import discord

from tests.e2e.e2e_support import (
    OVER,
    World,
    answered,
    footer,
    in_step,
    open_lobby,
    start_game,
    take_turn,
    waiting_for,
    world,
)
from tools.standin.model import Message, User

MENTION = re.compile(r"<@(\d+)>")


async def seated(w: World, game: str, options: dict[str, str], *players: User, pace: str | None = None) -> Message:
    lobby = await open_lobby(w, players[0], game, options)
    table_id, _ = footer(lobby)
    if pace is not None:  # the host's private clock settings, from the lobby's Clock button
        panel = await answered(await w.discord.click(players[0], lobby, f"lobby:{table_id}:clock"))
        assert panel.ephemeral and panel.visible_to == players[0].id
        panel = await answered(await w.discord.select(players[0], panel, f"clock:{table_id}:pace", [pace]))
        assert "Live" in panel.text
    for user in players[1:]:
        lobby = await answered(await w.discord.click(user, lobby, f"lobby:{table_id}:join"))
    return await start_game(w, players[0], lobby)


def bells(w: World) -> list[Message]:
    """The turn notifications still standing in the table's channel (the usual one, or "you are the last one we are
    waiting for" when everyone else of a shared decision has played)."""
    return [
        m
        for m in w.discord.channel_messages(w.channel)
        if ("your turn at" in m.text.lower() or "the last one we are waiting for" in m.text.lower()) and not m.deleted
    ]


def pings(w: World, users: dict[str, User]) -> dict[str, int]:
    """The turn notifications that pinged each player (not the end of the game, which mentions every player)."""
    return {
        name: len([m for m in w.discord.notifications(user) if not m.content.startswith("🏁")])
        for name, user in users.items()
    }


def careful(enabled: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A player who avoids the moves shown in red (they cost the player), so the hand lasts some turns."""
    safe = [c for c in enabled if c.get("style") != discord.ButtonStyle.danger.value]
    return rng.choice(safe or enabled)


async def test_after_a_simultaneous_decision_each_new_decision_is_told_once_to_exactly_its_player(
    tmp_path: Path,
) -> None:
    """Hawthorn starts with a secret choice everyone makes at once; then turns follow.

    The test keeps its own account of decisions from the table alone: a player
    faces a new decision when they become due, or act and must act again. It
    waits for each expected notification before the player acts, and checks that
    no other was sent, and that the standing bell names only the players still due.
    """
    async with world(tmp_path) as w, w.running(CARDROOM_WATCHING="0"):
        users = {"alice": w.alice, "bob": w.bob, "carol": w.carol}
        table = await seated(w, "hawthorn", {"hands": "1"}, w.alice, w.bob, w.carol)
        rng = random.Random(9)
        expected = dict.fromkeys(users, 0)
        due_before: set[str] = set()
        mover: str | None = None
        for _ in range(14):
            table = await in_step(w, table)
            if any(marker in table.text for marker in OVER):
                break
            due = set(waiting_for(table))
            for name in due - due_before | ({mover} & due if mover else set()):
                expected[name] += 1
            await w.discord.wait_for(lambda: pings(w, users) == expected or None, timeout=10, what=f"pings {expected}")
            wanted = {users[name].id for name in due}
            # One bell stands (the previous one is deleted), naming exactly the players due, each with a deadline.
            standing = await w.discord.wait_for(
                lambda wanted=wanted: (
                    found
                    if len(found := bells(w)) == 1 and {int(u) for u in MENTION.findall(found[0].content)} == wanted
                    else None
                ),
                timeout=10,
                what="one bell naming only the players due",
            )
            assert standing[0].content.count("<t:") == len(due)
            assert "/channels/" in str(standing[0].components)
            mover = rng.choice(sorted(due))
            await take_turn(w, table, {name: users[mover] for name in due}, rng, careful)  # the mover plays
            due_before = due
        table = await in_step(w, table)
        if not any(marker in table.text for marker in OVER):  # the decisions the last move began are told too
            due = set(waiting_for(table))
            for name in due - due_before | ({mover} & due if mover else set()):
                expected[name] += 1
        await asyncio.sleep(0.5)
        assert pings(w, users) == expected  # nobody was told twice, nor about a decision already taken
        assert sum(expected.values()) > len(users)  # the simultaneous start, then at least one turn, each one told
        w.discord.assert_clean()


async def test_a_live_game_does_not_ping_a_player_who_acted_in_the_last_minute(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        users = {"alice": w.alice, "bob": w.bob}
        table = await seated(w, "pairs", {}, w.alice, w.bob, pace="live")
        rng = random.Random(3)
        moves = 0
        for _ in range(300):
            table = await in_step(w, table)
            if any(marker in table.text for marker in OVER):
                break
            await take_turn(w, table, users, rng)
            moves += 1
        assert moves >= 6
        await asyncio.sleep(0.5)
        # Each player is pinged for their first decision only: after that, they acted within the minute.
        assert pings(w, users) == {"alice": 1, "bob": 1}
        w.discord.assert_clean()


async def test_notifications_by_direct_message_and_the_fallback_when_dms_are_closed(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running(CARDROOM_WATCHING="0"):
        users = {"alice": w.alice, "bob": w.bob}
        for user in users.values():
            chosen = await answered(await w.discord.slash(user, w.channel, "notify", {"mode": "dm"}))
            assert chosen.ephemeral
        w.discord.close_dms(w.bob)
        table = await seated(w, "pairs", {}, w.alice, w.bob)
        rng = random.Random(5)
        told_closed = 0
        for _ in range(8):
            table = await in_step(w, table)
            if any(marker in table.text for marker in OVER):
                break
            (name,) = waiting_for(table)
            if name == "alice":
                # Alice is told by DM, with a link to the table; the channel does not ping her.
                await w.discord.wait_for(lambda: w.discord.dm_messages(w.alice) or None, timeout=10, what="a DM")
                dm = w.discord.dm_messages(w.alice)[-1]
                assert "turn" in dm.text.lower() and "/channels/" in str(dm.components)
            else:
                # Bob's DMs are closed: the bell in the channel pings him instead; he is told why once.
                count = len(w.discord.notifications(w.bob))
                await w.discord.wait_for(
                    lambda c=count: len(w.discord.notifications(w.bob)) > c or None,
                    timeout=10,
                    what="bob pinged in the channel",
                )
                latest = w.discord.notifications(w.bob)[-1]
                assert latest.channel is w.channel
                told_closed += "could not send you a direct message" in latest.content
            await take_turn(w, table, users, rng)
        assert w.discord.notifications(w.alice) == []  # never pinged in the channel: her DMs work
        assert len(w.discord.notifications(w.bob)) >= 2  # bob had several turns ...
        assert w.discord.refused_dms and told_closed == 1  # ... each fell back to the channel; the reason given once
        w.discord.assert_clean()
