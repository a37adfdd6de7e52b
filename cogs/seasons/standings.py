"""How a season's standings read: `/leaderboard season:` (the running season, or a past one from the archive), and
the post at a season's end. Shared by the info extension (the leaderboard) and the seasons extension."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.errors import CardroomError
from bot.i18n import language_of, t
from bot.ratings import PROVISIONAL_GAMES
from bot.seasons import SeasonKeyError, period_of
from bot.services.seasons import SeasonService, SeasonView
from cogs.render.limits import DESCRIPTION, OPTION_TEXT, clip
from cogs.render.rating import leader_line
from cogs.render.text import game_name, stamp

CURRENT = "current"  # `/leaderboard season:`'s value for the running season
LEADERS = 10  # lines shown


def season_embed(view: SeasonView, lang: str, *, limit: int = LEADERS) -> discord.Embed:
    """A season's standings: the running one with when it ends, an ended one with its champion."""
    lines = [
        leader_line(rank, line.user_id, line.name, line.conservative, line.mu, line.games, lang)
        for rank, line in enumerate(view.standings[:limit], 1)
    ]
    title = "seasons.title_ended" if view.ended else "seasons.title"
    head = (
        t(lang, "seasons.ended_on", ended=stamp(view.ends_at, "D"))
        if view.ended
        else t(lang, "seasons.ends", ends=stamp(view.ends_at, "f"), relative=stamp(view.ends_at))
    )
    body = "\n".join(lines) if lines else t(lang, "seasons.empty")
    embed = discord.Embed(
        title=t(lang, title, game=game_name(view.game, lang), season=view.key),
        description=clip(f"{head}\n\n{body}", DESCRIPTION),
        colour=discord.Colour.gold(),
    )
    if view.ended:
        champion = next((line for line in view.standings if line.user_id == view.champion), None)
        embed.add_field(
            name=t(lang, "seasons.champion_name"),
            value=f"🏆 <@{champion.user_id}>" if champion is not None else t(lang, "seasons.no_champion"),
            inline=False,
        )
    embed.set_footer(text=t(lang, "seasons.footer", count=PROVISIONAL_GAMES))
    return embed


async def season_view(seasons: SeasonService, guild_id: int, game: str, season: str) -> SeasonView:
    """The season `/leaderboard season:` names: the running one (`current`), else an archived one by its key."""
    key = season.strip()
    if key.casefold() == CURRENT:
        return await seasons.current(guild_id, game)
    try:
        period_of(key)
    except SeasonKeyError:
        raise CardroomError("seasons.error.unknown", season=clip(key, 20)) from None
    return await seasons.past(guild_id, game, key)


async def season_choices(
    seasons: SeasonService, interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """`/leaderboard season:`'s choices: the running season, then the archived ones of the game chosen, latest
    first, those containing what was typed."""
    lang = language_of(interaction.locale)
    guild_id = interaction.guild_id
    game = getattr(interaction.namespace, "game", None)
    choices = [app_commands.Choice(name=t(lang, "seasons.choice.current"), value=CURRENT)]
    if guild_id is not None and isinstance(game, str) and game:
        keys = await seasons.keys(guild_id, game)
        choices += [
            app_commands.Choice(name=clip(t(lang, "seasons.choice.past", season=key), OPTION_TEXT), value=key)
            for key in keys
        ]
    typed = current.casefold().strip()
    return [choice for choice in choices if typed in choice.name.casefold() or typed in choice.value][:25]
