"""Three users play a whole Pairs game through the real bot process and the loopback Discord stand-in: the one
whole game the suite plays through a bot process (every game's flow, as its players see it, is an in-process golden:
tests/cogs/test_game_flows.py). Around it: the localised autocomplete, a busy channel, the host's start, the turn
ping, an outsider's click, the end, the leaderboard by rating and by the game's measure, `/rules`, hands that never
reach the channel, and every body the bot sent checked against Discord's OpenAPI specification."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from tests.e2e.e2e_support import World, answered, button, footer, open_lobby, play_game, start_game, world
from tools.standin import openapi_available
from tools.standin.model import Message, User


def hit_mostly(enabled: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Pairs offers exactly hit and fold; hit four times in five."""
    assert [c["custom_id"].split(":")[3] for c in enabled] == ["0", "1"], [c["label"] for c in enabled]
    return enabled[0] if rng.random() < 0.8 else enabled[1]


async def play_to_the_end(w: World, table: Message, users: dict[str, User], seed: int) -> Message:
    return await play_game(w, table, users, random.Random(seed), choose=hit_mostly)


async def test_three_players_play_a_whole_game(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        users = {"alice": w.alice, "bob": w.bob, "carol": w.carol}

        choices = await w.discord.autocomplete(w.bob, w.channel, "play", "game", "pai", locale="fr")
        await choices.response()
        assert {"name": "Paires", "value": "pairs"} in (choices.choices or [])

        lobby = await open_lobby(w, w.alice, "pairs", {"ending": "norland", "games": "1"})
        table_id, _ = footer(lobby)
        busy = await w.discord.slash(w.carol, w.channel, "play", {"game": "pairs"})
        busy_text = (await answered(busy)).text
        assert "already running" in busy_text and f"/{w.channel.id}/{lobby.id}" in busy_text

        for user in (w.bob, w.carol):
            lobby = await answered(await w.discord.click(user, lobby, f"lobby:{table_id}:join"))
        assert all(name in lobby.text for name in users)
        early = await start_game(w, w.bob, lobby)  # not the host: refused
        assert early.ephemeral and "réservée à l’hôte" in early.text

        table = await start_game(w, w.alice, lobby)
        assert table.id == lobby.id and "Waiting for" in table.text
        ping = await w.discord.wait_for_message(w.channel, lambda m: "your turn" in m.content.lower())
        assert re.search(r"<@\d+>", ping.content)

        outsider = await answered(await w.discord.click(w.dan, table, button(table, "hand:")))
        assert outsider.ephemeral and "not playing" in outsider.text

        final = await play_to_the_end(w, table, users, seed=11)
        assert "Final standings" in final.text and [c["custom_id"] for c in final.buttons] == [f"rematch:{table_id}"]
        await w.discord.wait_for_message(w.channel, lambda m: "is over" in m.content)

        board = await answered(await w.discord.slash(w.carol, w.channel, "leaderboard", {"game": "pairs"}))
        assert all(name in board.text for name in users) and "1 rated game · _provisional_" in board.text
        # Every game ranks by rating unless asked; by its own measure when asked (Bob reads French).
        french = await answered(await w.discord.slash(w.bob, w.channel, "leaderboard", {"game": "pairs"}, locale="fr"))
        assert "Classement par cote" in french.text and all(name in french.text for name in users)
        by_measure = await answered(
            await w.discord.slash(w.bob, w.channel, "leaderboard", {"game": "pairs", "by": "measure"}, locale="fr")
        )
        assert "la mesure propre au jeu" in by_measure.text and all(name in by_measure.text for name in users)
        rules = await answered(await w.discord.slash(w.bob, w.channel, "rules", {"game": "pairs"}, locale="fr"))
        assert rules.ephemeral and "Paires" in rules.text

        # Every hand went only to its owner; nothing private reached the channel.
        for message in w.discord.channel_messages(w.channel):
            assert "Your cards" not in message.text and "Vos cartes" not in message.text
        w.discord.assert_clean()
        if openapi_available():  # every body the bot sent was checked against Discord's spec
            bodies = [r for r in w.discord.requests if r.method in ("POST", "PUT", "PATCH") and r.body is not None]
            assert w.discord.rest.openapi_checked == len(bodies) > 0
