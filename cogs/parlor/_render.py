"""What /notify, /cards, /away, /turns and /cardroom show: plain functions of their data, within Discord's limits.

Lists are cut by construction: lines are added while they fit the embed's
description, and the rest is counted in a last "and K more" line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import discord

from bot.i18n import catalogue, list_of, t
from bot.services.clock import TableClock, paces
from bot.services.servers import Effective
from bot.services.tables import Table, jump_url
from bot.storage import GuildSettings, PlayerSettings, TableRecord, TurnRow
from cogs.render.limits import DESCRIPTION, FIELD_VALUE, clip, fit_embed
from cogs.render.text import display_name, duration, game_name, stamp

COLOUR = discord.Colour.blurple()
SERVER_NAME = 60  # characters of a server or channel name shown in a list line
HOUR = 3_600.0


# ----- small pieces -----------------------------------------------------------
def days_label(lang: str, days: float) -> str:
    """ "1 day", "3 days" ("1 jour", "3 jours"): the catalogue's words for an /away choice, or the plural rule."""
    number = int(days) if float(days).is_integer() else days
    key = f"parlor.away.choice.{number}"
    if catalogue().has(lang, key):
        return t(lang, key)
    return t(lang, "parlor.days", n=number)  # a plural message, by `n`


def allowance_text(lang: str, left: float) -> str:
    """The allowance left this year in days and hours, to the hour below (never more than there is)."""
    days, hours = divmod(math.floor(left / HOUR + 1e-9), 24)
    parts = [days_label(lang, days)] if days or not hours else []
    if hours:
        parts.append(t(lang, "parlor.hours", n=hours))
    total = days_label(lang, paces().away.allowance_days)
    return t(lang, "parlor.away.left", left=" ".join(parts), total=total)


def fit_lines(lines: Sequence[str], budget: int, more: Callable[[int], str]) -> list[str]:
    """The lines, or as many as fit `budget` characters (joined by newlines) followed by `more(k)`, k left out."""
    if len("\n".join(lines)) <= budget:
        return list(lines)
    reserve = len(more(len(lines))) + 1  # the "more" line, at its longest
    kept: list[str] = []
    used = 0
    for line in lines:
        cost = len(line) + (1 if kept else 0)
        if used + cost + reserve > budget:
            break
        kept.append(line)
        used += cost
    return [*kept, clip(more(len(lines) - len(kept)), budget)]


def _more(lang: str) -> Callable[[int], str]:
    return lambda count: t(lang, "parlor.more", count=count)


# ----- /notify ------------------------------------------------------------------
def notify_text(lang: str, player: PlayerSettings, *, changed: bool) -> str:
    mode = t(lang, f"parlor.notify.{player.notify}")
    lines = [t(lang, "parlor.notify.set" if changed else "parlor.notify.current", mode=mode)]
    if player.notify != "channel":
        lines.append(t(lang, "parlor.notify.dm_hint"))
    elif not changed:
        lines.append(t(lang, "parlor.notify.change_hint"))
    return "\n".join(lines)


# ----- /cards -------------------------------------------------------------------
def cards_text(lang: str, player: PlayerSettings, *, changed: bool) -> str:
    style = t(lang, f"parlor.cards.{player.cards}")
    lines = [t(lang, "parlor.cards.set" if changed else "parlor.cards.current", style=style)]
    if not changed:
        lines.append(t(lang, "parlor.cards.change_hint"))
    return "\n".join(lines)


# ----- /away --------------------------------------------------------------------
def away_text(lang: str, until: float | None, left: float, *, change: str | None = None) -> str:
    """`change`: "away" (just went away), "back" (just came back), None (only the status)."""
    lines = []
    if change == "back":
        lines.append(t(lang, "parlor.away.back"))
    elif until is not None:
        key = "parlor.away.gone" if change == "away" else "parlor.away.until"
        lines.append(t(lang, key, date=stamp(until, "f"), relative=stamp(until, "R")))
    else:
        lines.append(t(lang, "parlor.away.not_away"))
    lines.append(allowance_text(lang, left))
    if change is None:
        lines.append(t(lang, "parlor.away.hint"))
    return "\n".join(lines)


# ----- /turns -------------------------------------------------------------------
def _turn_line(lang: str, row: TurnRow, servers: Mapping[int | None, str]) -> str:
    server = clip(servers.get(row.guild_id) or t(lang, "parlor.no_server"), SERVER_NAME)
    if row.since is None:
        when = t(lang, "parlor.turns.last_move", when=stamp(row.updated_at, "R"))
    elif row.due_at is None:
        when = t(lang, "parlor.turns.paused")
    else:
        when = f"⏰ {stamp(row.due_at, 'R')}"
    url = jump_url(row.guild_id, row.channel_id, row.table_message_id)
    return t(
        lang,
        "parlor.turns.line",
        game=game_name(row.game, lang),
        server=server,
        channel=f"<#{row.channel_id}>",
        when=when,
        url=url,
    )


