"""Oh My Brain: whole games through the real bot process and the loopback stand-in, by clicking.

Alice (English) and Bob (French) play only through what Discord shows them: the table's "My hand" button, then
the buttons of their private hand (the deal's Cemetery choice, plays, shares, the die's choices) and the card
picker's select menu (the refill from the Cemetery). The deal's choice is simultaneous and secret: the table
waits for both, and shows nothing of a choice made. A move that costs its player a brain asks first; the
players mostly avoid it, and say yes when they take it. Then the leaderboard and `/rules` in both languages.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.e2e_support import (
    World,
    answered,
    enabled_actions,
    footer,
    in_step,
    is_over,
    lobby_in_step,
    open_hand,
    open_lobby,
    waiting_for,
    world,
)
from tests.standin.model import Message, User

MAX_MOVES = 400
FAST_COMPUTERS = {
    "CARDROOM_COMPUTER_BUDGET": "0.05",
    "CARDROOM_COMPUTER_FLOOR": "0.2",
    "CARDROOM_COMPUTER_WORKERS": "1",
}
MAX_GAMES = 3
DANGER = 4  # a button's style: red, a move that costs its player


def actions(w: World, game_id: int) -> list[dict[str, Any]]:
    rows = w.query("SELECT action FROM actions WHERE game_id = ? ORDER BY seq", game_id)
    return [json.loads(action) for (action,) in rows]


def acting(hand: Message) -> bool:
    return bool(hand.selects or enabled_actions(hand))


async def seated(w: World) -> tuple[int, Message]:
    """Alice opens an Oh My Brain table of 3 brains each (a short game), Bob joins, Alice starts."""
    lobby = await open_lobby(w, w.alice, "ohmybrain", {"brains": "3"})
    game_id, _ = footer(lobby)
    assert "Oh My Brain" in lobby.text
    lobby = await answered(await w.discord.click(w.bob, lobby, f"cr:l:{game_id}:join"))
    table = await answered(await w.discord.click(w.alice, lobby, f"cr:l:{game_id}:start"))
    return game_id, table


async def the_secret_deal(w: World, game_id: int, table: Message) -> None:
    """Lot 1: both are waited for; Alice's choice shows on her hand only, and the table still waits for Bob."""
    table = await in_step(w, table)
    assert sorted(waiting_for(table)) == ["alice", "bob"], table.text
    hand = await open_hand(w, table, w.alice)
    labels = [c["label"] for c in enabled_actions(hand)]
    assert labels and all(label.endswith(" to my Cemetery") for label in labels), labels
    assert "Lot 1 of 3" in hand.text
    chosen = labels[-1].split(" ")[0]
    hand = await answered(await w.discord.click(w.alice, hand, enabled_actions(hand)[-1]["custom_id"]))
    line = next(line for line in hand.text.splitlines() if line.startswith("To your Cemetery: "))
    assert f"`{chosen}`" in line and "(waiting for the others)" in line, line
    assert not enabled_actions(hand), "one choice per lot"
    table = await in_step(w, table)
    assert waiting_for(table) == ["bob"] and "✅ has chosen" in table.text
    bob = await open_hand(w, table, w.bob)
    assert all(c["label"].endswith(" dans mon Cimetière") for c in enabled_actions(bob))
    assert "Pour votre Cimetière" not in bob.text  # nothing of Alice's choice reaches Bob
    await answered(await w.discord.click(w.bob, bob, enabled_actions(bob)[0]["custom_id"]))
    table = await in_step(w, table)
    assert "lot 2 of 3" in table.text, table.text


async def whose_turn(w: World, game_id: int, table: Message, rng: random.Random) -> tuple[User, Message]:
    users = [w.alice, w.bob]
    rng.shuffle(users)
    for user in users:
        hand = await open_hand(w, table, user)
        if acting(hand):
            assert hand.embeds[0]["description"].startswith("**"), hand.text  # the decision first, in bold
            return user, hand
    raise AssertionError("nobody's turn in a running game")


async def decide(w: World, game_id: int, user: User, hand: Message, rng: random.Random) -> str:
    """One decision from the private hand, through its components only; returns what was used."""
    version = w.version(game_id)
    if hand.selects:
        select = hand.selects[0]
        assert select.get("max_values", 1) == 1, "the refill takes one card at a time"
        value = rng.choice([option["value"] for option in select["options"]])
        chosen = await answered(await w.discord.select(user, hand, select["custom_id"], [value]))
        assert chosen.id == hand.id and w.version(game_id) > version
        return "select"
    buttons = enabled_actions(hand)
    safe = [c for c in buttons if c.get("style") != DANGER]
    pick = rng.choice(safe if safe and rng.random() < 0.9 else buttons)
    answer = await answered(await w.discord.click(user, hand, pick["custom_id"]))
    yes = [c for c in enabled_actions(answer) if str(c["custom_id"]).endswith(":y")]
    if yes:
        # Not playing while a card could be played costs a brain: the hand asks first. Yes.
        assert "⚠️" in answer.text and pick.get("style") == DANGER and w.version(game_id) == version, answer.text
        await answered(await w.discord.click(user, answer, yes[0]["custom_id"]))
        assert w.version(game_id) > version
        return "confirmed"
    assert w.version(game_id) > version
    return "button"


