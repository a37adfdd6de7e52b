"""/notify, /cards, /away and /turns: a person's own settings and tables, answered privately."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.errors import InvalidOptionError
from bot.i18n import language_of
from bot.services.clock import paces
from cogs.kit.errors import guarded
from cogs.kit.reply import Reply
from cogs.parlor._refresh import redraw
from cogs.parlor._render import away_text, cards_text, inbox_embed, notify_text
from cogs.render.text import display_name

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
    async def notify(self, reply: Reply, mode: str | None) -> None:
        """Without a mode: the current choice. With one: the new choice, confirmed."""
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        if mode is None:
            player = await self.bot.players.settings(interaction.user.id)
        else:
            await reply.secure()
            player = await self.bot.players.set_notify(interaction.user.id, mode)
        await reply.send(content=notify_text(lang, player, changed=mode is not None))

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
    async def away(self, reply: Reply, days: str | None) -> None:
        """Without a choice: where the person stands. With days: away from now. With "back": back now."""
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        players = self.bot.players
        user_id = interaction.user.id
        if days is None:
            player = await players.settings(user_id)
            now = players.now()
            until = player.away_until if players.is_away(player, now) else None
            text = away_text(lang, until, players.left(player, now))
        elif days == BACK:
            await reply.secure()
            change = await players.come_back(user_id)
            redraw(self.bot, [table.id for table in change.tables])
            text = away_text(lang, None, change.left, change="back")
        else:
            wanted = away_days(days)
            await reply.secure()
            change = await players.go_away(user_id, wanted)
            redraw(self.bot, [table.id for table in change.tables])
            text = away_text(lang, change.settings.away_until, change.left, change="away")
        await reply.send(content=text)

    @guarded()
    async def turns(self, reply: Reply) -> None:
        """Every running table of the person, in every server: where they must act first, then where they wait."""
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        rows = await self.bot.db.players.turns_of(interaction.user.id)
        servers: dict[int | None, str] = {}
        for guild_id in {row.guild_id for row in rows if row.guild_id is not None}:
            guild = self.bot.get_guild(guild_id)
            servers[guild_id] = display_name(guild.name) if guild is not None else str(guild_id)
        await reply.send(embed=inbox_embed(lang, rows, servers))
