"""The embeds every game shares: lobby, table, hand, standings.

The table is always rendered from the spectator's perspective (viewer None)
and a hand from its own player's perspective: hidden information reaches an
embed only through `Engine.perspective`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TypeVar

import discord

from bot.i18n import list_of, t
from bot.services.fairness import commitment, short
from bot.services.tables import Table, option_value, table_url
from cogs.render.games import decision_text, renderer_for
from cogs.render.limits import TITLE, clip, fit_embed
from cogs.render.rating import rating_change
from cogs.render.text import (
    display_name,
    duration,
    event_line,
    game_name,
    measure_text,
    message,
    option_label,
    option_value_label,
    pace_summary,
    seat_name,
    stamp,
)
from engines.core import Event, Perspective, Result, option_choices

P = TypeVar("P", bound=Perspective)

RECENT_EVENTS = 6
LATEST_MARK = "▶"  # before the last move, listed first
EARLIER_MARK = "·"
NEWS_SHOWN = 4  # secret events told at the top of a hand, newest last
TIMEOUT_SHOWN = 3  # moves during which the table still says the clock played for someone
COLOUR_LOBBY = discord.Colour.blurple()
COLOUR_PLAYING = discord.Colour.green()
COLOUR_OVER = discord.Colour.dark_grey()


def _footer(table: Table, lang: str) -> str:
    """ "Table #12 · move 9 · 🔒 1a2b3c4d5e6f7a8b": the commitment to the seed, from the game's start."""
    footer = t(lang, "table.footer", table_id=table.id, version=table.record.version)
    record = table.record
    if record.salt is not None and table.state is not None:
        footer += " · " + t(lang, "table.commitment", commitment=short(commitment(record.seed, record.salt)))
    return footer


def revealed_seed(table: Table, lang: str) -> str | None:
    """At the end: the seed and salt behind the table's 🔒, and how to check them."""
    record = table.record
    if record.salt is None or record.is_open:
        return None
    return t(
        lang,
        "table.revealed",
        seed=record.seed,
        salt=record.salt,
        commitment=short(commitment(record.seed, record.salt)),
        table_id=record.id,
    )


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
    embed.add_field(name=seat_count(table, lang), value=seats or "—", inline=False)
    options = [
        t(
            lang,
            "format.label_value",
            label=option_label(record.game, field, lang),
            value=f"**{option_value_label(record.game, field, option_value(record.options.get(field)), lang)}**",
        )
        for field in option_choices(engine.options_model)
    ]
    language = f"**{t(lang, f'lobby.language.{record.locale}')}**"
    options.append(t(lang, "format.label_value", label=t(lang, "lobby.language"), value=language))
    embed.add_field(name=t(lang, "lobby.options"), value="\n".join(options), inline=False)
    clock = table.clock
    if clock is not None:
        summary = pace_summary(clock.pace, clock.timeouts, lang)
        if not clock.away_allowed:  # shown only when off: away time is allowed unless the host says otherwise
            summary += "\n" + t(lang, "away_auto.lobby.off")
        embed.add_field(name=t(lang, "lobby.clock"), value=summary, inline=False)
    status = {"lobby": "lobby.waiting", "aborted": "lobby.cancelled"}.get(record.status, "lobby.started")
    if record.status == "aborted" and record.ended_by is None:
        status = "lobby.expired"  # nobody closed it: it was not started in time
    lines = [t(lang, status)]
    missing = engine.min_players - len(record.seats)
    if record.status == "lobby" and missing > 0:
        lines.append(t(lang, "lobby.needs_more", missing=missing))
    embed.add_field(name="\u200b", value="\n".join(lines), inline=False)
    embed.set_footer(text=t(lang, "lobby.footer", table_id=table.id))  # no move counter before the game
    return fit_embed(embed)


def seat_count(table: Table, lang: str) -> str:
    """ "3–6 players · 1 seated": how many the game takes, and how many sit at the lobby."""
    engine = table.engine
    seated = len(table.record.seats)
    if engine.min_players == engine.max_players:
        return t(lang, "lobby.players_exact", players=engine.max_players, seated=seated)
    return t(lang, "lobby.players", min=engine.min_players, max=engine.max_players, seated=seated)


def deadline_mark(table: Table, seat: int) -> str:
    """ " ⏰ <t:…:R>" after a player who must decide, as a Discord timestamp each reader sees in their own time;
    " 💭" after a computer, which plays in a moment."""
    clock = table.clock
    if clock is not None and seat in clock.computers and not clock.paused:
        return " 💭"
    due = table.deadline(seat)
    return "" if due is None else f" ⏰ {stamp(due)}"


