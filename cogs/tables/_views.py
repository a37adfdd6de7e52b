"""Component layouts for the lobby, the table, a hand and the leave confirmation.

Layouts are bounded by construction: the lobby uses rows 0 and 1 for its buttons,
and the host's table options panel one row per game option (at most four) and
row 4 for the table's language; a hand shows its action buttons on rows 0-3
and its refresh button on row 4 (up to 4 more moves go beside it, so at most
24: a 5-player Full of Dollars turn may offer 21). A hand with a card pick
shows the card picker's selects on rows 0-2 first, then the other actions on
the rows left before row 4, and the picker's controls on row 4 (`_picker`).
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from typing import Any

import discord

from bot.i18n import LANGUAGES, t
from bot.seating import is_computer
from bot.services.away import AWAY_CHOICES
from bot.services.clock import paces
from bot.services.fairness import Verification, short
from bot.services.log import LogEntry
from bot.services.tables import Table, option_value, table_url
from cogs.kit.layout import ButtonLook, Layout, link
from cogs.render.faces import card_emoji, plain_faces
from cogs.render.frame import Place, clocked_out, hand_embed, lobby_embed, table_embed, table_event_line
from cogs.render.games import Tone, action_emoji, action_tone, draft_feedback, pick_option, renderer_for
from cogs.render.limits import BUTTON_LABEL, CONTENT, OPTION_TEXT, PER_ROW, SELECT_OPTIONS, clip, fit_embed
from cogs.render.text import duration, game_name, message, option_label, option_value_label, pace_summary
from cogs.tables import _draft, _picker
from cogs.tables._components import (
    Clock,
    Computers,
    Hand,
    Language,
    Leave,
    LeaveConfirm,
    Lobby,
    LogPage,
    Move,
    Option,
    Pause,
    Pick,
    PickConfirm,
    PickPage,
    Refresh,
    Rematch,
    Thread,
)
from cogs.tables._premoves import add_premove_buttons
from engines.core import CardPick, Event, Perspective, option_choices
from engines.core.computer import LEVELS

log = logging.getLogger("cardroom.tables")

MAX_ACTIONS = 4 * PER_ROW
PLACEHOLDER = 150  # Discord's limit on a select's placeholder
LOG_LINE = 200  # the longest line of a public log
RANGE_LABEL = 20  # each end of the range of cards a select holds, in its placeholder


LANGUAGE_ROW = 4  # the table options panel: one row per game option, then the language


def lobby_view(table: Table, lang: str) -> discord.ui.View | None:
    """The lobby's buttons: seats on row 0 (Start enabled once enough players are seated), the host's
    settings on row 1 (each opens a private panel: the table options, the clock, the computer players)."""
    if table.record.status != "lobby":
        return None
    view = Layout()
    gid = table.id
    ready = len(table.record.seats) >= table.engine.min_players
    buttons: tuple[tuple[str, discord.ButtonStyle, str | None, int, bool], ...] = (
        ("join", discord.ButtonStyle.success, None, 0, False),
        ("leave", discord.ButtonStyle.secondary, None, 0, False),
        ("start", discord.ButtonStyle.primary, None, 0, not ready),
        ("cancel", discord.ButtonStyle.danger, None, 0, False),
        ("options", discord.ButtonStyle.secondary, "⚙️", 1, False),
        ("clock", discord.ButtonStyle.secondary, "⏱️", 1, False),
        ("computers", discord.ButtonStyle.secondary, "🤖", 1, False),
    )
    for op, style, emoji, row, disabled in buttons:
        label = clip(t(lang, f"lobby.button.{op}"), BUTTON_LABEL)
        view.add_button(Lobby(gid, op).button(label, style=style, emoji=emoji, disabled=disabled), row)
    return view


def options_panel(table: Table, lang: str) -> tuple[str, discord.ui.View]:
    """The host's private table options of a lobby: one select per game option, then the table's language."""
    view = Layout()
    game = table.record.game
    for row, (field, choices) in enumerate(list(option_choices(table.engine.options_model).items())[:LANGUAGE_ROW]):
        current = option_value(table.record.options.get(field))
        select_options = [
            discord.SelectOption(
                label=clip(option_value_label(game, field, option_value(choice), lang), OPTION_TEXT),
                value=option_value(choice),
                default=option_value(choice) == current,
            )
            for choice in choices[:SELECT_OPTIONS]
        ]
        placeholder = clip(option_label(game, field, lang), OPTION_TEXT)
        view.add_item(Option(table.id, field).menu(select_options, row=row, placeholder=placeholder))
    languages = [
        discord.SelectOption(
            label=clip(t(lang, f"lobby.language.{code}"), OPTION_TEXT),
            value=code,
            default=code == table.record.locale,
        )
        for code in LANGUAGES
    ]
    placeholder = clip(t(lang, "lobby.language"), OPTION_TEXT)
    view.add_item(Language(table.id).menu(languages, row=LANGUAGE_ROW, placeholder=placeholder))
    return clip(t(lang, "lobby.options_panel", game=game_name(game, lang)), CONTENT), view


def busy_view(game: str, lang: str) -> discord.ui.View:
    """Under the refusal of a /play in a busy channel: open the table in a new thread instead."""
    view = Layout()
    view.add_button(Thread(game).button(clip(t(lang, "lobby.button.thread"), BUTTON_LABEL)), 0)
    return view


def clock_panel(table: Table, lang: str) -> tuple[str, discord.ui.View]:
    """The host's private clock settings of a lobby: the pace and the timeouts in a row allowed."""
    clock = table.clock
    data = paces()
    pace = clock.pace if clock is not None else data.default
    timeouts = clock.timeouts if clock is not None else data.timeouts.default
    view = Layout()
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
    view.add_item(
        Clock(table.id, "pace").menu(pace_options, row=0, placeholder=clip(t(lang, "clock.pace"), OPTION_TEXT))
    )
    timeout_options = [
        discord.SelectOption(
            label=clip(t(lang, "clock.timeouts_choice", count=count), OPTION_TEXT),
            value=str(count),
            default=count == timeouts,
        )
        for count in data.timeouts.choices[:SELECT_OPTIONS]
    ]
    placeholder = clip(t(lang, "clock.timeouts"), OPTION_TEXT)
    view.add_item(Clock(table.id, "timeouts").menu(timeout_options, row=1, placeholder=placeholder))
    auto = clock.auto if clock is not None else "computer"
    auto_options = [
        discord.SelectOption(
            label=clip(t(lang, f"clock.auto.{choice}"), OPTION_TEXT),
            value=choice,
            description=clip(t(lang, f"clock.auto.{choice}.detail"), OPTION_TEXT),
            default=choice == auto,
        )
        for choice in ("computer", "default")
    ]
    view.add_item(
        Clock(table.id, "auto").menu(auto_options, row=2, placeholder=clip(t(lang, "clock.auto"), OPTION_TEXT))
    )
    allowed = clock.away_allowed if clock is not None else True
    away_options = [
        discord.SelectOption(
            label=clip(t(lang, f"away_auto.panel.{choice}"), OPTION_TEXT),
            value=choice,
            description=clip(t(lang, f"away_auto.panel.{choice}.detail"), OPTION_TEXT),
            default=(choice == "on") == allowed,
        )
        for choice in AWAY_CHOICES
    ]
    placeholder = clip(t(lang, "away_auto.panel"), OPTION_TEXT)
    view.add_item(Clock(table.id, "away").menu(away_options, row=3, placeholder=placeholder))
    content = clip(t(lang, "clock.panel", summary=pace_summary(pace, timeouts, lang)), CONTENT)
    return content, view


