"""What happens on each command and click: call the table service, then render the answer.

Every entry point goes through `guarded`, the single error pipeline, and
every change passes the reply's gate (`Reply.secure`) right before its commit,
so an interaction that can no longer be answered changes nothing. Edits of the
public table happen after the commit, through the refresher, which is told of
every commit before the answer is sent: if the answer fails, the table is still
brought up to date. A player's own hand is always updated through the new
interaction, never an old token.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import (
    CardroomError,
    ForgedComponentError,
    LobbyClosedError,
    NotAPlayerError,
    NotHostError,
    StaleMessageError,
    TableBusyError,
)
from bot.i18n import language_of, t
from bot.services.tables import Outcome, Table, TableService
from bot.storage import Seat
from cogs.render.frame import lobby_embed
from cogs.tables import _ids, _picker
from cogs.tables._components import Components
from cogs.tables._errors import guarded
from cogs.tables._refresher import TableRefresher
from cogs.tables._reply import Reply
from cogs.tables._views import (
    clock_panel,
    hand_message,
    leave_confirm_view,
    lobby_view,
    pick_notice,
    table_message,
)
from engines.core import CardPick

if TYPE_CHECKING:
    from bot.runtime import CardroomBot


def seat_for(user: discord.abc.User) -> Seat:
    return Seat(user_id=user.id, name=user.display_name)


class TableHandlers:
    def __init__(self, bot: CardroomBot, refresher: TableRefresher) -> None:
        self.bot = bot
        self.refresher = refresher

    @property
    def service(self) -> TableService:
        return self.bot.tables

    async def _table_here(self, interaction: discord.Interaction[Any], game_id: int) -> Table:
        """The game a component names, which must belong to the channel it was clicked in."""
        table = await self.service.get(game_id)
        if table.record.channel_id != interaction.channel_id:
            raise ForgedComponentError()
        return table

    # ----- lobby --------------------------------------------------------------
    @guarded(ephemeral=False)
    async def open_table(self, reply: Reply, game: str) -> None:
        interaction = reply.interaction
        if interaction.guild_id is None or interaction.channel_id is None:
            raise CardroomError("error.guild_only")
        lang = language_of(interaction.locale)
        try:
            table = await self.service.open_lobby(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                game=game,
                host=seat_for(interaction.user),
                locale=lang,
                gate=reply.secure,
            )
        except TableBusyError as busy:
            self.refresher.ensure_posted(busy.game_id)  # the link must lead somewhere: re-post a lost table
            raise
        view = lobby_view(table, lang) or Components()
        try:
            message = await reply.send(embed=lobby_embed(table, lang), view=view)
        except Exception:
            if not reply.answered:
                # Nobody can see this lobby: undo it, or it would hold the channel with no message.
                await self.service.discard_lobby(table)
                reply.undone()
            else:
                self.refresher.mark(table.id)  # shown, but its message is unknown: post the table anew
            raise
        if message is not None:
            await self.service.set_table_message(table, message.id)

    @guarded()
    async def lobby(self, reply: Reply, game_id: int, op: str) -> None:
        interaction = reply.interaction
        here = await self._table_here(interaction, game_id)
        user = interaction.user
        gate = reply.secure
        if op == "clock":
            await self._show_clock_panel(reply, here)
            return
        if op == "join":
            table = await self.service.join(game_id, seat_for(user), gate)
        elif op == "leave":
            table = await self.service.leave_lobby(game_id, user.id, gate)
        elif op == "start":
            table = await self.service.start(game_id, user.id, gate)
        else:
            table = await self.service.cancel(game_id, user.id, gate)
        await self._show_table_in_place(reply, table)

    async def _show_clock_panel(self, reply: Reply, table: Table) -> None:
        """The host's private clock settings; anyone else is told only the host chooses."""
        if table.record.status != "lobby":
            raise LobbyClosedError()
        if reply.interaction.user.id != table.record.host_id:
            raise NotHostError()
        content, view = clock_panel(table, language_of(reply.interaction.locale))
        await reply.send(private=True, content=content, view=view)

    @guarded()
    async def set_clock(self, reply: Reply, game_id: int, field: str, values: list[str]) -> None:
        """A choice on the clock settings: the lobby message follows, the settings redraw in place."""
        interaction = reply.interaction
        await self._table_here(interaction, game_id)
        if len(values) != 1:
            raise CardroomError("error.invalid_option")
        table = await self.service.set_clock_option(game_id, interaction.user.id, field, values[0], reply.secure)
        self.refresher.mark(table.id)
        content, view = clock_panel(table, language_of(interaction.locale))
        await reply.update(content=content, view=view)

    @guarded()
    async def pause(self, reply: Reply, game_id: int, paused: bool) -> None:
        """The host pauses or resumes the table's clocks; the table says so."""
        interaction = reply.interaction
        await self._table_here(interaction, game_id)
        can_manage = interaction.permissions.manage_channels
        table = await self.service.set_paused(
            game_id, interaction.user.id, paused, can_manage=can_manage, gate=reply.secure
        )
        await self._show_table_in_place(reply, table)

    @guarded()
    async def set_option(self, reply: Reply, game_id: int, field: str, values: list[str]) -> None:
        interaction = reply.interaction
        await self._table_here(interaction, game_id)
        if len(values) != 1:
            raise CardroomError("error.invalid_option")
        table = await self.service.set_option(game_id, interaction.user.id, field, values[0], reply.secure)
        await self._show_table_in_place(reply, table)

    async def _show_table_in_place(self, reply: Reply, table: Table) -> None:
        """Answer a click on the table message by editing that message through the click."""
        embed, view = table_message(table)
        try:
            await reply.update(embed=embed, view=view)
        except Exception:
            self.refresher.mark(table.id)  # the refresher edits the message through the channel instead
            raise
        self.refresher.rendered(table)
        await self.service.shown(table)
        if table.record.status == "active":
            self.refresher.mark(table.id)  # mention the first player

    # ----- hands and actions --------------------------------------------------
    def _seat(self, table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotAPlayerError()
        return seat

    async def _send_hand(
        self,
        reply: Reply,
        table: Table,
        *,
        in_place: bool,
        notice: str | None = None,
        page: int = 0,
        draft: Sequence[str] = (),
    ) -> None:
        """The player's hand; `page` and `draft` are the card picker's (a multi-card pick shows its draft)."""
        interaction = reply.interaction
        seat = self._seat(table, interaction.user.id)
        if table.state is None:
            raise CardroomError("error.not_started")
        lang = language_of(interaction.locale)
        embed, view = hand_message(table, seat, lang, page=page, draft=draft)
        if notice is None and draft:
            notice = pick_notice(table, seat, lang, draft)
        if in_place:
            await reply.update(content=notice, embed=embed, view=view)
        else:
            await reply.send(private=True, content=notice, embed=embed, view=view)

    @guarded()
    async def show_hand(self, reply: Reply, game_id: int, *, in_place: bool) -> None:
        table = await self._table_here(reply.interaction, game_id)
        await self._send_hand(reply, table, in_place=in_place)

    @guarded()
    async def hand_command(self, reply: Reply) -> None:
        interaction = reply.interaction
        if interaction.channel_id is None:
            raise CardroomError("error.guild_only")
        table = await self.service.in_channel(interaction.channel_id)
        if table is None:
            raise CardroomError("error.no_table")
        await self._send_hand(reply, table, in_place=False)

    @guarded()
    async def act(self, reply: Reply, game_id: int, version: int, index: int, token: str) -> None:
        interaction = reply.interaction
        await self._table_here(interaction, game_id)
        move = self.service.act(game_id, interaction.user.id, version, index, token, reply.secure)
        await self._move(reply, game_id, move)

    async def _move(self, reply: Reply, game_id: int, move: Awaitable[Outcome]) -> None:
        """Carry out a player's move; redraw their hand in place, with a notice if the click was stale."""
        try:
            outcome = await move
        except StaleMessageError:
            await self._show_stale(reply, game_id, language_of(reply.interaction.locale))
            return
        self.refresher.mark(game_id)
        await self._send_hand(reply, outcome.table, in_place=True)

    async def _show_stale(self, reply: Reply, game_id: int, lang: str) -> None:
        """Nothing changed; show the player where the game stands now, in place."""
        table = await self.service.get(game_id)
        if table.record.status != "active":
            raise StaleMessageError()
        await self._send_hand(reply, table, in_place=True, notice="⚠️ " + t(lang, "error.stale_message"))

    # ----- the card picker ----------------------------------------------------
    async def _act_pick(self, reply: Reply, game_id: int, version: int, token: str, cards: list[str]) -> None:
        user_id = reply.interaction.user.id
        await self._move(reply, game_id, self.service.act_pick(game_id, user_id, version, token, cards, reply.secure))

    @staticmethod
    def _draft(pick: CardPick, text: str) -> list[str]:
        """A draft from a custom_id, in the pick's order; ForgedComponentError when no picker drew it."""
        try:
            return _picker.canonical(pick, _ids.decode_draft(text))
        except ValueError:
            raise ForgedComponentError() from None

    @guarded()
    async def pick_select(
        self,
        reply: Reply,
        game_id: int,
        version: int,
        token: str,
        page: int,
        select: int,
        draft: str,
        values: list[str],
    ) -> None:
        """Cards chosen in one select: a single pick plays at once; a multi-card pick redraws with its new draft."""
        interaction = reply.interaction
        await self._table_here(interaction, game_id)
        lang = language_of(interaction.locale)
        try:
            table, _, pick = await self.service.pending_pick(game_id, interaction.user.id, version, token)
        except StaleMessageError:
            await self._show_stale(reply, game_id, lang)
            return
        if _picker.is_single(pick):
            try:
                chosen = _picker.chosen_in_select(pick, page, select, values)
            except ValueError:
                raise ForgedComponentError() from None
            if len(chosen) != 1:
                raise ForgedComponentError()
            await self._act_pick(reply, game_id, version, token, [pick.cards[chosen[0]]])
            return
        try:
            new_draft = _picker.merge(pick, self._draft(pick, draft), page, select, values)
        except ValueError:
            raise ForgedComponentError() from None
        try:
            _ids.encode_draft(new_draft)
        except _ids.DraftError:
            raise CardroomError("error.pick_too_long") from None
        await self._send_hand(reply, table, in_place=True, page=page, draft=new_draft)

    @guarded()
    async def pick_confirm(self, reply: Reply, game_id: int, version: int, token: str, draft: str) -> None:
        interaction = reply.interaction
        await self._table_here(interaction, game_id)
        try:
            cards = _ids.decode_draft(draft)
        except _ids.DraftError:
            raise ForgedComponentError() from None
        await self._act_pick(reply, game_id, version, token, cards)

    @guarded()
    async def pick_page(self, reply: Reply, game_id: int, version: int, token: str, page: int, draft: str) -> None:
        """Turn the picker's page, or clear its draft (the same page with no draft); nothing changes in the game."""
        interaction = reply.interaction
        await self._table_here(interaction, game_id)
        lang = language_of(interaction.locale)
        try:
            table, _, pick = await self.service.pending_pick(game_id, interaction.user.id, version, token)
        except StaleMessageError:
            await self._show_stale(reply, game_id, lang)
            return
        if page != _picker.clamp_page(pick, page):
            raise ForgedComponentError()
        await self._send_hand(reply, table, in_place=True, page=page, draft=self._draft(pick, draft))

    @guarded()
    async def ask_leave(self, reply: Reply, game_id: int) -> None:
        interaction = reply.interaction
        table = await self._table_here(interaction, game_id)
        self._seat(table, interaction.user.id)
        table = await self.service.playing(game_id)
        lang = language_of(interaction.locale)
        await reply.send(private=True, content=t(lang, "table.leave_question"), view=leave_confirm_view(table, lang))

    @guarded()
    async def leave(self, reply: Reply, game_id: int) -> None:
        interaction = reply.interaction
        await self._table_here(interaction, game_id)
        await self.service.withdraw(game_id, interaction.user.id, reply.secure)
        self.refresher.mark(game_id)
        lang = language_of(interaction.locale)
        await reply.update(content=t(lang, "table.you_left"), embed=None, view=None)

    @guarded(ephemeral=False)
    async def abort(self, reply: Reply) -> None:
        interaction = reply.interaction
        if interaction.channel_id is None:
            raise CardroomError("error.guild_only")
        can_manage = interaction.permissions.manage_channels
        table = await self.service.abort(
            interaction.channel_id, interaction.user.id, can_manage=can_manage, gate=reply.secure
        )
        self.refresher.mark(table.id)
        lang = table.record.locale
        await reply.send(
            content=t(lang, "table.aborted_by", name=interaction.user.mention),
            allowed_mentions=discord.AllowedMentions.none(),
        )
