"""A finished Pairs game in /stats and /history, and its replay stepped through privately, through the real bot
process and the loopback Discord stand-in."""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.e2e.e2e_support import answered, button, footer, in_step, open_lobby, start_game, take_turn, world

STEP = re.compile(r"\*\*(?:Move (\d+) of (\d+)|The deal\*\* · move 0 of (\d+))")


def step_of(text: str) -> tuple[int, int]:
    """(step shown, last step) of a replay message."""
    match = STEP.search(text)
    assert match, text
    if match[3] is not None:
        return 0, int(match[3])
    return int(match[1]), int(match[2])


async def test_history_opens_a_replay_that_steps_in_place(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        users = {"alice": w.alice, "carol": w.carol}
        lobby = await open_lobby(w, w.alice, "pairs", {"ending": "norland", "games": "1"})
        table_id, _ = footer(lobby)
        lobby = await answered(await w.discord.click(w.carol, lobby, f"lobby:{table_id}:join"))
        table = await start_game(w, w.alice, lobby)
        running = await answered(await w.discord.slash(w.carol, w.channel, "replay", {"table": table_id}))
        assert running.ephemeral and "still running" in running.text and not running.embeds

        rng = random.Random(5)
        for _ in range(3):
            await take_turn(w, table, users, rng)
        # Carol leaves: two players, so the game ends, with Alice first.
        table = await in_step(w, table)
        question = await answered(await w.discord.click(w.carol, table, f"leave:{table_id}"))
        await answered(await w.discord.click(w.carol, question, f"leave-confirm:{table_id}"))
        moves = w.log_length(table_id)

        stats = await answered(await w.discord.slash(w.alice, w.channel, "stats"))
        assert stats.ephemeral and "Pairs" in stats.text and "1 game · 1 win" in stats.text and "#1 of 2" in stats.text

        history = await answered(await w.discord.slash(w.alice, w.channel, "history"))
        assert history.ephemeral and f"/replay table:{table_id}" in history.text
        replay = await answered(await w.discord.click(w.alice, history, f"replay:{table_id}"))
        assert replay.ephemeral and replay.id != history.id and "every hand shown" in replay.text
        assert step_of(replay.text) == (0, moves)
        # Pairs deals every card face up: the table shows both players' cards and no seat has a hidden hand field.
        assert "alice" in replay.text and "carol" in replay.text and "🂠" not in replay.text

        later = await answered(await w.discord.click(w.alice, replay, button(replay, f"replay-step:{table_id}:1:n")))
        assert later.id == replay.id and step_of(later.text) == (1, moves)
        back = await answered(await w.discord.click(w.alice, later, button(later, f"replay-step:{table_id}:0:p")))
        assert back.id == replay.id and step_of(back.text) == (0, moves)
        end = await answered(await w.discord.select(w.alice, back, f"replay-jump:{table_id}:0", [str(moves)]))
        assert end.id == replay.id and step_of(end.text) == (moves, moves) and "Final standings" in end.text

        forged = await answered(await w.discord.forge_click(w.alice, end, f"replay-step:{table_id}:{moves + 7}:n"))
        assert forged.ephemeral and forged.id != replay.id and "⚠️" in forged.text
        assert step_of((w.discord.get_message(replay.id) or end).text) == (moves, moves)  # unchanged

        french = await answered(await w.discord.slash(w.bob, w.channel, "replay", {"table": table_id}, locale="fr"))
        assert french.ephemeral and "La donne" in french.text
        w.discord.assert_clean()
