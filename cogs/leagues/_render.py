"""What a league shows: its message (with Join / Leave / Start / Cancel), its standings, a player's schedule, and
the notices of its rounds. Plain functions of the league's data, within Discord's limits (lists are cut by
construction, with an "and K more" line)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.i18n import list_of, t
from bot.leagues.standings import Row
from bot.services.leagues import Progress
from bot.services.tables import Table, table_url
from bot.storage.repos.leagues import Entrant, League, Seating
from cogs.kit.layout import Layout
from cogs.leagues._components import LeagueCancel, LeagueJoin, LeagueLeave, LeagueStart
from cogs.render.limits import CONTENT, DESCRIPTION, TITLE, clip, fit_embed
from cogs.render.rating import short_decimal
from cogs.render.text import display_name, duration, game_name, stamp

COLOUR = discord.Colour.gold()
LIST_BUDGET = DESCRIPTION - 600  # the entrants' or standings' lines; the rest of the description is the summary


def league_name(league: League, lang: str) -> str:
    return t(lang, "league.name", game=game_name(league.game, lang), id=league.id)


def summary(league: League, lang: str) -> str:
    """Format, rounds, round length, pace and table size in one line."""
    return t(
        lang,
        "league.summary",
        format=t(lang, f"league.format.{league.format}"),
        rounds=league.rounds,
        length=duration(league.round_seconds, lang),
        pace=t(lang, f"pace.{league.pace}"),
        size=league.table_size,
    )


def _cut(lines: Sequence[str], lang: str) -> list[str]:
    kept: list[str] = []
    used = 0
    for index, line in enumerate(lines):
        more = t(lang, "league.more", n=len(lines) - index)
        if used + len(line) + 1 + len(more) + 1 > LIST_BUDGET and index < len(lines):
            kept.append(more)
            return kept
        kept.append(line)
        used += len(line) + 1
    return kept


def status_line(league: League, lang: str) -> str:
    if league.status == "open":
        return t(lang, "league.status.open")
    if league.status == "running":
        ends = stamp(league.round_ends_at, "R") if league.round_ends_at is not None else "?"
        return t(lang, "league.status.running", round=league.round, rounds=league.rounds, ends=ends)
    return t(lang, f"league.status.{league.status}")


def league_embed(league: League, entrants: Sequence[Entrant], lang: str) -> discord.Embed:
    playing = [e for e in entrants if e.left_at is None]
    lines = [f"<@{e.user_id}>" for e in playing]
    parts = [summary(league, lang), t(lang, "league.organiser", organiser=f"<@{league.organiser_id}>")]
    parts.append(status_line(league, lang))
    parts.append(t(lang, "league.entrants", n=len(playing)))
    parts.append(", ".join(_cut(lines, lang)) if lines else t(lang, "league.nobody"))
    embed = discord.Embed(title=clip(league_name(league, lang), TITLE), description="\n".join(parts), colour=COLOUR)
    embed.set_footer(text=t(lang, "league.footer", id=league.id))
    return fit_embed(embed)


def league_view(league: League, lang: str) -> Layout | None:
    """Join / Leave / Start / Cancel while it takes entrants; Leave while it runs; nothing once over."""
    view = Layout()
    if league.status == "open":
        view.add_button(LeagueJoin(league=league.id).button(t(lang, "league.button.join")), row=0)
        view.add_button(LeagueLeave(league=league.id).button(t(lang, "league.button.leave")), row=0)
        view.add_button(LeagueStart(league=league.id).button(t(lang, "league.button.start")), row=0)
        view.add_button(LeagueCancel(league=league.id).button(t(lang, "league.button.cancel")), row=0)
        return view
    if league.status == "running":
        view.add_button(LeagueLeave(league=league.id).button(t(lang, "league.button.leave")), row=0)
        return view
    return None


def standings_embed(league: League, rows: Sequence[Row], entrants: Sequence[Entrant], lang: str) -> discord.Embed:
    names = {e.user_id: display_name(e.name) for e in entrants}
    lines = [
        t(
            lang,
            "league.standings.line",
            rank=row.rank,
            name=names.get(row.user_id, str(row.user_id)),
            points=short_decimal(row.points, lang),
            opponents=short_decimal(row.opponents_points, lang),
            played=row.played,
        )
        for row in rows
    ]
    head = t(lang, "league.standings.final") if league.status == "finished" else status_line(league, lang)
    body = "\n".join(_cut(lines, lang)) if lines else t(lang, "league.nobody")
    embed = discord.Embed(
        title=clip(t(lang, "league.standings.title", league=league_name(league, lang)), TITLE),
        description=f"{head}\n{t(lang, 'league.standings.keys')}\n\n{body}",
        colour=COLOUR,
    )
    embed.set_footer(text=t(lang, "league.footer", id=league.id))
    return fit_embed(embed)


def schedule_embed(items: Sequence[tuple[League, Seating, Table | None]], user_id: int, lang: str) -> discord.Embed:
    lines = []
    for league, seating, table in items:
        name = league_name(league, lang)
        if seating.outcome == "bye":
            lines.append(t(lang, "league.schedule.bye", league=name, round=league.round))
            continue
        ends = stamp(league.round_ends_at, "R") if league.round_ends_at is not None else "?"
        if table is None:
            lines.append(t(lang, "league.schedule.opening", league=name, round=league.round, ends=ends))
        elif seating.outcome != "pending" or table.record.status != "active":
            lines.append(t(lang, "league.schedule.done", league=name, round=league.round, url=table_url(table.record)))
        else:
            seat = table.seat_of(user_id)
            due = table.deadline(seat) if seat is not None else None
            key = (
                "league.schedule.your_turn" if seat is not None and seat in table.to_act else "league.schedule.waiting"
            )
            lines.append(
                t(
                    lang,
                    key,
                    league=name,
                    round=league.round,
                    url=table_url(table.record),
                    due=stamp(due, "R") if due is not None else ends,
                    ends=ends,
                )
            )
    body = "\n".join(_cut(lines, lang)) if lines else t(lang, "league.schedule.none")
    return fit_embed(discord.Embed(title=t(lang, "league.schedule.title"), description=body, colour=COLOUR))


def thread_name(league: League, seating: Seating, entrants: Sequence[Entrant], lang: str) -> str:
    names = [display_name(e.name) for e in entrants]
    return clip(
        t(lang, "league.thread", game=game_name(league.game, lang), round=seating.round, names=" · ".join(names)), 100
    )


def seating_intro(league: League, seating: Seating, lang: str) -> str:
    """The first line of a table's thread: every seat mentioned once."""
    mentions = list_of(lang, [f"<@{player}>" for player in seating.players])
    ends = stamp(league.round_ends_at, "f") if league.round_ends_at is not None else "?"
    return clip(
        t(lang, "league.intro", league=league_name(league, lang), round=seating.round, players=mentions, ends=ends),
        CONTENT,
    )


