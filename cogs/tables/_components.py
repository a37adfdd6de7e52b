"""Restart-proof components: each parses its state from its custom_id (discord.ui.DynamicItem).

Callbacks only parse and hand over to the table handlers; no rule lives here.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, get_args, get_origin

import discord

from cogs.tables import _ids

Interaction = discord.Interaction[Any]
BUTTON = discord.ComponentType.button.value
SELECT = discord.ComponentType.string_select.value
ROWS = 5  # action rows a message holds
PER_ROW = 5  # buttons an action row holds


class ComponentHandlers(Protocol):
    """What the components hand a click to: `TableHandlers` (in `_handlers`, which builds on this module)."""

    def lobby(self, interaction: Interaction, /, game_id: int, op: str) -> Awaitable[None]: ...
    def set_option(
        self, interaction: Interaction, /, game_id: int, field: str, values: list[str]
    ) -> Awaitable[None]: ...
    def show_hand(self, interaction: Interaction, /, game_id: int, *, in_place: bool) -> Awaitable[None]: ...
    def show_log(self, interaction: Interaction, /, game_id: int, page: int | None) -> Awaitable[None]: ...
    def act(
        self, interaction: Interaction, /, game_id: int, version: int, index: int, token: str, *, confirmed: bool
    ) -> Awaitable[None]: ...
    def pick_select(
        self,
        interaction: Interaction,
        /,
        game_id: int,
        version: int,
        token: str,
        page: int,
        select: int,
        draft: str,
        values: list[str],
    ) -> Awaitable[None]: ...
    def pick_confirm(
        self, interaction: Interaction, /, game_id: int, version: int, token: str, draft: str
    ) -> Awaitable[None]: ...
    def pick_page(
        self, interaction: Interaction, /, game_id: int, version: int, token: str, page: int, draft: str
    ) -> Awaitable[None]: ...
    def ask_leave(self, interaction: Interaction, /, game_id: int) -> Awaitable[None]: ...
    def leave(self, interaction: Interaction, /, game_id: int) -> Awaitable[None]: ...
    def set_clock(
        self, interaction: Interaction, /, game_id: int, field: str, values: list[str]
    ) -> Awaitable[None]: ...
    def pause(self, interaction: Interaction, /, game_id: int, paused: bool) -> Awaitable[None]: ...
    def set_computers(
        self, interaction: Interaction, /, game_id: int, op: str, values: list[str]
    ) -> Awaitable[None]: ...
    def set_language(self, interaction: Interaction, /, game_id: int, values: list[str]) -> Awaitable[None]: ...
    def rematch(self, interaction: Interaction, /, game_id: int) -> Awaitable[None]: ...
    def open_in_thread(self, interaction: Interaction, /, game: str) -> Awaitable[None]: ...


@dataclass(frozen=True, slots=True)
class ButtonLook:
    """What one of our buttons shows and carries: the one description both its DynamicItem and the raw layout
    (`Layout.add_button`) draw from."""

    custom_id: str
    label: str
    style: discord.ButtonStyle
    emoji: discord.PartialEmoji | str | None = None
    disabled: bool = False

    def button(self) -> discord.ui.Button[Any]:
        return discord.ui.Button(
            label=self.label, emoji=self.emoji, style=self.style, disabled=self.disabled, custom_id=self.custom_id
        )

    def payload(self) -> dict[str, Any]:
        """The component as discord.py writes a `discord.ui.Button` of this look (its `to_dict`)."""
        payload: dict[str, Any] = {"type": 2, "style": self.style.value, "disabled": self.disabled}
        if self.label:
            payload["label"] = self.label
        payload["custom_id"] = self.custom_id
        if self.emoji:
            payload["emoji"] = _emoji_payload(self.emoji)
        return payload


def _emoji_payload(emoji: discord.PartialEmoji | str) -> dict[str, Any]:
    if isinstance(emoji, str):
        return _text_emoji_payload(emoji)
    return dict(emoji.to_dict())


@lru_cache(maxsize=1024)
def _text_emoji_payload(emoji: str) -> dict[str, Any]:
    return dict(discord.PartialEmoji.from_str(emoji).to_dict())


class Components(discord.ui.View):
    """A layout of restart-proof components, sent without keeping a live View.

    Every item is a DynamicItem that discord.py routes by its custom_id alone,
    so nothing has to listen on the message. A View that is not finished is
    kept by discord.py after sending (an ephemeral one for 15 minutes, about
    4.5 KB per "My hand" click); one that says it is finished is never stored.
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True


