"""Answer one interaction exactly once, and always within Discord's 3-second window.

A `Reply` starts a timer when the handler starts. If the handler has not
answered after `ACK_DEADLINE` seconds (a slow disk, a busy database), the
timer acknowledges the interaction with a deferral; the handler's answer then
goes through the follow-up webhook of the same interaction (its token lasts 15
minutes). A lock makes the timer and the handler never both answer.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import discord

ACK_DEADLINE = 2.0


class Reply:
    def __init__(self, interaction: discord.Interaction[Any], *, ephemeral: bool) -> None:
        self.interaction = interaction
        self.ephemeral = ephemeral  # whether a command's own answer is private
        self._lock = asyncio.Lock()
        self._deferred_thinking = False
        self._timer: asyncio.Task[None] | None = None

    @property
    def is_component(self) -> bool:
        return self.interaction.type is discord.InteractionType.component

    def start(self, deadline: float = ACK_DEADLINE) -> None:
        self._timer = asyncio.create_task(self._defer_after(deadline))

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()

    async def _defer_after(self, deadline: float) -> None:
        await asyncio.sleep(deadline)
        async with self._lock:
            if self.interaction.response.is_done():
                return
            if self.is_component:
                await self.interaction.response.defer()  # acknowledges silently; the message stays as it is
            else:
                await self.interaction.response.defer(ephemeral=self.ephemeral, thinking=True)
                self._deferred_thinking = True

    async def update(self, **fields: Any) -> None:
        """Edit the message the clicked component is on."""
        async with self._lock:
            if self.interaction.response.is_done():
                await self.interaction.edit_original_response(**fields)
            else:
                await self.interaction.response.edit_message(**fields)

    async def send(self, *, private: bool | None = None, **fields: Any) -> discord.Message | None:
        """A new message answering the interaction; returns it when it is public."""
        ephemeral = self.ephemeral if private is None else private
        async with self._lock:
            response = self.interaction.response
            if not response.is_done():
                await response.send_message(ephemeral=ephemeral, **fields)
                return None if ephemeral else await self.interaction.original_response()
            if self._deferred_thinking and ephemeral == self.ephemeral:
                self._deferred_thinking = False
                return await self.interaction.edit_original_response(**fields)
            if self._deferred_thinking:
                # The deferral promised the other visibility: drop its placeholder.
                self._deferred_thinking = False
                with contextlib.suppress(discord.HTTPException):
                    await self.interaction.delete_original_response()
            message = await self.interaction.followup.send(ephemeral=ephemeral, wait=True, **fields)
            return None if ephemeral else message
