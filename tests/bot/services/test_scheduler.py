"""Deadlines fire once, from the database, by an injected clock: time is moved forward, never slept through.

The first kind of deadline: a lobby nobody starts closes itself.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.services.scheduler import BATCH, RETRY, Scheduler
from bot.services.tables import TableService
from bot.storage import Database, Deadline, Seat
from tests.bot.services.clocks import Clock

HOUR = 3600.0
ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")


def lobby_closer(service: TableService, closed: list[int]) -> Scheduler:
    async def fire(deadline: Deadline) -> None:
        table = await service.expire_lobby(deadline.game_id)
        if table is not None:
            closed.append(table.id)

    return Scheduler(service.db, fire, clock=service._clock)


async def open_lobby(service: TableService, channel: int) -> int:
    table = await service.open_lobby(guild_id=9, channel_id=channel, game="pairs", host=ALICE, locale="en")
    return table.id


async def test_a_lobby_not_started_in_time_closes_itself_once(db: Database) -> None:
    clock = Clock()
    service = TableService(db, lobby_expiry=24 * HOUR, clock=clock)
    closed: list[int] = []
    scheduler = lobby_closer(service, closed)
    game = await open_lobby(service, 100)
    assert await scheduler.delay() == pytest.approx(300.0)  # the scheduler never sleeps longer than IDLE
    clock.now += 24 * HOUR - 1
    assert await scheduler.fire_due() == 0 and await scheduler.delay() == pytest.approx(1.0)
    clock.now += 1
    assert await scheduler.fire_due() == 1 and closed == [game]
    record = await db.get(game)
    assert record.status == "aborted" and record.ended_by is None
    assert await service.in_channel(100) is None  # the channel is free
    clock.now += 10 * HOUR
    assert await scheduler.fire_due() == 0 and closed == [game]  # never twice
    assert await db.next_deadline() is None


async def test_a_lobby_started_or_cancelled_in_time_is_left_alone(db: Database) -> None:
    clock = Clock()
    service = TableService(db, lobby_expiry=HOUR, clock=clock)
    closed: list[int] = []
    scheduler = lobby_closer(service, closed)
    started = await open_lobby(service, 100)
    await service.join(started, BOB)
    await service.start(started, ALICE.user_id)
    cancelled = await open_lobby(service, 101)
    await service.cancel(cancelled, ALICE.user_id)
    clock.now += 2 * HOUR
    assert await scheduler.fire_due() == 0 and closed == []  # starting or cancelling dropped the lobby's deadline
    assert (await db.get(started)).status == "active" and (await db.get(cancelled)).ended_by == ALICE.user_id
    table = await service.get(started)
    assert table.clock is not None and table.clock.pace == "daily"
    first = table.to_act[0]
    # What is left is the started game's clock: the first player's reminder, then their expiry.
    assert await db.next_deadline() == table.clock.reminder(first)


async def test_an_overdue_deadline_fires_at_the_next_start(tmp_path: Path) -> None:
    """The bot was down when the lobby's time came: the first pass after the restart closes it, once."""
    clock = Clock()
    path = tmp_path / "cardroom.sqlite3"
    before = await Database.open(path)
    game = await open_lobby(TableService(before, lobby_expiry=HOUR, clock=clock), 100)
    await before.close()
    clock.now += 5 * HOUR
    after = await Database.open(path)
    try:
        closed: list[int] = []
        scheduler = lobby_closer(TableService(after, lobby_expiry=HOUR, clock=clock), closed)
        assert await scheduler.delay() == 0.0
        assert await scheduler.fire_due() == 1 and closed == [game]
        assert await scheduler.fire_due() == 0
    finally:
        await after.close()


async def test_a_failing_effect_is_tried_again_later_not_in_a_loop(db: Database) -> None:
    clock = Clock()
    service = TableService(db, lobby_expiry=HOUR, clock=clock)
    game = await open_lobby(service, 100)
    attempts: list[float] = []

    async def flaky(deadline: Deadline) -> None:
        attempts.append(clock.now)
        if len(attempts) == 1:
            raise RuntimeError("Discord is down")
        await service.expire_lobby(deadline.game_id)

    scheduler = Scheduler(db, flaky, clock=clock)
    clock.now += HOUR
    assert await scheduler.fire_due() == 0 and len(attempts) == 1
    assert await scheduler.delay() == pytest.approx(RETRY)
    clock.now += RETRY
    assert await scheduler.fire_due() == 1 and (await db.get(game)).status == "aborted"


async def test_many_due_at_once_fire_in_batches_earliest_first(db: Database) -> None:
    clock = Clock()
    service = TableService(db, lobby_expiry=HOUR, clock=clock)
    games = []
    for channel in range(BATCH + 20):
        games.append(await open_lobby(service, 1000 + channel))
        clock.now += 0.001
    order: list[int] = []

    async def record(deadline: Deadline) -> None:
        order.append(deadline.game_id)
        await service.expire_lobby(deadline.game_id)

    clock.now += HOUR
    assert await Scheduler(db, record, clock=clock).fire_due() == BATCH + 20
    assert order == games


async def test_the_running_scheduler_wakes_for_a_deadline_added_meanwhile(db: Database) -> None:
    """The loop itself, on this host's clock: a lobby with a 0.2 s expiry closes without waiting for IDLE."""
    service = TableService(db, lobby_expiry=0.2)
    closed = asyncio.Event()

    async def fire(deadline: Deadline) -> None:
        if await service.expire_lobby(deadline.game_id) is not None:
            closed.set()

    scheduler = Scheduler(db, fire)
    service.deadline_added = scheduler.poke
    scheduler.start()
    try:
        game = await open_lobby(service, 100)
        async with asyncio.timeout(10):  # far less than IDLE: the poke woke the scheduler
            await closed.wait()
        assert (await db.get(game)).status == "aborted"
    finally:
        await scheduler.stop()
