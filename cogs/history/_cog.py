"""/stats, /history and /replay: a player's record and recent games in this server, and replays of finished games.

All three answer privately: a record or a replay is looked up for oneself, and a private answer does not fill
the channel (where the tables are) with lists and step-by-step replays. A replay's controls edit its own private
message in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import CardroomError, ForgedComponentError
from bot.i18n import language_of
from bot.services.replay import ReplayService
from bot.translator import loc
from cogs.history._views import history_view, replay_view
from cogs.kit.errors import guarded
from cogs.kit.reply import Reply
from cogs.render.replay import HISTORY_GAMES, history_embed, replay_embed, stats_embed

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

MAX_OPTION_INT = 2**53 - 1  # Discord's largest integer option value (game ids are far below it)
User = discord.User | discord.Member


class HistoryHandlers:
    """What the commands and the replay components do."""

    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot

    @property
    def replays(self) -> ReplayService:
        return self.bot.replays

    @staticmethod
    def _guild_of(reply: Reply) -> int:
        guild_id = reply.interaction.guild_id
        if guild_id is None:
            raise CardroomError("error.guild_only")
        return guild_id

    @guarded()
    async def stats(self, reply: Reply, user: User | None) -> None:
        """`/stats [user]`: games, wins, rating and rank per game in this server."""
        interaction = reply.interaction
        who = user or interaction.user
        rows = await self.bot.db.results.stats(guild_id=self._guild_of(reply), user_id=who.id, aged=True)
        await reply.send(private=True, embed=stats_embed(rows, who.display_name, language_of(interaction.locale)))

    @guarded()
    async def history(self, reply: Reply, user: User | None) -> None:
        """`/history [user]`: recent finished games in this server, each with a button to its replay."""
        interaction = reply.interaction
        who = user or interaction.user
        lang = language_of(interaction.locale)
        rows = await self.bot.db.results.history(guild_id=self._guild_of(reply), user_id=who.id, limit=HISTORY_GAMES)
        view = history_view(rows, lang)
        fields: dict[str, Any] = {"embed": history_embed(rows, who.display_name, lang)}
        if view is not None:
            fields["view"] = view
        await reply.send(private=True, **fields)

    async def _show(self, reply: Reply, table_id: int, step: int | None, *, in_place: bool) -> None:
        lang = language_of(reply.interaction.locale)
        table, replay, shown = await self.replays.step(table_id, self._guild_of(reply), step)
        embed = replay_embed(table, shown, lang)
        view = replay_view(table, shown, replay.mover, lang)
        if in_place:
            await reply.update(embed=embed, view=view)
        else:
            await reply.send(private=True, embed=embed, view=view)

    @guarded()
    async def replay_command(self, reply: Reply, table_id: int) -> None:
        """`/replay game:`: a finished game of this server, privately, from the deal."""
        await self._show(reply, table_id, 0, in_place=False)

    @guarded()
    async def open_replay(self, reply: Reply, table_id: int) -> None:
        """A replay button of `/history`: the same as `/replay`, in a new private message."""
        await self._show(reply, table_id, 0, in_place=False)

    @guarded()
    async def replay_step(self, reply: Reply, table_id: int, step: int, control: str, values: list[str]) -> None:
        """A control under a replay: show its step in place (the "jump to" menu: the step chosen)."""
        if control == "j":
            if len(values) != 1 or not values[0].isdigit() or len(values[0]) > 10:
                raise ForgedComponentError()
            step = int(values[0])
        await self._show(reply, table_id, step, in_place=True)


class HistoryCog(commands.Cog, name="History"):
    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot
        self.handlers = HistoryHandlers(bot)

    @app_commands.command(
        name=loc("stats", "command.stats.name"),
        description=loc("Games, wins, rating and rank per game in this server", "command.stats.description"),
    )
    @app_commands.rename(user=loc("user", "command.option.stats_user.name"))
    @app_commands.describe(user=loc("Whose record (yours if empty)", "command.option.stats_user.description"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction[Any], user: User | None = None) -> None:
        await self.handlers.stats(interaction, user)

    @app_commands.command(
        name=loc("history", "command.history.name"),
        description=loc("Recent finished games in this server, with their replays", "command.history.description"),
    )
    @app_commands.rename(user=loc("user", "command.option.stats_user.name"))
    @app_commands.describe(user=loc("Whose games (yours if empty)", "command.option.history_user.description"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction[Any], user: User | None = None) -> None:
        await self.handlers.history(interaction, user)

    @app_commands.command(
        name=loc("replay", "command.replay.name"),
        description=loc("Step through a finished game of this server, every hand shown", "command.replay.description"),
    )
    @app_commands.rename(table=loc("table", "command.option.replay_table.name"))
    @app_commands.describe(
        table=loc("The table's number (see /history, or the table's footer)", "command.option.replay_table.description")
    )
    @app_commands.guild_only()
    async def replay(
        self, interaction: discord.Interaction[Any], table: app_commands.Range[int, 1, MAX_OPTION_INT]
    ) -> None:
        await self.handlers.replay_command(interaction, table)
