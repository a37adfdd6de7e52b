"""`/league create | standings | schedule`, the league message's buttons, and the scheduler that plays leagues out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import language_of
from bot.services.leagues import LeagueScheduler
from bot.services.leagues.service import MAX_DAYS, MAX_ROUNDS
from bot.storage.repos.leagues import LeagueFormat
from bot.translator import loc
from cogs.kit.choices import MAX_CHOICES, game_choices, pace_choices
from cogs.leagues._handlers import LeagueHandlers
from cogs.leagues._render import league_name

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

MAX_OPTION_INT = 2**53 - 1  # Discord's largest integer option (league ids are far below it)


class LeagueCog(commands.Cog, name="Leagues"):
    league = app_commands.Group(
        name=loc("league", "command.league.name"),
        description=loc("Leagues: a competition over rounds of tables", "command.league.description"),
        guild_only=True,
    )

    def __init__(self, bot: CardroomBot, handlers: LeagueHandlers) -> None:
        self.bot = bot
        self.handlers = handlers
        self.scheduler = LeagueScheduler(bot.db, handlers.handle, clock=bot.tables.store.now)
        handlers.service.due_added = self.scheduler.poke

    async def cog_load(self) -> None:
        self.scheduler.start()

    async def cog_unload(self) -> None:
        await self.scheduler.stop()
        await self.handlers.service.idle()

    @league.command(
        name=loc("create", "command.league.create.name"),
        description=loc("Open a league in this channel (organisers)", "command.league.create.description"),
    )
    @app_commands.rename(
        game=loc("game", "command.option.game.name"),
        format=loc("format", "command.option.league_format.name"),
        rounds=loc("rounds", "command.option.rounds.name"),
        days_per_round=loc("days_per_round", "command.option.days_per_round.name"),
        pace=loc("pace", "command.option.pace.name"),
        players_per_table=loc("players_per_table", "command.option.players_per_table.name"),
    )
    @app_commands.describe(
        game=loc("The game to play", "command.option.game.description"),
        format=loc("How players are seated each round", "command.option.league_format.description"),
        rounds=loc("Rounds of a Swiss league (a round-robin plays what it needs)", "command.option.rounds.description"),
        days_per_round=loc("Days each round lasts", "command.option.days_per_round.description"),
        pace=loc("The tables' clock", "command.option.league_pace.description"),
        players_per_table=loc(
            "Players at each table (the game's smallest if empty)", "command.option.players_per_table.description"
        ),
    )
    @app_commands.choices(
        format=[
            app_commands.Choice(name=loc("Swiss", "league.format.swiss"), value="swiss"),
            app_commands.Choice(name=loc("Round-robin", "league.format.round_robin"), value="round_robin"),
        ],
        pace=pace_choices(),
    )
    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        format: str = "swiss",
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] = 3,
        days_per_round: app_commands.Range[int, 1, MAX_DAYS] = 2,
        pace: str | None = None,
        players_per_table: app_commands.Range[int, 2, 16] | None = None,
    ) -> None:
        chosen: LeagueFormat = "round_robin" if format == "round_robin" else "swiss"
        await self.handlers.create(interaction, game, chosen, rounds, days_per_round, pace, players_per_table)

    @create.autocomplete("game")
    async def _games(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return game_choices(interaction, current)

    @league.command(
        name=loc("standings", "command.league.standings.name"),
        description=loc("A league's standings (the latest if none is chosen)", "command.league.standings.description"),
    )
    @app_commands.rename(league=loc("league", "command.option.league.name"))
    @app_commands.describe(league=loc("The league (pick from the list)", "command.option.league.description"))
    async def standings(
        self, interaction: discord.Interaction[Any], league: app_commands.Range[int, 1, MAX_OPTION_INT] | None = None
    ) -> None:
        await self.handlers.standings(interaction, league)

    @standings.autocomplete("league")
    async def _leagues(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[int]]:
        if interaction.guild_id is None:
            return []
        lang = language_of(interaction.locale)
        found = await self.bot.db.leagues.of_guild(interaction.guild_id, ongoing=False)
        typed = current.casefold().strip()
        choices = []
        for league in found:
            label = league_name(league, lang)
            if typed in label.casefold():
                choices.append(app_commands.Choice(name=label[:100], value=league.id))
        return choices[:MAX_CHOICES]

    @league.command(
        name=loc("schedule", "command.league.schedule.name"),
        description=loc("Your league tables and their deadlines", "command.league.schedule.description"),
    )
    async def schedule(self, interaction: discord.Interaction[Any]) -> None:
        await self.handlers.schedule(interaction)
