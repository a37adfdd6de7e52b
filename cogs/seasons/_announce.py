"""A season's end on Discord: its final standings posted, and the champion role moved to the winner.

The standings go to the channel the server chose for its seasons, else to its notification channel (`/cardroom
defaults notify_channel:`), else to its system channel; with none of them, nothing is posted (logged). The post is
in the server's language (its preferred locale) and pings the champion only. A season nobody played is archived but
not announced.

Where the server chose a champion role, it is taken from the previous season's champion and given to the new one
(`previous_champion`: the bot has no member list to search). A role the bot may not manage (Discord answers 403:
no Manage Roles, or the role above the bot's own) is reported in the same post once (`role_refused`), then the bot
goes on without it until the server lets it manage the role again.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

import discord

from bot.i18n import language_of, t
from bot.seating import is_computer
from bot.services.seasons import SeasonEnd, SeasonService
from cogs.seasons.standings import season_embed

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

log = logging.getLogger("cardroom.seasons")

REASON = "Cardroom: season champion"

Moved = Literal["moved", "refused", "gone"]


class SeasonAnnouncer:
    def __init__(self, bot: CardroomBot, seasons: SeasonService) -> None:
        self.bot = bot
        self.seasons = seasons

    async def announce(self, ended: Sequence[SeasonEnd]) -> None:
        """Post each season's end and move its role; one failing does not stop the others."""
        for end in ended:
            try:
                await self._one(end)
            except Exception:
                log.exception("The end of season %s in %s was not announced", end.season.key, end.setting.guild_id)

    async def _one(self, end: SeasonEnd) -> None:
        setting, view = end.setting, end.season
        if not view.standings:  # nobody played: archived, not announced (no monthly post in a quiet server)
            log.info("Season %s of %s in %s ended with no game", view.key, view.game, setting.guild_id)
            return
        guild = self.bot.get_guild(setting.guild_id)
        lang = language_of(guild.preferred_locale if guild is not None else None)
        notes = []
        if setting.role_id is not None and view.champion is not None:
            moved = await self._move_role(end)
            role = f"<@&{setting.role_id}>"
            if moved == "moved":
                notes.append(t(lang, "seasons.role_moved", role=role, champion=f"<@{view.champion}>"))
            elif moved == "refused" and not setting.role_refused:
                notes.append(t(lang, "seasons.role_refused", role=role))  # said once, until it works again
            if moved != "gone":
                await self.seasons.role_refused(setting, moved == "refused")
        channel_id = setting.channel_id or (await self.bot.db.servers.get(setting.guild_id)).notify_channel_id
        if channel_id is None and guild is not None and guild.system_channel is not None:
            channel_id = guild.system_channel.id
        if channel_id is None:
            log.warning("Season %s of %s in %s ended with nowhere to post it", view.key, view.game, setting.guild_id)
            return
        embed = season_embed(view, lang)
        content = "\n".join([t(lang, "seasons.over", season=view.key), *notes])
        champion = view.champion
        await self.bot.get_partial_messageable(channel_id, guild_id=setting.guild_id).send(
            content=content,
            embed=embed,
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(champion)] if champion is not None and not is_computer(champion) else [],
                roles=False,
                everyone=False,
            ),
        )

    async def _move_role(self, end: SeasonEnd) -> Moved:
        """Give the champion role to the new champion, taken from the previous one first: `refused` if Discord
        refused the bot (it may not manage that role), `gone` if the role or the champion is gone."""
        setting, champion = end.setting, end.season.champion
        assert setting.role_id is not None and champion is not None
        http = self.bot.http
        try:
            previous = end.previous_champion
            if previous is not None and previous != champion:
                with contextlib.suppress(discord.NotFound):  # they left the server: nothing to take
                    await http.remove_role(setting.guild_id, previous, setting.role_id, reason=REASON)
            await http.add_role(setting.guild_id, champion, setting.role_id, reason=REASON)
        except discord.Forbidden:
            log.info("May not manage the champion role %s in %s", setting.role_id, setting.guild_id)
            return "refused"
        except discord.NotFound:
            log.info("The champion role %s or its winner is gone from %s", setting.role_id, setting.guild_id)
            return "gone"
        return "moved"
