"""Slash commands /notify, /cards, /away, /turns and the /cardroom group. Thin: they hand over to the handlers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.services.away import AWAY_CHOICES
from bot.services.clock import paces
from bot.services.quiet import zones_like
from bot.translator import loc
from cogs.kit.choices import pace_choices
from cogs.parlor._people import BACK, PeopleHandlers, choice_value
from cogs.parlor._render import days_label
from cogs.parlor._servers import ServerHandlers

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

MAX_CHOICES = 25


def away_choices() -> list[app_commands.Choice[str]]:
    """One choice per allowed absence (`paces().away.choices_days`), then "back now"."""
    choices = [
        app_commands.Choice(
            name=loc(days_label("en", days), f"parlor.away.choice.{choice_value(days)}"), value=choice_value(days)
        )
        for days in paces().away.choices_days[: MAX_CHOICES - 1]
    ]
    choices.append(app_commands.Choice(name=loc("I'm back: end my absence now", "parlor.away.choice.back"), value=BACK))
    return choices


def auto_away_choices() -> list[app_commands.Choice[str]]:
    """/away's `auto`: the away allowance spent by the hour instead of a timeout, or not."""
    english = {"on": "On: an hour of my allowance rather than a timeout", "off": "Off: my time runs out as usual"}
    return [
        app_commands.Choice(name=loc(english[value], f"away_auto.choice.{value}"), value=value)
        for value in AWAY_CHOICES
    ]


def timeout_choices() -> list[app_commands.Choice[int]]:
    return [app_commands.Choice(name=str(count), value=count) for count in paces().timeouts.choices]