def computers_panel(table: Table, lang: str) -> tuple[str, discord.ui.View]:
    """The host's private computer seats of a lobby: seat one of a level (while a seat is free), take one away."""
    view = Layout()
    seats = table.record.seats
    if len(seats) < table.engine.max_players:
        levels = [
            discord.SelectOption(
                label=clip(t(lang, f"computer.level.{level}"), OPTION_TEXT),
                value=level,
                description=clip(t(lang, f"computer.level.{level}.detail"), OPTION_TEXT),
                emoji="🤖",
            )
            for level in LEVELS
        ]
        placeholder = clip(t(lang, "computer.add"), OPTION_TEXT)
        view.add_item(Computers(table.id, "add").menu(levels, row=0, placeholder=placeholder))
    seated = [
        discord.SelectOption(label=clip(seat.name, OPTION_TEXT), value=str(index))
        for index, seat in enumerate(seats)
        if is_computer(seat.user_id)
    ][:SELECT_OPTIONS]
    if seated:
        placeholder = clip(t(lang, "computer.remove"), OPTION_TEXT)
        view.add_item(Computers(table.id, "remove").menu(seated, row=1, placeholder=placeholder))
    count = sum(1 for seat in seats if is_computer(seat.user_id))
    text = t(lang, "computer.panel", game=game_name(table.record.game, lang), count=count)
    if len(seats) >= table.engine.max_players:
        text += "\n" + t(lang, "computer.full", max=table.engine.max_players)
    return clip(text, CONTENT), view


