"""Il Morto on Discord, an extension the game declares (`SPEC.extensions`): speaking to the dead, the dealer's
`/accuse`, and the dead's mark in the channel.

The rule (docs/games/ilmorto.md): a living player other than the dealer who addresses a dead player gives
them one of their own lives. On Discord, addressing is an @mention or a reply, and both reach a bot with the
(unprivileged) guild messages intent: a message's text stays hidden without the message-content intent, its
mentions and reply reference do not. Each dead seated player a living non-dealer's message mentions or
replies to gets one life (`GiveLife`, taken by the speaker), announced in the channel. What the bot cannot see
(a voice chat, a nickname typed out) the dealer settles with `/accuse accused: dead:` (`Accuse`). Both are
table options (`speaking_rule`, `accusations`) and are judged by the engine, through `PlayService.report`.

The dead's mark: a 💀 beside their name wherever the table lists players (the game's renderer), and one line in the
channel when someone dies, saying the living must not speak to them. No "Dead" role: see
docs/games/ilmorto.md#on-discord.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import CardroomError, RefusedError
from bot.i18n import language_of, list_of, t
from bot.seating import is_computer
from bot.services.tables import Table, Tables
from bot.storage import RepairRow
from bot.translator import loc
from cogs.kit.errors import guarded
from cogs.kit.reply import Reply
from cogs.render.games import worded_refusal
from cogs.render.limits import CONTENT, clip
from cogs.render.text import display_name
from cogs.tables import TablesCog
from cogs.tables._endings import mention
from cogs.tables._refresher import TableRefresher

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

log = logging.getLogger("cardroom.ilmorto")

GAME = "ilmorto"
NAME = 32  # Discord's longest display name, for a member named in a refusal


def running(table: Table | None) -> bool:
    """Whether `table` is a running Il Morto game."""
    return (
        table is not None and table.record.game == GAME and table.record.status == "active" and table.state is not None
    )


def option(table: Table, name: str) -> bool:
    """A table option of Il Morto (`speaking_rule`, `accusations`), as the engine reads the table's options."""
    return bool(getattr(table.engine.parse_options(table.record.options), name))


def view_of(table: Table) -> Any:
    """What everyone sees of the game: lives, dealer, the dead."""
    assert table.state is not None
    return table.engine.perspective(table.state, None)


def dead_seats(table: Table, view: Any) -> frozenset[int]:
    """The seats of the dead (out of lives; a player who left the game is not one of them)."""
    withdrawn = set(view.withdrawn)
    return frozenset(seat for seat, lives in enumerate(view.lives) if lives <= 0 and seat not in withdrawn)


def living(table: Table, view: Any, seat: int) -> bool:
    return seat not in view.withdrawn and view.lives[seat] > 0


def _people(table: Table, seats: Iterable[int]) -> discord.AllowedMentions:
    """Mentions allowed for these players only (never a role or everyone, nor a computer seat)."""
    people = {table.record.seats[seat].user_id for seat in seats}
    return discord.AllowedMentions(
        users=[discord.Object(user_id) for user_id in sorted(people) if not is_computer(user_id)],
        roles=False,
        everyone=False,
        replied_user=False,
    )


def gift_line(table: Table, key: str, **seats: int) -> tuple[str, discord.AllowedMentions]:
    """One short line in the table's language that names these players (`speaker`, `dead`, `dealer`,
    `accused`: seats) and pings only the two a life went between (never the dealer who ruled it)."""
    names = {role: mention(table.record.seats[seat]) for role, seat in seats.items()}
    text = clip(t(table.record.locale, key, **names), CONTENT)
    return text, _people(table, [seat for role, seat in seats.items() if role != "dealer"])


