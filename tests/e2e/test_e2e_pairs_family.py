"""Zombie Life, Hawthorn and Blackstone: one whole game of each through the real bot and the stand-in."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from tests.e2e.e2e_support import (
    World,
    answered,
    button,
    footer,
    in_step,
    open_lobby,
    play_game,
    waiting_for,
    world,
)
from tests.standin.model import Message, User


async def seated(w: World, game: str, options: dict[str, str], *players: User) -> tuple[int, Message]:
    lobby = await open_lobby(w, players[0], game, options)
    game_id, _ = footer(lobby)
    for user in players[1:]:
        lobby = await answered(await w.discord.click(user, lobby, f"cr:l:{game_id}:join"))
    table = await answered(await w.discord.click(players[0], lobby, f"cr:l:{game_id}:start"))
    return game_id, table


@pytest.mark.rules_only
async def test_hawthorn_secret_starting_cards_then_a_whole_session(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        users = {"alice": w.alice, "bob": w.bob, "carol": w.carol}
        _, table = await seated(w, "hawthorn", {"hands": "1"}, w.alice, w.bob, w.carol)
        table = await in_step(w, table)
        assert sorted(waiting_for(table)) == ["alice", "bob", "carol"]  # everyone chooses at once

        # Alice chooses first, in her private hand.
        hand = await answered(await w.discord.click(w.alice, table, button(table, "cr:h:")))
        starts = [c for c in hand.buttons if c["custom_id"].startswith("cr:a:") and not c.get("disabled")]
        assert starts and all(c["label"].startswith("Start with") for c in starts)
        chosen = await answered(await w.discord.click(w.alice, hand, starts[0]["custom_id"]))
        assert "Your starting card" in chosen.text

        # Nobody else learns which card: not the table, not Bob's own hand.
        table = await in_step(w, table)
        assert sorted(waiting_for(table)) == ["bob", "carol"]
        assert table.text.count("✅ has chosen") == 1 and table.text.count("⏳ choosing") == 2
        assert "Your starting card" not in table.text and "Face up: " not in table.text.replace("Face up: —", "")
        bobs = await answered(await w.discord.click(w.bob, table, button(table, "cr:h:"), locale="en-US"))
        assert "Your starting card" not in bobs.text

        final = await play_game(w, table, users, random.Random(4))
        assert "Final standings" in final.text and "Chips won" in final.text
        w.discord.assert_clean()


@pytest.mark.rules_only
async def test_blackstone_session_to_the_end(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        users = {"alice": w.alice, "bob": w.bob, "carol": w.carol}
        _, table = await seated(w, "blackstone", {"hands": "3"}, w.alice, w.bob, w.carol)
        final = await play_game(w, table, users, random.Random(6))
        assert "Final standings" in final.text
        board = await answered(
            await w.discord.slash(w.alice, w.channel, "leaderboard", {"game": "blackstone", "by": "measure"})
        )
        assert all(name in board.text for name in users)
        w.discord.assert_clean()


@pytest.mark.rules_only
async def test_zombie_life_game_to_the_end(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        users = {"alice": w.alice, "bob": w.bob}
        _, table = await seated(w, "zombie", {"target": "11"}, w.alice, w.bob)
        final = await play_game(w, table, users, random.Random(2), max_moves=1500)
        assert "Final standings" in final.text and "Points scored" in final.text
        board = await answered(await w.discord.slash(w.bob, w.channel, "leaderboard", {"game": "zombie"}))
        assert "Classement par cote" in board.text  # every game ranks by rating unless asked (Bob reads French)
        assert all(name in board.text for name in users)
        w.discord.assert_clean()


async def test_a_burst_of_moves_is_one_table_edit_within_rate_limits(tmp_path: Path) -> None:
    async with world(tmp_path, enforce_rate_limits=True) as w:
        w.edit_delay = "1.2"  # the production default
        async with w.running():
            game_id, table = await seated(w, "hawthorn", {}, w.alice, w.bob, w.carol)
            table = await in_step(w, table)
            edits_before, version_before = table.edit_count, w.version(game_id)
            hands = [
                await answered(await w.discord.click(u, table, button(table, "cr:h:")))
                for u in (w.alice, w.bob, w.carol)
            ]
            # Everyone picks a starting card at once.
            picks = [button(hand, "cr:a:") for hand in hands]
            await asyncio.gather(
                *(w.discord.click(u, h, p) for u, h, p in zip((w.alice, w.bob, w.carol), hands, picks, strict=True))
            )
            await w.discord.wait_for(lambda: w.version(game_id) >= version_before + 3, timeout=10, what="three choices")
            table = await in_step(w, table)
            assert w.version(game_id) - version_before >= 3  # three moves (and the reveal they caused)
            assert table.edit_count - edits_before <= 2  # coalesced into one edit (two if the burst straddled one)
            w.discord.assert_clean()  # no 429, no request over Discord's limits
