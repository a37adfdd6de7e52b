"""What happens in a lobby: /play, the seat buttons, the host's private settings, a rematch, a new thread.

The lobby message is public and in the table's language; the host's settings
(the table options with the table's language, and the clock) open in private
panels in the clicker's own language, and every choice there edits the panel in
place while the refresher brings the lobby message up to date. Once the lobby is
started or closed its panels are closed too (`_panels`): edited to say so, their
menus removed, and a choice still made on one is refused in place, changing
nothing. A /play in a
channel whose table is still open is refused with a link to that table and,
where the bot may create public threads, a button that opens the new table in a
thread of the channel instead.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.errors import CardroomError, ForgedComponentError, LobbyClosedError, TableBusyError
from bot.i18n import language_of, list_of, t
from bot.seating import is_computer
from bot.services.tables import Table, Tables, engine_for
from bot.storage import Seat
from cogs.kit.errors import error_text, guarded
from cogs.kit.layout import Components
from cogs.kit.reply import Reply
from cogs.render.frame import lobby_embed
from cogs.render.limits import CONTENT, clip
from cogs.render.text import display_name, game_name
from cogs.tables._endings import mention
from cogs.tables._panels import OpenPanels
from cogs.tables._refresher import TableRefresher
from cogs.tables._views import busy_view, clock_panel, computers_panel, lobby_view, options_panel, table_message

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

log = logging.getLogger("cardroom.tables")

POSTING_GRACE = 15.0  # seconds a new lobby's message may take to be posted and stored (an interaction's answer)
NAME = 32  # Discord's longest display name: a seat's name is clipped to it, whatever the client sent
THREAD_NAME = 100  # Discord's longest thread name
THREAD_ARCHIVE: Literal[1440] = 1440  # minutes without a message before Discord hides a thread: a day
THREADED = (discord.ChannelType.text,)  # the channels where the bot opens a table's thread


def seat_for(user: discord.abc.User) -> Seat:
    return Seat(user_id=user.id, name=clip(user.display_name, NAME))


def host_name(table: Table) -> str:
    """The host's name as the table shows it."""
    seat = table.seat_of(table.record.host_id)
    return display_name(table.names[seat]) if seat is not None else "?"


def can_open_threads(interaction: discord.Interaction[Any]) -> bool:
    """Whether the bot may open a public thread from the channel of `interaction`."""
    channel_type = getattr(interaction.channel, "type", None)
    return channel_type in THREADED and interaction.app_permissions.create_public_threads


def rematch_note(table: Table) -> tuple[str, discord.AllowedMentions]:
    """The line above a rematch's lobby, in the table's language: it mentions the players seated again."""
    record = table.record
    lang = record.locale
    others = [seat for seat in record.seats if seat.user_id != record.host_id]
    text = t(
        lang,
        "lobby.rematch",
        host=f"<@{record.host_id}>",
        game=game_name(record.game, lang),
        players=list_of(lang, [mention(seat) for seat in others]),
    )
    people = [seat.user_id for seat in others if not is_computer(seat.user_id)]
    mentions = discord.AllowedMentions(
        users=[discord.Object(user_id) for user_id in people], roles=False, everyone=False
    )
    return clip(text, CONTENT), mentions


def panel_closed_text(table: Table, lang: str) -> str:
    """What a settings panel says once its lobby is no longer open: the game started, or the table was closed."""
    key = "lobby.panel.closed" if table.record.status == "aborted" else "lobby.panel.started"
    return clip(t(lang, key, game=game_name(table.record.game, lang)), CONTENT)


