"""One live hand per player and table: opening the hand again replaces the previous private message.

A hand is an ephemeral message, which only the interaction that shows it can
delete, and only while its token lives (15 minutes). The registry keeps, for each
(table, player), the latest interaction that drew their hand, so that the next
"My hand" deletes the previous message through it while Discord allows; and the
secret events already told on it, so that the next drawing tells only what is new
("Since your last look: you drew 9♦ K♦").

When a game ends, each player's live hand still in its token's life is redrawn to
show the end (`TableHandlers` asks for them: `to_show_the_end`), so that no hand
says "waiting for bob" over a finished game; the version each hand shows tells
which of them already do.

It lives in memory: after a restart the first hand of each player replaces nothing
and tells no news, which loses nothing of the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine, Sequence
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
    version: int | None = None  # the table's version the hand shows, when known

    async def edit(self, **fields: Any) -> None:
        """Edit the hand message through the interaction that drew it (while its token lives)."""
        if self.original:
            await self.interaction.edit_original_response(**fields)
        elif self.message_id is not None:
            await self.interaction.followup.edit_message(self.message_id, **fields)


class LiveHands:
    """The live hand of each (game, user), bounded by the tokens' life."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._hands: dict[tuple[int, int], LiveHand] = {}
        self._clock = clock
        self._tasks: set[asyncio.Task[None]] = set()

    def __len__(self) -> int:
        return len(self._hands)

    def seen(self, table_id: int, user_id: int) -> Sequence[Event] | None:
        """The secret events already told on this player's hand, or None if no hand of theirs is known."""
        hand = self._hands.get((table_id, user_id))
        return None if hand is None else hand.seen

    @staticmethod
    def news(secrets: Sequence[Event], seen: Sequence[Event] | None) -> list[Event]:
        """The secret events not told yet (none on a first look: the cards themselves are on the hand)."""
        if seen is None:
            return []
        return [event for event in secrets if event not in seen]

    def drawn(
        self,
        table_id: int,
        user_id: int,
        interaction: discord.Interaction[Any],
        *,
        message_id: int | None,
        original: bool,
        secrets: Sequence[Event],
        version: int | None = None,
    ) -> None:
        """Record the hand just drawn through `interaction` (showing the table's `version`); delete the previous
        hand if it was another message."""
        now = self._clock()
        self._forget_expired(now)
        key = (table_id, user_id)
        previous = self._hands.pop(key, None)  # put back last: the registry stays in the order the hands were drawn
        self._hands[key] = LiveHand(interaction, message_id, original, now, list(secrets), version)
        if previous is None or previous.interaction is interaction:
            return
        if message_id is not None and previous.message_id == message_id:
            return  # the same message, drawn again in place
        if now - previous.drawn_at < TOKEN_LIFETIME - TOKEN_MARGIN:
            self.run(self._delete(previous))

    def to_show_the_end(self, table_id: int, version: int) -> list[tuple[int, LiveHand]]:
        """The live hands of this game that do not show its `version` yet and can still be edited: (user, hand).

        Each is counted as showing that version from now on, so the end is drawn on a hand once."""
        now = self._clock()
        found = []
        for (game, user_id), hand in self._hands.items():
            if game == table_id and hand.version != version and now - hand.drawn_at < TOKEN_LIFETIME - TOKEN_MARGIN:
                hand.version = version
                found.append((user_id, hand))
        return found

    def forget(self, table_id: int, user_id: int) -> None:
        self._hands.pop((table_id, user_id), None)

    def _forget_expired(self, now: float) -> None:
        """Forget the hands whose token has expired: the oldest drawn first (the registry is in drawing order), so a
        drawing looks at no more hands than it forgets, and one."""
        while self._hands:
            key, hand = next(iter(self._hands.items()))
            if now - hand.drawn_at < TOKEN_LIFETIME:
                return
            del self._hands[key]

    def run(self, work: Coroutine[Any, Any, None]) -> None:
        """Edit or delete hands in the background (`settle` waits for them)."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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