class Layout(Components):
    """The controls of a hand or a table, drawn on every move: their buttons go straight into Discord's payload.

    A button of ours needs no discord.ui object to be sent: discord.py routes its click by the custom_id alone
    (a DynamicItem's template). `add_button` lays out its payload (`ButtonLook.payload`); items added the usual
    way (the card picker's selects) are laid out with them, by row, then in the order they were added. A row
    holds at most five buttons (a select fills one), as Discord allows; a sixth raises `ValueError`.
    """

    def __init__(self) -> None:
        super().__init__()
        self._layout: list[tuple[int, dict[str, Any] | discord.ui.Item[Any]]] = []  # (row, payload or item)

    def add_button(self, look: ButtonLook, row: int) -> None:
        self._take(row, 1)
        self._layout.append((row, look.payload()))

    def add_item(self, item: discord.ui.Item[Any]) -> Layout:
        # A DynamicItem reads its row from its item's button field, which a select leaves unset: ask the item.
        row = item.item.row if isinstance(item, discord.ui.DynamicItem) else item.row
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


def carried(message: discord.Message | None) -> set[tuple[int, str]]:
    """(component type, custom_id) of every component `message` carries."""
    found: set[tuple[int, str]] = set()
    for row in message.components if message else []:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                found.add((int(child.type.value), custom_id))
    return found


def mismatched(message: discord.Message | None, custom_id: str, component_type: int) -> bool:
    """Whether a component interaction of `component_type` names a component of another type: one `message`
    carries under that id, or the type our components of that id's format are (a button's click on a menu's id)."""
    carried_as = {kind for kind, carried_id in carried(message) if carried_id == custom_id}
    expected = expected_type(custom_id)
    return bool(carried_as - {component_type}) or (expected is not None and expected != component_type)


def expected_type(custom_id: str) -> int | None:
    """The component type our components of `custom_id`'s format are (a button or a select), None if not ours."""
    for pattern, kind in COMPONENT_TYPES:
        if pattern.fullmatch(custom_id):
            return kind
    return None


def handlers(interaction: Interaction) -> ComponentHandlers:
    cog: Any = interaction.client.get_cog("Tables")
    clicks: ComponentHandlers = cog.clicks
    return clicks


class ReplayHandlers(Protocol):
    """What the replay components hand a click to: the History cog's handlers (`cogs.history`)."""

    def open_replay(self, interaction: Interaction, /, game_id: int) -> Awaitable[None]: ...
    def replay_step(
        self, interaction: Interaction, /, game_id: int, step: int, control: str, values: list[str]
    ) -> Awaitable[None]: ...


def replay_handlers(interaction: Interaction) -> ReplayHandlers:
    cog: Any = interaction.client.get_cog("History")
    clicks: ReplayHandlers = cog.clicks
    return clicks


def one_choice(
    custom_id: str, field: str, options: list[discord.SelectOption] | None, placeholder: str | None
) -> discord.ui.Select[Any]:
    """A select menu of one value among `options` (a stand-in option when rebuilt from a click)."""
    return discord.ui.Select(
        custom_id=custom_id,
        options=options or [discord.SelectOption(label=field)],
        placeholder=placeholder,
        min_values=1,
        max_values=1,
    )