def round_notice(progress: Progress, names: Mapping[int, str], lang: str) -> str | None:
    """One short line for the league's channel when a round ends or begins, or the league ends."""
    league = progress.league
    parts = []
    if progress.ended_round is not None:
        parts.append(t(lang, "league.round_over", round=progress.ended_round))
    if progress.started:
        tables = sum(1 for s in progress.started if s.outcome != "bye")
        byes = [names.get(s.players[0], str(s.players[0])) for s in progress.started if s.outcome == "bye"]
        ends = stamp(league.round_ends_at, "f") if league.round_ends_at is not None else "?"
        parts.append(t(lang, "league.round_begins", round=league.round, rounds=league.rounds, tables=tables, ends=ends))
        if byes:
            parts.append(t(lang, "league.byes", names=list_of(lang, byes), n=len(byes)))
    if not parts:
        return None
    return clip(" ".join(parts), CONTENT)


def final_notice(league: League, rows: Sequence[Row], lang: str) -> str:
    champions = [f"<@{row.user_id}>" for row in rows if row.rank == 1]
    if league.status == "cancelled":
        return t(lang, "league.cancelled", league=league_name(league, lang))
    if not champions:
        return t(lang, "league.over_nobody", league=league_name(league, lang))
    return clip(
        t(lang, "league.champion", league=league_name(league, lang), names=list_of(lang, champions), n=len(champions)),
        CONTENT,
    )