class TheDead:
    """Listens to the channels of Il Morto tables, settles `/accuse`, and marks who died."""

    def __init__(self, bot: CardroomBot, refresher: TableRefresher) -> None:
        self.bot = bot
        self.refresher = refresher
        self._dead: dict[int, frozenset[int]] = {}  # game id -> the dead as last shown in its channel

    @property
    def service(self) -> Tables:
        return self.bot.tables

    # ----- speaking to the dead --------------------------------------------------
    async def heard(self, message: discord.Message) -> None:
        """A message in a server channel: a living non-dealer who mentions or replies to the dead gives them a
        life each. Never raises: a failure is logged and the next message is heard as usual."""
        try:
            await self._heard(message)
        except Exception:
            log.exception("Could not judge message %s in channel %s", message.id, message.channel.id)

    async def _heard(self, message: discord.Message) -> None:
        if message.guild is None or message.author.bot or message.webhook_id is not None:
            return
        if not message.mentions and message.type is not discord.MessageType.reply:
            return  # the cheap check first: most messages address nobody
        table = await self.service.store.open_in_channel(message.channel.id)
        if table is None or not running(table) or not option(table, "speaking_rule"):
            return
        view = view_of(table)
        speaker = table.seat_of(message.author.id)
        if speaker is None or speaker == view.dealer or not living(table, view, speaker):
            return
        addressed = [user.id for user in message.mentions]
        replied = await self._replied_to(message)
        if replied is not None:
            addressed.append(replied)
        dead = dead_seats(table, view)
        targets: list[int] = []
        for user_id in addressed:
            seat = table.seat_of(user_id)
            if seat is not None and seat in dead and seat not in targets:
                targets.append(seat)
        for seat in targets:
            try:
                outcome = await self.service.play.report(table.id, message.author.id, {"kind": "give_life", "to": seat})
            except CardroomError as refused:  # the engine's word (the speaker died meanwhile, the round moved on)
                log.info("No life given by seat %s to seat %s of game %s: %s", speaker, seat, table.id, refused.key)
                continue
            self.refresher.mark(table.id)
            text, allowed = gift_line(outcome.table, "ilmorto_discord.gave_life", speaker=speaker, dead=seat)
            await message.channel.send(text, allowed_mentions=allowed)

    async def _replied_to(self, message: discord.Message) -> int | None:
        """The author of the message this one replies to (fetched when Discord did not send it), if any."""
        reference = message.reference
        if message.type is not discord.MessageType.reply or reference is None or reference.message_id is None:
            return None
        resolved = reference.resolved
        if isinstance(resolved, discord.Message):
            return resolved.author.id
        if isinstance(resolved, discord.DeletedReferencedMessage):
            return None
        try:
            fetched = await message.channel.fetch_message(reference.message_id)
        except discord.HTTPException as failure:
            log.info("Could not fetch the message %s replied to: %s", reference.message_id, failure.status)
            return None
        return fetched.author.id

    # ----- the dealer's ruling -----------------------------------------------------
    @guarded(ephemeral=False)
    async def accuse(self, reply: Reply, accused: discord.abc.User, dead: discord.abc.User) -> None:
        """`/accuse accused: dead:`: the dealer rules that a living player spoke to a dead one, who gets one of
        their lives; announced in the channel, refused privately with the reason."""
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        channel_id = interaction.channel_id
        table = await self.service.store.open_in_channel(channel_id) if channel_id is not None else None
        if table is None or not running(table):
            raise CardroomError("ilmorto_discord.accuse.no_table")
        if not option(table, "accusations"):
            raise CardroomError("ilmorto_discord.accuse.off")
        view = view_of(table)
        dealer = table.seat_of(interaction.user.id)
        if dealer is None or dealer != view.dealer:
            raise CardroomError("ilmorto_discord.accuse.not_dealer")
        accused_seat = table.seat_of(accused.id)
        if accused_seat is None or accused_seat == view.dealer or not living(table, view, accused_seat):
            raise CardroomError("ilmorto_discord.accuse.not_living", name=display_name(accused.display_name[:NAME]))
        dead_seat = table.seat_of(dead.id)
        if dead_seat is None or dead_seat not in dead_seats(table, view):
            raise CardroomError("ilmorto_discord.accuse.not_dead", name=display_name(dead.display_name[:NAME]))
        payload = {"kind": "accuse", "accused": accused_seat, "dead": dead_seat}
        try:
            outcome = await self.service.play.report(table.id, interaction.user.id, payload, reply.secure)
        except RefusedError as refused:
            raise RefusedError(worded_refusal(GAME, refused.refusal, lang)) from None
        self.refresher.mark(table.id)
        text, allowed = gift_line(
            outcome.table, "ilmorto_discord.accused", dealer=dealer, accused=accused_seat, dead=dead_seat
        )
        await reply.send(private=False, content=text, allowed_mentions=allowed)

    # ----- the dead's mark -----------------------------------------------------------
    async def known_at_start(self, rows: Iterable[RepairRow]) -> None:
        """The running Il Morto tables at the bot's start (among the rows of the start-up repair), read one at a
        time and not kept in memory: only their dead are."""
        for row in rows:
            if row.game == GAME and row.status == "active":
                table = await self.service.store.peek(row.table_id)
                if table is not None:
                    self.known([table])

    def known(self, tables: Iterable[Table]) -> None:
        """The running tables at the bot's start: their dead were announced by an earlier run."""
        for table in tables:
            if running(table):
                self._dead[table.id] = dead_seats(table, view_of(table))

    async def shown(self, table: Table) -> None:
        """A new version of a table is shown (the refresher's watcher): one line in the channel for each death
        since the last one shown, saying (when the speaking rule is on) that the living must not speak to them.

        A game started since the bot's start had nobody dead at first; one running before was told `known`.
        The table message is edited at most so often, so one shown version may hold several moves: a player
        who died and was given a life back between two shown versions is not announced (the log and the gift's
        own announcement tell it).
        """
        if not running(table):
            self._dead.pop(table.id, None)
            return
        now = dead_seats(table, view_of(table))
        before = self._dead.get(table.id, frozenset())
        self._dead[table.id] = now
        died = sorted(now - before)
        if not died:
            return
        lang = table.record.locale
        names = list_of(lang, [mention(table.record.seats[seat]) for seat in died])
        key = "ilmorto_discord.died" if option(table, "speaking_rule") else "ilmorto_discord.died_quiet"
        text = clip(t(lang, key, names=names, count=len(died)), CONTENT)
        channel = self.bot.get_partial_messageable(table.record.channel_id)
        await channel.send(text, allowed_mentions=discord.AllowedMentions.none())