def table_view(table: Table, lang: str) -> discord.ui.View | None:
    """A running table's controls; a finished one offers its players a rematch; an aborted one has none."""
    if table.record.status == "finished":
        view = Layout()
        view.add_button(Rematch(table.id).button(clip(t(lang, "table.button.rematch"), BUTTON_LABEL)), 0)
        return view
    if table.record.status != "active":
        return None
    view = Layout()
    view.add_button(Hand(table.id).button(t(lang, "table.button.hand")), 0)
    view.add_button(Leave(table.id).button(t(lang, "table.button.leave")), 0)
    clock = table.clock
    if clock is not None and table.result is None:
        op = "resume" if clock.paused else "pause"
        emoji = "⏸️" if op == "pause" else "▶️"
        view.add_button(Pause(table.id, op).button(t(lang, f"table.button.{op}"), emoji=emoji), 0)
    return view


def bell_view(table: Table, lang: str, *, in_table_channel: bool) -> discord.ui.View:
    """Under a turn notification: the player's hand (in the table's own channel) and a link to the table."""
    view = Layout()
    if in_table_channel:
        view.add_button(Hand(table.id).button(t(lang, "table.button.hand")), 0)
    view.add_button(link(table_url(table.record), t(lang, "bell.go")), 0)
    return view


def table_message(table: Table) -> tuple[discord.Embed, discord.ui.View | None]:
    """The public table message in the table's language: the lobby until the game starts, then the table."""
    lang = table.record.locale
    if table.state is None:
        return lobby_embed(table, lang), lobby_view(table, lang)
    return table_embed(table, lang), table_view(table, lang)


def hand_message(
    table: Table,
    seat: int,
    lang: str,
    *,
    page: int = 0,
    draft: Sequence[str] = (),
    news: Sequence[Event] = (),
    confirm: int | None = None,
    perspective: Perspective | None = None,
    place: Place | None = None,
) -> tuple[discord.Embed, discord.ui.View]:
    """The embed and controls of one player's hand, from one computation of their perspective.

    `page` and `draft` are the card picker's page and the cards chosen so far (see `hand_view`);
    `news` the secret events to tell since their last look; `confirm` the index of a costly move
    whose question the hand asks instead of its usual controls; `perspective` the seat's own, if
    already computed; `place` the names of the table's server and channel, for the hand's header.
    """
    if perspective is None and table.state is not None:
        perspective = table.perspective(seat)
    view = hand_view(table, seat, lang, perspective, page=page, draft=draft, confirm=confirm)
    return hand_embed(table, seat, lang, perspective, news=news, place=place), view


def add_onward(view: discord.ui.View, look: ButtonLook) -> None:
    """Add "Next table (n)" (`_next`) to a hand's controls: on the last row with room, from row 4 up; left out
    when every row is full (a hand of 24 moves)."""
    if not isinstance(view, Layout):
        return
    for row in range(4, -1, -1):
        try:
            view.add_button(look, row)
        except ValueError:
            continue
        return


