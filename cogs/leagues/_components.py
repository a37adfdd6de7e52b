"""The league message's buttons, each declared once (`cogs.kit.components`), and their routes.

The whole state is the league's id in the custom_id, so the buttons work after a restart. Start and Cancel show
to everyone but are the organiser's (a server manager's, or the server's league role's): anyone else is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs.kit.components import Button, Routed, part, route
from cogs.kit.ids import table_id

if TYPE_CHECKING:
    from cogs.leagues._handlers import LeagueHandlers

LEAGUE = table_id()  # a league's id: the same bounds as a table's (an identity column)


class LeagueJoin(Button, word="league-join"):
    STYLE = discord.ButtonStyle.success
    league: int = part(LEAGUE)


class LeagueLeave(Button, word="league-leave"):
    league: int = part(LEAGUE)


class LeagueStart(Button, word="league-start"):
    STYLE = discord.ButtonStyle.primary
    league: int = part(LEAGUE)


class LeagueCancel(Button, word="league-cancel"):
    STYLE = discord.ButtonStyle.danger
    league: int = part(LEAGUE)


def routes(h: LeagueHandlers) -> tuple[Routed, ...]:
    return (
        route(LeagueJoin, lambda i, c: h.join(i, c.league)),
        route(LeagueLeave, lambda i, c: h.leave(i, c.league)),
        route(LeagueStart, lambda i, c: h.start(i, c.league)),
        route(LeagueCancel, lambda i, c: h.cancel(i, c.league)),
    )
