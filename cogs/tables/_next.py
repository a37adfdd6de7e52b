"""Next, across every table: from one hand to the next table waiting on its player, in every server and channel.

A table is *waiting* on a player when they must decide there (their seat's `since`
is set: `db.players.turns_of` lists those first, the earliest deadline first). Three
components lead from table to table, each answered privately:

- `TurnsNext`, on `/turns`: the most urgent waiting table's hand, as a new private message;
- `NextTable`, on a hand after a move (and on a hand it showed): "Next table (n)", n the other tables waiting,
  replaces the hand in place with the next most urgent one's, never the hand's own table;
- `AutoNext`, on `/turns`: the player's `auto_next` setting, on or off. When on, the answer to a move shows
  the next waiting table's hand instead of the hand just played (`after_move`), once the player is not to act
  there any more and the game goes on; when no other table waits, the usual hand.

Each hand is loaded through the table store and drawn from its seat's perspective by the table handlers, as
the Hand button draws it; its buttons work from wherever it is shown (`TableHandlers._hand_table`). Its header
names its server and channel (`place_of`) and links to the table's message.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

import discord

from bot.errors import CardroomError
from bot.i18n import language_of, t
from bot.services.tables import Table
from bot.storage import TableRecord, TurnRow
from cogs.kit.components import Button, Routed, part, route
from cogs.kit.errors import guarded
from cogs.kit.ids import GAME, flag
from cogs.kit.layout import ButtonLook, Layout
from cogs.kit.reply import Reply
from cogs.render.frame import Place
from cogs.render.limits import BUTTON_LABEL, CONTENT, clip
from cogs.render.text import game_name

if TYPE_CHECKING:
    from cogs.tables._handlers import TableHandlers

log = logging.getLogger("cardroom.tables")


class TurnsNext(Button, word="next-turn"):
    """On `/turns`: the hand of the most urgent table waiting on the clicker, in a new private message."""

    STYLE = discord.ButtonStyle.primary
    EMOJI = "⏭️"


class NextTable(Button, word="next"):
    """On a hand: the hand of the most urgent other table waiting on the clicker, in place. `game` is the hand's
    own table, never offered."""

    STYLE = discord.ButtonStyle.primary
    EMOJI = "⏭️"
    game: int = part(GAME)


class AutoNext(Button, word="auto-next"):
    """On `/turns`: turn the clicker's auto-next on (`:on`) or off."""

    EMOJI = "🔁"
    on: bool = part(flag("on"), default=False)


def place_of(bot: object, record: TableRecord) -> Place:
    """The names of the table's server and channel as the bot's cache knows them (None where it does not: a
    server or channel not cached, or a bot without Discord's caches, the tests' and the bench's)."""
    get_guild = getattr(bot, "get_guild", None)
    get_channel = getattr(bot, "get_channel", None)
    guild = get_guild(record.guild_id) if get_guild is not None and record.guild_id is not None else None
    channel = get_channel(record.channel_id) if get_channel is not None else None
    server = getattr(guild, "name", None)
    name = getattr(channel, "name", None)
    # As they are: a hand's header is an embed's author line, which shows no markdown and mentions no one.
    return Place(
        server=server if isinstance(server, str) and server else None,
        channel=name if isinstance(name, str) and name else None,
    )


def waiting(rows: Sequence[TurnRow]) -> list[TurnRow]:
    """The tables among `rows` where the player must decide, in `turns_of`'s order: the most urgent first."""
    return [row for row in rows if row.since is not None]


def after(rows: Sequence[TurnRow], skip: int | None) -> list[TurnRow]:
    """`rows` in the order Next offers them from the hand of table `skip`: those after it, then from the most
    urgent again (so that Next goes down the list, round and round), `skip` itself left out."""
    ids = [row.table_id for row in rows]
    if skip not in ids:
        return list(rows)
    position = ids.index(skip)
    return [*rows[position + 1 :], *rows[:position]]


def next_button(lang: str, shown: int, rows: Sequence[TurnRow]) -> ButtonLook | None:
    """ "Next table (n)" for the hand of table `shown`: n the other tables of `rows` waiting; None when none."""
    count = sum(1 for row in waiting(rows) if row.table_id != shown)
    if not count:
        return None
    return NextTable(shown).button(clip(t(lang, "next.button", count=count), BUTTON_LABEL))


def turns_view(lang: str, count: int, auto_next: bool) -> Layout:
    """Under `/turns`: Next (when `count` tables wait on the player) and the auto-next toggle, showing its state."""
    view = Layout()
    if count:
        view.add_button(TurnsNext().button(clip(t(lang, "next.button", count=count), BUTTON_LABEL)), 0)
    toggle = AutoNext(on=not auto_next).button(
        clip(t(lang, "next.auto.on" if auto_next else "next.auto.off"), BUTTON_LABEL),
        style=discord.ButtonStyle.success if auto_next else discord.ButtonStyle.secondary,
    )
    view.add_button(toggle, 0)
    return view


