"""`/stats`, `/history` and `/replay` as embeds: a player's record per game, their recent games, and one step of a
finished game's replay.

A replay step shows the table as a spectator saw it then (`Engine.perspective` with viewer None, drawn by the
game's `table_fields` like the live table), the move that led there, and, since the game is over, what each seat
alone saw at that step, from that seat's own perspective. A game's renderer with the `seat_lines` hook words it
in the third person, hidden cards and secret choices only ("Hand: 8 9 10 10"); when no seat hides anything
(every card face up), there are no seat fields at all. Without the hook, each seat shows the part of the game's
`hand_fields` before its table summary (written for the player themself). Every embed stays within Discord's
limits by construction: the hands get a fixed share of the 6000 characters, cut per seat with "…", and the
table's fields fill what is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import list_of, t
from bot.ratings import PROVISIONAL_GAMES
from bot.services.replay import ReplayStep
from bot.services.tables import Table
from bot.storage import HistoryRow, StatsRow
from cogs.render.frame import COLOUR_OVER, clocked_out, recent_lines, standings, stopped_view
from cogs.render.games import Field, GameRenderer, renderer_for, seat_lines
from cogs.render.limits import (
    DESCRIPTION,
    EMBED_TOTAL,
    FIELD_NAME,
    FIELD_VALUE,
    FIELDS,
    FOOTER,
    TITLE,
    clip,
    fit_embed,
)
from cogs.render.rating import rating_value
from cogs.render.text import display_name, game_name, measure_text, stamp
from engines.core import Perspective, Withdraw

HISTORY_GAMES = 10  # games `/history` lists (one button each: two rows of five)
STATS_GAMES = 25  # lines of `/stats` (one per game; far more than there are games)
HEAD = 1000  # the most a replay's description takes (step, move, turn)
HANDS_SHARE = 2600  # the characters of a replay's embed kept for the seats' hands
EVENTS = 700  # the most the latest events take
MIN_FIELD = 40  # a table field is not started with less room than this
HAND_MARK = "🂠"
COLOUR_STATS = discord.Colour.gold()
COLOUR_REPLAY = COLOUR_OVER


# ----- /stats ---------------------------------------------------------------------------------------------------
def stats_line(row: StatsRow, lang: str) -> str:
    """ "**Pairs** — 12 games · 5 wins · rating 14.2 · #3 of 12", provisional marked."""
    provisional = t(lang, "stats.provisional") if row.rated < PROVISIONAL_GAMES else ""
    return t(
        lang,
        "stats.line",
        game=game_name(row.game, lang),
        games=t(lang, "stats.games", count=row.games),
        wins=t(lang, "stats.wins", count=row.wins),
        rating=rating_value(row.conservative, lang),
        provisional=provisional,
        rank=row.rank,
        ranked=row.ranked,
    )


def stats_embed(rows: Sequence[StatsRow], name: str, lang: str) -> discord.Embed:
    """One line per game the player finished in this server."""
    lines = [stats_line(row, lang) for row in rows[:STATS_GAMES]]
    embed = discord.Embed(
        title=clip(t(lang, "stats.title", name=display_name(name)), TITLE),
        description=clip("\n".join(lines), DESCRIPTION) if lines else t(lang, "stats.empty"),
        colour=COLOUR_STATS,
    )
    embed.set_footer(text=t(lang, "stats.footer", count=PROVISIONAL_GAMES))
    return fit_embed(embed)


# ----- /history -------------------------------------------------------------------------------------------------
def history_line(row: HistoryRow, lang: str) -> str:
    """ "`#12` **Pairs** · 3 days ago · place 1 of 3 · 🏆 · chips won: 4 · `/replay game:12`"."""
    return t(
        lang,
        "history.line_won" if row.won else "history.line",
        table_id=row.table_id,
        game=game_name(row.game, lang),
        when=stamp(row.finished_at),
        place=row.place,
        players=row.players,
        measure_name=t(lang, f"{row.game}.measure.name"),
        measure=measure_text(row.game, row.measure, lang, str(row.measure)),
    )


def history_embed(rows: Sequence[HistoryRow], name: str, lang: str) -> discord.Embed:
    """The player's recent finished games in this server, newest first, each with how to replay it."""
    lines = [history_line(row, lang) for row in rows[:HISTORY_GAMES]]
    embed = discord.Embed(
        title=clip(t(lang, "history.title", name=display_name(name)), TITLE),
        description=clip("\n".join(lines), DESCRIPTION) if lines else t(lang, "history.empty"),
        colour=COLOUR_STATS,
    )
    if lines:
        embed.set_footer(text=t(lang, "history.footer"))
    return fit_embed(embed)


def history_button_label(row: HistoryRow, lang: str) -> str:
    return t(lang, "history.button", table_id=row.table_id, game=game_name(row.game, lang))


# ----- /replay --------------------------------------------------------------------------------------------------
def move_text(table: Table, step: ReplayStep, lang: str) -> str:
    """The move that led to `step`: "**Bob**: Draw", "**Bob** left the game", or the deal."""
    if step.number == 0 or step.seat is None or step.before is None:
        return t(lang, "replay.deal")
    name = f"**{display_name(table.names[step.seat])}**" if 0 <= step.seat < len(table.names) else "?"
    if isinstance(step.action, Withdraw):
        return t(lang, "replay.withdrew", name=name)
    game = table.record.game
    view = table.engine.perspective(step.before, step.seat)
    label = renderer_for(game).action_label(step.action, view, lang, names=table.names)
    return t(lang, "replay.move", name=name, move=label)


