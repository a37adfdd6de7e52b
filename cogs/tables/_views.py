"""Component layouts for the lobby, the table, a hand and the leave confirmation.

Layouts are bounded by construction: the lobby uses row 0 for its buttons and
one row per table option (at most four); a hand shows at most 20 action
buttons on rows 0-3 and its refresh button on row 4. A hand with a card pick
shows the card picker's selects on rows 0-2 first, then the other actions on
the rows left before row 4, and the picker's controls on row 4 (`_picker`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import t
from bot.services.clock import paces
from bot.services.tables import Table, TableService, option_value
from cogs.render.frame import hand_embed, lobby_embed, table_embed
from cogs.render.games import pick_option, renderer_for
from cogs.render.limits import BUTTON_LABEL, CONTENT, OPTION_TEXT, PER_ROW, SELECT_OPTIONS, clip
from cogs.render.text import duration, option_label, option_value_label, pace_summary
from cogs.tables import _ids, _picker
from cogs.tables._components import (
    ActionButton,
    ClockSelect,
    Components,
    HandButton,
    LeaveButton,
    LeaveConfirmButton,
    LobbyButton,
    OptionSelect,
    PauseButton,
    PickConfirmButton,
    PickPageButton,
    PickSelect,
    RefreshButton,
)
from engines.core import CardPick, Perspective, option_choices

log = logging.getLogger("cardroom.tables")

MAX_OPTION_ROWS = 4
MAX_ACTIONS = 4 * PER_ROW
PLACEHOLDER = 150  # Discord's limit on a select's placeholder
RANGE_LABEL = 20  # each end of the range of cards a select holds, in its placeholder


def lobby_view(table: Table, lang: str) -> discord.ui.View | None:
    if table.record.status != "lobby":
        return None
    view = Components()
    gid = table.id
    buttons = (
        ("join", discord.ButtonStyle.success),
        ("leave", discord.ButtonStyle.secondary),
        ("start", discord.ButtonStyle.primary),
        ("cancel", discord.ButtonStyle.danger),
        ("clock", discord.ButtonStyle.secondary),
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


def clock_panel(table: Table, lang: str) -> tuple[str, discord.ui.View]:
    """The host's private clock settings of a lobby: the pace and the timeouts in a row allowed."""
    clock = table.clock
    data = paces()
    pace = clock.pace if clock is not None else data.default
    timeouts = clock.timeouts if clock is not None else data.timeouts.default
    view = Components()
    pace_options = [
        discord.SelectOption(
            label=clip(t(lang, f"pace.{preset.name}"), OPTION_TEXT),
            value=preset.name,
            description=clip(
                t(
                    lang,
                    "clock.pace_detail",
                    bank=duration(preset.bank, lang),
                    increment=duration(preset.increment, lang),
                ),
                OPTION_TEXT,
            ),
            default=preset.name == pace,
        )
        for preset in data.paces[:SELECT_OPTIONS]
    ]
    pace_select = ClockSelect(table.id, "pace", pace_options, placeholder=clip(t(lang, "clock.pace"), OPTION_TEXT))
    pace_select.row = 0
    view.add_item(pace_select)
    timeout_options = [
        discord.SelectOption(
            label=clip(t(lang, "clock.timeouts_choice", count=count), OPTION_TEXT),
            value=str(count),
            default=count == timeouts,
        )
        for count in data.timeouts.choices[:SELECT_OPTIONS]
    ]
    timeout_select = ClockSelect(
        table.id, "timeouts", timeout_options, placeholder=clip(t(lang, "clock.timeouts"), OPTION_TEXT)
    )
    timeout_select.row = 1
    view.add_item(timeout_select)
    content = clip(t(lang, "clock.panel", summary=pace_summary(pace, timeouts, lang)), CONTENT)
    return content, view