class Onward:
    """The handlers of Next and auto-next, drawing hands through the table handlers."""

    def __init__(self, handlers: TableHandlers) -> None:
        self.handlers = handlers

    async def _rows(self, user_id: int) -> list[TurnRow]:
        return await self.handlers.service.store.db.players.turns_of(user_id)

    async def _first(self, rows: Sequence[TurnRow], user_id: int, skip: int | None) -> Table | None:
        """The table of `rows` next in urgency after `skip` (never `skip` itself, the most urgent when `skip` does
        not wait), still waiting on `user_id` as the store has it."""
        for row in after(waiting(rows), skip):
            try:
                table = await self.handlers.service.store.get(row.table_id)
            except CardroomError:  # gone meanwhile
                continue
            seat = table.seat_of(user_id)
            live = table.record.status == "active" and table.state is not None and table.result is None
            if live and seat is not None and seat in table.to_act:
                return table
        return None

    async def _show(self, reply: Reply, skip: int | None, *, in_place: bool) -> None:
        """The hand of the most urgent table waiting on the clicker (not `skip`), or a refusal saying why none."""
        user_id = reply.interaction.user.id
        lang = language_of(reply.interaction.locale)
        rows = await self._rows(user_id)
        table = await self._first(rows, user_id, skip)
        if table is None:
            raise CardroomError("next.none" if rows else "next.not_seated")
        more = next_button(lang, table.id, rows)
        await self.handlers._send_hand(reply, table, in_place=in_place, more=more)

    @guarded()
    async def from_turns(self, reply: Reply) -> None:
        """Next on `/turns`: the most urgent waiting table's hand, in a new private message."""
        await self._show(reply, None, in_place=False)

    @guarded()
    async def from_hand(self, reply: Reply, table_id: int) -> None:
        """Next table on a hand: the next most urgent waiting table's hand, in place of this one (which no longer
        shows its own table, so it is no longer that table's live hand)."""
        await self._show(reply, table_id, in_place=True)
        self.handlers.hands.forget(table_id, reply.interaction.user.id)

    async def after_move(
        self, reply: Reply, table: Table, send_own: Callable[[ButtonLook | None], Awaitable[None]]
    ) -> None:
        """After the clicker's move at `table`: their hand with "Next table (n)" when other tables wait on them
        (`send_own`), or, with auto-next on, the next waiting table's hand instead once they are not to act at
        `table` any more and its game goes on. A failure to look the other tables up only leaves Next out."""
        user_id = reply.interaction.user.id
        lang = language_of(reply.interaction.locale)
        try:
            rows = [row for row in await self._rows(user_id) if row.table_id != table.id]
            onward = await self._onward(table, rows, user_id)
        except Exception:
            log.exception("Could not look up the tables waiting on a player after a move at %s", table.id)
            rows, onward = [], None
        if onward is None:
            await send_own(next_button(lang, table.id, rows))
            return
        notice = clip(t(lang, "next.moved_on", game=game_name(table.record.game, lang)), CONTENT)
        more = next_button(lang, onward.id, rows)
        await self.handlers._send_hand(reply, onward, in_place=True, notice=notice, more=more)
        self.handlers.hands.forget(table.id, user_id)

    async def _onward(self, table: Table, rows: Sequence[TurnRow], user_id: int) -> Table | None:
        """The table auto-next moves on to after a move at `table`, if it does."""
        if not waiting(rows):
            return None
        seat = table.seat_of(user_id)
        if table.record.status != "active" or table.result is not None or seat is None or seat in table.to_act:
            return None
        if not (await self.handlers.service.store.db.players.get(user_id)).auto_next:
            return None
        return await self._first(rows, user_id, table.id)

    @guarded()
    async def toggle_auto(self, reply: Reply, on: bool) -> None:
        """The auto-next toggle on `/turns`: saved, then the buttons redrawn with a line saying what it does."""
        user_id = reply.interaction.user.id
        lang = language_of(reply.interaction.locale)
        await reply.secure()
        await self.handlers.bot.players.set_auto_next(user_id, on)
        count = len(waiting(await self._rows(user_id)))
        text = t(lang, "next.auto.now_on" if on else "next.auto.now_off")
        await reply.update(content=clip(text, CONTENT), view=turns_view(lang, count, on))


def routes(h: Onward) -> tuple[Routed, ...]:
    """Next's components, handed to its handlers (register with `bot.add_dynamic_items`)."""
    return (
        route(TurnsNext, lambda i, c: h.from_turns(i)),
        route(NextTable, lambda i, c: h.from_hand(i, c.game)),
        route(AutoNext, lambda i, c: h.toggle_auto(i, c.on)),
    )
