"""How our components are laid out and sent: one way to emit a button (`ButtonLook`), rows as Discord allows.

Every message of ours is a `Layout`: its buttons are written straight into Discord's payload (no discord.ui
object is built to send one; discord.py routes the click by the custom_id alone), its selects are discord.ui
selects (`cogs.kit.components.Select.menu`), each on the row it is given. The view is finished as soon as it is
built, so discord.py keeps nothing per message sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import discord

ROWS = 5  # action rows a message holds
PER_ROW = 5  # buttons an action row holds


@dataclass(frozen=True, slots=True)
class ButtonLook:
    """What one button shows and carries: our only way to emit a button.

    A component's declaration draws its own (`cogs.kit.components.Button.button`); `link` is a button that
    opens `url` instead of sending a click.
    """

    custom_id: str
    label: str
    style: discord.ButtonStyle
    emoji: discord.PartialEmoji | str | None = None
    disabled: bool = False
    url: str | None = None

    def payload(self) -> dict[str, Any]:
        """The component as discord.py writes a `discord.ui.Button` of this look (its `to_dict`)."""
        payload: dict[str, Any] = {"type": 2, "style": self.style.value, "disabled": self.disabled}
        if self.label:
            payload["label"] = self.label
        if self.url is not None:
            payload["url"] = self.url
        else:
            payload["custom_id"] = self.custom_id
        if self.emoji:
            payload["emoji"] = _emoji_payload(self.emoji)
        return payload


def link(url: str, label: str) -> ButtonLook:
    """A button that opens `url` (a jump to a table's message)."""
    return ButtonLook("", label, discord.ButtonStyle.link, url=url)


def _emoji_payload(emoji: discord.PartialEmoji | str) -> dict[str, Any]:
    if isinstance(emoji, str):
        return _text_emoji_payload(emoji)
    return dict(emoji.to_dict())


@lru_cache(maxsize=1024)
def _text_emoji_payload(emoji: str) -> dict[str, Any]:
    return dict(discord.PartialEmoji.from_str(emoji).to_dict())


class Components(discord.ui.View):
    """A layout of restart-proof components, sent without keeping a live View.

    Every component is routed by its custom_id alone (`cogs.kit.components.route`), so nothing has to listen
    on the message. A View that is not finished is kept by discord.py after sending (an ephemeral one for 15
    minutes, about 4.5 KB per "My hand" click); one that says it is finished is never stored.
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True


class Layout(Components):
    """Our components, by row: buttons as their payload (`add_button`), selects as discord.ui items (`add_item`).

    Rows come in order, and a row keeps the order its components were added in. A row holds at most five
    buttons (a select fills one), and there are five rows, as Discord allows; more raises `ValueError`.
    """

    def __init__(self) -> None:
        super().__init__()
        self._layout: list[tuple[int, dict[str, Any] | discord.ui.Item[Any]]] = []  # (row, payload or item)

    def add_button(self, look: ButtonLook, row: int) -> None:
        self._take(row, 1)
        self._layout.append((row, look.payload()))

    def add_item(self, item: discord.ui.Item[Any]) -> Layout:
        row = item.row
        if row is None:
            raise ValueError("a Layout's items are given their row")
        self._take(row, item.width)
        super().add_item(item)
        self._layout.append((row, item))
        return self

    def _take(self, row: int, width: int) -> None:
        if not 0 <= row < ROWS:
            raise ValueError(f"row {row} is not one of Discord's {ROWS}")
        used = sum(1 if isinstance(entry, dict) else entry.width for at, entry in self._layout if at == row)
        if used + width > PER_ROW:
            raise ValueError(f"row {row} is full")

    def to_components(self) -> list[dict[str, Any]]:
        rows: dict[int, list[dict[str, Any]]] = {}
        for row, entry in self._layout:
            rows.setdefault(row, []).append(entry if isinstance(entry, dict) else entry.to_component_dict())
        return [{"type": 1, "components": rows[row]} for row in sorted(rows)]