def table_view(table: Table, lang: str) -> discord.ui.View | None:
    if table.record.status != "active":
        return None
    view = Components()
    view.add_item(HandButton(table.id, label=t(lang, "table.button.hand")))
    view.add_item(LeaveButton(table.id, label=t(lang, "table.button.leave")))
    clock = table.clock
    if clock is not None and table.result is None:
        op = "resume" if clock.paused else "pause"
        view.add_item(PauseButton(table.id, op, label=t(lang, f"table.button.{op}")))
    return view


def bell_view(table: Table, lang: str, *, in_table_channel: bool) -> discord.ui.View:
    """Under a turn notification: the player's hand (in the table's own channel) and a link to the table."""
    view = Components()
    if in_table_channel:
        view.add_item(HandButton(table.id, label=t(lang, "table.button.hand")))
    url = TableService.jump_url(table.record)
    view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, url=url, label=t(lang, "bell.go")))
    return view


def table_message(table: Table) -> tuple[discord.Embed, discord.ui.View | None]:
    """The public table message in the table's language: the lobby until the game starts, then the table."""
    lang = table.record.locale
    if table.state is None:
        return lobby_embed(table, lang), lobby_view(table, lang)
    return table_embed(table, lang), table_view(table, lang)


def hand_message(
    table: Table, seat: int, lang: str, *, page: int = 0, draft: Sequence[str] = ()
) -> tuple[discord.Embed, discord.ui.View]:
    """The embed and controls of one player's hand, from one computation of their perspective.

    `page` and `draft` are the card picker's page and the cards chosen so far (see `hand_view`).
    """
    perspective = table.engine.perspective(table.state, seat) if table.state is not None else None
    view = hand_view(table, seat, lang, perspective, page=page, draft=draft)
    return hand_embed(table, seat, lang, perspective), view


def picker_pick(table: Table, seat: int) -> CardPick | None:
    """The card pick the hand shows for `seat`, if any: one with cards that the picker can carry."""
    state = table.state
    if state is None or table.record.status != "active":
        return None
    pick = table.engine.card_pick(state, seat)
    if pick is None or not pick.cards or len(pick.cards) > _picker.MAX_PAGES * _picker.PAGE_SIZE:
        return None
    if pick.max > _ids.DRAFT_CARDS or not all(_ids.is_card(card) for card in pick.cards):
        log.warning("Card pick of %s cannot be carried by the picker; showing buttons", table.record.game)
        return None
    return pick


def hand_view(
    table: Table,
    seat: int,
    lang: str,
    perspective: Perspective | None = None,
    *,
    page: int = 0,
    draft: Sequence[str] = (),
) -> discord.ui.View:
    """The seat's candidate actions, disabled where the engine refuses them, plus a refresh button.

    When the engine asks the seat for a card pick, the candidate actions of that
    kind are offered by the card picker instead (`cogs.tables._picker`), on `page`
    with `draft` chosen; the other actions stay buttons, on the rows the picker leaves.
    """
    view = Components()
    state = table.state
    row_4: list[discord.ui.Item[Any]] = []
    if state is not None and table.record.status == "active":
        engine = table.engine
        renderer = renderer_for(table.record.game)
        pick = picker_pick(table, seat)
        candidates: list[Any] = list(engine.candidate_actions(state, seat))
        if perspective is None:
            perspective = engine.perspective(state, seat)
        token = engine.decision_token(state, seat)
        first_row = 0
        if pick is not None:
            first_row, row_4 = _add_picker(view, table, token, pick, lang, page, draft)
        buttons = [
            (index, action)
            for index, action in enumerate(candidates)
            if pick is None or getattr(action, "kind", None) != pick.kind
        ]
        for position, (index, action) in enumerate(buttons[: MAX_ACTIONS - first_row * PER_ROW]):
            legal = engine.refusal(state, seat, action) is None
            label = renderer.action_label(table.record.game, action, perspective, lang, names=table.names)
            button = ActionButton(
                table.id,
                table.record.version,
                index,
                token,
                label=clip(label, BUTTON_LABEL),
                style=discord.ButtonStyle.success if legal else discord.ButtonStyle.secondary,
                disabled=not legal,
            )
            button.row = first_row + position // PER_ROW
            view.add_item(button)
    refresh = RefreshButton(table.id, label=t(lang, "hand.button.refresh"))
    for item in [*row_4, refresh]:
        item.row = 4
        view.add_item(item)
    return view


