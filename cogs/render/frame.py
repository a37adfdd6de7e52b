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
from cogs.render.text import display_name, event_line, game_name, option_label, option_value_label
from engines.core import Perspective, option_choices

RECENT_EVENTS = 6
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
    status = {"lobby": "lobby.waiting", "aborted": "lobby.cancelled"}.get(record.status, "lobby.started")
    if record.status == "aborted" and record.ended_by is None:
        status = "lobby.expired"  # nobody closed it: it was not started in time
    embed.add_field(name="\u200b", value=t(lang, status), inline=False)
    embed.set_footer(text=_footer(table, lang))
    return fit_embed(embed)


def turn_line(table: Table, lang: str) -> str:
    if table.record.status == "aborted":
        return t(lang, "table.aborted")
    if table.result is not None:
        return t(lang, "table.over")
    waiting = ", ".join(f"**{display_name(table.names[seat])}**" for seat in table.to_act)
    return t(lang, "table.waiting_for", players=waiting)


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
        description=turn_line(table, lang),
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
        prompt = t(lang, "hand.your_turn")
    else:
        prompt = turn_line(table, lang)
    embed = discord.Embed(
        title=t(lang, "hand.title", game=game_name(record.game, lang), name=display_name(table.names[seat])),
        description=prompt,
        colour=COLOUR_PLAYING,
    )
    for field in renderer.hand_fields(view, table.names, lang):
        embed.add_field(name=field.name, value=field.value, inline=field.inline)
    embed.set_footer(text=_footer(table, lang))
    return fit_embed(embed)
