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

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import (
    CardroomError,
    ForgedComponentError,
    NotAPlayerError,
    RefusedError,
    StaleMessageError,
)
from bot.i18n import language_of, t
from bot.services.tables import Draw, Outcome, Table
from cogs.kit.errors import guarded
from cogs.kit.layout import ButtonLook
from cogs.kit.reply import Reply
from cogs.render.faces import text_faces
from cogs.render.frame import secret_events
from cogs.render.games import worded_refusal
from cogs.tables import _draft, _picker
from cogs.tables._hands import DrawnHand, LiveHand, LiveHands
from cogs.tables._lobby import LobbyHandlers
from cogs.tables._next import Onward, place_of
from cogs.tables._refresher import DrawnTable, TableRefresher, shown_as_drawn
from cogs.tables._views import (
    add_onward,
    confirm_question,
    hand_message,
    leave_confirm_view,
    log_message,
    pick_notice,
    table_message,
    verification_embed,
)
from engines.core import CardPick

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

log = logging.getLogger("cardroom.tables")


@dataclass(frozen=True, slots=True)
class DrawnMove:
    """What a move's handler drew while its commit was in flight: the clicker's hand, and the public table when
    its edit is to be at once (`TableHandlers._hand_drawer`)."""

    hand: DrawnHand | None
    table: DrawnTable | None


