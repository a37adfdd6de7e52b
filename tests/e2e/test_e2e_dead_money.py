"""Dead Money: whole 4-player games through the real bot and the stand-in, with a showdown in them.

The players act only through what Discord shows them: the table's "My hand" button, then the
card picker's select menus and the buttons of their private hand. Their policy plays Brains
and Brain-requiring cards first (a failed roll drops a Brain and starts a showdown); in a
showdown a bidder drafts the cards of the first menu's lowest rank, and bids them if the draft
says they beat the high bid (Confirm is on), else passes. A move that costs its player (drawing
when a card could be played, naming yourself to draw 2) asks first; the players say yes.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.e2e_support import World, answered, footer, in_step, is_over, open_lobby, waiting_for, world
from tests.standin.model import Message, User

MAX_MOVES = 500
MAX_GAMES = 4
ROLL_CARD = re.compile(r"^[2-7][CDHS]$")
DRAFT_MARKS = ("✅", "❌")  # the draft of a bid says whether it beats the high bid
TABLE_CHECK_EVERY = 10


async def seated(w: World, players: list[User]) -> tuple[int, Message]:
    lobby = await open_lobby(w, players[0], "deadmoney", {})
    game_id, _ = footer(lobby)
    for user in players[1:]:
        lobby = await answered(await w.discord.click(user, lobby, f"cr:l:{game_id}:join"))
    table = await answered(await w.discord.click(players[0], lobby, f"cr:l:{game_id}:start"))
    return game_id, table


def actions(w: World, game_id: int) -> list[dict[str, Any]]:
    rows = w.query("SELECT action FROM actions WHERE game_id = ? ORDER BY seq", game_id)
    return [json.loads(action) for (action,) in rows]


def preferred(values: list[str], rng: random.Random) -> str:
    """A Brain first, then a card that needs one (its roll may fail), else any card."""
    base = [value.split("~")[0] for value in values]
    for wanted in (lambda card: card.startswith("BRAIN-"), lambda card: bool(ROLL_CARD.match(card))):
        matching = [value for value, card in zip(values, base, strict=True) if wanted(card)]
        if matching:
            return rng.choice(matching)
    return rng.choice(values)


def enabled_buttons(hand: Message, prefix: str) -> list[dict[str, Any]]:
    return [c for c in hand.buttons if str(c.get("custom_id", "")).startswith(prefix) and not c.get("disabled")]


async def decide(w: World, game_id: int, user: User, hand: Message, rng: random.Random) -> None:
    """One decision from the private hand message, through its components only."""
    version = w.version(game_id)
    actions_buttons = enabled_buttons(hand, "cr:a:")
    selects = hand.selects
    if selects and (not actions_buttons or rng.random() < 0.85):
        single = all(s.get("max_values", 1) == 1 and s.get("min_values", 1) == 1 for s in selects)
        # A multi-card draft is made in the first select, which holds at least as many cards as the pick needs.
        select = rng.choice(selects) if single else selects[0]
        values = [option["value"] for option in select["options"]]
        if single:
            # One card acts at once; a bid too low (a lone card) is refused with a message and changes nothing.
            chosen = await answered(await w.discord.select(user, hand, select["custom_id"], [preferred(values, rng)]))
            if w.version(game_id) > version:
                assert chosen.id == hand.id, "the hand is updated in place"
                return
            assert chosen.ephemeral and chosen.id != hand.id, chosen.text
        else:
            # Several cards: a draft, then Confirm. A bid (the pick offered beside Pass) drafts every copy of the
            # lowest rank of the first menu (one group, up to 5 cards): the draft says whether it beats the high
            # bid and Confirm is on only if it does; else pass. Other picks take exactly max_values cards.
            if actions_buttons:
                lowest = values[0].split("~")[0][:-1]
                chosen_values = [value for value in values if value.split("~")[0][:-1] == lowest][:5]
            else:
                chosen_values = values[: int(select.get("max_values", 1))]
            drafted = await answered(await w.discord.select(user, hand, select["custom_id"], chosen_values))
            if actions_buttons:
                assert any(mark in drafted.text for mark in DRAFT_MARKS), drafted.text
            confirm = enabled_buttons(drafted, "cr:P:")
            if confirm:
                await (await w.discord.click(user, drafted, confirm[0]["custom_id"])).response(timeout=10)
                if w.version(game_id) > version:
                    return
            hand = drafted
            actions_buttons = enabled_buttons(hand, "cr:a:")
    assert actions_buttons, hand.text
    answer = await answered(await w.discord.click(user, hand, rng.choice(actions_buttons)["custom_id"]))
    if w.version(game_id) == version:
        # A move that costs its player asks first ("⚠️ … Are you sure?"): answer "Yes".
        yes = [c for c in enabled_buttons(answer, "cr:a:") if str(c["custom_id"]).endswith(":y")]
        assert yes and "⚠️" in answer.text, answer.text
        await answered(await w.discord.click(user, answer, yes[0]["custom_id"]))


def acting(hand: Message) -> bool:
    """Whether a hand offers its player something to do now (the others' hands show nothing to click)."""
    return bool(hand.selects or enabled_buttons(hand, "cr:a:"))


async def whose_turn(
    w: World, game_id: int, table: Message, users: dict[str, User], rng: random.Random
) -> tuple[User, Message]:
    """The players open their hands ("My hand") in a random order until one offers something to do: that hand
    starts with the decision, in bold."""
    names = list(users)
    rng.shuffle(names)
    for name in names:
        hand = await answered(await w.discord.click(users[name], table, f"cr:h:{game_id}"))
        assert hand.ephemeral and hand.visible_to == users[name].id
        if acting(hand):
            assert hand.embeds[0]["description"].startswith("**"), hand.text
            return users[name], hand
    raise AssertionError("nobody's turn in a running game")


async def play_to_the_end(
    w: World, game_id: int, table: Message, users: dict[str, User], rng: random.Random
) -> Message:
    """Play until the game ends. The table's edits are rate limited (5 per 5 s a channel), so the players do not
    wait for it before each move; every few moves the test checks it names the player whose hand says so."""
    for move in range(MAX_MOVES):
        if is_over(w, game_id):
            return await in_step(w, table)
        user, hand = await whose_turn(w, game_id, table, users, rng)
        if move % TABLE_CHECK_EVERY == 0:
            table = await in_step(w, table)
            assert user.name in waiting_for(table)
        before = w.version(game_id)
        await decide(w, game_id, user, hand, rng)
        assert w.version(game_id) > before, "the move is committed before its answer"
    raise AssertionError("the game did not end")


@pytest.mark.rules_only
async def test_four_player_games_to_the_end_with_a_showdown(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        players = [w.alice, w.bob, w.carol, w.dan]
        users = {user.name: user for user in players}
        rng = random.Random(11)
        showdowns = 0
        for _ in range(MAX_GAMES):
            game_id, table = await seated(w, players)
            final = await play_to_the_end(w, game_id, table, users, rng)
            assert "Final standings" in final.text or "Classement final" in final.text
            log = actions(w, game_id)
            kinds = [action["kind"] for action in log]
            assert "play" in kinds
            showdowns += kinds.count("bid")
            if showdowns:
                break
        assert showdowns, "no showdown in any game"
        assert not any(marker in final.text for marker in ("BRAIN-", "10D,")), "card ids are shown as faces"
        w.discord.assert_clean()
