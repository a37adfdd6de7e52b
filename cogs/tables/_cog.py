"""Slash commands for tables: /play, /hand, /log, /verify, /abort. Thin: they hand over to the handlers."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import emojis
from bot.errors import CardroomError, ForgedComponentError, OutdatedButtonError
from bot.services.scheduler import LEASE, Scheduler
from bot.storage import Deadline
from bot.translator import loc
from cogs.kit.choices import game_choices
from cogs.kit.components import carried, is_known, mismatched
from cogs.kit.errors import in_flight, reply_error, tree_error
from cogs.kit.reply import Reply
from cogs.tables._away_notice import tell_away_hours
from cogs.tables._handlers import TableHandlers
from cogs.tables._premoves import PREMOVE
from cogs.tables._premoves import install as install_premoves
from cogs.tables._refresher import TableRefresher
from cogs.tables._repair import RepairQueue
from cogs.tables._seat_moves import SeatMoves

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

MAX_OPTION_INT = 2**53 - 1  # Discord's largest integer option value (game ids are far below it)

log = logging.getLogger("cardroom.tables")

SETTLE = 4.0  # seconds a stop waits for the handlers in flight, then again for the table edits


class TablesCog(commands.Cog, name="Tables"):
    def __init__(self, bot: CardroomBot) -> None:
        self.bot = bot
        self.refresher = TableRefresher(
            bot, bot.settings.table_edit_delay, RepairQueue(bot.settings.repair_rate), faces=bot.settings.emojis
        )
        self.handlers = TableHandlers(bot, self.refresher)
        self.refresher.watchers += self.handlers.watchers()  # a game's extension may add its own (Il Morto's dead)
        self.premoves = install_premoves(bot, self.refresher)  # moves chosen ahead, played when their turn comes
        # This process claims and fires only its own servers' deadlines (every deadline when it runs every shard).
        shards = bot.process_shards
        self.scheduler = Scheduler(
            bot.db,
            self._fire,
            clock=bot.tables.store.now,
            shard_count=shards.count or 1,
            shard_ids=None if shards.serves_all else shards.ids,
            lease=LEASE * bot.settings.time_scale,
        )
        self._thinking = SeatMoves()  # computer moves in the background, by (game, seat, kind)

    async def cog_load(self) -> None:
        """After a restart, bring every table up to date and mention whoever must act.

        That is every open table, and every table whose message is behind its
        last commit (the bot stopped between a move and the edit), including
        games that ended just before: their final standings are shown then.
        A "your turn" mention posted before a crash is replaced by the next one,
        or deleted if the game is over. The deadline scheduler starts
        last; deadlines that fell due while the bot was down fire then, once.

        Only their rows are read here: the tables are repaired in the
        background, the most recently changed first and a few per second
        (`CARDROOM_REPAIR_RATE`), each loaded when its turn comes, while live
        clicks go first.
        """
        # The card emojis come in the background, after this: the tables drawn before are drawn again then.
        emojis.watch(self.refresher.faces_installed)
        served = self.bot.process_shards.serves  # only the tables of this process's shards: the others' are theirs
        repairs = await self.bot.tables.store.to_repair(served=served)
        self.refresher.repair(repairs)
        self.bot.tables.store.deadline_added = self.scheduler.poke
        self.scheduler.start()
        self.refresher.bell.start()  # the players' own deadlines: quiet hours ending, digests

    async def drain(self) -> None:
        """Before a stop: the handlers in flight finish (their commit, answer and bookkeeping), then the table edits.

        Each wait is bounded by `SETTLE`; a table left unedited is brought up to date at the next start.
        """
        self.refresher.stop_repair()
        left = await in_flight.settle(SETTLE)
        if left:
            log.warning("Stopping with %d interactions still being handled", left)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.refresher.idle(), SETTLE)

    async def cog_unload(self) -> None:
        emojis.unwatch(self.refresher.faces_installed)
        self.refresher.stop_repair()
        await self.scheduler.stop()
        await self.refresher.bell.stop()
        self._thinking.cancel()

    async def _fire(self, deadline: Deadline) -> None:
        """A deadline is due (the scheduler calls this).

        `lobby`: a lobby nobody started closes itself and says so. `remind`: the
        player who must decide has used most of their time; the bell pings them.
        `expire`: their time ran out; the game plays for them (or withdraws them
        after too many in a row), through the same locked, versioned path as a click.
        `computer`: a computer seat's turn. Both moves are decided in the
        background (the normal computer player thinks up to its budget), and
        played through that same path. `premove`: a move a player chose ahead
        plays, a few seconds after its decision came, if it still fits.
        """
        tables = self.bot.tables
        if deadline.kind == "lobby":
            table = await tables.lobby.expire_lobby(deadline.table_id, deadline)
            if table is not None:
                log.info("Lobby %s closed itself: not started in time", table.id)
                self.refresher.mark(table.id)
        elif deadline.kind in ("expire", "computer"):
            # A computer thinks (for a computer seat, or for a player whose time ran out) in the background: other
            # deadlines do not wait. The lease is taken here, before the next pass of the scheduler can see the
            # deadline again; a seat's moves are made one after the other (`SeatMoves`).
            lease = await tables.clock.lease(deadline)
            if lease is not None:
                self._thinking.start(
                    (deadline.table_id, deadline.seat, deadline.kind),
                    functools.partial(self._computer_move, deadline, lease),
                    name=f"{deadline.kind}-{deadline.table_id}-{deadline.seat}",
                )
        elif deadline.kind == "remind":
            due = await tables.clock.due_reminder(deadline)
            if due is not None:
                table, seat = due
                await self.refresher.bell.remind(table, seat)
                await tables.clock.reminded(deadline)
        elif deadline.kind == PREMOVE:
            await self.premoves.fire(deadline)
        else:
            raise ValueError(f"no effect for deadlines of kind {deadline.kind!r}")

    async def _computer_move(self, deadline: Deadline, lease: Deadline) -> None:
        """A computer seat plays, or the clock plays for a player whose time ran out (`lease` holds the deadline)."""
        tables = self.bot.tables
        try:
            if deadline.kind == "computer":
                outcome = await tables.clock.play_computer(deadline, lease)
            else:
                outcome = await tables.clock.expire(deadline, lease)
        except Exception:  # its lease runs out and the scheduler fires it again
            log.exception("The %s move of seat %s of game %s failed", deadline.kind, deadline.seat, deadline.table_id)
            return
        if outcome is not None:
            if outcome.by_clock:
                log.info("Seat %s of game %s ran out of time", outcome.seat, outcome.table.id)
            self.refresher.mark(outcome.table.id)
            if outcome.away is not None:  # away allowance spent instead of a timeout: told once a stretch
                try:
                    await tell_away_hours(self.bot, outcome.table, outcome.away)
                except Exception:  # the hour is spent whatever becomes of its notice
                    log.exception("The away notice of game %s could not be sent", outcome.table.id)

    @app_commands.command(
        name=loc("play", "command.play.name"),
        description=loc("Open a table for a card game in this channel", "command.play.description"),
    )
    @app_commands.rename(game=loc("game", "command.option.game.name"))
    @app_commands.describe(game=loc("The game to play", "command.option.game.description"))
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction[Any], game: str) -> None:
        await self.handlers.open_table(interaction, game)

    @play.autocomplete("game")
    async def _play_game(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return game_choices(interaction, current)

    @app_commands.command(
        name=loc("hand", "command.hand.name"),
        description=loc("See your own cards and act, privately", "command.hand.description"),
    )
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await self.handlers.hand_command(interaction)

    @app_commands.command(
        name=loc("log", "command.log.name"),
        description=loc("The whole public log of the table in this channel, privately", "command.log.description"),
    )
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        await self.handlers.log_command(interaction)

    @app_commands.command(
        name=loc("verify", "command.verify.name"),
        description=loc(
            "Check that a finished game's deals followed from the seed committed to at its start",
            "command.verify.description",
        ),
    )
    @app_commands.rename(
        table=loc("table", "command.option.verify_table.name"),
        commitment=loc("commitment", "command.option.commitment.name"),
    )
    @app_commands.describe(
        table=loc("The table's number (its footer: Table #…)", "command.option.verify_table.description"),
        commitment=loc(
            "The 🔒 code the table showed from its start (optional)", "command.option.commitment.description"
        ),
    )
    @app_commands.guild_only()
    async def verify(
        self,
        interaction: discord.Interaction[Any],
        table: app_commands.Range[int, 1, MAX_OPTION_INT],
        commitment: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        await self.handlers.verify_command(interaction, table, commitment)

    @app_commands.command(
        name=loc("abort", "command.abort.name"),
        description=loc("End the game in this channel (host or Manage Channels)", "command.abort.description"),
    )
    @app_commands.guild_only()
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        await self.handlers.abort(interaction)

    @commands.Cog.listener()
    async def on_tree_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        """The command tree's errors (`bot.runtime.CardroomTree`), answered by the same pipeline as the commands'."""
        await tree_error(interaction, error)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click discord.py will not route gets a polite refusal instead of "This interaction failed".

        That is a custom_id that is not one of ours, well formed, or one the clicked
        message does not carry as a component of the type clicked (discord.py routes
        a component only from its message, and only to an item of the same type). A
        click of one type for a component of another (a button's click on a menu's id,
        a menu's choice on a button's) is told apart from a button no longer there.
        """
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        component_type = data.get("component_type")
        if not is_known(custom_id):
            error: CardroomError = ForgedComponentError()
        elif isinstance(component_type, int) and (component_type, custom_id) in carried(interaction.message):
            return
        elif isinstance(component_type, int) and mismatched(interaction.message, custom_id, component_type):
            error = CardroomError("error.component_mismatch")
        else:
            error = OutdatedButtonError()
        log.info("Refused component %s from user %s", type(error).__name__, interaction.user.id)
        await reply_error(Reply(interaction, ephemeral=True), error)  # not answered if too late
