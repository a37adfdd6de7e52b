"""Component layouts for the lobby, the table, a hand and the leave confirmation.

Layouts are bounded by construction: the lobby uses row 0 for its buttons and
one row per table option (at most four); a hand shows at most 20 action
buttons on rows 0-3 and its refresh button on row 4.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.services.tables import Table, option_value
from cogs.render.frame import hand_embed, lobby_embed, table_embed
from cogs.render.games import renderer_for
from cogs.render.limits import BUTTON_LABEL, OPTION_TEXT, PER_ROW, SELECT_OPTIONS, clip
from cogs.render.text import option_label, option_value_label
from cogs.tables._components import (
    ActionButton,
    HandButton,
    LeaveButton,
    LeaveConfirmButton,
    LobbyButton,
    OptionSelect,
    RefreshButton,
)
from engines.core import Perspective, option_choices

MAX_OPTION_ROWS = 4
MAX_ACTIONS = 4 * PER_ROW


def lobby_view(table: Table, lang: str) -> discord.ui.View | None:
    if table.record.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    gid = table.id
    buttons = (
        ("join", discord.ButtonStyle.success),
        ("leave", discord.ButtonStyle.secondary),
        ("start", discord.ButtonStyle.primary),
        ("cancel", discord.ButtonStyle.danger),
    )
    for op, style in buttons:
        item = LobbyButton(gid, op, label=clip(t(lang, f"lobby.button.{op}"), BUTTON_LABEL), style=style)
        item.row = 0
        view.add_item(item)
    game = table.record.game
    for row, (field, choices) in enumerate(
        list(option_choices(table.engine.options_model).items())[:MAX_OPTION_ROWS], 1
    ):
        current = option_value(table.record.options.get(field))
        select_options = [
            discord.SelectOption(
                label=clip(option_value_label(game, field, option_value(choice), lang), OPTION_TEXT),
                value=option_value(choice),
                default=option_value(choice) == current,
            )
            for choice in choices[:SELECT_OPTIONS]
        ]
        select = OptionSelect(
            gid, field, select_options, placeholder=clip(option_label(game, field, lang), OPTION_TEXT)
        )
        select.row = row
        view.add_item(select)
    return view


def table_view(table: Table, lang: str) -> discord.ui.View | None:
    if table.record.status != "active":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(table.id, label=t(lang, "table.button.hand")))
    view.add_item(LeaveButton(table.id, label=t(lang, "table.button.leave")))
    return view


def ping_view(table: Table, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(table.id, label=t(lang, "table.button.hand")))
    return view


def table_message(table: Table) -> tuple[discord.Embed, discord.ui.View | None]:
    """The public table message in the table's language: the lobby until the game starts, then the table."""
    lang = table.record.locale
    if table.state is None:
        return lobby_embed(table, lang), lobby_view(table, lang)
    return table_embed(table, lang), table_view(table, lang)


def hand_message(table: Table, seat: int, lang: str) -> tuple[discord.Embed, discord.ui.View]:
    """The embed and controls of one player's hand, from one computation of their perspective."""
    perspective = table.engine.perspective(table.state, seat) if table.state is not None else None
    return hand_embed(table, seat, lang, perspective), hand_view(table, seat, lang, perspective)


def hand_view(table: Table, seat: int, lang: str, perspective: Perspective | None = None) -> discord.ui.View:
    """The seat's candidate actions, disabled where the engine refuses them, plus a refresh button."""
    view = discord.ui.View(timeout=None)
    state = table.state
    if state is not None and table.record.status == "active":
        engine = table.engine
        renderer = renderer_for(table.record.game)
        candidates: list[Any] = list(engine.candidate_actions(state, seat))[:MAX_ACTIONS]
        if perspective is None:
            perspective = engine.perspective(state, seat)
        token = engine.decision_token(state, seat)
        for index, action in enumerate(candidates):
            legal = engine.refusal(state, seat, action) is None
            button = ActionButton(
                table.id,
                table.record.version,
                index,
                token,
                label=clip(renderer.action_label(table.record.game, action, perspective, lang), BUTTON_LABEL),
                style=discord.ButtonStyle.success if legal else discord.ButtonStyle.secondary,
                disabled=not legal,
            )
            button.row = index // PER_ROW
            view.add_item(button)
    refresh = RefreshButton(table.id, label=t(lang, "hand.button.refresh"))
    refresh.row = 4
    view.add_item(refresh)
    return view


def leave_confirm_view(table: Table, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(LeaveConfirmButton(table.id, label=t(lang, "table.button.leave_confirm")))
    return view