def turn_line(table: Table, lang: str) -> str:
    if table.record.status == "aborted":
        return t(lang, "table.aborted")
    if table.result is not None:
        return t(lang, "table.over")
    waiting = list_of(lang, [f"**{display_name(table.names[s])}**{deadline_mark(table, s)}" for s in table.to_act])
    return t(lang, "table.waiting_for", players=waiting, count=len(table.to_act))


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
        value = measure_text(table.record.game, result.measure[seat], lang, str(result.measure[seat]))
        measure = t(lang, "format.label_value", label=t(lang, result.measure_key), value=value)
        left = " " + t(lang, "table.left") if table.state is not None and seat in table.state.withdrawn else ""
        if table.clock is not None and seat in table.clock.clocked_out:
            left = " " + t(lang, "table.left_clock")
        change = table.rating_changes.get(seat)
        rating = "" if change is None else " · " + t(lang, "table.rating_change", change=rating_change(change, lang))
        lines.append(f"{result.places[seat]}. {medal}{display_name(table.names[seat])} — {measure}{rating}{left}")
    return "\n".join(lines)


def round_lines(result: Result, names: Sequence[str], lang: str) -> list[str]:
    """One line per game of a match: the game's own words for it, else who won it and who lost it."""
    lines = []
    for game in result.rounds:
        winners = list_of(lang, [seat_name(names, seat) for seat in game.winners])
        losers = list_of(lang, [seat_name(names, seat) for seat in game.losers])
        if game.key is not None:
            detail = message(lang, game.key, dict(game.params), names)
            lines.append(t(lang, "table.round.detail", number=game.number, detail=detail))
        elif winners and losers:
            lines.append(t(lang, "table.round.won_lost", number=game.number, winners=winners, losers=losers))
        elif winners:
            lines.append(t(lang, "table.round.won", number=game.number, winners=winners))
        else:
            lines.append(t(lang, "table.round.detail", number=game.number, detail="—"))
    return lines


def stopped_view(view: P) -> P:
    """`view` of a game stopped before its end: nobody is to act any more, so the game's own fields show no
    turn (the base fields say it is over and nobody is to act; a game's `to_move`, when it has one, is None)."""
    update: dict[str, object] = {"to_act": (), "finished": True}
    if "to_move" in type(view).model_fields:
        update["to_move"] = None
    return view.model_copy(update=update)


WITHDRAWAL_EVENTS = frozenset({"left", "withdraw"})  # the last word of a game's event key for a seat leaving it


def clocked_out(table: Table) -> frozenset[int]:
    """The seats the clock withdrew from this table (they ran out of time too often), none without a clock."""
    clock = table.clock
    return frozenset(clock.clocked_out) if clock is not None else frozenset()


def table_event_line(event: Event, names: Sequence[str], lang: str, out_of_time: Collection[int] = ()) -> str:
    """An event in words; a game's "seat left" event of a seat the clock withdrew (`out_of_time`) says so instead:
    that player did not leave, their time ran out (the standings say "out of time" too)."""
    seat = event.params.get("seat")
    if isinstance(seat, int) and seat in out_of_time and event.key.rsplit(".", 1)[-1] in WITHDRAWAL_EVENTS:
        return message(lang, "table.event.clocked_out", {"seat": seat}, names)
    return event_line(event, names, lang)


def recent_lines(
    events: Sequence[Event], names: Sequence[str], lang: str, *, out_of_time: Collection[int] = ()
) -> list[str]:
    """The latest public events, newest first: the last move marked, the earlier ones after a dot. A seat the
    clock withdrew (`out_of_time`) is said to have run out of time, not to have left (`table_event_line`).

    (Not in bold: event texts carry bold names already, and markdown does not nest.)
    """
    lines = [table_event_line(event, names, lang, out_of_time) for event in reversed(events[-RECENT_EVENTS:])]
    return [f"{LATEST_MARK if number == 0 else EARLIER_MARK} {line}" for number, line in enumerate(lines)]