def _turn(table: Table, step: ReplayStep, view: Perspective, lang: str) -> str:
    if step.is_last:
        return t(lang, "table.aborted") if table.record.status == "aborted" else t(lang, "table.over")
    if not view.to_act:
        return ""
    players = list_of(lang, [f"**{display_name(table.names[seat])}**" for seat in view.to_act])
    return t(lang, "table.waiting_for", players=players, count=len(view.to_act))


def _own_fields(
    renderer: GameRenderer[Any, Any], view: Perspective, names: Sequence[str], summary: str | None, lang: str
) -> list[Field]:
    """A seat's own part of its hand: the game's hand fields before the table summary they end with."""
    fields = renderer.hand_fields(view, names, lang)
    for index, field in enumerate(fields):
        if summary is not None and field.name == summary:
            return fields[:index]
    return fields[:1]


def _seat_values(table: Table, step: ReplayStep, lang: str) -> list[str]:
    """What each seat alone saw at `step`: the game's `seat_lines` (empty when no seat hides anything), else the
    start of each seat's own hand fields."""
    game = table.record.game
    names = table.names
    views = [table.engine.perspective(step.state, seat) for seat in range(step.state.players)]
    private = [seat_lines(game, view, names, lang) for view in views]
    if all(lines is not None for lines in private):
        if not any(private):
            return []
        return ["\n".join(lines or []) or t(lang, "replay_seat.nothing") for lines in private]
    renderer = renderer_for(game)
    spectator = renderer.hand_fields(table.engine.perspective(step.state, None), names, lang)
    summary = spectator[0].name if spectator else None
    values = []
    for view in views:
        own = _own_fields(renderer, view, names, summary, lang)
        parts = [field.value if index == 0 else f"**{field.name}**\n{field.value}" for index, field in enumerate(own)]
        values.append("\n".join(parts) or "—")
    return values


def hand_fields(table: Table, step: ReplayStep, lang: str) -> list[Field]:
    """What each seat alone saw at `step`, one field per seat (none if nothing is hidden), each cut to its share
    of the embed."""
    values = _seat_values(table, step, lang)
    share = min(FIELD_VALUE, HANDS_SHARE // max(len(values), 1))
    found = []
    for seat, value in enumerate(values):
        name = display_name(table.names[seat]) if seat < len(table.names) else "?"
        if seat in step.state.withdrawn:
            name = f"{name} {t(lang, 'table.left')}"
        found.append(Field(clip(f"{HAND_MARK} {name}", FIELD_NAME), clip(value, share), inline=True))
    return found


def _size(field: Field) -> int:
    return len(field.name) + len(field.value)


def replay_embed(table: Table, step: ReplayStep, lang: str) -> discord.Embed:
    """Step `step` of a finished game, privately: the table a spectator saw, the move, and every hand."""
    record = table.record
    game = record.game
    view: Any = table.engine.perspective(step.state, None)
    if step.is_last and record.status == "aborted":
        view = stopped_view(view)
    head = [
        t(lang, "replay.deal_step", steps=step.steps)
        if step.number == 0
        else t(lang, "replay.step", step=step.number, steps=step.steps),
        move_text(table, step, lang),
        _turn(table, step, view, lang),
    ]
    title = clip(t(lang, "replay.title", game=game_name(game, lang), table_id=record.id), TITLE)
    description = clip("\n".join(line for line in head if line), HEAD)
    footer = clip(t(lang, "replay.footer", table_id=record.id), FOOTER)
    embed = discord.Embed(title=title, description=description, colour=COLOUR_REPLAY)
    embed.set_footer(text=footer)

    first: list[Field] = []
    if step.is_last and table.result is not None and record.status == "finished":
        first.append(Field(t(lang, "table.standings"), clip(standings(table, lang), FIELD_VALUE)))
    hands = hand_fields(table, step, lang)
    recent = recent_lines(view.events, table.names, lang, out_of_time=clocked_out(table))
    events = [Field(t(lang, "table.events"), clip("\n".join(recent), EVENTS))] if recent else []
    room = EMBED_TOTAL - len(title) - len(description) - len(footer) - sum(map(_size, [*first, *hands, *events]))
    slots = FIELDS - len(first) - len(hands) - len(events)
    board: list[Field] = []
    for field in renderer_for(game).table_fields(view, table.names, lang):
        name = clip(field.name or "\u200b", FIELD_NAME)
        if len(board) >= slots or room - len(name) < MIN_FIELD:
            break
        value = clip(field.value or "\u200b", min(FIELD_VALUE, room - len(name)))
        board.append(Field(name, value, field.inline))
        room -= len(name) + len(value)
    for field in [*first, *board, *events, *hands]:
        embed.add_field(name=field.name, value=field.value, inline=field.inline)
    return fit_embed(embed)


def step_option_label(table: Table, number: int, mover: int | None, lang: str) -> str:
    """A step in the "jump to" menu: "Move 12 · Bob", or the deal."""
    if number == 0 or mover is None:
        return t(lang, "replay.option_deal")
    name = table.names[mover] if 0 <= mover < len(table.names) else "?"
    return t(lang, "replay.option", step=number, name=name)
