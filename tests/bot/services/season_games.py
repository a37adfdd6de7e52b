"""Finished games for the season tests: a table started and ended with the given places, stored as the bot stores
one (its results and ratings in the transaction that ends it), at the database clock's time."""

from __future__ import annotations

import json

from bot.storage import Database, ResultRow, Seat


async def finished(db: Database, winner: Seat, *others: Seat, guild_id: int, game: str = "pairs") -> int:
    """A finished game of `game` in `guild_id`: `winner` first, the others placed after in the order given."""
    people = [winner, *others]
    lobby = await db.tables.create_lobby(
        guild_id=guild_id, channel_id=10, game=game, host=winner, options={}, seed=42, locale="en"
    )
    lobby = await db.tables.update_lobby(lobby.id, lobby.version, seats=people)
    record = await db.tables.start(lobby.id, lobby.version, state=json.dumps({"turn": 0}))
    result = [
        ResultRow(seat=seat, user_id=person.user_id, name=person.name, place=seat + 1, won=seat == 0, measure=0)
        for seat, person in enumerate(people)
    ]
    await db.tables.commit_action(
        record.id,
        record.version,
        seat=0,
        action=json.dumps({"kind": "last"}),
        state=json.dumps({"turn": "over"}),
        result=result,
    )
    return record.id