_STYLES: dict[Tone, discord.ButtonStyle] = {
    "expected": discord.ButtonStyle.success,
    "choice": discord.ButtonStyle.primary,
    "danger": discord.ButtonStyle.danger,
}


def move_texts(
    table: Table, seat: int, action: Any, perspective: Perspective, lang: str, *, legal: bool = True
) -> tuple[str, str | None]:
    """A move's label and, for a legal move that costs its player, the phrase of its cost (else None)."""
    assert table.state is not None
    game = table.record.game
    label = renderer_for(game).action_label(action, perspective, lang, names=table.names)
    consequence = table.engine.consequence(table.state, seat, action) if legal else None
    cost = None if consequence is None else message(lang, consequence.key, dict(consequence.params), table.names)
    return label, cost


def move_label(
    table: Table, seat: int, action: Any, perspective: Perspective, lang: str, *, legal: bool = True
) -> tuple[str, bool]:
    """A move's button label, with its consequence when it costs its player; and whether it does."""
    label, cost = move_texts(table, seat, action, perspective, lang, legal=legal)
    if cost is None:
        return label, False
    return t(lang, "hand.consequence_label", move=label, consequence=cost), True


def confirm_question(table: Table, seat: int, index: int, lang: str) -> str | None:
    """ "⚠️ Play 10: you are out and pay 10. Are you sure?" for a costly move, else None.

    Called on every move's click: a harmless move costs the seat's decision (which `act` then reuses) and one
    consequence check, and no perspective.
    """
    state = table.state
    if state is None:
        return None
    decision = table.decision(seat)
    if not 0 <= index < len(decision.candidates) or not decision.legal[index]:
        return None
    action = decision.candidates[index]
    if table.engine.consequence(state, seat, action) is None:
        return None
    move, cost = move_texts(table, seat, action, table.perspective(seat), lang)
    return clip(t(lang, "hand.confirm", move=move, consequence=cost), CONTENT)


