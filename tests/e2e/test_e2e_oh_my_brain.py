"""Oh My Brain with computer seats, through the real bot process and the loopback stand-in, by clicking.

Alice plays only through what Discord shows her: the table's "My hand" button, then the buttons of her private hand
(the deal's Cemetery choice, plays, shares, the die's choices) and the card picker's select menu (the refill from
the Cemetery); two computer seats play their turns between hers. A move that costs its player a brain asks first;
she mostly avoids it, and says yes when she takes it. Whole games of people, the secret deal's choices as each
player sees them, the leaderboard and `/rules` are in the in-process flow golden (tests/cogs/test_game_flows.py,
tests/cogs/games/ohmybrain/flow.txt).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

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
    start_game,
    waiting_for,
    world,
)
from tools.standin.model import Message, User

MAX_MOVES = 400
FAST_COMPUTERS = {
    "CARDROOM_COMPUTER_BUDGET": "0.05",
    "CARDROOM_COMPUTER_FLOOR": "0.2",
    "CARDROOM_COMPUTER_WORKERS": "1",
}
DANGER = 4  # a button's style: red, a move that costs its player


def actions(w: World, table_id: int) -> list[dict[str, Any]]:
    rows = w.query("SELECT action FROM actions WHERE table_id = ? ORDER BY seq", table_id)
    return [json.loads(action) for (action,) in rows]


def acting(hand: Message) -> bool:
    return bool(hand.selects or enabled_actions(hand))


async def decide(w: World, table_id: int, user: User, hand: Message, rng: random.Random) -> str:
    """One decision from the private hand, through its components only; returns what was used."""
    version = w.version(table_id)
    if hand.selects:
        select = hand.selects[0]
        assert select.get("max_values", 1) == 1, "the refill takes one card at a time"
        value = rng.choice([option["value"] for option in select["options"]])
        chosen = await answered(await w.discord.select(user, hand, select["custom_id"], [value]))
        assert chosen.id == hand.id and w.version(table_id) > version
        return "select"
    buttons = enabled_actions(hand)
    safe = [c for c in buttons if c.get("style") != DANGER]
    pick = rng.choice(safe if safe and rng.random() < 0.9 else buttons)
    answer = await answered(await w.discord.click(user, hand, pick["custom_id"]))
    yes = [c for c in enabled_actions(answer) if str(c["custom_id"]).endswith(":y")]
    if yes:
        # Not playing while a card could be played costs a brain: the hand asks first. Yes.
        assert "⚠️" in answer.text and pick.get("style") == DANGER and w.version(table_id) == version, answer.text
        await answered(await w.discord.click(user, answer, yes[0]["custom_id"]))
        assert w.version(table_id) > version
        return "confirmed"
    assert w.version(table_id) > version
    return "button"


async def test_one_person_against_two_computers_the_deal_waits_for_everyone(tmp_path: Path) -> None:
    """Computer seats make the deal's secret choice too (the table waits for the person alone once they have
    chosen), and play their turns between Alice's, to the end of the game."""
    async with world(tmp_path) as w, w.running(**FAST_COMPUTERS):
        lobby = await open_lobby(w, w.alice, "ohmybrain", {"brains": "3"})
        table_id, _ = footer(lobby)
        panel = await answered(await w.discord.click(w.alice, lobby, f"lobby:{table_id}:computers"))
        for level in ("normal", "easy"):
            panel = await answered(await w.discord.select(w.alice, panel, f"computer:{table_id}:add", [level]))
        await lobby_in_step(w, table_id)
        table = await start_game(w, w.alice, lobby)

        # Lot 1: the computers choose by themselves; then only Alice is waited for.
        def only_alice() -> Message | None:
            current = w.discord.get_message(table.id) or table
            in_step = footer(current)[1] == w.version(table_id)
            return current if in_step and waiting_for(current) == ["alice"] else None

        table = await w.discord.wait_for(only_alice, timeout=30, what="the computers' choices")
        assert table.text.count("✅ has chosen") == 2, table.text  # the two computers, their cards unseen
        rng = random.Random(3)
        used = {"select": 0, "button": 0, "confirmed": 0}
        for _ in range(MAX_MOVES):
            if is_over(w, table_id):
                break
            # The version before the hand is drawn: a computer may move between the drawing and a later read, and
            # then the table waits for Alice, whose hand said she had nothing to do a moment before.
            version = w.version(table_id)
            hand = await open_hand(w, table, w.alice)
            if acting(hand):
                used[await decide(w, table_id, w.alice, hand, rng)] += 1
                continue
            await w.discord.wait_for(
                lambda version=version: w.version(table_id) > version or is_over(w, table_id),  # type: ignore[misc]
                timeout=30,
                what="a computer's move",
            )
        else:
            raise AssertionError("the game did not end")
        final = await in_step(w, table)
        assert "Final standings" in final.text and "🤖" in final.text, final.text
        seats = {action["kind"] for action in actions(w, table_id)}
        assert {"bury", "play"} <= seats and used["button"] >= 3  # Alice chose for her Cemetery and played
        w.discord.assert_clean()