async def play_to_the_end(w: World, game_id: int, table: Message, rng: random.Random) -> dict[str, int]:
    used = {"select": 0, "button": 0, "confirmed": 0}
    for _ in range(MAX_MOVES):
        if is_over(w, game_id):
            return used
        user, hand = await whose_turn(w, game_id, table, rng)
        before = w.version(game_id)
        used[await decide(w, game_id, user, hand, rng)] += 1
        assert w.version(game_id) > before, "the move is committed before its answer"
    raise AssertionError("the game did not end")


@pytest.mark.rules_only
async def test_two_players_play_whole_games_with_the_secret_deal_and_the_cemetery_by_clicking(tmp_path: Path) -> None:
    # Text faces (`14`) throughout: with emojis the faces would change once their upload ends, mid-game.
    async with world(tmp_path) as w, w.running(CARDROOM_EMOJIS="0"):
        rng = random.Random(5)
        picked = 0
        for _ in range(MAX_GAMES):
            game_id, table = await seated(w)
            await the_secret_deal(w, game_id, table)
            used = await play_to_the_end(w, game_id, table, rng)
            final = await in_step(w, table)
            assert "Final standings" in final.text, final.text
            log = actions(w, game_id)
            kinds = {action["kind"] for action in log}
            assert {"bury", "play"} <= kinds, kinds
            assert sum(1 for action in log if action["kind"] == "bury") >= 6  # three lots, two players
            picked += used["select"]
            if picked and "take" in kinds:
                break
        assert picked, "no refill was chosen in the card picker"

        board = await answered(await w.discord.slash(w.alice, w.channel, "leaderboard", {"game": "ohmybrain"}))
        assert "alice" in board.text and "bob" in board.text
        by_measure = await answered(
            await w.discord.slash(w.alice, w.channel, "leaderboard", {"game": "ohmybrain", "by": "measure"})
        )
        assert "brains left" in by_measure.text, by_measure.text
        rules = await answered(await w.discord.slash(w.bob, w.channel, "rules", {"game": "ohmybrain"}, locale="fr"))
        assert rules.ephemeral and "Cimetière" in rules.text and "Araignée" in rules.text
        rules = await answered(await w.discord.slash(w.alice, w.channel, "rules", {"game": "ohmybrain"}))
        assert "Cemetery" in rules.text and "Marshmallow" in rules.text

        # Every hand went only to its owner; nothing private reached the channel.
        for message in w.discord.channel_messages(w.channel):
            assert "Your cards" not in message.text and "Vos cartes" not in message.text
        w.discord.assert_clean()


async def test_one_person_against_two_computers_the_deal_waits_for_everyone(tmp_path: Path) -> None:
    """Computer seats make the deal's secret choice too (the table waits for the person alone once they have
    chosen), and play their turns between Alice's, to the end of the game."""
    async with world(tmp_path) as w, w.running(**FAST_COMPUTERS):
        lobby = await open_lobby(w, w.alice, "ohmybrain", {"brains": "3"})
        game_id, _ = footer(lobby)
        panel = await answered(await w.discord.click(w.alice, lobby, f"cr:l:{game_id}:computers"))
        for level in ("normal", "easy"):
            panel = await answered(await w.discord.select(w.alice, panel, f"cr:k:{game_id}:add", [level]))
        await lobby_in_step(w, game_id)
        table = await answered(await w.discord.click(w.alice, lobby, f"cr:l:{game_id}:start"))

        # Lot 1: the computers choose by themselves; then only Alice is waited for.
        def only_alice() -> Message | None:
            current = w.discord.get_message(table.id) or table
            in_step = footer(current)[1] == w.version(game_id)
            return current if in_step and waiting_for(current) == ["alice"] else None

        table = await w.discord.wait_for(only_alice, timeout=30, what="the computers' choices")
        assert table.text.count("✅ has chosen") == 2, table.text  # the two computers, their cards unseen
        rng = random.Random(3)
        used = {"select": 0, "button": 0, "confirmed": 0}
        for _ in range(MAX_MOVES):
            if is_over(w, game_id):
                break
            # The version before the hand is drawn: a computer may move between the drawing and a later read, and
            # then the table waits for Alice, whose hand said she had nothing to do a moment before.
            version = w.version(game_id)
            hand = await open_hand(w, table, w.alice)
            if acting(hand):
                used[await decide(w, game_id, w.alice, hand, rng)] += 1
                continue
            await w.discord.wait_for(
                lambda version=version: w.version(game_id) > version or is_over(w, game_id),  # type: ignore[misc]
                timeout=30,
                what="a computer's move",
            )
        else:
            raise AssertionError("the game did not end")
        final = await in_step(w, table)
        assert "Final standings" in final.text and "🤖" in final.text, final.text
        seats = {action["kind"] for action in actions(w, game_id)}
        assert {"bury", "play"} <= seats and used["button"] >= 3  # Alice chose for her Cemetery and played
        w.discord.assert_clean()
