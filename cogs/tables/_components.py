"""Restart-proof components: each parses its state from its custom_id (discord.ui.DynamicItem).

Callbacks only parse and hand over to the table handlers; no rule lives here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from cogs.tables import _ids

if TYPE_CHECKING:
    from cogs.tables._handlers import TableHandlers


def handlers(interaction: discord.Interaction[Any]) -> TableHandlers:
    cog: Any = interaction.client.get_cog("Tables")
    return cog.handlers  # type: ignore[no-any-return]


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ids.LOBBY):
    def __init__(
        self, game_id: int, op: str, *, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=_ids.lobby(game_id, op)))
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
        super().__init__(
            discord.ui.Select(
                custom_id=_ids.option(game_id, field),
                options=options or [discord.SelectOption(label=field)],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )
        self.game_id = game_id
        self.field = field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OptionSelect:
        return cls(int(match["game"]), match["field"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(value) for value in data.get("values", [])]
        await handlers(interaction).set_option(interaction, self.game_id, self.field, values)


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
    """One candidate action of the engine, pinned to the game version it was rendered at."""

    def __init__(
        self,
        game_id: int,
        version: int,
        index: int,
        token: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.success,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=style, disabled=disabled, custom_id=_ids.action(game_id, version, index, token)
            )
        )
        self.game_id = game_id
        self.version = version
        self.index = index
        self.token = token

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]), match["token"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers(interaction).act(interaction, self.game_id, self.version, self.index, self.token)


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


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    OptionSelect,
    HandButton,
    RefreshButton,
    ActionButton,
    LeaveButton,
    LeaveConfirmButton,
)
