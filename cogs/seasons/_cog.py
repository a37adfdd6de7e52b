"""The seasons extension: `/cardroom season` (added to the parlor's `/cardroom` group when it loads), and the
season scheduler, which closes each season when it ends and hands it to the announcer (standings posted, champion
role moved). Loaded after the parlor extension (`bot.runtime.EXTENSIONS`)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.services.seasons import SeasonScheduler, SeasonService
from bot.translator import loc
from cogs.kit.choices import game_choices
from cogs.seasons._announce import SeasonAnnouncer
from cogs.seasons._settings import OFF, SeasonSettings

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

log = logging.getLogger("cardroom.seasons")

GROUP = "cardroom"  # the parlor's group of server managers' commands


def period_choices() -> list[app_commands.Choice[str]]:
    english = {
        "monthly": "Monthly: a season each calendar month (UTC)",
        "quarterly": "Quarterly: a season each calendar quarter (UTC)",
        OFF: "Off: no more seasons (past ones stay readable)",
    }
    return [
        app_commands.Choice(name=loc(text, f"seasons.period_choice.{value}"), value=value)
        for value, text in english.items()
    ]


class SeasonsCog(commands.Cog, name="Seasons"):
    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot
        self.seasons = SeasonService(bot.db, clock=bot.tables.store.now)
        self.settings = SeasonSettings(bot, self.seasons)
        self.announcer = SeasonAnnouncer(bot, self.seasons)
        shards = bot.process_shards
        self.scheduler = SeasonScheduler(
            self.seasons,
            self.announcer.announce,
            shard_count=shards.count or 1,
            shard_ids=None if shards.serves_all else shards.ids,
        )
        self.command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=loc("season", "command.cardroom.season.name"),
            description=loc(
                "Seasons of a game: a leaderboard that restarts each month or quarter, with a champion",
                "command.cardroom.season.description",
            ),
            callback=self.season,
        )
        self.command.autocomplete("game")(self._game)

    async def cog_load(self) -> None:
        """Join `/cardroom` (the parlor's group), then start the scheduler: seasons that ended while the bot was
        down are closed now."""
        group = self.bot.tree.get_command(GROUP)
        if isinstance(group, app_commands.Group):
            group.add_command(self.command)
        else:
            log.warning("No /%s group: /%s season is not available", GROUP, GROUP)
        self.scheduler.start()

    async def cog_unload(self) -> None:
        await self.scheduler.stop()
        group = self.bot.tree.get_command(GROUP)
        if isinstance(group, app_commands.Group):
            group.remove_command(self.command.name)

    @app_commands.rename(
        game=loc("game", "command.option.game.name"),
        period=loc("period", "command.option.season_period.name"),
        channel=loc("channel", "command.option.season_channel.name"),
        role=loc("role", "command.option.champion_role.name"),
    )
    @app_commands.describe(
        game=loc("The game", "command.option.season_game.description"),
        period=loc(
            "Monthly, quarterly or off; leave empty to see what is set", "command.option.season_period.description"
        ),
        channel=loc(
            "Where each season's final standings go (default: the notification channel)",
            "command.option.season_channel.description",
        ),
        role=loc("A role the bot moves to each season's champion", "command.option.champion_role.description"),
    )
    @app_commands.choices(period=period_choices())
    async def season(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        period: str | None = None,
        channel: discord.TextChannel | None = None,
        role: discord.Role | None = None,
    ) -> None:
        await self.settings.season(interaction, game, period, channel, role)

    async def _game(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return game_choices(interaction, current)
