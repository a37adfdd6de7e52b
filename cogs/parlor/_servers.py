"""/cardroom defaults, tables and end: for those who can manage the server, checked here on every call.

Discord hides the command group from members without Manage Server
(`default_permissions`), but a server can grant it to anyone in its
integration settings, and a stale client may still send it: every handler
checks the permission the interaction carries before it reads or changes
anything.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.errors import CardroomError
from bot.i18n import language_of, t
from bot.services.notices import cap_hours, check_cap, set_cap
from bot.services.servers import effective
from bot.storage import GuildSettings, TableRecord
from cogs.kit.errors import guarded
from cogs.kit.reply import Reply
from cogs.parlor._refresh import redraw
from cogs.parlor._render import defaults_embed, status_of, tables_embed
from cogs.render.limits import OPTION_TEXT, clip
from cogs.render.text import display_name, game_name

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

log = logging.getLogger("cardroom.parlor")

MAX_CHOICES = 25


def require_manager(interaction: discord.Interaction[Any]) -> int:
    """The server's id, if the user may manage it here; a localized refusal otherwise."""
    guild_id = interaction.guild_id
    if guild_id is None:
        raise CardroomError("error.guild_only")
    if not interaction.permissions.manage_guild:
        raise CardroomError("error.manage_guild")
    return guild_id


def _channel_name(interaction: discord.Interaction[Any], channel_id: int) -> str:
    guild = interaction.guild
    channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
    return channel.name if channel is not None else str(channel_id)


def table_choice(interaction: discord.Interaction[Any], record: TableRecord, lang: str) -> str:
    """How an open table reads in the /cardroom end list."""
    parts = [
        f"#{record.id}",
        game_name(record.game, lang),
        "#" + _channel_name(interaction, record.channel_id),
        t(lang, f"parlor.status.{status_of(record)}"),
    ]
    return clip(" · ".join(parts), OPTION_TEXT)


class ServerHandlers:
    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot

    @guarded()
    async def defaults(
        self,
        reply: Reply,
        *,
        pace: str | None,
        timeouts: int | None,
        lobby_hours: int | None,
        notify_channel: discord.abc.GuildChannel | None,
        clear_notify_channel: bool,
        quiet_cap: int | None = None,
        league_role: discord.Role | None = None,
        clear_league_role: bool = False,
    ) -> None:
        """Without options: the server's defaults. With some: those changed, then the defaults shown."""
        interaction = reply.interaction
        guild_id = require_manager(interaction)
        lang = language_of(interaction.locale)
        servers = self.bot.servers
        changing = (
            clear_notify_channel
            or clear_league_role
            or any(v is not None for v in (pace, timeouts, lobby_hours, notify_channel, quiet_cap, league_role))
        )
        if changing:
            if notify_channel is not None:
                self._check_postable(notify_channel)
            if quiet_cap is not None:
                check_cap(quiet_cap)
            await reply.secure()
            settings = await servers.update(
                guild_id,
                pace=pace,
                timeouts=timeouts,
                lobby_hours=lobby_hours,
                notify_channel_id=None if notify_channel is None else notify_channel.id,
                clear_notify_channel=clear_notify_channel,
                league_role_id=None if league_role is None else league_role.id,
                clear_league_role=clear_league_role,
            )
            if quiet_cap is not None:  # after the checks of the other values: a refusal changes nothing
                settings = await set_cap(self.bot.db, guild_id, quiet_cap)
        else:
            settings = await servers.defaults(guild_id)
        bot_expiry = self.bot.settings.lobby_expiry
        embed = defaults_embed(
            lang,
            settings,
            effective(settings, lobby_expiry=bot_expiry),
            effective(GuildSettings(guild_id=guild_id), lobby_expiry=bot_expiry),
            saved=changing,
        )
        cap = t(lang, "quiet.cap", cap=cap_hours(settings))
        embed.add_field(name=t(lang, "quiet.cap_name"), value=cap, inline=False)  # the members' quiet hours
        organisers = (
            t(lang, "league.organisers.role", role=f"<@&{settings.league_role_id}>")
            if settings.league_role_id is not None
            else t(lang, "league.organisers.managers")
        )
        embed.add_field(name=t(lang, "league.organisers.name"), value=organisers, inline=False)
        await reply.send(embed=embed)

    @staticmethod
    def _check_postable(channel: discord.abc.GuildChannel) -> None:
        """Refuse a channel the bot cannot post in (when the bot knows its own permissions there)."""
        me = channel.guild.me
        if me is None:
            return
        allowed = channel.permissions_for(me)
        if not (allowed.view_channel and allowed.send_messages):
            raise CardroomError("error.server_channel_access", channel=f"<#{channel.id}>")

    @guarded()
    async def tables(self, reply: Reply) -> None:
        interaction = reply.interaction
        guild_id = require_manager(interaction)
        lang = language_of(interaction.locale)
        tables = await self.bot.tables.admin.open_tables(guild_id)
        guild = interaction.guild
        server = display_name(guild.name) if guild is not None else str(guild_id)
        await reply.send(embed=tables_embed(lang, server, tables))

    @guarded()
    async def end(self, reply: Reply, table_id: int) -> None:
        """End one of the server's open tables: confirmed privately, announced in the table's channel."""
        interaction = reply.interaction
        guild_id = require_manager(interaction)
        lang = language_of(interaction.locale)
        table = await self.bot.tables.admin.force_end(table_id, guild_id, interaction.user.id, reply.secure)
        redraw(self.bot, [table.id])
        record = table.record
        log.info("Table %s ended by server manager %s", record.id, interaction.user.id)
        await reply.send(
            content=t(
                lang,
                "parlor.end.done",
                id=record.id,
                game=game_name(record.game, lang),
                channel=f"<#{record.channel_id}>",
            )
        )
        await self._announce_end(record)

    async def _announce_end(self, record: TableRecord) -> None:
        """One line in the table's channel, in the table's language; a refusal is logged, not shown."""
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        text = t(record.locale, "parlor.end.notice", game=game_name(record.game, record.locale))
        try:
            await channel.send(content=text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as failure:
            log.warning("Could not announce the end of table %s: %s %s", record.id, failure.status, failure.code)

    async def end_choices(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[int]]:
        """The server's open tables whose label or number contains what the manager typed (none for others)."""
        guild_id = interaction.guild_id
        if guild_id is None or not interaction.permissions.manage_guild:
            return []
        lang = language_of(interaction.locale)
        typed = str(current or "").casefold().strip().lstrip("#")
        choices = []
        for record in await self.bot.db.tables.open_tables(guild_id):
            label = table_choice(interaction, record, lang)
            if typed in label.casefold() or str(record.id).startswith(typed):
                choices.append(app_commands.Choice(name=label, value=record.id))
            if len(choices) == MAX_CHOICES:
                break
        return choices
