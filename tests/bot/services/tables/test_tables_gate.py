"""Every change passes its caller's gate right before it commits: a closed gate changes nothing.

The Discord layer closes the gate when an interaction can no longer be answered
(it arrived past its 3 seconds); nothing it asked for may then be stored. A
lobby nobody could see is undone, so it never holds its channel.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.errors import LateInteractionError, RefusedError
from bot.services.tables import Table, Tables
from bot.storage import Seat
from engines.pairs import Hit

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")
CHANNEL = 600


async def closed() -> None:
    raise LateInteractionError()


async def lobby(service: Tables) -> Table:
    return await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")


async def running(service: Tables) -> Table:
    table = await lobby(service)
    await service.lobby.join(table.id, BOB)
    return await service.lobby.start(table.id, ALICE.user_id)


async def snapshot(service: Tables, table_id: int) -> tuple[Any, ...]:
    record = await service.store.db.tables.get(table_id)
    return (
        record.version,
        record.status,
        record.seats,
        record.options,
        record.state,
        await service.store.db.tables.actions(table_id),
    )


async def test_a_closed_gate_opens_no_lobby(service: Tables) -> None:
    with pytest.raises(LateInteractionError):
        await service.lobby.open_lobby(
            guild_id=9, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en", gate=closed
        )
    assert await service.store.in_channel(CHANNEL) is None
    assert (await lobby(service)).record.channel_id == CHANNEL  # the channel is free


LobbyChange = Callable[[Tables, Table], Awaitable[Any]]
LOBBY_CHANGES: dict[str, LobbyChange] = {
    "join": lambda s, t: s.lobby.join(t.id, BOB, closed),
    "set_option": lambda s, t: s.lobby.set_option(t.id, ALICE.user_id, "ending", "norland", closed),
    "cancel": lambda s, t: s.lobby.cancel(t.id, ALICE.user_id, closed),
    "abort": lambda s, t: s.admin.abort(CHANNEL, ALICE.user_id, can_manage=False, gate=closed),
}


@pytest.mark.parametrize("change", sorted(LOBBY_CHANGES))
async def test_a_closed_gate_leaves_a_lobby_as_it_was(service: Tables, change: str) -> None:
    table = await lobby(service)
    await service.lobby.join(table.id, Seat(3, "Carol"))
    before = await snapshot(service, table.id)
    with pytest.raises(LateInteractionError):
        await LOBBY_CHANGES[change](service, table)
    assert await snapshot(service, table.id) == before


async def test_a_closed_gate_starts_no_game_and_lets_no_one_leave(service: Tables) -> None:
    table = await lobby(service)
    await service.lobby.join(table.id, BOB)
    before = await snapshot(service, table.id)
    with pytest.raises(LateInteractionError):
        await service.lobby.start(table.id, ALICE.user_id, closed)
    with pytest.raises(LateInteractionError):
        await service.lobby.leave_lobby(table.id, BOB.user_id, closed)
    assert await snapshot(service, table.id) == before


async def test_a_closed_gate_plays_no_move_and_withdraws_no_one(service: Tables) -> None:
    table = await running(service)
    assert table.state is not None
    seat = table.to_act[0]
    user = table.record.seats[seat].user_id
    hit = [a.kind for a in service.play.candidates(table, seat)].index(Hit().kind)
    before = await snapshot(service, table.id)
    with pytest.raises(LateInteractionError):
        await service.play.act(table.id, user, table.record.version, hit, gate=closed)
    with pytest.raises(LateInteractionError):
        await service.play.withdraw(table.id, user, closed)
    with pytest.raises(LateInteractionError):
        await service.admin.abort(CHANNEL, ALICE.user_id, can_manage=False, gate=closed)
    assert await snapshot(service, table.id) == before
    # The cached table is the stored one: the next (timely) click plays from it.
    outcome = await service.play.act(table.id, user, table.record.version, hit)
    assert outcome.table.record.version == table.record.version + 1


async def test_an_illegal_move_is_refused_before_the_gate_is_asked(service: Tables) -> None:
    table = await running(service)
    seat = table.to_act[0]
    other = table.record.seats[1 - seat].user_id
    asked = []

    async def gate() -> None:
        asked.append(True)

    with pytest.raises(RefusedError):
        await service.play.act(table.id, other, table.record.version, 0, gate=gate)
    assert asked == []


async def test_a_lobby_nobody_saw_is_undone_and_frees_its_channel(service: Tables) -> None:
    table = await lobby(service)
    await service.lobby.discard_lobby(table)
    assert await service.store.in_channel(CHANNEL) is None
    again = await lobby(service)
    assert again.id > table.id  # ids are never reused