class TheDeadCog(commands.Cog, name="Il Morto"):
    """`/accuse` and the channel listener, above the tables extension (loaded before the games' extensions): the
    dead are marked when the tables extension shows a new version of a table (its refresher's watcher)."""

    def __init__(self, bot: CardroomBot, tables: TablesCog) -> None:
        self.bot = bot
        self.dead = TheDead(bot, tables.refresher)
        self._ready = asyncio.Event()  # the dead of the tables running at start are known
        tables.refresher.watchers.append(self.shown)

    async def cog_load(self) -> None:
        """The dead of every Il Morto table running at start were announced by an earlier run: known, not told."""
        try:
            served = self.bot.process_shards.serves
            await self.dead.known_at_start(await self.bot.tables.store.to_repair(served=served))
        finally:
            self._ready.set()

    async def shown(self, table: Table) -> None:
        await self._ready.wait()  # a table the start-up repair shows first waits for its dead to be known
        await self.dead.shown(table)

    @app_commands.command(
        name=loc("accuse", "command.accuse.name"),
        description=loc(
            "Il Morto, the dealer's ruling: a living player spoke to a dead one and gives them a life",
            "command.accuse.description",
        ),
    )
    @app_commands.rename(
        accused=loc("accused", "command.option.accused.name"),
        dead=loc("dead", "command.option.dead.name"),
    )
    @app_commands.describe(
        accused=loc("The living player who spoke to the dead", "command.option.accused.description"),
        dead=loc("The dead player they spoke to", "command.option.dead.description"),
    )
    @app_commands.guild_only()
    async def accuse(self, interaction: discord.Interaction[Any], accused: discord.User, dead: discord.User) -> None:
        await self.dead.accuse(interaction, accused, dead)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """A living player who mentions or replies to a dead one gives them a life (never raises)."""
        await self.dead.heard(message)


async def setup(bot: CardroomBot) -> None:
    tables = bot.get_cog("Tables")
    if not isinstance(tables, TablesCog):
        raise commands.ExtensionFailed(__name__, RuntimeError("Il Morto's extension needs the tables extension"))
    await bot.add_cog(TheDeadCog(bot, tables))