def chosen(interaction: Interaction) -> list[str]:
    """The values picked in a select menu, as Discord sent them."""
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(value) for value in data.get("values", [])]


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.LOBBY):
    """One of the lobby's buttons: join, leave, start, cancel, or the host's clock or table options."""

    def __init__(
        self,
        game_id: int,
        op: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=style, emoji=emoji, disabled=disabled, custom_id=_ids.lobby(game_id, op)
            )
        )
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).lobby(interaction, self.game_id, self.op)


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=_ids.OPTION):
    def __init__(
        self,
        game_id: int,
        field: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(one_choice(_ids.option(game_id, field), field, options, placeholder))
        self.game_id = game_id
        self.field = field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OptionSelect:
        return cls(int(match["game"]), match["field"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).set_option(interaction, self.game_id, self.field, chosen(interaction))


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.HAND):
    """ "My hand" on the table: opens a new ephemeral message with the clicker's perspective."""

    def __init__(self, game_id: int, *, label: str = "") -> None:
        super().__init__(self.look(game_id, label=label).button())
        self.game_id = game_id

    @staticmethod
    def look(game_id: int, *, label: str = "") -> ButtonLook:
        return ButtonLook(_ids.hand(game_id), label, discord.ButtonStyle.primary, "🂠")

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).show_hand(interaction, self.game_id, in_place=False)


class RefreshButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.REFRESH):
    """On a hand message: redraw it in place through this click's own interaction."""

    def __init__(self, game_id: int, *, label: str = "") -> None:
        super().__init__(self.look(game_id, label=label).button())
        self.game_id = game_id

    @staticmethod
    def look(game_id: int, *, label: str = "") -> ButtonLook:
        return ButtonLook(_ids.refresh(game_id), label, discord.ButtonStyle.secondary, "🔄")

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RefreshButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).show_hand(interaction, self.game_id, in_place=True)


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.ACTION):
    """One candidate action of the engine, pinned to the game version it was rendered at.

    `confirmed` marks the "Yes" of the question a costly move asks first; the move's own
    button is not confirmed, so clicking it asks the question instead of playing.
    """

    def __init__(self, game_id: int, version: int, index: int, token: str, *, confirmed: bool = False) -> None:
        # Built by discord.py from a click's custom_id, to route it: what the button showed is the layout's (`look`).
        super().__init__(self.look(game_id, version, index, token, confirmed=confirmed).button())
        self.game_id = game_id
        self.version = version
        self.index = index
        self.token = token
        self.confirmed = confirmed

    @staticmethod
    def look(
        game_id: int,
        version: int,
        index: int,
        token: str,
        *,
        confirmed: bool = False,
        label: str = "",
        emoji: discord.PartialEmoji | str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.success,
        disabled: bool = False,
    ) -> ButtonLook:
        custom_id = _ids.action(game_id, version, index, token, confirmed=confirmed)
        return ButtonLook(custom_id, label, style, emoji, disabled)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(
            int(match["game"]),
            int(match["version"]),
            int(match["index"]),
            match["token"],
            confirmed=match["confirmed"] is not None,
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).act(
            interaction, self.game_id, self.version, self.index, self.token, confirmed=self.confirmed
        )


class PickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=_ids.PICK):
    """One select menu of the card picker: up to 25 physical cards of one page."""

    def __init__(
        self,
        game_id: int,
        version: int,
        token: str,
        page: int,
        select: int,
        draft: str,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=_ids.pick(game_id, version, token, page, select, draft),
                options=options or [discord.SelectOption(label="-")],
                placeholder=placeholder,
                min_values=min_values,
                max_values=max_values,
            )
        )
        self.game_id = game_id
        self.version = version
        self.token = token
        self.page = page
        self.select = select
        self.draft = draft

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickSelect:
        return cls(
            int(match["game"]),
            int(match["version"]),
            match["token"],
            int(match["page"]),
            int(match["select"]),
            match["draft"],
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).pick_select(
            interaction, self.game_id, self.version, self.token, self.page, self.select, self.draft, chosen(interaction)
        )


class PickConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.PICK_CONFIRM):
    """Play the card picker's draft."""

    def __init__(
        self, game_id: int, version: int, token: str, draft: str, *, label: str = "", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="✅",
                style=discord.ButtonStyle.success,
                disabled=disabled,
                custom_id=_ids.pick_confirm(game_id, version, token, draft),
            )
        )
        self.game_id = game_id
        self.version = version
        self.token = token
        self.draft = draft

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickConfirmButton:
        return cls(int(match["game"]), int(match["version"]), match["token"], match["draft"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).pick_confirm(interaction, self.game_id, self.version, self.token, self.draft)


class PickPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.PICK_PAGE):
    """Redraw the card picker at `page` with `draft`: the ◀ ▶ arrows, and Clear (an empty draft)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        token: str,
        page: int,
        draft: str,
        *,
        label: str | None = None,
        emoji: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=_ids.pick_page(game_id, version, token, page, draft),
            )
        )
        self.game_id = game_id
        self.version = version
        self.token = token
        self.page = page
        self.draft = draft

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickPageButton:
        return cls(int(match["game"]), int(match["version"]), match["token"], int(match["page"]), match["draft"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).pick_page(
            interaction, self.game_id, self.version, self.token, self.page, self.draft
        )


class LeaveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.LEAVE):
    """ "Leave game" on the table: asks for confirmation in an ephemeral message."""

    def __init__(self, game_id: int, *, label: str = "") -> None:
        super().__init__(self.look(game_id, label=label).button())
        self.game_id = game_id

    @staticmethod
    def look(game_id: int, *, label: str = "") -> ButtonLook:
        return ButtonLook(_ids.leave(game_id), label, discord.ButtonStyle.secondary, "🚪")

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaveButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).ask_leave(interaction, self.game_id)


class LeaveConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.LEAVE_CONFIRM):
    def __init__(self, game_id: int, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.danger, custom_id=_ids.leave_confirm(game_id))
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaveConfirmButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).leave(interaction, self.game_id)


class ClockSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=_ids.CLOCK):
    """On the host's private clock settings of a lobby: the pace, or the timeouts in a row allowed."""

    def __init__(
        self,
        game_id: int,
        field: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(one_choice(_ids.clock(game_id, field), field, options, placeholder))
        self.game_id = game_id
        self.field = field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ClockSelect:
        return cls(int(match["game"]), match["field"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).set_clock(interaction, self.game_id, self.field, chosen(interaction))


class ComputerSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=_ids.COMPUTERS):
    """On the host's private computer seats of a lobby: seat a computer of a level, or take one away."""

    def __init__(
        self,
        game_id: int,
        op: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(one_choice(_ids.computers(game_id, op), op, options, placeholder))
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ComputerSelect:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).set_computers(interaction, self.game_id, self.op, chosen(interaction))


class PauseButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.PAUSE):
    """On the table: the host pauses the clocks, or resumes them."""

    def __init__(self, game_id: int, op: str, *, label: str = "") -> None:
        super().__init__(self.look(game_id, op, label=label).button())
        self.game_id = game_id
        self.op = op

    @staticmethod
    def look(game_id: int, op: str, *, label: str = "") -> ButtonLook:
        emoji = "⏸️" if op == "pause" else "▶️"
        return ButtonLook(_ids.pause(game_id, op), label, discord.ButtonStyle.secondary, emoji)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PauseButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).pause(interaction, self.game_id, self.op == "pause")


class LogPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.LOG_PAGE):
    """◀ or ▶ under a table's public log: show that page in place."""

    def __init__(self, game_id: int, page: int, *, emoji: str = "▶️", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=_ids.log_page(game_id, page),
            )
        )
        self.game_id = game_id
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LogPageButton:
        return cls(int(match["game"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).show_log(interaction, self.game_id, self.page)


class LanguageSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=_ids.LANGUAGE):
    """On the host's private table options of a lobby: the language of the table's public messages."""

    def __init__(
        self, game_id: int, options: list[discord.SelectOption] | None = None, placeholder: str | None = None
    ) -> None:
        super().__init__(one_choice(_ids.language(game_id), "language", options, placeholder))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LanguageSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).set_language(interaction, self.game_id, chosen(interaction))


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.REMATCH):
    """On a finished table: a new lobby with the same players, options and clock, the clicker as host."""

    def __init__(self, game_id: int, *, label: str = "") -> None:
        super().__init__(self.look(game_id, label=label).button())
        self.game_id = game_id

    @staticmethod
    def look(game_id: int, *, label: str = "") -> ButtonLook:
        return ButtonLook(_ids.rematch(game_id), label, discord.ButtonStyle.success, "🔁")

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).rematch(interaction, self.game_id)


class ThreadButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.THREAD):
    """Under the refusal of a /play in a busy channel: open that game's table in a new thread of the channel."""

    def __init__(self, game: str, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(label=label, emoji="🧵", style=discord.ButtonStyle.success, custom_id=_ids.thread(game))
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ThreadButton:
        return cls(match["name"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).open_in_thread(interaction, self.game)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.REPLAY):
    """Under `/history`: open that finished game's replay in a new private message."""

    def __init__(self, game_id: int, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, emoji="🎬", style=discord.ButtonStyle.secondary, custom_id=_ids.replay(game_id)
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await replay_handlers(interaction).open_replay(interaction, self.game_id)


class ReplayStepButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.REPLAY_STEP):
    """Under a replay: ⏮ −10 ◀ ▶ +10 ⏭, each showing its step in place."""

    def __init__(
        self,
        game_id: int,
        step: int,
        control: str,
        *,
        emoji: str | None = None,
        label: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                emoji=emoji,
                label=label,
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=_ids.replay_step(game_id, step, control),
            )
        )
        self.game_id = game_id
        self.step = step
        self.control = control

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayStepButton:
        return cls(int(match["game"]), int(match["step"]), match["control"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await replay_handlers(interaction).replay_step(interaction, self.game_id, self.step, self.control, [])


class ReplayJumpSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=_ids.REPLAY_JUMP):
    """Under a replay: the "jump to" menu; the value chosen is the step to show in place."""

    def __init__(
        self,
        game_id: int,
        step: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(one_choice(_ids.replay_jump(game_id, step), "step", options, placeholder))
        self.game_id = game_id
        self.step = step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayJumpSelect:
        return cls(int(match["game"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await replay_handlers(interaction).replay_step(interaction, self.game_id, self.step, "j", chosen(interaction))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    OptionSelect,
    HandButton,
    RefreshButton,
    ActionButton,
    LeaveButton,
    LeaveConfirmButton,
    PickSelect,
    PickConfirmButton,
    PickPageButton,
    ClockSelect,
    ComputerSelect,
    PauseButton,
    LogPageButton,
    LanguageSelect,
    RematchButton,
    ThreadButton,
    ReplayButton,
    ReplayStepButton,
    ReplayJumpSelect,
)


def _component_type(item: type[discord.ui.DynamicItem[Any]]) -> int:
    """The component type of a DynamicItem class: the kind of item it wraps (`DynamicItem[discord.ui.Select]`)."""
    for base in getattr(item, "__orig_bases__", ()):
        if get_origin(base) is discord.ui.DynamicItem:
            wrapped = get_origin(get_args(base)[0]) or get_args(base)[0]
            return SELECT if issubclass(wrapped, discord.ui.Select) else BUTTON
    raise TypeError(f"{item.__name__} does not say which item it wraps")


COMPONENT_TYPES: tuple[tuple[re.Pattern[str], int], ...] = tuple(
    (item.__discord_ui_compiled_template__, _component_type(item)) for item in DYNAMIC_ITEMS
)