class ParlorCog(commands.Cog, name="Parlor"):
    cardroom = app_commands.Group(
        name=loc("cardroom", "command.cardroom.name"),
        description=loc("Cardroom for server managers: defaults and open tables", "command.cardroom.description"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot
        self.people = PeopleHandlers(bot)
        self.servers = ServerHandlers(bot)

    # ----- everyone ------------------------------------------------------------
    @app_commands.command(
        name=loc("notify", "command.notify.name"),
        description=loc("Choose where you are told it is your turn", "command.notify.description"),
    )
    @app_commands.rename(
        mode=loc("mode", "command.option.mode.name"),
        zone=loc("zone", "command.option.zone.name"),
        quiet=loc("quiet", "command.option.quiet.name"),
        digest_at=loc("digest_at", "command.option.digest_at.name"),
        digest_hours=loc("digest_hours", "command.option.digest_hours.name"),
    )
    @app_commands.describe(
        mode=loc("Where to tell you; leave empty to see your choice", "command.option.mode.description"),
        zone=loc(
            "Your time zone, for your quiet hours (type a city: Paris, New_York…)", "command.option.zone.description"
        ),
        quiet=loc(
            "Hours without pings or DMs in your zone, like 23:00-07:00 (off to stop them)",
            "command.option.quiet.description",
        ),
        digest_at=loc(
            "Digest mode: the time of your daily digest, like 09:00 (empty: when your tables change)",
            "command.option.digest_at.description",
        ),
        digest_hours=loc(
            "Digest mode: at most one digest every so many hours (when your tables change)",
            "command.option.digest_hours.description",
        ),
    )
    @app_commands.choices(
        mode=[
            app_commands.Choice(name=loc("in the table's channel", "parlor.notify.channel"), value="channel"),
            app_commands.Choice(name=loc("by direct message", "parlor.notify.dm"), value="dm"),
            app_commands.Choice(name=loc("in the channel and by direct message", "parlor.notify.both"), value="both"),
            app_commands.Choice(name=loc("one digest message instead of a stream", "digest.choice"), value="digest"),
        ]
    )
    async def notify(
        self,
        interaction: discord.Interaction[Any],
        mode: str | None = None,
        zone: app_commands.Range[str, 1, 64] | None = None,
        quiet: app_commands.Range[str, 1, 40] | None = None,
        digest_at: app_commands.Range[str, 1, 10] | None = None,
        digest_hours: app_commands.Range[int, 1, 48] | None = None,
    ) -> None:
        await self.people.notify(
            interaction, mode, zone=zone, quiet=quiet, digest_at=digest_at, digest_hours=digest_hours
        )

    @notify.autocomplete("zone")
    async def _notify_zone(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=zone, value=zone) for zone in zones_like(current)]

    @app_commands.command(
        name=loc("cards", "command.cards.name"),
        description=loc("Choose how your hands show cards: pictures or text", "command.cards.description"),
    )
    @app_commands.rename(style=loc("style", "command.option.style.name"))
    @app_commands.describe(
        style=loc("Pictures or text; leave empty to see your choice", "command.option.style.description")
    )
    @app_commands.choices(
        style=[
            app_commands.Choice(name=loc("as pictures (card emojis)", "parlor.cards.emoji"), value="emoji"),
            app_commands.Choice(
                name=loc("as text (read aloud well by screen readers)", "parlor.cards.text"), value="text"
            ),
        ]
    )
    async def cards(self, interaction: discord.Interaction[Any], style: str | None = None) -> None:
        await self.people.cards(interaction, style)

    @app_commands.command(
        name=loc("away", "command.away.name"),
        description=loc("Stop your clocks for a few days, or come back early", "command.away.description"),
    )
    @app_commands.rename(
        days=loc("days", "command.option.days.name"), auto=loc("auto", "command.option.away_auto.name")
    )
    @app_commands.describe(
        days=loc("How long you will be away; leave empty to see where you stand", "command.option.days.description"),
        auto=loc(
            "Spend your away allowance by the hour when your time would run out (on by default)",
            "command.option.away_auto.description",
        ),
    )
    @app_commands.choices(days=away_choices(), auto=auto_away_choices())
    async def away(
        self, interaction: discord.Interaction[Any], days: str | None = None, auto: str | None = None
    ) -> None:
        await self.people.away(interaction, days, auto)

    @app_commands.command(
        name=loc("turns", "command.turns.name"),
        description=loc("Every table, in every server, where it is your turn", "command.turns.description"),
    )
    async def turns(self, interaction: discord.Interaction[Any]) -> None:
        await self.people.turns(interaction)

    # ----- server managers -------------------------------------------------------
    @cardroom.command(
        name=loc("defaults", "command.cardroom.defaults.name"),
        description=loc(
            "See or change the defaults of new tables in this server", "command.cardroom.defaults.description"
        ),
    )
    @app_commands.rename(
        pace=loc("pace", "command.option.pace.name"),
        timeouts=loc("timeouts", "command.option.timeouts.name"),
        lobby_hours=loc("lobby_hours", "command.option.lobby_hours.name"),
        notify_channel=loc("notify_channel", "command.option.notify_channel.name"),
        clear_notify_channel=loc("clear_notify_channel", "command.option.clear_notify_channel.name"),
        quiet_cap=loc("quiet_cap", "command.option.quiet_cap.name"),
        league_role=loc("league_role", "command.option.league_role.name"),
        clear_league_role=loc("clear_league_role", "command.option.clear_league_role.name"),
    )
    @app_commands.describe(
        pace=loc("The pace of new tables' clocks", "command.option.pace.description"),
        timeouts=loc("Timeouts in a row before a player is withdrawn", "command.option.timeouts.description"),
        lobby_hours=loc(
            "Hours after which a lobby nobody started closes (1–168)", "command.option.lobby_hours.description"
        ),
        notify_channel=loc(
            "Where turns are announced instead of each table's channel", "command.option.notify_channel.description"
        ),
        clear_notify_channel=loc(
            "Announce turns in each table's own channel again", "command.option.clear_notify_channel.description"
        ),
        quiet_cap=loc(
            "How many hours members' quiet hours may last at most (1–16)", "command.option.quiet_cap.description"
        ),
        league_role=loc("A role whose members may organise leagues", "command.option.league_role.description"),
        clear_league_role=loc(
            "Only server managers organise leagues again", "command.option.clear_league_role.description"
        ),
    )
    @app_commands.choices(pace=pace_choices())
    @app_commands.choices(timeouts=timeout_choices())
    async def defaults(
        self,
        interaction: discord.Interaction[Any],
        pace: str | None = None,
        timeouts: int | None = None,
        lobby_hours: app_commands.Range[int, 1, 168] | None = None,
        notify_channel: discord.TextChannel | None = None,
        clear_notify_channel: bool = False,
        quiet_cap: app_commands.Range[int, 1, 16] | None = None,
        league_role: discord.Role | None = None,
        clear_league_role: bool = False,
    ) -> None:
        await self.servers.defaults(
            interaction,
            pace=pace,
            timeouts=timeouts,
            lobby_hours=lobby_hours,
            notify_channel=notify_channel,
            clear_notify_channel=clear_notify_channel,
            quiet_cap=quiet_cap,
            league_role=league_role,
            clear_league_role=clear_league_role,
        )

    @cardroom.command(
        name=loc("tables", "command.cardroom.tables.name"),
        description=loc("This server's open tables", "command.cardroom.tables.description"),
    )
    async def tables(self, interaction: discord.Interaction[Any]) -> None:
        await self.servers.tables(interaction)

    @cardroom.command(
        name=loc("end", "command.cardroom.end.name"),
        description=loc("End one of this server's open tables", "command.cardroom.end.description"),
    )
    @app_commands.rename(table=loc("table", "command.option.table_id.name"))
    @app_commands.describe(table=loc("The table to end (pick from the list)", "command.option.table_id.description"))
    async def end(self, interaction: discord.Interaction[Any], table: int) -> None:
        await self.servers.end(interaction, table)

    @end.autocomplete("table")
    async def _end_table(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[int]]:
        return await self.servers.end_choices(interaction, current)
