"""The tables' components, each declared once (`cogs.kit.components`), and where their clicks go.

An id names the game by its id. A move button (`Move`) also names the game's
version when it was rendered, the index of the move among the player's
candidate actions, and the token of that pending decision
(`Engine.decision_token`): a click from an older version still counts when the
player's own decision is unchanged (others acted meanwhile, as in a
simultaneous choice). A forged id can at most name a candidate action, which
the engine still judges.

The card picker (`_picker`) pins its components the same way (version and
token) and carries the player's draft (`_draft`), the cards chosen so far, in the
id itself, so a half-made choice survives a restart with no server memory: a
select of cards (`Pick`), the confirmation of the draft (`PickConfirm`), and the
page arrows (`PickPage`; Clear is the current page with an empty draft).

Each declaration's `old` is the id form messages posted before carried (`cr:`
and one letter, some differing only by case); they are still parsed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs.kit.components import Button, Routed, Select, chosen, part, route
from cogs.kit.ids import GAME, Part, flag, hex_token, number, one_of, text
from cogs.tables._draft import DRAFT

if TYPE_CHECKING:
    from cogs.tables._handlers import TableHandlers

VERSION = number(10)
TOKEN = hex_token(8)
PAGE = number(2)
INDEX = number(3)
SELECT_INDEX = Part("[0-2]", int, str, 2)  # which of a picker page's three selects
LOBBY_OPS = ("join", "leave", "start", "cancel", "clock", "options", "computers")


class Lobby(Button, word="lobby", old="cr:l"):
    """One of the lobby's buttons: join, leave, start, cancel, or the host's clock, table options, computers."""

    game: int = part(GAME)
    op: str = part(one_of(*LOBBY_OPS))


class Option(Select, word="option", old="cr:o"):
    """On the host's private table options of a lobby: one game option."""

    game: int = part(GAME)
    field: str = part(text("[a-z_]{1,40}", "o" * 40))


class Language(Select, word="language", old="cr:L"):
    """On the host's private table options of a lobby: the language of the table's public messages."""

    game: int = part(GAME)


class Clock(Select, word="clock", old="cr:c"):
    """On the host's private clock settings of a lobby: the pace, the timeouts in a row allowed, who plays a
    move whose time ran out (`auto`), or whether players may spend away time at the table (`away`)."""

    game: int = part(GAME)
    field: str = part(one_of("pace", "timeouts", "auto", "away"))


class Computers(Select, word="computer", old="cr:k"):
    """On the host's private computer seats of a lobby: seat a computer of a level, or take one away."""

    game: int = part(GAME)
    op: str = part(one_of("add", "remove"))


class Hand(Button, word="hand", old="cr:h"):
    """ "My hand" on the table: opens a new private message with the clicker's perspective."""

    STYLE = discord.ButtonStyle.primary
    EMOJI = "🂠"
    game: int = part(GAME)


class Refresh(Button, word="refresh", old="cr:r"):
    """On a hand message: redraw it in place through this click's own interaction."""

    EMOJI = "🔄"
    game: int = part(GAME)


class Move(Button, word="move", old="cr:a"):
    """One candidate action of the engine, pinned to the game version it was rendered at.

    `confirmed` (`:y`) marks the "Yes" of the question a costly move asks first; the move's own button is not
    confirmed, so clicking it asks the question instead of playing.
    """

    STYLE = discord.ButtonStyle.success
    game: int = part(GAME)
    version: int = part(VERSION)
    index: int = part(INDEX)
    token: str = part(TOKEN)
    confirmed: bool = part(flag("y"), default=False)


class Leave(Button, word="leave", old="cr:q"):
    """ "Leave game" on the table: asks for confirmation in a private message."""

    EMOJI = "🚪"
    game: int = part(GAME)


class LeaveConfirm(Button, word="leave-confirm", old="cr:Q"):
    """The confirmation of "Leave game"."""

    STYLE = discord.ButtonStyle.danger
    game: int = part(GAME)