def table_embed(table: Table, lang: str) -> discord.Embed:
    """The public table: what everyone may see."""
    assert table.state is not None
    record = table.record
    view = table.engine.perspective(table.state, None)
    if record.status == "aborted":
        view = stopped_view(view)
    renderer = renderer_for(record.game)
    over = table.result is not None or record.status == "aborted"
    embed = discord.Embed(
        title=t(lang, "table.title", game=game_name(record.game, lang)),
        description="\n".join([turn_line(table, lang), *clock_lines(table, lang)]),
        colour=COLOUR_OVER if over else COLOUR_PLAYING,
    )
    if table.result is not None:
        embed.add_field(name=t(lang, "table.standings"), value=standings(table, lang), inline=False)
        rounds = round_lines(table.result, table.names, lang)
        if len(rounds) > 1:
            embed.add_field(name=t(lang, "table.rounds"), value="\n".join(rounds), inline=False)
    for field in renderer.table_fields(view, table.names, lang):
        embed.add_field(name=field.name, value=field.value, inline=field.inline)
    recent = recent_lines(view.events, table.names, lang, out_of_time=clocked_out(table))
    if recent:
        embed.add_field(name=t(lang, "table.events"), value="\n".join(recent), inline=False)
    revealed = revealed_seed(table, lang)
    if revealed is not None:
        embed.add_field(name=t(lang, "table.fair_shuffle"), value=revealed, inline=False)
    embed.set_footer(text=_footer(table, lang))
    return fit_embed(embed)


def hand_embed(
    table: Table,
    seat: int,
    lang: str,
    view: Perspective | None = None,
    *,
    news: Sequence[Event] = (),
    place: Place | None = None,
) -> discord.Embed:
    """One player's private view, headed by where its table is (`place`: its server and channel, linking to the
    table's message, so that a player moving from table to table never mistakes one for another), decision
    first: what they must decide (second person) and when by, what reached them secretly since their last look
    (`news`), then their cards and a compact table summary (the game's `hand_fields`). From their own
    perspective (`view`, computed if not given). Once the game is over the hand says so, with the final
    standings (winners first), like the table."""
    assert table.state is not None
    record = table.record
    if view is None:
        view = table.perspective(seat)
    renderer = renderer_for(record.game)
    live = table.result is None and record.status == "active"
    if live and seat in view.to_act:
        decision = decision_text(record.game, view, table.names, lang)
        prompt = (f"**{decision}**" if decision else t(lang, "hand.your_turn")) + deadline_mark(table, seat)
    else:
        prompt = turn_line(table, lang)
    lines = [prompt]
    clock = table.clock
    if clock is not None and live and seat < len(clock.seats):
        lines += clock_lines(table, lang)
        if seat not in view.to_act:
            lines.append(t(lang, "hand.bank", left=duration(max(clock.seats[seat].bank, 0.0), lang)))
    if news:
        told = " · ".join(event_line(event, table.names, lang) for event in news[-NEWS_SHOWN:])
        lines.append(t(lang, "hand.news", events=told))
    embed = discord.Embed(
        title=t(lang, "hand.title", game=game_name(record.game, lang), name=display_name(table.names[seat])),
        description="\n".join(lines),
        colour=COLOUR_PLAYING if live else COLOUR_OVER,
    )
    embed.set_author(name=place_line(table, lang, place), url=table_url(record))
    if table.result is not None:
        embed.add_field(name=t(lang, "table.standings"), value=standings(table, lang), inline=False)
    for field in renderer.hand_fields(view, table.names, lang):
        embed.add_field(name=field.name, value=field.value, inline=field.inline)
    embed.set_footer(text=_footer(table, lang))
    return fit_embed(embed)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a table is, as the bot knows it: its server's and channel's names (None when unknown)."""

    server: str | None = None
    channel: str | None = None


PLACE_NAME = 100  # characters of a server's or channel's name in a hand's header (Discord's longest names)


def place_line(table: Table, lang: str, place: Place | None) -> str:
    """ "📍 The Parlor · #games": the header of a hand, which links to the table's message (`hand_embed`)."""
    server = place.server if place is not None else None
    channel = place.channel if place is not None else None
    if server and channel:
        text = t(lang, "next.where", server=clip(server, PLACE_NAME), channel=clip(channel, PLACE_NAME))
    elif server or channel:
        text = t(lang, "next.where.one", place=clip(server or f"#{channel}", PLACE_NAME))
    else:
        text = t(lang, "next.where.somewhere", table_id=table.id)
    return clip(text, TITLE)  # an author's name has the title's limit


def secret_events(view: Perspective) -> list[Event]:
    """The events of `view` meant for its viewer alone (what they drew, what was passed to them)."""
    return [event for event in view.events if event.audience is not None and view.viewer in event.audience]