def picker_pick(table: Table, seat: int) -> CardPick | None:
    """The card pick the hand shows for `seat`, if any: one with cards that the picker can carry."""
    state = table.state
    if state is None or table.record.status != "active":
        return None
    pick = table.engine.card_pick(state, seat)
    if pick is None or not pick.cards or len(pick.cards) > _picker.MAX_PAGES * _picker.PAGE_SIZE:
        return None
    if pick.max > _draft.DRAFT_CARDS or not all(_draft.is_card(card) for card in pick.cards):
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
    confirm: int | None = None,
) -> discord.ui.View:
    """The seat's candidate actions, disabled where the engine refuses them, plus a refresh button.

    A legal move's colour says what it is (`cogs.render.games.Tone`): a move that costs its
    player carries its consequence on its label, in red, and asks to confirm first (`confirm`:
    the index of the move being confirmed, whose "Yes" and "No" then replace the controls).
    When the engine asks the seat for a card pick, the candidate actions of that
    kind are offered by the card picker instead (`_picker`), on `page`
    with `draft` chosen; the other actions stay buttons, on the rows the picker leaves.
    """
    view = Layout()
    state = table.state
    row_4: list[ButtonLook] = []
    refresh_label = t(lang, "hand.button.refresh")
    if state is not None and table.record.status == "active":
        game = table.record.game
        decision = table.decision(seat)
        candidates = decision.candidates
        if perspective is None:
            perspective = table.perspective(seat)
        token = decision.token
        if confirm is not None and 0 <= confirm < len(candidates):
            label, _ = move_label(table, seat, candidates[confirm], perspective, lang)
            yes = Move(table.id, table.record.version, confirm, token, confirmed=True).button(
                clip(t(lang, "hand.button.confirm", move=label), BUTTON_LABEL), style=discord.ButtonStyle.danger
            )
            view.add_button(yes, 0)
            view.add_button(Refresh(table.id).button(clip(t(lang, "hand.button.cancel"), BUTTON_LABEL)), 0)
            return view
        pick = picker_pick(table, seat)
        first_row = 0
        if pick is not None:
            first_row, row_4 = _add_picker(view, table, token, pick, lang, page, draft, perspective)
        buttons = [
            (index, action)
            for index, action in enumerate(candidates)
            if pick is None or getattr(action, "kind", None) != pick.kind
        ]
        spare = max(0, PER_ROW - 1 - len(row_4))  # row 4 holds more moves beside Refresh (and the picker's)
        for position, (index, action) in enumerate(buttons[: MAX_ACTIONS - first_row * PER_ROW + spare]):
            legal = decision.legal[index]
            label, costly = move_label(table, seat, action, perspective, lang, legal=legal)
            tone: Tone = "danger" if costly else action_tone(game, action, perspective)
            button = Move(table.id, table.record.version, index, token).button(
                clip(label, BUTTON_LABEL),
                emoji=action_emoji(game, action, perspective, lang),
                style=_STYLES[tone] if legal else discord.ButtonStyle.secondary,
                disabled=not legal,
            )
            view.add_button(button, min(first_row + position // PER_ROW, 4))
    for look in row_4:
        view.add_button(look, 4)
    view.add_button(Refresh(table.id).button(refresh_label), 4)
    add_premove_buttons(view, table, seat, lang, perspective)
    return view


def _card_text(
    game: str, card: str, lang: str, pick: CardPick | None = None, names: Sequence[str] = ()
) -> tuple[str, str | None]:
    with plain_faces():  # an option shows no emoji markup: its picture is its `emoji=` (`card_emoji`)
        label, description = pick_option(game, card, lang, pick, names)
    return clip(label, OPTION_TEXT), None if not description else clip(description, OPTION_TEXT)


def _add_picker(
    view: Layout,
    table: Table,
    token: str,
    pick: CardPick,
    lang: str,
    page: int,
    draft: Sequence[str],
    perspective: Perspective | None = None,
) -> tuple[int, list[ButtonLook]]:
    """Add the picker's selects on rows 0-2; returns the first free row and the row-4 controls.

    Confirm is enabled when the draft holds between `pick.min` and `pick.max` cards and the game, asked
    through its `draft_feedback` hook with the player's `perspective`, does not say it is not ready.
    """
    game, gid, version = table.record.game, table.id, table.record.version
    single = _picker.is_single(pick)
    page = _picker.clamp_page(pick, page)
    try:
        chosen = [] if single else _picker.canonical(pick, draft)
        encoded = _draft.encode_draft(chosen)
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
            label, description = _card_text(game, pick.cards[position], lang, pick, table.names)
            options.append(
                discord.SelectOption(
                    label=label,
                    value=values[position],
                    description=description,
                    default=flags[position],
                    emoji=card_emoji(game, pick.cards[position], lang),
                )
            )
        placeholder = prompt
        if pages > 1 or len(spans) > 1:
            first = clip(options[0].label, RANGE_LABEL)
            last = clip(options[-1].label, RANGE_LABEL)
            placeholder = clip(f"{prompt} · {first} – {last}", PLACEHOLDER)
        item = Pick(gid, version, token, page, select, encoded).menu(
            options,
            row=select,
            placeholder=placeholder,
            min_values=1 if single else 0,
            max_values=1 if single else min(len(options), pick.max),
        )
        view.add_item(item)
    controls: list[ButtonLook] = []
    if not single:
        feedback = draft_feedback(game, perspective, chosen, lang) if perspective is not None else None
        ready = pick.min <= len(chosen) <= pick.max and (feedback is None or feedback[1])
        confirm = PickConfirm(gid, version, token, encoded)
        controls.append(confirm.button(clip(t(lang, "pick.confirm"), BUTTON_LABEL), disabled=not ready))
        if chosen:  # Clear is the current page with no draft: hidden when there is nothing to clear
            controls.append(PickPage(gid, version, token, page, "").button(clip(t(lang, "pick.clear"), BUTTON_LABEL)))
    if pages > 1:
        back = PickPage(gid, version, token, max(page - 1, 0), encoded)
        controls.append(back.button(emoji="◀️", disabled=page == 0))
        ahead = PickPage(gid, version, token, min(page + 1, pages - 1), encoded)
        controls.append(ahead.button(emoji="▶️", disabled=page == pages - 1))
    return len(spans), controls


def pick_notice(table: Table, seat: int, lang: str, draft: Sequence[str]) -> str | None:
    """The message text above a multi-card pick: the cards chosen so far, then what the game says of them
    (its `draft_feedback`: "❌ pair of 3s does not beat three Kings"); None when none are chosen."""
    pick = picker_pick(table, seat)
    if pick is None or _picker.is_single(pick) or not draft or table.state is None:
        return None
    game = table.record.game
    cards = " ".join(_card_text(game, card, lang, pick, table.names)[0] for card in draft)
    text = t(lang, "pick.selected", cards=cards, count=len(draft), min=pick.min, max=pick.max)
    feedback = draft_feedback(game, table.perspective(seat), draft, lang)
    if feedback is not None and feedback[0]:
        text = f"{text}\n{feedback[0]}"
    return clip(text, CONTENT)


def leave_confirm_view(table: Table, lang: str) -> discord.ui.View:
    view = Layout()
    view.add_button(LeaveConfirm(table.id).button(t(lang, "table.button.leave_confirm")), 0)
    return view


LOG_LINES = 15  # event lines per page of a public log


def log_pages(
    entries: Sequence[LogEntry], names: Sequence[str], lang: str, out_of_time: Collection[int] = ()
) -> list[list[str]]:
    """A public log as pages of lines, oldest first: "`12` bob took 3 cards" (move 0 is the deal); only the first
    page may be short. A seat the clock withdrew (`out_of_time`) ran out of time, it did not leave."""
    lines = [
        clip(f"`{entry.move}` {table_event_line(event, names, lang, out_of_time)}", LOG_LINE)
        for entry in entries
        for event in entry.events
    ]
    # Pages are counted back from the latest move, so the page a log opens at (the last) is a full one.
    ends = range(len(lines), 0, -LOG_LINES)
    return [lines[max(0, end - LOG_LINES) : end] for end in reversed(ends)] or [[]]


def log_message(
    table: Table, entries: Sequence[LogEntry], page: int | None, lang: str
) -> tuple[discord.Embed, discord.ui.View]:
    """One page of the table's public log (the latest when `page` is None), with ◀ ▶ to turn pages."""
    pages = log_pages(entries, table.names, lang, clocked_out(table))
    shown = len(pages) - 1 if page is None else max(0, min(page, len(pages) - 1))
    lines = pages[shown]
    embed = discord.Embed(
        title=t(lang, "log.title", game=game_name(table.record.game, lang), table_id=table.id),
        description="\n".join(lines) if lines else t(lang, "log.empty"),
        colour=discord.Colour.dark_grey(),
    )
    embed.set_footer(text=t(lang, "log.page", page=shown + 1, pages=len(pages)))
    view = Layout()
    if len(pages) > 1:
        view.add_button(LogPage(table.id, max(shown - 1, 0)).button(emoji="◀️", disabled=shown == 0), 0)
        last = len(pages) - 1
        view.add_button(LogPage(table.id, min(shown + 1, last)).button(disabled=shown == last), 0)
    return fit_embed(embed), view


def verification_embed(table: Table, found: Verification, lang: str) -> discord.Embed:
    """The answer of `/verify`: what the check found, and the seed, salt and full commitment behind it."""
    if found.ok:
        verdict = t(lang, "verify.ok", commitment=short(found.commitment), moves=found.moves)
    else:
        problem = t(lang, found.problem or "", step=found.step or 0)
        verdict = t(lang, "verify.failed", problem=problem)
    details = t(lang, "verify.details", seed=found.seed, salt=found.salt, full=found.commitment)
    embed = discord.Embed(
        title=t(lang, "verify.title", table_id=table.id),
        description=f"{verdict}\n\n{details}" if found.salt else verdict,
        colour=discord.Colour.green() if found.ok else discord.Colour.red(),
    )
    return fit_embed(embed)