class Pause(Button, word="pause", old="cr:z"):
    """On the table: the host pauses the clocks, or resumes them."""

    game: int = part(GAME)
    op: str = part(one_of("pause", "resume"))


class Rematch(Button, word="rematch", old="cr:R"):
    """On a finished table: a new lobby with the same players, options and clock, the clicker as host."""

    STYLE = discord.ButtonStyle.success
    EMOJI = "🔁"
    game: int = part(GAME)


class Thread(Button, word="thread", old="cr:T"):
    """Under the refusal of a /play in a busy channel: open the table of the game registered as `name` in a new
    thread of the channel."""

    STYLE = discord.ButtonStyle.success
    EMOJI = "🧵"
    name: str = part(text("[a-z][a-z0-9_]{0,39}", "g" * 40))


class LogPage(Button, word="log", old="cr:g"):
    """◀ or ▶ under a table's public log (`/log`): show that page in place, numbered from 0, the oldest first."""

    EMOJI = "▶️"
    game: int = part(GAME)
    page: int = part(number(4))


class Pick(Select, word="pick", old="cr:p"):
    """One select menu of the card picker: up to 25 physical cards of one page."""

    game: int = part(GAME)
    version: int = part(VERSION)
    token: str = part(TOKEN)
    page: int = part(PAGE)
    select: int = part(SELECT_INDEX)
    draft: str = part(DRAFT)


class PickConfirm(Button, word="pick-done", old="cr:P"):
    """Play the card picker's draft."""

    STYLE = discord.ButtonStyle.success
    EMOJI = "✅"
    game: int = part(GAME)
    version: int = part(VERSION)
    token: str = part(TOKEN)
    draft: str = part(DRAFT)


class PickPage(Button, word="browse", old="cr:n"):
    """Redraw the card picker at `page` with `draft`: the ◀ ▶ arrows, and Clear (an empty draft)."""

    game: int = part(GAME)
    version: int = part(VERSION)
    token: str = part(TOKEN)
    page: int = part(PAGE)
    draft: str = part(DRAFT)


def routes(h: TableHandlers) -> tuple[Routed, ...]:
    """Each component's clicks, handed to the table handlers (register with `bot.add_dynamic_items`)."""
    return (
        route(Lobby, lambda i, c: h.lobby(i, c.game, c.op)),
        route(Option, lambda i, c: h.set_option(i, c.game, c.field, chosen(i))),
        route(Language, lambda i, c: h.set_language(i, c.game, chosen(i))),
        route(Clock, lambda i, c: h.set_clock(i, c.game, c.field, chosen(i))),
        route(Computers, lambda i, c: h.set_computers(i, c.game, c.op, chosen(i))),
        route(Hand, lambda i, c: h.show_hand(i, c.game, in_place=False)),
        route(Refresh, lambda i, c: h.show_hand(i, c.game, in_place=True)),
        route(Move, lambda i, c: h.act(i, c.game, c.version, c.index, c.token, confirmed=c.confirmed)),
        route(Leave, lambda i, c: h.ask_leave(i, c.game)),
        route(LeaveConfirm, lambda i, c: h.leave(i, c.game)),
        route(Pause, lambda i, c: h.pause(i, c.game, c.op == "pause")),
        route(Rematch, lambda i, c: h.rematch(i, c.game)),
        route(Thread, lambda i, c: h.open_in_thread(i, c.name)),
        route(LogPage, lambda i, c: h.show_log(i, c.game, c.page)),
        route(Pick, lambda i, c: h.pick_select(i, c.game, c.version, c.token, c.page, c.select, c.draft, chosen(i))),
        route(PickConfirm, lambda i, c: h.pick_confirm(i, c.game, c.version, c.token, c.draft)),
        route(PickPage, lambda i, c: h.pick_page(i, c.game, c.version, c.token, c.page, c.draft)),
    )
