"""Answer one interaction exactly once, within Discord's 3-second window, or change nothing.

Discord accepts the first answer to an interaction only within `ANSWER_WINDOW`
seconds of its creation, which its snowflake id dates; an interaction the
gateway delivers late (after an outage, Discord replays the ones it queued)
may already be past it. So every deadline here runs from the interaction's
creation, not from when the bot received it, and by Discord's clock (this
host's, corrected by the offset `bot.discord_clock` measures):

* A timer acknowledges the interaction with a deferral `ACK_DEADLINE` seconds
  after its creation if the handler has not answered by then (a slow disk, a
  busy table); the handler's answer then goes through the follow-up webhook of
  the same interaction (its token lasts 15 minutes). A lock makes the timer and
  the handler never both answer.
* `secure()` runs right before a change is committed: an interaction that can
  no longer be acknowledged raises `LateInteractionError`, so nothing is
  applied that the player cannot be shown; one close to the end of its window
  is acknowledged first, and its change is committed only if Discord took it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

import discord

from bot.discord_clock import DiscordClock
from bot.errors import LateInteractionError

ANSWER_WINDOW = 3.0  # Discord's: the first answer must arrive within 3 s of the interaction's creation
ACK_DEADLINE = 2.0  # seconds after creation: defer if the handler has not answered yet
SECURE_AFTER = 1.5  # seconds after creation: a change is committed only once the interaction is acknowledged
LATE_MARGIN = 0.25  # the time an acknowledgement needs to reach Discord


def discord_time(interaction: discord.Interaction[Any]) -> Callable[[], float]:
    """Discord's clock as the bot estimates it (`bot.discord_clock`), this host's when the client keeps none."""
    clock: DiscordClock | None = getattr(getattr(interaction, "client", None), "discord_clock", None)
    return clock.now if clock is not None else time.time


class Reply:
    def __init__(
        self, interaction: discord.Interaction[Any], *, ephemeral: bool, clock: Callable[[], float] | None = None
    ) -> None:
        self.interaction = interaction
        self.ephemeral = ephemeral  # whether a command's own answer is private
        self.created = discord.utils.snowflake_time(interaction.id).timestamp()  # Discord's clock, to the ms
        self.answered = False  # whether an answer reached Discord
        self.answered_after: float | None = None  # seconds from creation to the first answer or acknowledgement
        self.committing = False  # whether a change was let through to be committed (see `secure`)
        self._clock = clock or discord_time(interaction)
        self._lock = asyncio.Lock()
        self._deferred_thinking = False
        self._timer: asyncio.TimerHandle | None = None  # the deferral's alarm (a timer, not a task: most never ring)
        self._deferral: asyncio.Task[None] | None = None
        # The message this interaction's answer created, when known, and whether it is the interaction's
        # original response (deleted through `@original`) or a follow-up (deleted by its id).
        self.message_id: int | None = None
        self.original = True

    @property
    def is_component(self) -> bool:
        return self.interaction.type is discord.InteractionType.component

    def age(self) -> float:
        """Seconds since Discord created the interaction, by Discord's clock."""
        return self._clock() - self.created

    def too_late(self) -> bool:
        """Not acknowledged, and too old for an acknowledgement to reach Discord in time."""
        return not self.interaction.response.is_done() and self.age() > ANSWER_WINDOW - LATE_MARGIN

    def start(self, deadline: float = ACK_DEADLINE) -> None:
        """Acknowledge by itself `deadline` seconds after the interaction's creation, if still unanswered."""
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(max(0.0, deadline - self.age()), self._ring)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self._deferral is not None:
            self._deferral.cancel()

    def _answered(self) -> None:
        self.answered = True
        self._acknowledged()

    def _acknowledged(self) -> None:
        if self.answered_after is None:
            self.answered_after = self.age()

    def _ring(self) -> None:
        self._deferral = asyncio.create_task(self._defer_if_unanswered())

    async def _defer_if_unanswered(self) -> None:
        async with self._lock:
            if not self.interaction.response.is_done():
                await self._defer()

    async def _defer(self) -> None:
        if self.is_component:
            await self.interaction.response.defer()  # acknowledges silently; the message stays as it is
        else:
            await self.interaction.response.defer(ephemeral=self.ephemeral, thinking=True)
            self._deferred_thinking = True
        self._acknowledged()

    async def secure(self) -> None:
        """Called right before a change is committed: raise `LateInteractionError` if it could not be shown.

        A fresh interaction commits at once and is answered after. One older than
        `SECURE_AFTER` is acknowledged first; if it is too old for that, or Discord
        refuses the acknowledgement, the change must not be made.
        """
        async with self._lock:
            if self.too_late():
                raise LateInteractionError()
            if not self.interaction.response.is_done() and self.age() > SECURE_AFTER:
                try:
                    await self._defer()
                except discord.HTTPException:
                    raise LateInteractionError() from None
            self.committing = True

    def undone(self) -> None:
        """The change let through by `secure` was undone: as far as the user can tell, nothing changed."""
        self.committing = False

    async def update(self, **fields: Any) -> None:
        """Edit the message the clicked component is on."""
        async with self._lock:
            if self.interaction.response.is_done():
                await self.interaction.edit_original_response(**fields)
            else:
                await self.interaction.response.edit_message(**fields)
            self._answered()

    async def send(self, *, private: bool | None = None, **fields: Any) -> discord.Message | None:
        """A new message answering the interaction; returns it when it is public."""
        ephemeral = self.ephemeral if private is None else private
        async with self._lock:
            response = self.interaction.response
            if not response.is_done():
                callback = await response.send_message(ephemeral=ephemeral, **fields)
                self._answered()
                self.message_id = getattr(callback, "message_id", None)
                return None if ephemeral else await self.interaction.original_response()
            if self._deferred_thinking and ephemeral == self.ephemeral:
                self._deferred_thinking = False
                message = await self.interaction.edit_original_response(**fields)
                self._answered()
                self.message_id = getattr(message, "id", None)
                return message
            if self._deferred_thinking:
                # The deferral promised the other visibility: drop its placeholder.
                self._deferred_thinking = False
                with contextlib.suppress(discord.HTTPException):
                    await self.interaction.delete_original_response()
            sent = await self.interaction.followup.send(ephemeral=ephemeral, wait=True, **fields)
            self._answered()
            self.message_id, self.original = getattr(sent, "id", None), False
            return None if ephemeral else sent
