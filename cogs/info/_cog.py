"""/rules and /leaderboard: read-only views of the games, their results and ratings (and `season:`, a season's
standings: `cogs.seasons.standings`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UnknownGameError
from bot.i18n import language_of, t
from bot.ratings import PROVISIONAL_GAMES
from bot.services.seasons import SeasonService
from bot.storage import LeaderRow
from bot.translator import loc
from cogs.kit.choices import game_choices
from cogs.kit.errors import guarded
from cogs.kit.reply import Reply
from cogs.render.limits import DESCRIPTION, clip
from cogs.render.rating import leader_line, short_decimal
from cogs.render.text import game_name, measure_text, player_name
from cogs.seasons.standings import season_choices, season_embed, season_view
from engines import registry

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

Order = Literal["rating", "wins", "games", "measure"]
LEADERS = 10  # players shown


def leader_order(by: str | None) -> Order:
    """The leaderboard's order: the conservative rating unless `by:` asks for wins, games or the game's measure."""
    return "wins" if by == "wins" else "games" if by == "games" else "measure" if by == "measure" else "rating"


def rating_line(rank: int, row: LeaderRow, lang: str) -> str:
    """One player of the rating leaderboard (`leader_line`)."""
    return leader_line(rank, row.user_id, row.name, row.conservative, row.mu, row.rated, lang)


def known_game(game: str | None) -> str:
    """`game` if it is a registered game; else the unknown-game refusal, which echoes what was typed. An option
    Discord sent empty (null, blank or not text at all) is refused the same way, in words that name no game."""
    if not isinstance(game, str) or not game.strip():
        raise UnknownGameError("error.unknown_game_empty")
    if game not in registry.names():
        raise UnknownGameError(game=clip(game, 40))
    return game


class InfoCog(commands.Cog, name="Info"):
    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot
        self._season_service: SeasonService | None = None

    @app_commands.command(
        name=loc("rules", "command.rules.name"),
        description=loc("Read a summary of a game's rules", "command.rules.description"),
    )
    @app_commands.rename(game=loc("game", "command.option.game.name"))
    @app_commands.describe(game=loc("The game to play", "command.option.game.description"))
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        await self._rules(interaction, game)

    @guarded()
    async def _rules(self, reply: Reply, game: str | None) -> None:
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        game = known_game(game)
        engine = registry.get(game)
        embed = discord.Embed(
            title=t(lang, "rules.title", game=game_name(game, lang)),
            description=clip(t(lang, f"{game}.rules"), DESCRIPTION),
            colour=discord.Colour.blurple(),
        )
        embed.set_footer(text=t(lang, "rules.players", min=engine.min_players, max=engine.max_players))
        await reply.send(embed=embed)

    @rules.autocomplete("game")
    async def _rules_game(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return game_choices(interaction, current)

    @app_commands.command(
        name=loc("leaderboard", "command.leaderboard.name"),
        description=loc("The best players of a game in this server", "command.leaderboard.description"),
    )
    @app_commands.rename(
        game=loc("game", "command.option.game.name"),
        by=loc("by", "command.option.by.name"),
        season=loc("season", "command.option.leaderboard_season.name"),
    )
    @app_commands.describe(
        game=loc("The game to play", "command.option.game.description"),
        by=loc("How to rank players", "command.option.by.description"),
        season=loc(
            "The current season, or a past one (2026-11, 2026-Q4)", "command.option.leaderboard_season.description"
        ),
    )
    @app_commands.choices(
        by=[
            app_commands.Choice(name=loc("rating", "leaderboard.by.rating"), value="rating"),
            app_commands.Choice(name=loc("wins", "leaderboard.by.wins"), value="wins"),
            app_commands.Choice(name=loc("games played", "leaderboard.by.games"), value="games"),
            app_commands.Choice(name=loc("the game's own measure", "leaderboard.by.measure"), value="measure"),
        ]
    )
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        by: str | None = None,
        season: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        await self._leaderboard(interaction, game, by, season)

    @guarded(ephemeral=False)
    async def _leaderboard(self, reply: Reply, game: str | None, by: str | None, season: str | None = None) -> None:
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        game = known_game(game)
        if season is not None and interaction.guild_id is not None:  # a season's standings: by its rating only
            view = await season_view(self._seasons(), interaction.guild_id, game, season)
            await reply.send(embed=season_embed(view, lang))
            return
        engine = registry.get(game)
        order = leader_order(by)
        rows = await self.bot.db.results.leaderboard(
            guild_id=interaction.guild_id,
            game=game,
            order=order,
            limit=LEADERS,
            measure_order=engine.measure_order,
            aged=True,  # ratings aged by their holders' time away
        )
        measure_name = t(lang, f"{game}.measure.name")
        lines = [
            rating_line(rank, row, lang)
            if order == "rating"
            else t(
                lang,
                "leaderboard.line",
                rank=rank,
                name=player_name(row.user_id, row.name, lang),
                wins=row.wins,
                games=row.games,
                average=measure_text(game, row.average, lang, short_decimal(row.average, lang)),
                measure_name=measure_name,
            )
            for rank, row in enumerate(rows, 1)
        ]
        embed = discord.Embed(
            title=t(lang, "leaderboard.title", game=game_name(game, lang)),
            description=clip("\n".join(lines), DESCRIPTION) if lines else t(lang, "leaderboard.empty"),
            colour=discord.Colour.gold(),
        )
        if order == "rating":
            embed.set_footer(text=t(lang, "leaderboard.rating_footer", count=PROVISIONAL_GAMES))
        else:
            embed.set_footer(text=t(lang, f"leaderboard.by.{order}"))
        await reply.send(embed=embed)

    @leaderboard.autocomplete("game")
    async def _leaderboard_game(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(interaction, current)

    @leaderboard.autocomplete("season")
    async def _leaderboard_season(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await season_choices(self._seasons(), interaction, current)

    def _seasons(self) -> SeasonService:
        """The seasons' reads (built on first use: the bot's table services exist by then)."""
        if self._season_service is None:
            self._season_service = SeasonService(self.bot.db, clock=self.bot.tables.store.now)
        return self._season_service
