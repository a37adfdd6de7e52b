"""The Pairs family through the real bot and the stand-in: a burst of simultaneous moves (Hawthorn's secret
starting cards) is one table edit, within Discord's rate limits. Whole games of Zombie Life, Hawthorn and
Blackstone, as their players see them, are in-process flow goldens (tests/cogs/test_game_flows.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.e2e_support import (
    World,
    answered,
    button,
    footer,
    in_step,
    open_lobby,
    start_game,
    world,
)
from tools.standin.model import Message, User


async def seated(w: World, game: str, options: dict[str, str], *players: User) -> tuple[int, Message]:
    lobby = await open_lobby(w, players[0], game, options)
    table_id, _ = footer(lobby)
    for user in players[1:]:
        lobby = await answered(await w.discord.click(user, lobby, f"lobby:{table_id}:join"))
    table = await start_game(w, players[0], lobby)
    return table_id, table


async def test_a_burst_of_moves_is_one_table_edit_within_rate_limits(tmp_path: Path) -> None:
    async with world(tmp_path, enforce_rate_limits=True) as w:
        w.edit_delay = "1.2"  # the production default
        async with w.running():
            table_id, table = await seated(w, "hawthorn", {}, w.alice, w.bob, w.carol)
            table = await in_step(w, table)
            edits_before, version_before = table.edit_count, w.version(table_id)
            hands = [
                await answered(await w.discord.click(u, table, button(table, "hand:")))
                for u in (w.alice, w.bob, w.carol)
            ]
            # Everyone picks a starting card at once.
            picks = [button(hand, "move:") for hand in hands]
            await asyncio.gather(
                *(w.discord.click(u, h, p) for u, h, p in zip((w.alice, w.bob, w.carol), hands, picks, strict=True))
            )
            await w.discord.wait_for(
                lambda: w.version(table_id) >= version_before + 3, timeout=10, what="three choices"
            )
            table = await in_step(w, table)
            assert w.version(table_id) - version_before >= 3  # three moves (and the reveal they caused)
            assert table.edit_count - edits_before <= 2  # coalesced into one edit (two if the burst straddled one)
            w.discord.assert_clean()  # no 429, no request over Discord's limits
