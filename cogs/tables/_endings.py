"""The end of a game, told in the channel: one short message that names the winners and mentions the players.

The standings, the summary of a match's games and the Rematch button are on the
final table itself (`cogs.render.frame.table_embed`, `cogs.tables._views.table_view`);
this message links to it, in the table's language.
"""

from __future__ import annotations

import discord

from bot.i18n import list_of, t
from bot.seating import is_computer
from bot.services.tables import Table, table_url
from bot.storage import Seat
from cogs.render.limits import CONTENT, clip
from cogs.render.text import display_name, game_name


def mention(seat: Seat) -> str:
    """A person as a mention; a computer seat by its name (it has no Discord account)."""
    return display_name(seat.name) if is_computer(seat.user_id) else f"<@{seat.user_id}>"


def end_announcement(table: Table) -> tuple[str, discord.AllowedMentions]:
    """The message that a finished game is over: its winner(s), every player mentioned, the final table's link.

    Only the players are mentioned (never a role or everyone), whatever their names hold.
    """
    assert table.result is not None
    record = table.record
    lang = record.locale
    players = record.seats
    winners = [players[seat] for seat in table.result.winners if seat < len(players)]
    people = [seat.user_id for seat in players if not is_computer(seat.user_id)]
    params = {
        "game": game_name(record.game, lang),
        "players": list_of(lang, [mention(seat) for seat in players]),
        "url": table_url(record),
    }
    if winners:
        text = t(lang, "table.ended", winners=list_of(lang, map(mention, winners)), count=len(winners), **params)
    else:
        text = t(lang, "table.ended_no_winner", **params)
    allowed = discord.AllowedMentions(
        users=[discord.Object(user_id) for user_id in people], roles=False, everyone=False, replied_user=False
    )
    return clip(text, CONTENT), allowed
