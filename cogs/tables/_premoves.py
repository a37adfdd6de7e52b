"""Pre-moves on Discord: the buttons a waiting player's hand offers, their private answers, and the wiring.

While the seat waits on others, its hand shows what the game lets it choose ahead (`Engine.premoves`): a
secondary button per move ("Decline when asked") and, where the game allows it, a standing one ("Decline ·
always here"). A click stores the choice (`PreMoveService.choose`) and answers privately, with "Cancel pre-move"
under the answer. Nothing public changes: the table's row is not written. The service plays it later, a few
seconds after its decision comes, through the scheduler (deadline kind `premove`), as a click would.

Wiring (done by the tables cog): `install` registers the routes and tells the service of every version a table
shows (the refresher's watchers); the scheduler's dispatch hands deadlines of kind `PREMOVE` to `fire`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import ForgedComponentError
from bot.i18n import language_of, t
from bot.services.tables import Table
from bot.services.tables.premoves import PreMoveService
from bot.storage import Deadline
from bot.storage.repos.premoves import PREMOVE
from cogs.kit.components import Button, Routed, part, route
from cogs.kit.errors import guarded
from cogs.kit.ids import GAME, flag, number, text
from cogs.kit.layout import ButtonLook, Layout
from cogs.kit.reply import Reply
from cogs.render.games import renderer_for
from cogs.render.limits import BUTTON_LABEL, CONTENT, clip
from engines.core import Perspective

if TYPE_CHECKING:
    from bot.runtime import CardroomBot
    from cogs.tables._refresher import TableRefresher

__all__ = ["PREMOVE", "PreMoveCancel", "PreMoveChoose", "PreMoveHandlers", "add_premove_buttons", "install"]

log = logging.getLogger("cardroom.tables")

DECISION = text("[a-z_]{1,24}", "d" * 24)


class PreMoveChoose(Button, word="premove"):
    """On a waiting player's hand: choose move `index` ahead for the next decision `decision` (`standing`:
    for every such decision at the table)."""

    game: int = part(GAME)
    decision: str = part(DECISION)
    index: int = part(number(2))
    standing: bool = part(flag("always"), default=False)


class PreMoveCancel(Button, word="premove-cancel"):
    """Under the answer to a pre-move: take it back."""

    EMOJI = "✖️"
    game: int = part(GAME)


def premove_buttons(table: Table, seat: int, lang: str, perspective: Perspective) -> list[ButtonLook]:
    """The pre-moves `seat` may choose now, as buttons (none unless it waits on others)."""
    looks = []
    renderer = renderer_for(table.record.game)
    for premove in PreMoveService.offered(table, seat):
        for index, action in enumerate(premove.actions):
            move = renderer.action_label(action, perspective, lang, names=table.names)
            choose = PreMoveChoose(table.id, premove.decision, index)
            looks.append(choose.button(clip(t(lang, "premoves.button.once", move=move), BUTTON_LABEL)))
            if premove.standing:
                always = PreMoveChoose(table.id, premove.decision, index, standing=True)
                looks.append(always.button(clip(t(lang, "premoves.button.standing", move=move), BUTTON_LABEL)))
    return looks


def add_premove_buttons(view: Layout, table: Table, seat: int, lang: str, perspective: Perspective | None) -> None:
    """The hand's hook: the pre-move buttons on the last rows that have room (row 4 beside Refresh first)."""
    if perspective is None:
        return
    for look in premove_buttons(table, seat, lang, perspective):
        for row in (4, 3, 2):
            try:
                view.add_button(look, row)
                break
            except ValueError:  # that row is full
                continue


def cancel_view(table_id: int, lang: str) -> Layout:
    view = Layout()
    view.add_button(PreMoveCancel(table_id).button(clip(t(lang, "premoves.button.cancel"), BUTTON_LABEL)), 0)
    return view


class PreMoveHandlers:
    """The pre-move clicks, the watcher that schedules them and the scheduler's effect that plays them."""

    def __init__(self, bot: CardroomBot, refresher: TableRefresher) -> None:
        self.bot = bot
        self.refresher = refresher
        self.service = PreMoveService(bot.tables.store)

    async def _table_here(self, interaction: discord.Interaction[Any], table_id: int) -> Table:
        table = await self.bot.tables.store.get(table_id)
        if table.record.channel_id != interaction.channel_id:
            raise ForgedComponentError()
        return table

    @guarded()
    async def choose(self, reply: Reply, table_id: int, decision: str, index: int, standing: bool) -> None:
        interaction = reply.interaction
        table = await self._table_here(interaction, table_id)
        chosen = await self.service.choose(
            table_id, interaction.user.id, decision, index, standing=standing, gate=reply.secure
        )
        lang = language_of(interaction.locale)
        move = self._move_label(table, chosen.seat, chosen.action, lang)
        key = "premoves.set.standing" if standing else "premoves.set.once"
        await reply.send(private=True, content=clip(t(lang, key, move=move), CONTENT), view=cancel_view(table_id, lang))

    @guarded()
    async def cancel(self, reply: Reply, table_id: int) -> None:
        interaction = reply.interaction
        await self._table_here(interaction, table_id)
        await self.service.withdraw(table_id, interaction.user.id, gate=reply.secure)
        lang = language_of(interaction.locale)
        await reply.update(content=t(lang, "premoves.cancelled"), view=None)

    @staticmethod
    def _move_label(table: Table, seat: int, action: str, lang: str) -> str:
        parsed = table.engine.parse_action(action)
        return renderer_for(table.record.game).action_label(parsed, table.perspective(seat), lang, names=table.names)

    async def watch(self, table: Table) -> None:
        """The refresher shows a new version of `table`: schedule the pre-moves whose decision came."""
        await self.service.after_move(table)

    async def fire(self, deadline: Deadline) -> None:
        """A pre-move's deadline fell due: play it as a click, and edit the table as after a click."""
        outcome = await self.service.play(deadline)
        if outcome is not None:
            self.refresher.mark(outcome.table.id)


def routes(h: PreMoveHandlers) -> tuple[Routed, ...]:
    return (
        route(PreMoveChoose, lambda i, c: h.choose(i, c.game, c.decision, c.index, c.standing)),
        route(PreMoveCancel, lambda i, c: h.cancel(i, c.game)),
    )


def install(bot: CardroomBot, refresher: TableRefresher) -> PreMoveHandlers:
    """Register the pre-move components and the watcher; the caller dispatches deadlines of kind `PREMOVE` to
    the handlers' `fire`."""
    handlers = PreMoveHandlers(bot, refresher)
    bot.add_dynamic_items(*routes(handlers))
    refresher.watchers.append(handlers.watch)
    return handlers
