"""A move's answer drawn while its commit is in flight (`draw`): kept only when the commit left that very table."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.services.tables import Table, Tables
from bot.storage import Seat, TableRecord

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")

pytestmark = pytest.mark.postgresql_too  # the move path: on both back ends


async def started(service: Tables) -> Table:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=700, game="pairs", host=ALICE, locale="en")
    await service.lobby.join(table.id, BOB)
    return await service.lobby.start(table.id, ALICE.user_id)


def hit(service: Tables, table: Table) -> tuple[int, int]:
    """The user to act and the index of their "hit"."""
    seat = table.to_act[0]
    kinds = [action.kind for action in service.play.candidates(table, seat)]
    return table.record.seats[seat].user_id, kinds.index("hit")


def seen(tables: list[Table]) -> Any:
    def draw(table: Table) -> tuple[int, str | None]:
        tables.append(table)
        return table.record.version, table.record.state

    return draw


async def test_the_answer_is_drawn_once_on_the_table_the_move_commits(service: Tables) -> None:
    table = await started(service)
    user, index = hit(service, table)
    drawn_on: list[Table] = []
    outcome = await service.play.act(table.id, user, table.record.version, index, draw=seen(drawn_on))
    committed = outcome.table
    assert len(drawn_on) == 1
    ahead = drawn_on[0]
    assert ahead.state == committed.state and ahead.clock == committed.clock
    assert ahead.record == replace(committed.record, updated_at=ahead.record.updated_at)
    assert outcome.drawn == (committed.record.version, committed.record.state)
    assert (await service.store.db.tables.get(table.id)).version == committed.record.version


async def test_a_failed_drawing_is_left_for_after_the_commit(service: Tables) -> None:
    table = await started(service)
    user, index = hit(service, table)

    def broken(_: Table) -> object:
        raise RuntimeError("a renderer's bug")

    outcome = await service.play.act(table.id, user, table.record.version, index, draw=broken)
    assert outcome.drawn is None  # the caller draws after the commit, where its error takes the usual way
    assert (await service.store.db.tables.get(table.id)).version == table.record.version + 1


async def test_an_answer_drawn_for_another_row_than_the_committed_one_is_dropped(
    service: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(service)
    user, index = hit(service, table)
    commit = service.store.db.tables.commit_action

    async def elsewhere(*args: Any, **kwargs: Any) -> TableRecord:
        record = await commit(*args, **kwargs)
        return replace(record, ping_message_id=4242)  # the row holds what the drawing did not know

    monkeypatch.setattr(service.store.db.tables, "commit_action", elsewhere)
    drawn_on: list[Table] = []
    outcome = await service.play.act(table.id, user, table.record.version, index, draw=seen(drawn_on))
    assert len(drawn_on) == 1 and outcome.drawn is None


async def test_a_move_that_ends_the_game_is_drawn_on_the_finished_table_without_its_ratings(
    service: Tables,
) -> None:
    table = await started(service)
    drawn_on: list[Table] = []
    while table.record.status == "active":
        seat = table.to_act[0]
        kinds = [action.kind for action in service.play.candidates(table, seat)]
        user = table.record.seats[seat].user_id
        outcome = await service.play.act(table.id, user, table.record.version, kinds.index("fold"), draw=seen(drawn_on))
        table = outcome.table
        assert outcome.drawn == (table.record.version, table.record.state)  # every move, the last one too
    end, ahead = outcome.table, drawn_on[-1]
    assert outcome.finished and end.record.status == ahead.record.status == "finished"
    assert ahead.record == replace(end.record, updated_at=ahead.record.updated_at, ended_at=ahead.record.ended_at)
    assert end.record.ended_at is not None and ahead.rating_changes == {}
    assert sorted(end.rating_changes) == [0, 1]  # the committed table has them, for what is drawn after it
    assert ahead.result == end.result and ahead.to_act == end.to_act == ()


async def test_the_decisions_worked_out_in_the_drawing_are_kept_by_the_committed_table(service: Tables) -> None:
    table = await started(service)
    user, index = hit(service, table)
    seat = table.seat_of(user)
    assert seat is not None

    def draw(ahead: Table) -> object:
        assert ahead.to_act is not None  # as a hand drawn for the clicker tells whose turn it is
        return ahead.decision(seat)  # and works out their next decision

    outcome = await service.play.act(table.id, user, table.record.version, index, draw=draw)
    committed = outcome.table
    assert committed.state is not None
    assert committed._decisions == {seat: outcome.drawn}
    assert committed.__dict__["to_act"] == committed.engine.to_act(committed.state)  # handed over, not worked out
    assert committed.decision(seat) is outcome.drawn
    assert outcome.drawn == committed.engine.decision(committed.state, seat)
    assert await service.store.get(table.id) is committed  # the table kept in memory is that one