def inbox_embed(lang: str, rows: Sequence[TurnRow], servers: Mapping[int | None, str]) -> discord.Embed:
    """`/turns`: the tables where the user must act now, oldest deadline first, then those where they wait.

    `servers` names each server (by id) as the bot knows it.
    """
    due = [row for row in rows if row.since is not None]
    due.sort(key=lambda row: (row.due_at is None, row.due_at or 0.0, row.since or 0.0))
    waiting = [row for row in rows if row.since is None]
    embed = discord.Embed(title=t(lang, "parlor.turns.title"), colour=COLOUR)
    if not rows:
        embed.description = t(lang, "parlor.turns.empty")
        return fit_embed(embed)
    now_header = t(lang, "parlor.turns.now", count=len(due))
    wait_header = t(lang, "parlor.turns.waiting", count=len(waiting))
    more = _more(lang)
    now_lines = [_turn_line(lang, row, servers) for row in due] or [t(lang, "parlor.turns.none_now")]
    wait_lines = [_turn_line(lang, row, servers) for row in waiting]
    budget = DESCRIPTION - len(now_header) - 1
    if wait_lines:  # keep room for the second section: its header and at least its "more" line
        budget -= len(wait_header) + len(more(len(wait_lines))) + 3
    first = fit_lines(now_lines, budget, more)
    text = "\n".join([now_header, *first])
    if wait_lines:
        rest = DESCRIPTION - len(text) - len(wait_header) - 3  # "\n\n" before the header, "\n" after
        text += "\n\n" + "\n".join([wait_header, *fit_lines(wait_lines, rest, more)])
    embed.description = text
    embed.set_footer(text=t(lang, "parlor.turns.footer"))
    return fit_embed(embed)


# ----- /cardroom ----------------------------------------------------------------
def status_of(record: TableRecord) -> str:
    """ "lobby", "playing" or "paused" for an open table."""
    if record.status == "lobby":
        return "lobby"
    if record.clock is not None and TableClock.model_validate_json(record.clock).paused:
        return "paused"
    return "playing"


def _table_line(lang: str, table: Table) -> str:
    record = table.record
    parts = [
        t(
            lang,
            "parlor.tables.line",
            id=record.id,
            game=game_name(record.game, lang),
            channel=f"<#{record.channel_id}>",
            status=t(lang, f"parlor.status.{status_of(record)}"),
            age=stamp(record.created_at, "R"),
        )
    ]
    if record.status == "active" and table.to_act:
        names = list_of(lang, [f"**{clip(display_name(table.names[seat]), 40)}**" for seat in table.to_act])
        parts.append(t(lang, "parlor.tables.turn", players=clip(names, 300), count=len(table.to_act)))
    parts.append(f"[{t(lang, 'parlor.open')}]({jump_url(record.guild_id, record.channel_id, record.table_message_id)})")
    return " · ".join(parts)


def tables_embed(lang: str, server: str, tables: Sequence[Table]) -> discord.Embed:
    """`/cardroom tables`: the server's open tables, oldest first."""
    embed = discord.Embed(title=t(lang, "parlor.tables.title", server=clip(server, 100)), colour=COLOUR)
    if not tables:
        embed.description = t(lang, "parlor.tables.empty")
        return fit_embed(embed)
    lines = [_table_line(lang, table) for table in tables]
    embed.description = "\n".join(fit_lines(lines, DESCRIPTION, _more(lang)))
    embed.set_footer(text=t(lang, "parlor.tables.footer", count=len(tables)))
    return fit_embed(embed)


def _pace_text(lang: str, pace: str) -> str:
    preset = paces().get(pace)
    detail = t(lang, "clock.pace_detail", bank=duration(preset.bank, lang), increment=duration(preset.increment, lang))
    return f"{t(lang, f'pace.{pace}')} ({detail})"


def _lobby_text(lang: str, seconds: float | None) -> str:
    return t(lang, "parlor.defaults.never") if seconds is None else duration(seconds, lang)


@dataclass(frozen=True)
class _Row:
    name: str
    effective: str
    server: str | None  # None: the server did not choose
    bot: str


def defaults_embed(
    lang: str, settings: GuildSettings, effective: Effective, fallback: Effective, *, saved: bool = False
) -> discord.Embed:
    """`/cardroom defaults`: what new tables get, what the server chose, and the bot's own values."""
    channel = t(lang, "parlor.defaults.own_channel")
    rows = [
        _Row(
            t(lang, "parlor.defaults.pace"),
            _pace_text(lang, effective.pace),
            None if settings.pace is None else t(lang, f"pace.{settings.pace}"),
            t(lang, f"pace.{fallback.pace}"),
        ),
        _Row(
            t(lang, "parlor.defaults.timeouts"),
            str(effective.timeouts),
            None if settings.timeouts is None else str(settings.timeouts),
            str(fallback.timeouts),
        ),
        _Row(
            t(lang, "parlor.defaults.lobby"),
            _lobby_text(lang, effective.lobby_expiry),
            None if settings.lobby_expiry is None else _lobby_text(lang, settings.lobby_expiry),
            _lobby_text(lang, fallback.lobby_expiry),
        ),
        _Row(
            t(lang, "parlor.defaults.channel"),
            channel if effective.notify_channel_id is None else f"<#{effective.notify_channel_id}>",
            None if settings.notify_channel_id is None else f"<#{settings.notify_channel_id}>",
            channel,
        ),
    ]
    intro = t(lang, "parlor.defaults.saved" if saved else "parlor.defaults.intro")
    embed = discord.Embed(title=t(lang, "parlor.defaults.title"), description=intro, colour=COLOUR)
    for row in rows:
        server = row.server if row.server is not None else t(lang, "parlor.defaults.unset")
        value = f"**{row.effective}**\n" + t(lang, "parlor.defaults.sources", server=server, bot=row.bot)
        embed.add_field(name=row.name, value=clip(value, FIELD_VALUE), inline=False)
    embed.set_footer(text=t(lang, "parlor.defaults.footer"))
    return fit_embed(embed)
