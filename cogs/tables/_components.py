"""Restart-proof components: each parses its state from its custom_id (discord.ui.DynamicItem).

Callbacks only parse and hand over to the table handlers; no rule lives here.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any, Protocol

import discord

from cogs.tables import _ids

Interaction = discord.Interaction[Any]


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


def carried(message: discord.Message | None) -> set[tuple[int, str]]:
    """(component type, custom_id) of every component `message` carries."""
    found: set[tuple[int, str]] = set()
    for row in message.components if message else []:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                found.add((int(child.type.value), custom_id))
    return found


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
        super().__init__(
            discord.ui.Button(label=label, emoji="🂠", style=discord.ButtonStyle.primary, custom_id=_ids.hand(game_id))
        )
        self.game_id = game_id

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
        super().__init__(
            discord.ui.Button(
                label=label, emoji="🔄", style=discord.ButtonStyle.secondary, custom_id=_ids.refresh(game_id)
            )
        )
        self.game_id = game_id

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

    def __init__(
        self,
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
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=style,
                disabled=disabled,
                custom_id=_ids.action(game_id, version, index, token, confirmed=confirmed),
            )
        )
        self.game_id = game_id
        self.version = version
        self.index = index
        self.token = token
        self.confirmed = confirmed

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
        super().__init__(
            discord.ui.Button(
                label=label, emoji="🚪", style=discord.ButtonStyle.secondary, custom_id=_ids.leave(game_id)
            )
        )
        self.game_id = game_id

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
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="⏸️" if op == "pause" else "▶️",
                style=discord.ButtonStyle.secondary,
                custom_id=_ids.pause(game_id, op),
            )
        )
        self.game_id = game_id
        self.op = op

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
        super().__init__(
            discord.ui.Button(
                label=label, emoji="🔁", style=discord.ButtonStyle.success, custom_id=_ids.rematch(game_id)
            )
        )
        self.game_id = game_id

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
