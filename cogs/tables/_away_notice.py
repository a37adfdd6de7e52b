"""The notice of away hours: a player whose time ran out, and on whom the clock spends their away allowance by the
hour instead of a timeout (`ClockService.expire`, `Outcome.away`), is told once per stretch, with what is left.

By direct message, whatever their `/notify` choice (it is about their allowance, not a turn); when Discord refuses
it (their DMs are closed) in the channel where the table's bells ring, pinging them, with the bell's one-time word
that their DMs are closed (`PlayerService.dm_refused`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import t
from bot.services.away import AwayHour
from bot.services.tables import Table
from cogs.render.limits import CONTENT, clip
from cogs.render.text import duration, game_name, stamp
from cogs.tables._bell import DMS_CLOSED

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

log = logging.getLogger("cardroom.tables")


def notice_params(table: Table, hour: AwayHour, lang: str) -> dict[str, str]:
    """What both notices say: the game, the moved deadline, and the allowance left this year."""
    due = table.deadline(hour.seat)
    left = duration(hour.left, lang) if hour.left >= 60 else t(lang, "away_auto.none_left")
    return {
        "game": game_name(table.record.game, lang),
        "when": stamp(due) if due is not None else "—",
        "left": left,
    }


async def tell_away_hours(bot: CardroomBot, table: Table, hour: AwayHour) -> None:
    """Tell the player the clock spent away time on them (the first hour of a stretch only: once per stretch)."""
    if not hour.first:
        return
    record = table.record
    lang = record.locale
    params = notice_params(table, hour, lang)
    guild = bot.get_guild(record.guild_id) if record.guild_id is not None else None
    content = t(
        lang,
        "away_auto.notice_dm",
        server=guild.name if guild is not None else "—",
        channel=f"<#{record.channel_id}>",
        **params,
    )
    try:
        dm = await bot.create_dm(discord.Object(hour.user_id))
        await dm.send(clip(content, CONTENT))
        return
    except discord.Forbidden as refused:
        if refused.code != DMS_CLOSED:
            raise
    mention = f"<@{hour.user_id}>"
    lines = [t(lang, "away_auto.notice_channel", mention=mention, **params)]
    if await bot.players.dm_refused(hour.user_id):
        lines.append(t(lang, "bell.dms_closed", mention=mention))
    channel_id = record.channel_id
    if record.guild_id is not None:
        chosen = (await bot.db.servers.get(record.guild_id)).notify_channel_id
        channel_id = chosen if chosen is not None else channel_id
    await bot.get_partial_messageable(channel_id).send(
        clip("\n".join(lines), CONTENT),
        allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(hour.user_id)]),
    )
