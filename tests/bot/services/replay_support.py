"""Shared by the replay tests: real games (random legal playouts) stored the way the table service stores them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.services.tables import TableStore
from bot.storage import Database, Seat, TableRecord
from engines import registry
from tests.conformance.playout import Playout, random_playout

# Up to 12 seats (Il Morto).
NAMES = ["Ann", "Bob", "Cyd", "Dov", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]
GUILD, CHANNEL = 9, 500
FIRST_USER = 1000  # seat s is user FIRST_USER + s


def playout(game: str, seed: int, *, players: int | None = None, withdrawals: bool = True) -> Playout:
    """A whole random legal game of `game`, the same for the same `seed`."""
    return random_playout(registry.get(game), random.Random(seed), players=players, withdrawals=withdrawals)


def record_of(game: str, played: Playout, *, table_id: int = 1, status: str = "finished") -> TableRecord:
    """The stored row of `played` as a finished game of server `GUILD` (its final state stored)."""
    engine: Any = registry.get(game)
    return TableRecord(
        id=table_id,
        guild_id=GUILD,
        channel_id=CHANNEL,
        game=game,
        status=status,  # type: ignore[arg-type]
        host_id=FIRST_USER,
        options=played.options.model_dump(mode="json"),
        seats=[Seat(FIRST_USER + seat, NAMES[seat]) for seat in range(played.players)],
        seed=played.seed,
        state=engine.dump_state(played.states[-1]),
        version=len(played.log) + 1,
        table_message_id=3,
        locale="en",
        created_at=0.0,
        updated_at=0.0,
        ended_at=1_800_000_000.0,
        salt="5a" * 16,
    )


def actions_of(played: Playout) -> list[tuple[int, int, str]]:
    """The playout's log as the storage hands it out: (seq, seat, action JSON)."""
    return [(number, seat, action.model_dump_json()) for number, (seat, action) in enumerate(played.log, 1)]


async def store_playout(
    db: Database,
    game: str,
    played: Playout,
    *,
    moves: int | None = None,
    guild_id: int | None = GUILD,
    channel_id: int = CHANNEL,
    names: Sequence[str] = NAMES,
) -> TableRecord:
    """Store `played` as a table would: its lobby, its start, then its first `moves` actions (all by default:
    the game finishes, with its results)."""
    engine: Any = registry.get(game)
    seats = [Seat(FIRST_USER + seat, names[seat]) for seat in range(played.players)]
    lobby = await db.tables.create_lobby(
        guild_id=guild_id,
        channel_id=channel_id,
        game=game,
        host=seats[0],
        seats=seats,
        options=played.options.model_dump(mode="json"),
        seed=played.seed,
        salt="5a" * 16,
        locale="en",
    )
    record = await db.tables.start(lobby.id, lobby.version, state=engine.dump_state(played.states[0]))
    count = len(played.log) if moves is None else moves
    for number, (seat, action) in enumerate(played.log[:count], 1):
        state = played.states[number]
        result = engine.result(state) if number == len(played.log) else None
        rows = None if result is None else TableStore.result_rows(record, result)
        record = await db.tables.commit_action(
            record.id,
            record.version,
            seat=seat,
            action=action.model_dump_json(),
            state=engine.dump_state(state),
            result=rows,
        )
    return record
