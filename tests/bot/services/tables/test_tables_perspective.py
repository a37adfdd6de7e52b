"""A player's view of a table (`Table.perspective`): the engine's, with their legal actions taken from their
decision, which their hand's buttons need too, rather than worked out a second time."""

from __future__ import annotations

from typing import Any

import pytest

from bot.services.tables import Table, Tables
from bot.storage import Seat

ALICE, BOB, CAROL = Seat(1, "Alice"), Seat(2, "Bob"), Seat(3, "Carol")


async def started(service: Tables, game: str) -> Table:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=700, game=game, host=ALICE, locale="en")
    for guest in (BOB, CAROL):
        await service.lobby.join(table.id, guest)
    return await service.lobby.start(table.id, ALICE.user_id)


@pytest.mark.parametrize("game", ["pairs", "deadmoney", "blackstone"])
async def test_a_players_view_is_the_engines_with_legal_actions_from_their_decision(
    service: Tables, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(service, game)
    assert table.state is not None
    engine, state = table.engine, table.state
    seats = range(state.players)
    expected = {seat: engine.perspective(state, seat).model_dump(mode="json") for seat in (*seats, None)}
    assert any(engine.legal_actions(state, seat) for seat in seats)  # someone has a choice to show

    def not_again(*args: Any) -> Any:
        raise AssertionError("legal actions worked out again")

    monkeypatch.setattr(engine, "legal_actions", not_again)
    for seat in seats:
        assert table.perspective(seat).model_dump(mode="json") == expected[seat]
        assert seat in table._decisions  # the decision the hand's buttons use, worked out once
    assert table.perspective(None).model_dump(mode="json") == expected[None]
