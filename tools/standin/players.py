"""What a player of the bot's tables reads and clicks, through the stand-in: the end-to-end tests and the bench's
real-process section play with these.

A player reads only what Discord shows them: the footer of a table or hand ("Table #12 · move 7"), the names a table
says it is waiting for, the buttons a message offers. They open their private hand from the table and click one of
its enabled moves (and say yes when a costly move asks first).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from .interactions import Interaction
from .model import Message, User
from .server import StandIn

# A table's or hand's footer: "Table #12 · move 7"; a lobby's has no move counter: "Table #12".
FOOTER_MOVE = re.compile(r"(?:Table #|Table n[°º][ \u00a0]?)(\d+)(?: · (?:move|coup) (\d+))?")
LOBBY_VERSION = -1  # what `footer` reads as the version of a lobby, which shows none
CONFIRM = "⚠️"  # a costly move's question starts with it
WAITING = re.compile(r"(?:Waiting for|En attente de) (.+?)\.$", re.MULTILINE)
NAME = re.compile(r"\*\*(.+?)\*\*")
OVER = ("Game over.", "Partie terminée.")
HAND = "hand:"  # the custom_id prefix of a table's "My hand"
MOVE = "move:"  # ... and of a hand's moves
ANSWER_TIMEOUT = 10.0  # seconds a player waits for the bot's answer to a click
Chooser = Callable[[list[dict[str, Any]], random.Random], dict[str, Any]]


def any_enabled(enabled: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    return rng.choice(enabled)


def footer(message: Message) -> tuple[int, int]:
    """(game id, version) shown in a table or hand footer; a lobby's version reads `LOBBY_VERSION`."""
    match = FOOTER_MOVE.search(message.text)
    assert match, f"no footer in {message.text!r}"
    return int(match[1]), LOBBY_VERSION if match[2] is None else int(match[2])


async def answered(interaction: Interaction) -> Message:
    """The message an interaction's answer created or updated."""
    response = await interaction.response(timeout=ANSWER_TIMEOUT)
    assert response.message is not None, interaction.describe()
    return response.message


def button(message: Message, prefix: str, label: str | None = None, *, confirmed: bool = False) -> str:
    """The custom_id of the first button whose id starts with `prefix` (and has `label`; with `confirmed`,
    the "Yes" of a costly move's question)."""
    for component in message.buttons:
        custom_id = component.get("custom_id", "")
        if confirmed and not custom_id.endswith(":y"):
            continue
        if custom_id.startswith(prefix) and (label is None or component.get("label") == label):
            return str(custom_id)
    raise LookupError(f"no button {prefix!r} {label!r} in {message.custom_ids}")


def waiting_for(message: Message) -> list[str]:
    """The names the table says it is waiting for (several during a simultaneous decision)."""
    line = WAITING.search(message.text)
    assert line, message.text
    return NAME.findall(line[1])


def enabled_actions(hand: Message, prefix: str = MOVE) -> list[dict[str, Any]]:
    """The moves a hand offers its player now."""
    return [c for c in hand.buttons if c["custom_id"].startswith(prefix) and not c.get("disabled")]


async def open_hand(discord: StandIn, table: Message, user: User, prefix: str = HAND) -> Message:
    """`user` clicks the table's "My hand" (a button that carries no version: an older table message shows the same
    one) and gets their hand, which only they see."""
    hand = await answered(await discord.click(user, table, button(table, prefix)))
    assert hand.ephemeral and hand.visible_to == user.id
    return hand


async def play_from_hand(
    discord: StandIn, user: User, hand: Message, pick: dict[str, Any], version: int, prefix: str = MOVE
) -> Message:
    """`user` clicks `pick` on their `hand` (and says yes when the move costs them and asks first); the move is
    committed, at the version after `version`, before the hand is answered: the hand as answered."""
    updated = await answered(await discord.click(user, hand, pick["custom_id"]))
    assert updated.id == hand.id, "the hand is updated in place through the click"
    if footer(updated)[1] == version and CONFIRM in updated.text:
        # A move that costs its player asks first: say yes.
        updated = await answered(await discord.click(user, updated, button(updated, prefix, None, confirmed=True)))
        assert updated.id == hand.id
    assert footer(updated)[1] == version + 1
    return updated