class LobbyHandlers:
    """The lobby's commands and clicks; `TableHandlers` builds the rest of a table on them."""

    def __init__(self, bot: CardroomBot, refresher: TableRefresher) -> None:
        self.bot = bot
        self.refresher = refresher
        self.panels = OpenPanels()

    @property
    def service(self) -> Tables:
        return self.bot.tables

    async def _table_here(self, interaction: discord.Interaction[Any], table_id: int) -> Table:
        """The game a component names, which must belong to the channel it was clicked in."""
        table = await self.service.store.get(table_id)
        if table.record.channel_id != interaction.channel_id:
            raise ForgedComponentError()
        return table

    # ----- opening a table ----------------------------------------------------
    @guarded(ephemeral=False)
    async def open_table(self, reply: Reply, game: str) -> None:
        interaction = reply.interaction
        if interaction.guild_id is None or interaction.channel_id is None:
            raise CardroomError("error.guild_only")
        lang = language_of(interaction.locale)
        try:
            table = await self.service.lobby.open_lobby(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                game=game,
                host=seat_for(interaction.user),
                locale=lang,
                gate=reply.secure,
            )
        except TableBusyError as busy:
            await self._lead_to(busy.table_id)
            await self._refuse_busy(reply, busy, game)
            return
        await self._post_lobby(reply, table)

    async def _lead_to(self, table_id: int) -> None:
        """Someone is sent to the channel's open table: the link must lead somewhere, so a lost table message
        is posted anew; not one being posted right now (a lobby opened an instant ago, whose id is not stored yet)."""
        record = (await self.service.store.get(table_id)).record
        if record.table_message_id is None and time.time() - record.created_at < POSTING_GRACE:
            return
        self.refresher.ensure_posted(table_id)

    async def _refuse_busy(self, reply: Reply, busy: TableBusyError, game: str) -> None:
        """The channel's table is still open: say so with its link, and offer to open the new one in a thread."""
        interaction = reply.interaction
        lang = language_of(interaction.locale)
        text = error_text(interaction, busy)
        extra: dict[str, Any] = {}
        if can_open_threads(interaction):
            text += "\n" + t(lang, "lobby.busy_thread")
            extra["view"] = busy_view(game, lang)
        elif getattr(interaction.channel, "type", None) in THREADED:
            text += "\n" + t(lang, "lobby.busy_no_thread")
        await reply.send(private=True, content=clip(text, CONTENT), **extra)

    async def _post_lobby(self, reply: Reply, table: Table, **fields: Any) -> None:
        """Post a new lobby as the answer to `reply`, in the table's language; undo it if nobody can see it."""
        lang = table.record.locale
        view = lobby_view(table, lang) or Components()
        try:
            message = await reply.send(private=False, embed=lobby_embed(table, lang), view=view, **fields)
        except Exception:
            if not reply.answered:
                # Nobody can see this lobby: undo it, or it would hold the channel with no message.
                await self.service.lobby.discard_lobby(table)
                reply.undone()
            else:
                self.refresher.mark(table.id)  # shown, but its message is unknown: post the table anew
            raise
        if message is not None:
            await self.service.store.set_table_message(table, message.id)

    @guarded()
    async def open_in_thread(self, reply: Reply, game: str) -> None:
        """Open a table of `game` in a new public thread of this channel (offered when the channel is busy)."""
        interaction = reply.interaction
        if interaction.guild_id is None or interaction.channel_id is None:
            raise CardroomError("error.guild_only")
        if getattr(interaction.channel, "type", None) not in THREADED:
            raise ForgedComponentError()  # the button is offered in text channels only
        engine_for(game)  # an unknown game is refused before anything is created
        lang = language_of(interaction.locale)
        host = seat_for(interaction.user)
        name = clip(t(lang, "lobby.thread_name", game=game_name(game, lang), name=host.name), THREAD_NAME)
        await reply.secure()  # the thread is a change: made only if it can be shown
        try:
            thread = await self.bot.http.start_thread_without_message(
                interaction.channel_id, name=name, auto_archive_duration=THREAD_ARCHIVE, type=11
            )
        except discord.Forbidden:
            raise CardroomError("error.thread_forbidden") from None
        thread_id = int(thread["id"])
        try:
            table = await self.service.lobby.open_lobby(
                guild_id=interaction.guild_id, channel_id=thread_id, game=game, host=host, locale=lang
            )
        except Exception:
            await self._drop_thread(thread_id)
            raise
        view = lobby_view(table, table.record.locale) or Components()
        try:
            message = await self.bot.get_partial_messageable(thread_id).send(
                embed=lobby_embed(table, table.record.locale), view=view
            )
        except Exception:
            await self.service.lobby.discard_lobby(table)  # nobody can see it: it must not hold the thread
            await self._drop_thread(thread_id)
            raise
        await self.service.store.set_table_message(table, message.id)
        await reply.update(content=t(lang, "lobby.thread_opened", thread=f"<#{thread_id}>"), view=None)

    async def _drop_thread(self, thread_id: int) -> None:
        """Delete a thread whose table could not be opened (best effort: an empty thread is only clutter)."""
        with contextlib.suppress(discord.HTTPException):
            await self.bot.http.delete_channel(thread_id)

    @guarded(ephemeral=False)
    async def rematch(self, reply: Reply, table_id: int) -> None:
        """A finished table's rematch: a new lobby below it, the same players seated, the clicker as host."""
        interaction = reply.interaction
        await self._table_here(interaction, table_id)
        try:
            table = await self.service.lobby.rematch(table_id, seat_for(interaction.user), reply.secure)
        except TableBusyError as busy:
            await self._lead_to(busy.table_id)
            raise
        content, mentions = rematch_note(table)
        await self._post_lobby(reply, table, content=content, allowed_mentions=mentions)

    # ----- seats and settings -------------------------------------------------
    @guarded()
    async def lobby(self, reply: Reply, table_id: int, op: str) -> None:
        interaction = reply.interaction
        here = await self._table_here(interaction, table_id)
        user = interaction.user
        gate = reply.secure
        if op in ("clock", "options", "computers"):
            await self._show_panel(reply, here, op)
            return
        if op == "join":
            table = await self.service.lobby.join(table_id, seat_for(user), gate)
        elif op == "leave":
            table = await self.service.lobby.leave_lobby(table_id, user.id, gate)
        elif op == "start":
            table = await self.service.lobby.start(table_id, user.id, gate)
        else:
            table = await self.service.lobby.cancel(table_id, user.id, gate)
        await self._show_table_in_place(reply, table)
        await self.close_panels(table)

    async def _show_panel(self, reply: Reply, table: Table, op: str) -> None:
        """The host's private settings (`options`: the table options and language; `clock`: the clock;
        `computers`: the computer seats); anyone else is told politely that the host, named, chooses them."""
        if table.record.status != "lobby":
            raise LobbyClosedError()
        if reply.interaction.user.id != table.record.host_id:
            raise CardroomError("error.host_only", host=host_name(table))
        lang = language_of(reply.interaction.locale)
        panels = {"options": options_panel, "clock": clock_panel, "computers": computers_panel}
        content, view = panels[op](table, lang)
        await reply.send(private=True, content=content, view=view)
        self.panels.drawn(table.id, reply.interaction, message_id=reply.message_id, original=reply.original)

    async def close_panels(self, table: Table) -> None:
        """The lobby was started or closed (after the click that did it, and as a watcher of the refresher): its
        settings panels still within their token's life say so, their menus removed. Never raises."""
        if table.record.status == "lobby":
            return
        for panel in self.panels.closing(table.id):
            lang = language_of(panel.interaction.locale)
            try:
                await panel.edit(content=panel_closed_text(table, lang), view=None)
            except discord.HTTPException as refused:
                log.info(
                    "A settings panel of game %s could not be closed (%s %s)", table.id, refused.status, refused.code
                )
            except Exception:
                log.exception("Could not close a settings panel of game %s", table.id)

    async def _change_settings(
        self, reply: Reply, table_id: int, change: Callable[[], Awaitable[Table]]
    ) -> Table | None:
        """Make a choice of a settings panel (`change`), or refuse it in place if the lobby was started or closed
        meanwhile: the panel then says so, its menus removed, and nothing changed (None)."""
        here = await self._table_here(reply.interaction, table_id)
        if here.record.status == "lobby":
            try:
                return await change()
            except LobbyClosedError:  # started or closed since this click read it
                here = await self.service.store.get(table_id)
        lang = language_of(reply.interaction.locale)
        await reply.update(content="⚠️ " + panel_closed_text(here, lang), view=None)
        return None

    def _panel_redrawn(self, reply: Reply, table_id: int) -> None:
        message = reply.interaction.message
        self.panels.drawn(
            table_id, reply.interaction, message_id=message.id if message is not None else None, original=True
        )

    @guarded()
    async def set_clock(self, reply: Reply, table_id: int, field: str, values: list[str]) -> None:
        """A choice on the clock settings: the lobby message follows, the settings redraw in place."""
        interaction = reply.interaction

        async def change() -> Table:
            if len(values) != 1:
                raise CardroomError("error.invalid_option")
            lobby = self.service.lobby
            return await lobby.set_clock_option(table_id, interaction.user.id, field, values[0], reply.secure)

        table = await self._change_settings(reply, table_id, change)
        if table is None:
            return
        self.refresher.mark(table.id)
        content, view = clock_panel(table, language_of(interaction.locale))
        await reply.update(content=content, view=view)
        self._panel_redrawn(reply, table_id)

    @guarded()
    async def set_computers(self, reply: Reply, table_id: int, op: str, values: list[str]) -> None:
        """A choice on the computer seats (`add`: a level; `remove`: a computer's seat): the lobby message
        follows, the panel redraws in place."""
        interaction = reply.interaction
        user_id = interaction.user.id

        async def change() -> Table:
            if len(values) != 1:
                raise CardroomError("error.invalid_option")
            if op == "add":
                return await self.service.lobby.add_computer(table_id, user_id, values[0], reply.secure)
            if values[0].isdigit() and len(values[0]) <= 2:
                return await self.service.lobby.remove_computer(table_id, user_id, int(values[0]), reply.secure)
            raise CardroomError("error.invalid_option")

        table = await self._change_settings(reply, table_id, change)
        if table is None:
            return
        self.refresher.mark(table.id)
        content, view = computers_panel(table, language_of(interaction.locale))
        await reply.update(content=content, view=view)
        self._panel_redrawn(reply, table_id)

    @guarded()
    async def set_option(self, reply: Reply, table_id: int, field: str, values: list[str]) -> None:
        """A choice on the table options: the lobby message follows, the options redraw in place."""
        interaction = reply.interaction

        async def change() -> Table:
            if len(values) != 1:
                raise CardroomError("error.invalid_option")
            return await self.service.lobby.set_option(table_id, interaction.user.id, field, values[0], reply.secure)

        table = await self._change_settings(reply, table_id, change)
        if table is not None:
            await self._redraw_options(reply, table)

    @guarded()
    async def set_language(self, reply: Reply, table_id: int, values: list[str]) -> None:
        """The table's language: its public messages follow; the host's own panel stays in the host's language."""
        interaction = reply.interaction

        async def change() -> Table:
            if len(values) != 1:
                raise CardroomError("error.invalid_option")
            return await self.service.lobby.set_locale(table_id, interaction.user.id, values[0], reply.secure)

        table = await self._change_settings(reply, table_id, change)
        if table is not None:
            await self._redraw_options(reply, table)

    async def _redraw_options(self, reply: Reply, table: Table) -> None:
        self.refresher.mark(table.id)
        content, view = options_panel(table, language_of(reply.interaction.locale))
        await reply.update(content=content, view=view)
        self._panel_redrawn(reply, table.id)

    async def _show_table_in_place(self, reply: Reply, table: Table) -> None:
        """Answer a click on the table message by editing that message through the click.

        Once the game has started, the message keeps no text above the table (a rematch's mentions).
        """
        embed, view = table_message(table)
        extra: dict[str, Any] = {"content": None} if table.state is not None else {}
        try:
            await reply.update(embed=embed, view=view, **extra)
        except Exception:
            self.refresher.mark(table.id)  # the refresher edits the message through the channel instead
            raise
        self.refresher.rendered(table)
        await self.service.store.shown(table)
        if table.record.status == "active":
            self.refresher.mark(table.id)  # mention the first player
