"""/notify, /cards, /away and /turns: a person's own settings and tables, answered privately."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.errors import InvalidOptionError
from bot.i18n import language_of, t
from bot.services.away import AWAY_CHOICES
from bot.services.clock import paces
from bot.services.players import NOTIFY_MODES
from cogs.kit.errors import guarded
from cogs.kit.reply import Reply
from cogs.parlor._quiet import digest_text, quiet_text
from cogs.parlor._refresh import redraw
from cogs.parlor._render import away_text, cards_text, inbox_embed, notify_text
from cogs.render.text import display_name
from cogs.tables._next import turns_view, waiting

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

BACK = "back"  # the /away choice that ends an absence now


def away_days(value: str) -> float:
    """An /away choice as days: one of `paces().away.choices_days`, else InvalidOptionError."""
    for days in paces().away.choices_days:
        if value == choice_value(days):
            return days
    raise InvalidOptionError("error.invalid_choice")


def choice_value(days: float) -> str:
    """The value of an /away choice: "3" for 3 days, "0.5" for half a day."""
    return str(int(days)) if float(days).is_integer() else str(days)


class PeopleHandlers:
    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot

    @guarded()
    async def notify(
        self,
        reply: Reply,
        mode: str | None,
        *,
        zone: str | None = None,
        quiet: str | None = None,
        digest_at: str | None = None,
        digest_hours: int | None = None,
    ) -> None:
        """Without options: the current choices. With some: the new choices (mode, time zone, quiet hours, digest
        time and pace; a digest option means digest mode), all checked first, then saved and confirmed."""
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        user_id = interaction.user.id
        if mode is not None and mode not in NOTIFY_MODES:
            raise InvalidOptionError("error.invalid_choice")
        digest = mode == "digest" or (mode is None and (digest_at is not None or digest_hours is not None))
        notices = self.bot.notices
        player = await self.bot.players.settings(user_id)
        planned = None
        if zone is not None or quiet is not None:
            planned = await notices.plan_quiet(user_id, zone=zone, span=quiet, guild_id=interaction.guild_id)
        zoned = player if planned is None else replace(player, zone=planned[0])
        daily = await notices.plan_digest(zoned, digest_at) if digest else None
        if planned is not None or mode is not None or digest:
            await reply.secure()
            if planned is not None:
                player = await notices.save_quiet(user_id, *planned)
            if digest:
                hours = None if digest_hours is None else float(digest_hours)
                player = await notices.save_digest(user_id, daily, hours)
            elif mode is not None:
                player = await self.bot.players.set_notify(user_id, mode)
        changed = mode is not None
        text = digest_text(lang, player) if player.notify == "digest" else notify_text(lang, player, changed=changed)
        await reply.send(content=f"{text}\n{quiet_text(lang, player)}")

    @guarded()
    async def cards(self, reply: Reply, style: str | None) -> None:
        """Without a style: how the person's hands show cards. With one: the new choice, confirmed. Their hands
        drawn from now on show it (`TableHandlers._draw_hand`); the public table never changes."""
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        if style is None:
            player = await self.bot.players.settings(interaction.user.id)
        else:
            await reply.secure()
            player = await self.bot.players.set_cards(interaction.user.id, style)
        await reply.send(content=cards_text(lang, player, changed=style is not None))

    @guarded()
    async def away(self, reply: Reply, days: str | None, auto: str | None = None) -> None:
        """Without a choice: where the person stands. With days: away from now. With "back": back now. With
        `auto` ("on" or "off"): whether the clock spends their allowance by the hour instead of a timeout."""
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        players = self.bot.players
        user_id = interaction.user.id
        wanted = None if days in (None, BACK) else away_days(days)  # checked before anything changes
        if auto is not None:
            if auto not in AWAY_CHOICES:
                raise InvalidOptionError("error.invalid_choice")
            await reply.secure()
            await players.set_auto_away(user_id, auto == "on")
        if days is None:
            player = await players.settings(user_id)
            now = players.now()
            until = player.away_until if players.is_away(player, now) else None
            text = away_text(lang, until, players.left(player, now), change=None if auto is None else "auto")
            text += "\n" + t(lang, "away_auto.on" if player.auto_away else "away_auto.off")
        elif days == BACK:
            await reply.secure()
            change = await players.come_back(user_id)
            redraw(self.bot, [table.id for table in change.tables])
            text = away_text(lang, None, change.left, change="back")
        else:
            assert wanted is not None
            await reply.secure()
            change = await players.go_away(user_id, wanted)
            redraw(self.bot, [table.id for table in change.tables])
            text = away_text(lang, change.settings.away_until, change.left, change="away")
        if days is not None and auto is not None:
            text += "\n" + t(lang, f"away_auto.{auto}")
        await reply.send(content=text)

    @guarded()
    async def turns(self, reply: Reply) -> None:
        """Every running table of the person, in every server: where they must act first, then where they wait;
        under them Next (the most urgent table's hand) and the auto-next toggle (`cogs.tables._next`)."""
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        rows = await self.bot.db.players.turns_of(interaction.user.id)
        player = await self.bot.players.settings(interaction.user.id)
        servers: dict[int | None, str] = {}
        for guild_id in {row.guild_id for row in rows if row.guild_id is not None}:
            guild = self.bot.get_guild(guild_id)
            servers[guild_id] = display_name(guild.name) if guild is not None else str(guild_id)
        view = turns_view(lang, len(waiting(rows)), player.auto_next)
        await reply.send(embed=inbox_embed(lang, rows, servers), view=view)
