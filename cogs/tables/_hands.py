"""One live hand per player and table: opening the hand again replaces the previous private message.

A hand is an ephemeral message, which only the interaction that shows it can
delete, and only while its token lives (15 minutes). The registry keeps, for each
(table, player), the latest interaction that drew their hand, so that the next
"My hand" deletes the previous message through it while Discord allows; and the
secret events already told on it, so that the next drawing tells only what is new
("Since your last look: you drew 9♦ K♦").

It lives in memory: after a restart the first hand of each player replaces nothing
and tells no news, which loses nothing of the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from engines.core import Event

log = logging.getLogger("cardroom.hands")

TOKEN_LIFETIME = 15 * 60.0  # an interaction token's life
TOKEN_MARGIN = 30.0  # do not try a deletion that could arrive after the token expired


@dataclass(frozen=True)
class DrawnHand:
    """A player's hand drawn and not yet sent: the table's version it shows, its message and its secret events."""

    version: int
    embed: discord.Embed
    view: discord.ui.View
    secrets: list[Event]


@dataclass
class LiveHand:
    interaction: discord.Interaction[Any]  # the latest interaction that drew this hand
    message_id: int | None  # the hand message, when known
    original: bool  # whether it is that interaction's original response
    drawn_at: float  # by the monotonic clock
    seen: list[Event] = field(default_factory=list)  # the secret events already told


class LiveHands:
    """The live hand of each (game, user), bounded by the tokens' life."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._hands: dict[tuple[int, int], LiveHand] = {}
        self._clock = clock
        self._tasks: set[asyncio.Task[None]] = set()

    def __len__(self) -> int:
        return len(self._hands)

    def seen(self, game_id: int, user_id: int) -> Sequence[Event] | None:
        """The secret events already told on this player's hand, or None if no hand of theirs is known."""
        hand = self._hands.get((game_id, user_id))
        return None if hand is None else hand.seen

    @staticmethod
    def news(secrets: Sequence[Event], seen: Sequence[Event] | None) -> list[Event]:
        """The secret events not told yet (none on a first look: the cards themselves are on the hand)."""
        if seen is None:
            return []
        return [event for event in secrets if event not in seen]

    def drawn(
        self,
        game_id: int,
        user_id: int,
        interaction: discord.Interaction[Any],
        *,
        message_id: int | None,
        original: bool,
        secrets: Sequence[Event],
    ) -> None:
        """Record the hand just drawn through `interaction`; delete the previous hand if it was another message."""
        now = self._clock()
        self._forget_expired(now)
        key = (game_id, user_id)
        previous = self._hands.get(key)
        self._hands[key] = LiveHand(interaction, message_id, original, now, list(secrets))
        if previous is None or previous.interaction is interaction:
            return
        if message_id is not None and previous.message_id == message_id:
            return  # the same message, drawn again in place
        if now - previous.drawn_at < TOKEN_LIFETIME - TOKEN_MARGIN:
            task = asyncio.create_task(self._delete(previous))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def forget(self, game_id: int, user_id: int) -> None:
        self._hands.pop((game_id, user_id), None)

    def _forget_expired(self, now: float) -> None:
        expired = [key for key, hand in self._hands.items() if now - hand.drawn_at >= TOKEN_LIFETIME]
        for key in expired:
            del self._hands[key]

    @staticmethod
    async def _delete(hand: LiveHand) -> None:
        """Delete a replaced hand through its own interaction; a hand already gone is no error."""
        with contextlib.suppress(discord.NotFound):
            try:
                if hand.original:
                    await hand.interaction.delete_original_response()
                elif hand.message_id is not None:
                    await hand.interaction.followup.delete_message(hand.message_id)
            except discord.HTTPException as error:
                log.info("A replaced hand could not be deleted (%s %s)", error.status, error.code)

    async def settle(self) -> None:
        """Wait for the deletions under way (tests, shutdown)."""
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
