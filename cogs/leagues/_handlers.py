"""What the league commands and buttons do, and what the bot shows as a league plays itself out.

A change is answered first (the league message edited in place, or a private word), then shown: a round's notice
in the league's channel, a thread per table (its players mentioned once), the tables posted there by the tables
extension's refresher, the standings message edited in place. The league's progress is in the database, so what a
crash interrupts is done by the next pass (`handle`, from the league scheduler).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

import discord

from bot.errors import CardroomError
from bot.i18n import language_of, t
from bot.leagues.standings import Row
from bot.services.leagues import LeagueService, Progress
from bot.services.leagues.scheduler import RETRY
from bot.storage import Seat
from bot.storage.repos.leagues import Entrant, League, LeagueFormat, Seating
from cogs.kit.errors import guarded
from cogs.kit.reply import Reply
from cogs.leagues._render import (
    final_notice,
    league_embed,
    league_view,
    round_notice,
    schedule_embed,
    seating_intro,
    standings_embed,
    thread_name,
)

if TYPE_CHECKING:
    from bot.runtime import CardroomBot
    from cogs.tables._refresher import TableRefresher

log = logging.getLogger("cardroom.leagues")
THREAD_ARCHIVE: Final[Literal[10080]] = (
    10_080  # minutes a quiet table's thread stays in the channel list (a week, Discord's longest)
)
NO_MENTIONS = discord.AllowedMentions.none()


class LeagueHandlers:
    def __init__(self, bot: CardroomBot, service: LeagueService, refresher: TableRefresher) -> None:
        self.bot = bot
        self.service = service
        self.refresher = refresher
        self._told: set[int] = set()  # leagues whose channel was told the bot may not open threads there

    # ----- who may organise -----------------------------------------------------------------------------------
    async def can_manage(self, interaction: discord.Interaction[Any]) -> bool:
        """Manage Server, or the role the server chose for its league organisers."""
        permissions = interaction.permissions
        if permissions.manage_guild or permissions.administrator:
            return True
        guild_id = interaction.guild_id
        if guild_id is None:
            return False
        role = (await self.bot.db.servers.get(guild_id)).league_role_id
        user = interaction.user
        return role is not None and isinstance(user, discord.Member) and any(r.id == role for r in user.roles)

    # ----- commands -------------------------------------------------------------------------------------------
    @guarded(ephemeral=False)
    async def create(
        self,
        reply: Reply,
        game: str,
        format: LeagueFormat,
        rounds: int,
        days: int,
        pace: str | None,
        players: int | None,
    ) -> None:
        interaction = reply.interaction
        if interaction.guild_id is None or interaction.channel_id is None:
            raise CardroomError("error.guild_only")
        if not await self.can_manage(interaction):
            raise CardroomError("league.error.may_not_create")
        if not isinstance(interaction.channel, discord.TextChannel):
            raise CardroomError("league.error.channel")  # a thread, a voice channel's chat ...: no threads under it
        lang = language_of(interaction.guild_locale or interaction.locale)
        await reply.secure()
        league = await self.service.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            organiser_id=interaction.user.id,
            game=game,
            format=format,
            rounds=rounds,
            days=days,
            pace=pace,
            table_size=players,
            locale=lang,
        )
        message = await reply.send(private=False, allowed_mentions=NO_MENTIONS, **self._message(league, [], lang))
        if message is not None:
            await self.bot.db.leagues.set_message(league.id, message_id=message.id)

    @guarded()
    async def standings(self, reply: Reply, league_id: int | None) -> None:
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        league = await self._pick(interaction, league_id)
        league, rows, entrants = await self.service.standings(league.id)
        await reply.send(private=True, embed=standings_embed(league, rows, entrants, lang))

    @guarded()
    async def schedule(self, reply: Reply) -> None:
        interaction = reply.interaction
        if interaction.guild_id is None:
            raise CardroomError("error.guild_only")
        items = await self.service.schedule(interaction.guild_id, interaction.user.id)
        await reply.send(
            private=True, embed=schedule_embed(items, interaction.user.id, language_of(interaction.locale))
        )

    async def _pick(self, interaction: discord.Interaction[Any], league_id: int | None) -> League:
        if league_id is not None:
            league = await self.service.get(league_id)
            if league.guild_id == interaction.guild_id:
                return league
            raise CardroomError("league.error.not_found")
        if interaction.guild_id is None:
            raise CardroomError("error.guild_only")
        found = await self.bot.db.leagues.of_guild(interaction.guild_id, ongoing=False)
        if not found:
            raise CardroomError("league.error.none")
        return found[0]

    # ----- the league message's buttons -----------------------------------------------------------------------
    @guarded()
    async def join(self, reply: Reply, league_id: int) -> None:
        user = reply.interaction.user
        await reply.secure()
        league = await self.service.join(league_id, Seat(user.id, user.display_name))
        await self._show_message(reply, league)

    @guarded()
    async def leave(self, reply: Reply, league_id: int) -> None:
        await reply.secure()
        progress = await self.service.leave(league_id, reply.interaction.user.id)
        await self._show_message(reply, progress.league)
        await self.show(progress)

    @guarded()
    async def start(self, reply: Reply, league_id: int) -> None:
        manage = await self.can_manage(reply.interaction)
        await reply.secure()
        progress = await self.service.start(league_id, reply.interaction.user.id, can_manage=manage)
        await self._show_message(reply, progress.league)
        await self.show(progress)

    @guarded()
    async def cancel(self, reply: Reply, league_id: int) -> None:
        manage = await self.can_manage(reply.interaction)
        await reply.secure()
        progress = await self.service.cancel(league_id, reply.interaction.user.id, can_manage=manage)
        await self._show_message(reply, progress.league)
        await self.show(progress)

    @staticmethod
    def _message(league: League, entrants: Sequence[Entrant], lang: str) -> dict[str, Any]:
        """The league message's embed and buttons (none once it is over)."""
        view = league_view(league, lang)
        return {"embed": league_embed(league, entrants, lang), "view": view if view is not None else discord.ui.View()}

    async def _as_it_is(self, league_id: int) -> dict[str, Any]:
        """The league message as the database holds the league now."""
        league = await self.service.get(league_id)
        return self._message(league, await self.service.entrants(league_id), league.locale)

    async def _show_message(self, reply: Reply, league: League) -> None:
        """The league message, as it is now, in place of the one clicked."""
        await reply.update(**await self._as_it_is(league.id))

    # ----- the league plays itself out ------------------------------------------------------------------------
    async def handle(self, league: League) -> None:
        """The league scheduler's pass: settle the league, then show what changed and open the round's tables."""
        progress = await self.service.settle(league.id)
        try:
            await self.show(progress, claimed=True)
        except (discord.Forbidden, CardroomError):  # the bot may not open threads there, or the channel is gone
            log.warning(
                "League %s: missing permissions in channel %s; trying again later", league.id, league.channel_id
            )
            if league.id not in self._told:
                self._told.add(league.id)
                with contextlib.suppress(discord.HTTPException):
                    channel = self.bot.get_partial_messageable(league.channel_id, guild_id=league.guild_id)
                    await channel.send(t(league.locale, "league.error.threads"), allowed_mentions=NO_MENTIONS)
            await self.bot.db.leagues.set_due(league.id, self.service.now() + RETRY)

    async def show(self, progress: Progress, *, claimed: bool = False) -> None:
        """Show a league's progress: tables it moved, the round's notice, the standings; `claimed` (the scheduler's
        pass, which holds the league's claim): the round's tables not opened yet are opened."""
        for table_id in progress.moved:
            self.refresher.mark(table_id)
        league = progress.league
        lang = league.locale
        entrants = await self.service.entrants(league.id)
        names = {e.user_id: e.name for e in entrants}
        channel = self.bot.get_partial_messageable(league.channel_id, guild_id=league.guild_id)
        notice = round_notice(progress, names, lang)
        if notice is not None:
            await channel.send(notice, allowed_mentions=NO_MENTIONS)
        if claimed and league.status == "running":
            for table in await self.service.open_tables(league.id, self._make_thread):
                self.refresher.mark(table.id)
        if progress.ended_round is not None or progress.started or progress.finished or progress.moved:
            rows = await self._standings(league)
            if progress.finished:
                await channel.send(final_notice(league, rows, lang), allowed_mentions=NO_MENTIONS)
        if progress.started or progress.finished:
            await self._edit_message(league)

    async def _make_thread(self, league: League, seating: Seating, players: Sequence[Entrant]) -> int:
        """A public thread under the league's channel for one table, its players mentioned once."""
        lang = league.locale
        channel = self.bot.get_channel(league.channel_id) or await self.bot.fetch_channel(league.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise CardroomError("league.error.channel")
        thread = await channel.create_thread(
            name=thread_name(league, seating, players, lang),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE,
        )
        await thread.send(
            seating_intro(league, seating, lang),
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
        )
        return thread.id

    async def _standings(self, league: League) -> tuple[Row, ...]:
        """The standings message, edited in place (posted the first time); the standings it shows."""
        league, rows, entrants = await self.service.standings(league.id)
        embed = standings_embed(league, rows, entrants, league.locale)
        channel = self.bot.get_partial_messageable(league.channel_id, guild_id=league.guild_id)
        if league.standings_message_id is not None:
            try:
                await channel.get_partial_message(league.standings_message_id).edit(embed=embed)
                return rows
            except discord.NotFound:
                pass
        message = await channel.send(embed=embed, allowed_mentions=NO_MENTIONS)
        await self.bot.db.leagues.set_message(league.id, standings=message.id)
        return rows

    async def _edit_message(self, league: League) -> None:
        if league.message_id is None:
            return
        channel = self.bot.get_partial_messageable(league.channel_id, guild_id=league.guild_id)
        try:
            await channel.get_partial_message(league.message_id).edit(**await self._as_it_is(league.id))
        except discord.NotFound:
            log.info("The message of league %s was deleted", league.id)
