"""The table services count what an operator watches: moves committed by game, the commit's time, cache hits."""

from __future__ import annotations

import pytest

from bot.observe import metrics
from bot.services.tables import Tables
from bot.storage import Seat

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")

pytestmark = pytest.mark.postgresql_too


def sample(name: str, **labels: str) -> float:
    """The current value of one sample of the registry (0 when it has none yet)."""
    value = metrics.REGISTRY.get_sample_value(name, labels)
    return 0.0 if value is None else value


async def test_a_committed_move_and_a_cache_look_up_are_counted(service: Tables) -> None:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=500, game="pairs", host=ALICE, locale="en")
    table = await service.lobby.join(table.id, BOB)
    table = await service.lobby.start(table.id, ALICE.user_id)
    moves, commits = sample("cardroom_moves_committed_total", game="pairs"), sample("cardroom_commit_seconds_count")
    hits = sample("cardroom_table_cache_total", result="hit")
    seat = table.to_act[0]
    user = table.record.seats[seat].user_id
    await service.play.act(table.id, user, table.record.version, 0)
    assert sample("cardroom_moves_committed_total", game="pairs") == moves + 1
    assert sample("cardroom_commit_seconds_count") == commits + 1
    assert sample("cardroom_table_cache_total", result="hit") >= hits + 1  # the click found its table in memory
