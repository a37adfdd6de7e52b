"""Three users play a whole Pairs game through the real bot process and the loopback Discord stand-in."""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.e2e.e2e_support import World, answered, button, footer, world
from tests.standin import openapi_available
from tests.standin.model import Message, User

WAITING = re.compile(r"(?:Waiting for|En attente de) \*\*(.+?)\*\*")


async def open_lobby(w: World, host: User, options: dict[str, str]) -> Message:
    lobby = await answered(await w.discord.slash(host, w.channel, "play", {"game": "pairs"}))
    assert not lobby.ephemeral and "Pairs" in lobby.text
    game_id, _ = footer(lobby)
    for field, value in options.items():
        lobby = await answered(await w.discord.select(host, lobby, f"cr:o:{game_id}:{field}", [value]))
    return lobby


async def take_turn(w: World, table: Message, users: dict[str, User], rng: random.Random) -> None:
    """Whoever the table names clicks My hand, then an enabled action in their private hand."""
    game_id, _ = footer(table)
    committed = w.version(game_id)
    await w.discord.wait_for(
        lambda: footer(w.discord.get_message(table.id) or table)[1] == committed, timeout=10, what="table in step"
    )
    table = w.discord.get_message(table.id) or table
    _, version = footer(table)
    name = WAITING.search(table.text)
    assert name, table.text
    user = users[name[1]]
    hand = await answered(await w.discord.click(user, table, button(table, "cr:h:")))
    assert hand.ephemeral and hand.visible_to == user.id
    assert hand not in w.discord.channel_messages(w.channel)
    assert "Your turn" in hand.text or "À vous de jouer" in hand.text
    enabled = [c for c in hand.buttons if c["custom_id"].startswith("cr:a:") and not c.get("disabled")]
    kinds = [c["label"] for c in enabled]
    assert len(enabled) == 2, kinds  # hit and fold
    pick = enabled[0] if rng.random() < 0.8 else enabled[1]
    updated = await answered(await w.discord.click(user, hand, pick["custom_id"]))
    assert updated.id == hand.id, "the hand is updated in place through the click"
    assert footer(updated)[1] == version + 1
    await w.discord.wait_for(
        lambda: footer(w.discord.get_message(table.id) or table)[1] >= version + 1, timeout=10, what="table edit"
    )


async def play_to_the_end(w: World, table: Message, users: dict[str, User], seed: int) -> Message:
    rng = random.Random(seed)
    for _ in range(400):
        current = w.discord.get_message(table.id) or table
        if "Game over." in current.text or "Partie terminée." in current.text:
            return current
        await take_turn(w, current, users, rng)
    raise AssertionError("the game did not end")


async def test_three_players_play_a_whole_game(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        users = {"alice": w.alice, "bob": w.bob, "carol": w.carol}

        choices = await w.discord.autocomplete(w.bob, w.channel, "play", "game", "pai", locale="fr")
        await choices.response()
        assert {"name": "Paires", "value": "pairs"} in (choices.choices or [])

        lobby = await open_lobby(w, w.alice, {"ending": "norland", "games": "1"})
        game_id, _ = footer(lobby)
        busy = await w.discord.slash(w.carol, w.channel, "play", {"game": "pairs"})
        busy_text = (await answered(busy)).text
        assert "already running" in busy_text and f"/{w.channel.id}/{lobby.id}" in busy_text

        for user in (w.bob, w.carol):
            lobby = await answered(await w.discord.click(user, lobby, f"cr:l:{game_id}:join"))
        assert all(name in lobby.text for name in users)
        early = await answered(await w.discord.click(w.bob, lobby, f"cr:l:{game_id}:start"))
        assert early.ephemeral and "Seul l’hôte" in early.text

        table = await answered(await w.discord.click(w.alice, lobby, f"cr:l:{game_id}:start"))
        assert table.id == lobby.id and "Waiting for" in table.text
        ping = await w.discord.wait_for_message(w.channel, lambda m: "your turn" in m.content)
        assert re.search(r"<@\d+>", ping.content)

        outsider = await answered(await w.discord.click(w.dan, table, button(table, "cr:h:")))
        assert outsider.ephemeral and "not playing" in outsider.text

        final = await play_to_the_end(w, table, users, seed=11)
        assert "Final standings" in final.text and not final.buttons
        await w.discord.wait_for_message(w.channel, lambda m: "is over" in m.content)

        board = await answered(await w.discord.slash(w.carol, w.channel, "leaderboard", {"game": "pairs"}))
        assert all(name in board.text for name in users) and "1 games" in board.text
        rules = await answered(await w.discord.slash(w.bob, w.channel, "rules", {"game": "pairs"}, locale="fr"))
        assert rules.ephemeral and "Paires" in rules.text

        # Every hand went only to its owner; nothing private reached the channel.
        for message in w.discord.channel_messages(w.channel):
            assert "Your cards" not in message.text and "Vos cartes" not in message.text
        w.discord.assert_clean()
        if openapi_available():
            assert w.discord.rest.openapi_checked > 50  # every body was checked against Discord's spec
