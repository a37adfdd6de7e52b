"""The embeds every game shares: lobby, table, hand, standings.

The table is always rendered from the spectator's perspective (viewer None)
and a hand from its own player's perspective: hidden information reaches an
embed only through `Engine.perspective`.
"""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.services.tables import Table, option_value
from cogs.render.games import renderer_for
from cogs.render.limits import fit_embed
from cogs.render.text import (
    display_name,
    duration,
    event_line,
    game_name,
    option_label,
    option_value_label,
    pace_summary,
    stamp,
)
from engines.core import Perspective, option_choices

RECENT_EVENTS = 6
TIMEOUT_SHOWN = 3  # moves during which the table still says the clock played for someone
COLOUR_LOBBY = discord.Colour.blurple()
COLOUR_PLAYING = discord.Colour.green()
COLOUR_OVER = discord.Colour.dark_grey()


def _footer(table: Table, lang: str) -> str:
    return t(lang, "table.footer", game_id=table.id, version=table.record.version)


def lobby_embed(table: Table, lang: str) -> discord.Embed:
    record = table.record
    engine = table.engine
    embed = discord.Embed(
        title=t(
            lang,
            "lobby.title_closed" if record.status == "aborted" else "lobby.title",
            game=game_name(record.game, lang),
        ),
        description=t(lang, f"{record.game}.summary"),
        colour=COLOUR_LOBBY if record.status == "lobby" else COLOUR_OVER,
    )
    seats = "\n".join(
        f"{i + 1}. {display_name(seat.name)}" + (" 👑" if seat.user_id == record.host_id else "")
        for i, seat in enumerate(record.seats)
    )
    embed.add_field(
        name=t(lang, "lobby.seats", count=len(record.seats), min=engine.min_players, max=engine.max_players),
        value=seats or "—",
        inline=False,
    )
    options = [
        f"{option_label(record.game, field, lang)}: **"
        f"{option_value_label(record.game, field, option_value(record.options.get(field)), lang)}**"
        for field in option_choices(engine.options_model)
    ]
    if options:
        embed.add_field(name=t(lang, "lobby.options"), value="\n".join(options), inline=False)
    clock = table.clock
    if clock is not None:
        embed.add_field(name=t(lang, "lobby.clock"), value=pace_summary(clock.pace, clock.timeouts, lang), inline=False)
    status = {"lobby": "lobby.waiting", "aborted": "lobby.cancelled"}.get(record.status, "lobby.started")
    if record.status == "aborted" and record.ended_by is None:
        status = "lobby.expired"  # nobody closed it: it was not started in time
    embed.add_field(name="\u200b", value=t(lang, status), inline=False)
    embed.set_footer(text=_footer(table, lang))
    return fit_embed(embed)


def deadline_mark(table: Table, seat: int) -> str:
    """ " ⏰ <t:…:R>" after a player who must decide, as a Discord timestamp each reader sees in their own time."""
    due = table.deadline(seat)
    return "" if due is None else f" ⏰ {stamp(due)}"


def turn_line(table: Table, lang: str) -> str:
    if table.record.status == "aborted":
        return t(lang, "table.aborted")
    if table.result is not None:
        return t(lang, "table.over")
    waiting = ", ".join(f"**{display_name(table.names[seat])}**{deadline_mark(table, seat)}" for seat in table.to_act)
    return t(lang, "table.waiting_for", players=waiting)


def clock_lines(table: Table, lang: str) -> list[str]:
    """What the clock has to say on the table: paused, and who ran out of time lately."""
    clock = table.clock
    if clock is None or table.record.status != "active":
        return []
    lines = []
    if clock.paused:
        lines.append(t(lang, "table.paused"))
    if clock.timed_out is not None:
        seat, version = clock.timed_out
        if table.record.version - version < TIMEOUT_SHOWN and seat < len(table.names):
            name = display_name(table.names[seat])
            key = "table.clocked_out" if seat in clock.clocked_out else "table.timed_out"
            lines.append(t(lang, key, name=name, count=clock.seats[seat].timeouts, limit=clock.timeouts))
    return lines


def standings(table: Table, lang: str) -> str:
    result = table.result
    if result is None:
        return ""
    order = sorted(range(len(result.places)), key=lambda seat: (result.places[seat], seat))
    lines = []
    for seat in order:
        medal = "🏆 " if seat in result.winners else ""
        measure = f"{t(lang, result.measure_key)}: {result.measure[seat]}"
        left = " " + t(lang, "table.left") if table.state is not None and seat in table.state.withdrawn else ""
        if table.clock is not None and seat in table.clock.clocked_out:
            left = " " + t(lang, "table.left_clock")
        lines.append(f"{result.places[seat]}. {medal}{display_name(table.names[seat])} — {measure}{left}")
    return "\n".join(lines)


def table_embed(table: Table, lang: str) -> discord.Embed:
    """The public table: what everyone may see."""
    assert table.state is not None
    record = table.record
    view = table.engine.perspective(table.state, None)
    renderer = renderer_for(record.game)
    over = table.result is not None or record.status == "aborted"
    embed = discord.Embed(
        title=t(lang, "table.title", game=game_name(record.game, lang)),
        description="\n".join([turn_line(table, lang), *clock_lines(table, lang)]),
        colour=COLOUR_OVER if over else COLOUR_PLAYING,
    )
    if table.result is not None:
        embed.add_field(name=t(lang, "table.standings"), value=standings(table, lang), inline=False)
    for field in renderer.table_fields(view, table.names, lang):
        embed.add_field(name=field.name, value=field.value, inline=field.inline)
    recent = [event_line(e, table.names, lang) for e in view.events[-RECENT_EVENTS:]]
    if recent:
        embed.add_field(name=t(lang, "table.events"), value="\n".join(recent), inline=False)
    embed.set_footer(text=_footer(table, lang))
    return fit_embed(embed)


def hand_embed(table: Table, seat: int, lang: str, view: Perspective | None = None) -> discord.Embed:
    """One player's private view: their own perspective (`view`, computed if not given), for an ephemeral message."""
    assert table.state is not None
    record = table.record
    if view is None:
        view = table.engine.perspective(table.state, seat)
    renderer = renderer_for(record.game)
    if table.result is not None or record.status != "active":
        prompt = turn_line(table, lang)
    elif seat in view.to_act:
        prompt = t(lang, "hand.your_turn") + deadline_mark(table, seat)
    else:
        prompt = turn_line(table, lang)
    clock = table.clock
    if clock is not None and record.status == "active" and table.result is None and seat < len(clock.seats):
        prompt = "\n".join([prompt, *clock_lines(table, lang)])
        if seat not in view.to_act:
            prompt += "\n" + t(lang, "hand.bank", left=duration(max(clock.seats[seat].bank, 0.0), lang))
    embed = discord.Embed(
        title=t(lang, "hand.title", game=game_name(record.game, lang), name=display_name(table.names[seat])),
        description=prompt,
        colour=COLOUR_PLAYING,
    )
    for field in renderer.hand_fields(view, table.names, lang):
        embed.add_field(name=field.name, value=field.value, inline=field.inline)
    embed.set_footer(text=_footer(table, lang))
    return fit_embed(embed)