class TableHandlers(LobbyHandlers):
    """Every command and click of a table: the lobby's (`LobbyHandlers`), then the game's."""

    def __init__(self, bot: CardroomBot, refresher: TableRefresher) -> None:
        super().__init__(bot, refresher)
        self.hands = LiveHands()
        self.onward = Onward(self)  # Next across every table, and auto-next after a move

    def watchers(self) -> list[Callable[[Table], Awaitable[None]]]:
        """What the refresher tells of each version a table shows (`TableRefresher.watchers`): a lobby started or
        closed closes its settings panels (by its deadline too), a game's end is shown on its players' hands."""
        return [self.close_panels, self.show_the_end]

    # ----- table controls -----------------------------------------------------
    @guarded()
    async def pause(self, reply: Reply, table_id: int, paused: bool) -> None:
        """The host pauses or resumes the table's clocks; the table says so."""
        interaction = reply.interaction
        await self._table_here(interaction, table_id)
        can_manage = interaction.permissions.manage_channels
        table = await self.service.clock.set_paused(
            table_id, interaction.user.id, paused, can_manage=can_manage, gate=reply.secure
        )
        await self._show_table_in_place(reply, table)

    # ----- hands and actions --------------------------------------------------
    def _seat(self, table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotAPlayerError()
        return seat

    def _draw_hand(
        self,
        table: Table,
        user_id: int,
        lang: str,
        *,
        page: int = 0,
        draft: Sequence[str] = (),
        confirm: int | None = None,
        text_cards: bool = False,
    ) -> DrawnHand:
        """The player's hand as it is to be shown (`_send_hand`); nothing is sent or remembered. `text_cards`: the
        player chose text faces for their hands (`/cards`)."""
        seat = self._seat(table, user_id)
        if table.state is None:
            raise CardroomError("error.not_started")
        perspective = table.perspective(seat)
        secrets = secret_events(perspective)
        news = LiveHands.news(secrets, self.hands.seen(table.id, user_id))
        with text_faces(text_cards):
            embed, view = hand_message(
                table,
                seat,
                lang,
                page=page,
                draft=draft,
                news=news,
                confirm=confirm,
                perspective=perspective,
                place=place_of(self.bot, table.record),
            )
        return DrawnHand(table.record.version, embed, view, secrets)

    async def _text_cards(self, reply: Reply) -> bool:
        """Whether the clicker chose text cards for their hands (`/cards`)."""
        return await self.bot.players.text_cards(reply.interaction.user.id)

    def _hand_drawer(self, reply: Reply, text_cards: bool = False) -> Draw:
        """The clicker's hand as a move will leave it, drawn while the move's commit is in flight (`Tables`
        `draw`), and the public table after it when the refresher is to show the move at once (else a later edit
        draws it with what else changed). Nothing is drawn ahead at a game's end: its standings show the rating
        changes its commit works out, so the hand is drawn after the commit and the table by the refresher.
        `_move` sends the hand and hands the table over once the commit succeeded. The table's drawing failing
        leaves it to the refresher; the hand's fails the whole drawing."""
        user_id, lang = reply.interaction.user.id, language_of(reply.interaction.locale)
        refresher = self.refresher

        def draw(table: Table) -> DrawnMove:
            if table.result is not None:  # the game's end: its hand shows the rating changes, drawn after the commit
                return DrawnMove(None, None)
            hand = self._draw_hand(table, user_id, lang, text_cards=text_cards)
            public = None
            if shown_as_drawn(table) and refresher.edits_at_once(table.id):
                try:
                    embed, view = table_message(table)
                    public = DrawnTable(table.record.version, embed, view)
                except Exception:  # drawn again by the refresher, whose error pipeline reports it
                    log.exception("Could not draw table %s ahead", table.id)
            return DrawnMove(hand, public)

        return draw

    async def _send_hand(
        self,
        reply: Reply,
        table: Table,
        *,
        in_place: bool,
        notice: str | None = None,
        page: int = 0,
        draft: Sequence[str] = (),
        confirm: int | None = None,
        drawn: object = None,
        more: ButtonLook | None = None,
    ) -> None:
        """The player's one live hand, drawn anew (replacing their previous hand message) or in place.

        `page` and `draft` are the card picker's (a multi-card pick shows its draft); `confirm` the
        index of a costly move whose question the hand asks (`notice` holds the question). `drawn`: the
        plain hand of this table already drawn (`_hand_drawer`), else it is drawn here. `more`: "Next table (n)"
        (`_next`), added to its controls.
        """
        interaction = reply.interaction
        user_id = interaction.user.id
        lang = language_of(interaction.locale)
        plain = not page and not draft and confirm is None  # what `_hand_drawer` draws (a confirm index may be 0)
        if isinstance(drawn, DrawnHand) and drawn.version == table.record.version and plain:
            hand = drawn
        else:
            text_cards = await self._text_cards(reply)
            hand = self._draw_hand(table, user_id, lang, page=page, draft=draft, confirm=confirm, text_cards=text_cards)
        if notice is None and draft:
            notice = pick_notice(table, self._seat(table, user_id), lang, draft)
        if more is not None:
            add_onward(hand.view, more)
        if in_place:
            await reply.update(content=notice, embed=hand.embed, view=hand.view)
            message = interaction.message
            message_id, original = (message.id if message is not None else None), True
        else:
            await reply.send(private=True, content=notice, embed=hand.embed, view=hand.view)
            message_id, original = reply.message_id, reply.original
        self.hands.drawn(
            table.id,
            user_id,
            interaction,
            message_id=message_id,
            original=original,
            secrets=hand.secrets,
            version=hand.version,
        )

    async def show_the_end(self, table: Table) -> None:
        """A game ended or was ended (a watcher of the refresher, told of each version the table shows): every
        player's live hand is redrawn at the end, in its player's language, so that none still says whom the
        game waits for. A hand drawn at the end already (the last mover's) is left as it is; a hand whose
        token has expired cannot be edited any more (Discord's limit) and is left too. In the background, each
        on its own: a hand Discord refuses to edit is only logged."""
        if table.state is None or (table.record.status == "active" and table.result is None):
            return
        for user_id, hand in self.hands.to_show_the_end(table.id, table.record.version):
            self.hands.run(self._show_end_on(table, user_id, hand))

    async def _show_end_on(self, table: Table, user_id: int, hand: LiveHand) -> None:
        try:
            text_cards = await self.bot.players.text_cards(user_id)
            drawn = self._draw_hand(table, user_id, language_of(hand.interaction.locale), text_cards=text_cards)
            await hand.edit(content=None, embed=drawn.embed, view=drawn.view)
        except discord.HTTPException as refused:
            log.info(
                "The hand of a player of game %s could not show its end (%s %s)", table.id, refused.status, refused.code
            )
        except Exception:
            log.exception("Could not show the end of game %s on a player's hand", table.id)

    async def _hand_table(self, interaction: discord.Interaction[Any], table_id: int) -> Table:
        """The game a hand's component names: clicked in the table's channel, or anywhere by a player seated there
        (a hand Next showed from another table or from /turns, `_next`)."""
        table = await self.service.store.get(table_id)
        if table.record.channel_id != interaction.channel_id and table.seat_of(interaction.user.id) is None:
            raise ForgedComponentError()
        return table

    @guarded()
    async def show_hand(self, reply: Reply, table_id: int, *, in_place: bool) -> None:
        table = await self._hand_table(reply.interaction, table_id)
        await self._send_hand(reply, table, in_place=in_place)

    @staticmethod
    def _channel_of(reply: Reply) -> int:
        """The channel a command was used in; commands outside a server's channels are refused."""
        channel_id = reply.interaction.channel_id
        if channel_id is None:
            raise CardroomError("error.guild_only")
        return channel_id

    @guarded()
    async def show_log(self, reply: Reply, table_id: int, page: int | None) -> None:
        """A page of a table's public log, in place (the ◀ ▶ under it)."""
        await self._table_here(reply.interaction, table_id)
        table, entries = await self.service.history.public_log(table_id)
        embed, view = log_message(table, entries, page, language_of(reply.interaction.locale))
        await reply.update(embed=embed, view=view)

    @guarded()
    async def log_command(self, reply: Reply) -> None:
        """`/log`: the public log of this channel's table (running, else the last one played), privately, at its
        latest page."""
        here = await self.service.history.latest_played(self._channel_of(reply))
        if here is None:
            raise CardroomError("error.no_table")
        table, entries = await self.service.history.public_log(here.id)
        embed, view = log_message(table, entries, None, language_of(reply.interaction.locale))
        await reply.send(private=True, embed=embed, view=view)

    @guarded()
    async def verify_command(self, reply: Reply, table_id: int, announced: str | None) -> None:
        """`/verify game: commitment:`: check a finished game of this server from its revealed seed."""
        interaction = reply.interaction
        try:
            table = await self.service.store.get(table_id)
        except ForgedComponentError:
            raise CardroomError("error.no_such_game", table_id=table_id) from None
        if table.record.guild_id != interaction.guild_id:
            raise CardroomError("error.no_such_game", table_id=table_id)
        table, found = await self.service.history.verification(table_id, announced=announced)
        await reply.send(private=True, embed=verification_embed(table, found, language_of(interaction.locale)))

    @guarded()
    async def hand_command(self, reply: Reply) -> None:
        table = await self.service.store.in_channel(self._channel_of(reply))
        if table is None:
            raise CardroomError("error.no_table")
        await self._send_hand(reply, table, in_place=False)

    @guarded()
    async def act(
        self, reply: Reply, table_id: int, version: int, index: int, token: str, *, confirmed: bool = False
    ) -> None:
        interaction = reply.interaction
        table = await self._hand_table(interaction, table_id)
        if not confirmed and await self._ask_first(reply, table, index, token):
            return
        draw = self._hand_drawer(reply, await self._text_cards(reply))
        move = self.service.play.act(table_id, interaction.user.id, version, index, token, reply.secure, draw=draw)
        await self._move(reply, table, move)

    async def _ask_first(self, reply: Reply, table: Table, index: int, token: str) -> bool:
        """For a move that costs its player, ask to confirm it instead of playing it; whether it asked.

        Nothing changes: the question redraws the hand in place, with "Yes" (the same move,
        confirmed) and "No" (the hand again). A stale click is left to `act` to refuse.
        """
        seat = table.seat_of(reply.interaction.user.id)
        state = table.state
        if seat is None or state is None or table.record.status != "active":
            return False
        # The question first: for a harmless move (most clicks) it is None at the cost of one consequence check,
        # beside the seat's decision (`Table.decision`), which is worked out once here and reused by `act`.
        question = confirm_question(table, seat, index, language_of(reply.interaction.locale))
        if question is None or token != table.decision(seat).token:
            return False
        await self._send_hand(reply, table, in_place=True, notice=question, confirm=index)
        return True

    async def _move(self, reply: Reply, table: Table, move: Awaitable[Outcome]) -> None:
        """Carry out a player's move; redraw their hand in place, with a notice if the click was stale.

        A refusal is told in the game's own words (a bid names both hands).
        """
        lang = language_of(reply.interaction.locale)
        try:
            outcome = await move
        except StaleMessageError:
            await self._show_stale(reply, table.id, lang)
            return
        except RefusedError as refused:
            raise RefusedError(worded_refusal(table.record.game, refused.refusal, lang)) from None
        drawn = outcome.drawn if isinstance(outcome.drawn, DrawnMove) else DrawnMove(None, None)
        self.refresher.mark(table.id, drawn.table)

        async def own_hand(more: ButtonLook | None) -> None:
            await self._send_hand(reply, outcome.table, in_place=True, drawn=drawn.hand, more=more)

        await self.onward.after_move(reply, outcome.table, own_hand)  # with Next, or the next table's (auto-next)

    async def _show_stale(self, reply: Reply, table_id: int, lang: str) -> None:
        """Nothing changed; show the player where the game stands now, in place."""
        table = await self.service.store.get(table_id)
        if table.record.status != "active":
            raise StaleMessageError()
        await self._send_hand(reply, table, in_place=True, notice="⚠️ " + t(lang, "error.stale_message"))

    # ----- the card picker ----------------------------------------------------
    async def _act_pick(self, reply: Reply, table: Table, version: int, token: str, cards: list[str]) -> None:
        """Play the cards chosen in the picker; the game words a refusal's params (a refused bid names both hands)."""
        user_id = reply.interaction.user.id
        draw = self._hand_drawer(reply, await self._text_cards(reply))
        move = self.service.play.act_pick(table.id, user_id, version, token, cards, reply.secure, draw=draw)
        await self._move(reply, table, move)

    @staticmethod
    def _draft(pick: CardPick, text: str) -> list[str]:
        """A draft from a custom_id, in the pick's order; ForgedComponentError when no picker drew it."""
        try:
            return _picker.canonical(pick, _draft.decode_draft(text))
        except ValueError:
            raise ForgedComponentError() from None

    @guarded()
    async def pick_select(
        self,
        reply: Reply,
        table_id: int,
        version: int,
        token: str,
        page: int,
        select: int,
        draft: str,
        values: list[str],
    ) -> None:
        """Cards chosen in one select: a single pick plays at once; a multi-card pick redraws with its new draft."""
        interaction = reply.interaction
        await self._hand_table(interaction, table_id)
        lang = language_of(interaction.locale)
        try:
            table, _, pick = await self.service.play.pending_pick(table_id, interaction.user.id, version, token)
        except StaleMessageError:
            await self._show_stale(reply, table_id, lang)
            return
        if _picker.is_single(pick):
            try:
                chosen = _picker.chosen_in_select(pick, page, select, values)
            except ValueError:
                raise ForgedComponentError() from None
            if len(chosen) != 1:
                raise ForgedComponentError()
            await self._act_pick(reply, table, version, token, [pick.cards[chosen[0]]])
            return
        try:
            new_draft = _picker.merge(pick, self._draft(pick, draft), page, select, values)
        except ValueError:
            raise ForgedComponentError() from None
        try:
            _draft.encode_draft(new_draft)
        except _draft.DraftError:
            raise CardroomError("error.pick_too_long") from None
        await self._send_hand(reply, table, in_place=True, page=page, draft=new_draft)

    @guarded()
    async def pick_confirm(self, reply: Reply, table_id: int, version: int, token: str, draft: str) -> None:
        interaction = reply.interaction
        table = await self._hand_table(interaction, table_id)
        try:
            cards = _draft.decode_draft(draft)
        except _draft.DraftError:
            raise ForgedComponentError() from None
        await self._act_pick(reply, table, version, token, cards)

    @guarded()
    async def pick_page(self, reply: Reply, table_id: int, version: int, token: str, page: int, draft: str) -> None:
        """Turn the picker's page, or clear its draft (the same page with no draft); nothing changes in the game."""
        interaction = reply.interaction
        await self._hand_table(interaction, table_id)
        lang = language_of(interaction.locale)
        try:
            table, _, pick = await self.service.play.pending_pick(table_id, interaction.user.id, version, token)
        except StaleMessageError:
            await self._show_stale(reply, table_id, lang)
            return
        if page != _picker.clamp_page(pick, page):
            raise ForgedComponentError()
        await self._send_hand(reply, table, in_place=True, page=page, draft=self._draft(pick, draft))

    @guarded()
    async def ask_leave(self, reply: Reply, table_id: int) -> None:
        interaction = reply.interaction
        table = await self._table_here(interaction, table_id)
        self._seat(table, interaction.user.id)
        table = await self.service.store.playing(table_id)
        lang = language_of(interaction.locale)
        await reply.send(private=True, content=t(lang, "table.leave_question"), view=leave_confirm_view(table, lang))

    @guarded()
    async def leave(self, reply: Reply, table_id: int) -> None:
        interaction = reply.interaction
        await self._table_here(interaction, table_id)
        await self.service.play.withdraw(table_id, interaction.user.id, reply.secure)
        self.refresher.mark(table_id)
        lang = language_of(interaction.locale)
        await reply.update(content=t(lang, "table.you_left"), embed=None, view=None)

    @guarded(ephemeral=False)
    async def abort(self, reply: Reply) -> None:
        interaction = reply.interaction
        can_manage = interaction.permissions.manage_channels
        table = await self.service.admin.abort(
            self._channel_of(reply), interaction.user.id, can_manage=can_manage, gate=reply.secure
        )
        self.refresher.mark(table.id)
        lang = table.record.locale
        await reply.send(
            content=t(lang, "table.aborted_by", name=interaction.user.mention),
            allowed_mentions=discord.AllowedMentions.none(),
        )