def _card_text(game: str, card: str, lang: str) -> tuple[str, str | None]:
    label, description = pick_option(game, card, lang)
    return clip(label, OPTION_TEXT), None if not description else clip(description, OPTION_TEXT)


def _add_picker(
    view: discord.ui.View, table: Table, token: str, pick: CardPick, lang: str, page: int, draft: Sequence[str]
) -> tuple[int, list[discord.ui.Item[Any]]]:
    """Add the picker's selects on rows 0-2; returns the first free row and the row-4 controls."""
    game, gid, version = table.record.game, table.id, table.record.version
    single = _picker.is_single(pick)
    page = _picker.clamp_page(pick, page)
    try:
        chosen = [] if single else _picker.canonical(pick, draft)
        encoded = _ids.encode_draft(chosen)
    except ValueError:  # not a draft of this pick (the handlers refuse those first): start afresh
        chosen, encoded = [], ""
    flags = _picker.chosen_flags(pick.cards, chosen)
    values = _picker.option_values(pick.cards)
    prompt = clip(t(lang, pick.prompt, **pick.params), OPTION_TEXT)
    pages = _picker.page_count(pick)
    spans = _picker.page_spans(pick, page)
    for select, span in enumerate(spans):
        options = []
        for position in span:
            label, description = _card_text(game, pick.cards[position], lang)
            options.append(
                discord.SelectOption(
                    label=label, value=values[position], description=description, default=flags[position]
                )
            )
        placeholder = prompt
        if pages > 1 or len(spans) > 1:
            first = clip(options[0].label, RANGE_LABEL)
            last = clip(options[-1].label, RANGE_LABEL)
            placeholder = clip(f"{prompt} · {first} – {last}", PLACEHOLDER)
        item = PickSelect(
            gid,
            version,
            token,
            page,
            select,
            encoded,
            options=options,
            placeholder=placeholder,
            min_values=1 if single else 0,
            max_values=1 if single else min(len(options), pick.max),
        )
        item.row = select
        view.add_item(item)
    controls: list[discord.ui.Item[Any]] = []
    if not single:
        ready = pick.min <= len(chosen) <= pick.max
        controls.append(
            PickConfirmButton(
                gid, version, token, encoded, label=clip(t(lang, "pick.confirm"), BUTTON_LABEL), disabled=not ready
            )
        )
        if chosen:  # Clear is the current page with no draft: hidden when there is nothing to clear
            controls.append(
                PickPageButton(gid, version, token, page, "", label=clip(t(lang, "pick.clear"), BUTTON_LABEL))
            )
    if pages > 1:
        controls.append(PickPageButton(gid, version, token, max(page - 1, 0), encoded, emoji="◀️", disabled=page == 0))
        controls.append(
            PickPageButton(
                gid, version, token, min(page + 1, pages - 1), encoded, emoji="▶️", disabled=page == pages - 1
            )
        )
    return len(spans), controls


def pick_notice(table: Table, seat: int, lang: str, draft: Sequence[str]) -> str | None:
    """The message text above a multi-card pick: the cards chosen so far (None when none)."""
    pick = picker_pick(table, seat)
    if pick is None or _picker.is_single(pick) or not draft:
        return None
    cards = " ".join(_card_text(table.record.game, card, lang)[0] for card in draft)
    text = t(lang, "pick.selected", cards=cards, count=len(draft), min=pick.min, max=pick.max)
    return clip(text, CONTENT)


def leave_confirm_view(table: Table, lang: str) -> discord.ui.View:
    view = Components()
    view.add_item(LeaveConfirmButton(table.id, label=t(lang, "table.button.leave_confirm")))
    return view
