"""Computer seats end to end, through the real bot process and the loopback Discord stand-in: one person and two
computers play a whole game; then the person's statistics, history and the replay of that game, and its
verification."""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.e2e.e2e_support import (
    OVER,
    World,
    answered,
    button,
    footer,
    in_step,
    lobby_in_step,
    start_game,
    take_turn,
    waiting_for,
    world,
)
from tools.standin.model import Message

FAST_COMPUTERS = {
    "CARDROOM_COMPUTER_BUDGET": "0.05",
    "CARDROOM_COMPUTER_FLOOR": "0.2",
    "CARDROOM_COMPUTER_WORKERS": "1",
}


async def seat_computers(w: World, lobby: Message, table_id: int) -> Message:
    """The host opens the computers panel privately and seats a normal and an easy computer."""
    panel = await answered(await w.discord.click(w.alice, lobby, f"lobby:{table_id}:computers"))
    assert panel.ephemeral and panel.visible_to == w.alice.id, panel.text
    panel = await answered(await w.discord.select(w.alice, panel, f"computer:{table_id}:add", ["normal"]))
    panel = await answered(await w.discord.select(w.alice, panel, f"computer:{table_id}:add", ["easy"]))
    assert "2 are seated" in panel.text, panel.text
    await lobby_in_step(w, table_id)
    lobby = w.discord.get_message(lobby.id) or lobby
    assert "🤖 Ada (Normal)" in lobby.text and "🤖 Blaise (Easy)" in lobby.text, lobby.text
    return lobby


async def settled(w: World, table: Message, table_id: int) -> Message:
    """The table message once it shows the committed version, read afresh while the computers move on."""

    def shown() -> Message | None:
        current = w.discord.get_message(table.id) or table
        return current if footer(current)[1] == w.version(table_id) else None

    return await w.discord.wait_for(shown, timeout=30, what="the table in step")


async def play_against_computers(w: World, table: Message, table_id: int) -> Message:
    """Alice plays whenever the table waits for her; the computers play by themselves in between."""
    rng = random.Random(11)
    computer_moves = 0
    for _ in range(400):
        table = await settled(w, table, table_id)
        if any(marker in table.text for marker in OVER):
            assert computer_moves > 0
            return table
        if "alice" in waiting_for(table):  # the computers wait for her: the table stays at this version
            await take_turn(w, await in_step(w, table), {"alice": w.alice}, rng)
            continue
        version = footer(table)[1]  # the version the table showed: a computer may have moved since it was read
        await w.discord.wait_for(
            lambda version=version: w.version(table_id) > version,  # type: ignore[misc]
            timeout=30,
            what="a computer's move",
        )
        computer_moves += 1
    raise AssertionError("the game did not end")


async def test_one_person_and_two_computers_play_to_the_end(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running(**FAST_COMPUTERS):
        lobby = await answered(await w.discord.slash(w.alice, w.channel, "play", {"game": "pairs"}))
        table_id, _ = footer(lobby)
        # Only the host seats computers; anyone else is told so, privately.
        refused = await answered(await w.discord.click(w.carol, lobby, f"lobby:{table_id}:computers"))
        assert refused.ephemeral and "alice" in refused.text
        lobby = await seat_computers(w, lobby, table_id)
        table = await start_game(w, w.alice, lobby)
        committed = re.search(r"🔒 ([0-9a-f]{16})", table.text)
        assert committed, table.text

        final = await play_against_computers(w, table, table_id)
        assert f"{committed[1]}…" in final.text  # the seed and salt revealed behind the commitment

        # The computers are seats of their own levels: rated, never mentioned (they have no Discord account).
        players = {player for (player,) in w.query("SELECT player FROM ratings")}
        seated = [user for (user,) in w.query("SELECT user_id FROM results WHERE table_id = ? ORDER BY seat", table_id)]
        assert seated == [w.alice.id, -2, -1] and players == {str(w.alice.id), "cpu:normal", "cpu:easy"}
        for message in w.discord.channel_messages(w.channel):
            assert "<@-" not in message.text

        # Alice's statistics and history, and the replay of the game, every hand shown, computers' too.
        stats = await answered(await w.discord.slash(w.alice, w.channel, "stats"))
        assert stats.ephemeral and "Pairs" in stats.text and "1 game" in stats.text and "of 3" in stats.text
        history = await answered(await w.discord.slash(w.alice, w.channel, "history"))
        assert history.ephemeral and f"/replay table:{table_id}" in history.text
        replay = await answered(await w.discord.click(w.alice, history, f"replay:{table_id}"))
        assert replay.ephemeral and "every hand shown" in replay.text
        assert "🤖 Ada (Normal)" in replay.text and "🤖 Blaise (Easy)" in replay.text
        moves = w.log_length(table_id)
        later = await answered(await w.discord.click(w.alice, replay, button(replay, f"replay-step:{table_id}:1:n")))
        assert later.id == replay.id and "Move 1 of" in later.text
        end = await answered(await w.discord.select(w.alice, later, f"replay-jump:{table_id}:1", [str(moves)]))
        assert end.id == replay.id and f"Move {moves} of {moves}" in end.text and "Final standings" in end.text
        board = await answered(await w.discord.slash(w.alice, w.channel, "leaderboard", {"game": "pairs"}))
        assert "🤖 Computer (Normal)" in board.text and "🤖 Computer (Easy)" in board.text

        checked = await answered(
            await w.discord.slash(w.alice, w.channel, "verify", {"table": table_id, "commitment": committed[1]})
        )
        assert checked.ephemeral and "✅" in checked.text
        w.discord.assert_clean()
