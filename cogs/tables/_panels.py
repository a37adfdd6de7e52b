"""The host's private settings panels of each open lobby, so that the lobby's start (or its close) closes them.

A panel (the table options, the clock, the computer seats) is an ephemeral message, which only the interaction
that drew it can edit, and only while its token lives (15 minutes). The registry keeps, for each lobby, the
latest interaction that drew each of its panels; once the lobby is started or closed each panel still within its
token's life is edited to say so, its menus removed. A panel past that (or one the bot forgot in a restart)
keeps its menus, but a choice made on it is refused in place in the same words, and changes nothing.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from cogs.tables._hands import TOKEN_LIFETIME, TOKEN_MARGIN

log = logging.getLogger("cardroom.tables")

PANELS_PER_LOBBY = 12  # panels remembered per lobby at most (the oldest are forgotten first)


@dataclass
class Panel:
    interaction: discord.Interaction[Any]  # the latest interaction that drew it
    message_id: int | None  # the panel message, when known
    original: bool  # whether it is that interaction's original response
    drawn_at: float  # by the monotonic clock

    async def edit(self, **fields: Any) -> None:
        if self.original:
            await self.interaction.edit_original_response(**fields)
        elif self.message_id is not None:
            await self.interaction.followup.edit_message(self.message_id, **fields)


class OpenPanels:
    """The settings panels of each lobby still open, bounded by the tokens' life."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._panels: dict[int, list[Panel]] = {}
        self._clock = clock

    def __len__(self) -> int:
        return sum(len(panels) for panels in self._panels.values())

    def drawn(
        self, table_id: int, interaction: discord.Interaction[Any], *, message_id: int | None, original: bool
    ) -> None:
        """A panel of this lobby was drawn (opened, or redrawn in place) through `interaction`."""
        now = self._clock()
        for other in [game for game, panels in self._panels.items() if game != table_id]:
            if all(now - panel.drawn_at >= TOKEN_LIFETIME for panel in self._panels[other]):
                del self._panels[other]  # a lobby that ended elsewhere (another process) or long ago
        kept = [
            panel
            for panel in self._panels.get(table_id, [])
            if now - panel.drawn_at < TOKEN_LIFETIME and not (message_id is not None and panel.message_id == message_id)
        ]
        kept.append(Panel(interaction, message_id, original, now))
        self._panels[table_id] = kept[-PANELS_PER_LOBBY:]

    def closing(self, table_id: int) -> list[Panel]:
        """The lobby was started or closed: its panels that can still be edited, forgotten here."""
        now = self._clock()
        panels = self._panels.pop(table_id, [])
        return [panel for panel in panels if now - panel.drawn_at < TOKEN_LIFETIME - TOKEN_MARGIN]
