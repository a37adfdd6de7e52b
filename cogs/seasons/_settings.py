"""/cardroom season: a server manager turns a game's seasons on (monthly or quarterly), changes them, or turns them
off; without a period, what is set is shown. Checked here on every call, as the other /cardroom commands are."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.errors import CardroomError
from bot.i18n import language_of, t
from bot.seasons import PERIODS, key_at
from bot.services.seasons import SeasonService
from bot.storage.repos.seasons import SeasonSetting
from cogs.kit.errors import guarded
from cogs.kit.reply import Reply
from cogs.render.text import game_name, stamp
from engines import registry

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

OFF = "off"


def manager_of(interaction: discord.Interaction[Any]) -> int:
    """The server's id, if the user may manage it here; a localised refusal otherwise."""
    if interaction.guild_id is None:
        raise CardroomError("error.guild_only")
    if not interaction.permissions.manage_guild:
        raise CardroomError("error.manage_guild")
    return interaction.guild_id


def setting_text(lang: str, setting: SeasonSetting, now: float, *, channel_id: int | None) -> str:
    """What a game's seasons are: the period, the running season and its end, where its end is posted, the role."""
    assert setting.due_at is not None
    lines = [
        t(
            lang,
            "seasons.setting",
            game=game_name(setting.game, lang),
            period=t(lang, f"seasons.period.{setting.period}"),
            season=key_at(setting.period, now),
            ends=stamp(setting.due_at, "f"),
        ),
        t(lang, "seasons.posted_in", channel=f"<#{channel_id}>")
        if channel_id is not None
        else t(lang, "seasons.posted_nowhere"),
        t(lang, "seasons.role", role=f"<@&{setting.role_id}>")
        if setting.role_id is not None
        else t(lang, "seasons.no_role"),
    ]
    return "\n".join(lines)


class SeasonSettings:
    def __init__(self, bot: CardroomBot, seasons: SeasonService) -> None:
        self.bot = bot
        self.seasons = seasons

    @guarded()
    async def season(
        self,
        reply: Reply,
        game: str,
        period: str | None,
        channel: discord.abc.GuildChannel | None,
        role: discord.Role | None,
    ) -> None:
        interaction = reply.interaction
        guild_id = manager_of(interaction)
        lang = language_of(interaction.locale)
        if game not in registry.names():
            raise CardroomError("error.unknown_game", game=game[:40])
        if period is None:  # shown, not changed
            setting = await self.seasons.setting(guild_id, game)
            if setting is None:
                await reply.send(content=t(lang, "seasons.is_off", game=game_name(game, lang)))
                return
            await reply.send(
                content=setting_text(lang, setting, self.seasons.now(), channel_id=await self._posted(setting))
            )
            return
        if period == OFF:
            await reply.secure()
            await self.seasons.configure(guild_id, game, None)
            await reply.send(content=t(lang, "seasons.turned_off", game=game_name(game, lang)))
            return
        chosen = next((known for known in PERIODS if known == period), None)
        if chosen is None:
            raise CardroomError("seasons.error.period")
        notes = []
        if channel is not None:
            me = channel.guild.me
            allowed = channel.permissions_for(me) if me is not None else None
            if allowed is not None and not (allowed.view_channel and allowed.send_messages):
                raise CardroomError("error.server_channel_access", channel=f"<#{channel.id}>")
        if role is not None:
            if role.is_default() or role.managed:
                raise CardroomError("seasons.error.role", role=f"<@&{role.id}>")
            if role.guild.me is not None and not role.is_assignable():
                notes.append(t(lang, "seasons.role_not_yet", role=f"<@&{role.id}>"))
        await reply.secure()
        setting = await self.seasons.configure(
            guild_id,
            game,
            chosen,
            channel_id=None if channel is None else channel.id,
            role_id=None if role is None else role.id,
        )
        assert setting is not None
        text = setting_text(lang, setting, self.seasons.now(), channel_id=await self._posted(setting))
        await reply.send(content="\n".join([t(lang, "seasons.saved"), text, *notes]))

    async def _posted(self, setting: SeasonSetting) -> int | None:
        """Where a season's end will be posted: the channel chosen, else the server's notification channel."""
        if setting.channel_id is not None:
            return setting.channel_id
        notify = (await self.bot.db.servers.get(setting.guild_id)).notify_channel_id
        if notify is not None:
            return notify
        guild = self.bot.get_guild(setting.guild_id)
        return guild.system_channel.id if guild is not None and guild.system_channel is not None else None
