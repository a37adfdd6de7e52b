"""Deadlines fire once, from the database, by an injected clock: time is moved forward, never slept through.

The first kind of deadline: a lobby nobody starts closes itself.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.services import scheduler as scheduler_module
from bot.services._due_loop import DueLoop
from bot.services.scheduler import BATCH, LEASE, RETRY, Scheduler
from bot.services.tables import Tables
from bot.storage import Database, Deadline, Seat, StorageError
from tests.bot.services.clocks import Clock

pytestmark = pytest.mark.postgresql_too  # deadlines, leases and claims: on both back ends

HOUR = 3600.0
SMALL_BATCH = 12  # deadlines claimed per query in the test of batches (the bot claims BATCH at a time)
ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")


def lobby_closer(service: Tables, closed: list[int]) -> Scheduler:
    async def fire(deadline: Deadline) -> None:
        table = await service.lobby.expire_lobby(deadline.table_id, deadline)
        if table is not None:
            closed.append(table.id)

    return Scheduler(service.store.db, fire, clock=service.store._clock)


async def open_lobby(service: Tables, channel: int) -> int:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=channel, game="pairs", host=ALICE, locale="en")
    return table.id


async def test_a_lobby_not_started_in_time_closes_itself_once(db: Database) -> None:
    clock = Clock()
    service = Tables(db, lobby_expiry=24 * HOUR, clock=clock)
    closed: list[int] = []
    scheduler = lobby_closer(service, closed)
    game = await open_lobby(service, 100)
    assert await scheduler.delay() == pytest.approx(300.0)  # the scheduler never sleeps longer than IDLE
    clock.now += 24 * HOUR - 1
    assert await scheduler.fire_due() == 0 and await scheduler.delay() == pytest.approx(1.0)
    clock.now += 1
    assert await scheduler.fire_due() == 1 and closed == [game]
    record = await db.tables.get(game)
    assert record.status == "aborted" and record.ended_by is None
    assert await service.store.in_channel(100) is None  # the channel is free
    clock.now += 10 * HOUR
    assert await scheduler.fire_due() == 0 and closed == [game]  # never twice
    assert await db.deadlines.next() is None


async def test_a_lobby_started_or_cancelled_in_time_is_left_alone(db: Database) -> None:
    clock = Clock()
    service = Tables(db, lobby_expiry=HOUR, clock=clock)
    closed: list[int] = []
    scheduler = lobby_closer(service, closed)
    started = await open_lobby(service, 100)
    await service.lobby.join(started, BOB)
    await service.lobby.start(started, ALICE.user_id)
    cancelled = await open_lobby(service, 101)
    await service.lobby.cancel(cancelled, ALICE.user_id)
    clock.now += 2 * HOUR
    assert await scheduler.fire_due() == 0 and closed == []  # starting or cancelling dropped the lobby's deadline
    assert (await db.tables.get(started)).status == "active" and (
        await db.tables.get(cancelled)
    ).ended_by == ALICE.user_id
    table = await service.store.get(started)
    assert table.clock is not None and table.clock.pace == "daily"
    first = table.to_act[0]
    # What is left is the started game's clock: the first player's reminder, then their expiry.
    assert await db.deadlines.next() == table.clock.reminder(first)


async def test_an_overdue_deadline_fires_at_the_next_start(db_location: str | Path) -> None:
    """The bot was down when the lobby's time came: the first pass after the restart closes it, once."""
    clock = Clock()
    path = db_location
    before = await Database.open(path)
    game = await open_lobby(Tables(before, lobby_expiry=HOUR, clock=clock), 100)
    await before.close()
    clock.now += 5 * HOUR
    after = await Database.open(path)
    try:
        closed: list[int] = []
        scheduler = lobby_closer(Tables(after, lobby_expiry=HOUR, clock=clock), closed)
        assert await scheduler.delay() == 0.0
        assert await scheduler.fire_due() == 1 and closed == [game]
        assert await scheduler.fire_due() == 0
    finally:
        await after.close()


async def test_a_failing_effect_is_tried_again_later_not_in_a_loop(db: Database) -> None:
    clock = Clock()
    service = Tables(db, lobby_expiry=HOUR, clock=clock)
    game = await open_lobby(service, 100)
    attempts: list[float] = []

    async def flaky(deadline: Deadline) -> None:
        attempts.append(clock.now)
        if len(attempts) == 1:
            raise RuntimeError("Discord is down")
        await service.lobby.expire_lobby(deadline.table_id, deadline)

    scheduler = Scheduler(db, flaky, clock=clock)
    clock.now += HOUR
    assert await scheduler.fire_due() == 0 and len(attempts) == 1
    assert await scheduler.delay() == pytest.approx(RETRY)
    clock.now += RETRY
    assert await scheduler.fire_due() == 1 and (await db.tables.get(game)).status == "aborted"


async def test_many_due_at_once_fire_in_batches_earliest_first(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """More deadlines due than a batch claims: they fire in batches, earliest first, until none is left. The batch is
    made small (the bot's, `BATCH`, is claimed by the same query with another limit), so that three passes run."""
    monkeypatch.setattr(scheduler_module, "BATCH", SMALL_BATCH)
    clock = Clock()
    service = Tables(db, lobby_expiry=HOUR, clock=clock)
    games = []
    for channel in range(2 * SMALL_BATCH + 5):
        games.append(await open_lobby(service, 1000 + channel))
        clock.now += 0.001
    order: list[int] = []

    async def record(deadline: Deadline) -> None:
        order.append(deadline.table_id)
        await service.lobby.expire_lobby(deadline.table_id, deadline)

    clock.now += HOUR
    assert await Scheduler(db, record, clock=clock).fire_due() == 2 * SMALL_BATCH + 5
    assert order == games


async def test_the_running_scheduler_wakes_for_a_deadline_added_meanwhile(db: Database) -> None:
    """The loop itself, on this host's clock: a lobby with a 0.2 s expiry closes without waiting for IDLE."""
    service = Tables(db, lobby_expiry=0.2)
    closed = asyncio.Event()

    async def fire(deadline: Deadline) -> None:
        if await service.lobby.expire_lobby(deadline.table_id, deadline) is not None:
            closed.set()

    scheduler = Scheduler(db, fire)
    service.store.deadline_added = scheduler.poke
    scheduler.start()
    try:
        game = await open_lobby(service, 100)
        async with asyncio.timeout(10):  # far less than IDLE: the poke woke the scheduler
            await closed.wait()
        assert (await db.tables.get(game)).status == "aborted"
    finally:
        await scheduler.stop()


# ----- several processes ------------------------------------------------------------
async def test_two_processes_fire_each_deadline_once(
    db: Database, db_location: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two schedulers on one database (two `Database` objects) claim small batches in turn: each lobby closes once."""
    monkeypatch.setattr(scheduler_module, "BATCH", 4)
    clock = Clock()
    games = [await open_lobby(Tables(db, lobby_expiry=HOUR, clock=clock), 100 + n) for n in range(30)]
    other_db = await Database.open(db_location)
    fired: list[int] = []

    def closer(database: Database) -> Scheduler:
        service = Tables(database, lobby_expiry=HOUR, clock=clock)

        async def fire(deadline: Deadline) -> None:
            fired.append(deadline.table_id)
            await asyncio.sleep(0)  # the other process runs meanwhile
            assert await service.lobby.expire_lobby(deadline.table_id, deadline) is not None

        return Scheduler(database, fire, clock=clock)

    try:
        clock.now += HOUR
        counts = await asyncio.gather(closer(db).fire_due(), closer(other_db).fire_due())
    finally:
        await other_db.close()
    assert sorted(fired) == games and sum(counts) == len(games)
    assert {(await db.tables.get(game)).status for game in games} == {"aborted"}
    assert await db.deadlines.next() is None


async def test_the_claims_of_a_process_that_died_fire_when_their_lease_ends(db: Database) -> None:
    clock = Clock()
    service = Tables(db, lobby_expiry=HOUR, clock=clock)
    game = await open_lobby(service, 100)
    clock.now += HOUR
    assert len(await db.deadlines.claim(clock.now, BATCH, LEASE)) == 1  # a process claimed it, then was killed
    closed: list[int] = []
    survivor = lobby_closer(service, closed)
    assert await survivor.fire_due() == 0 and await survivor.delay() == pytest.approx(LEASE)
    clock.now += LEASE
    assert await survivor.fire_due() == 1 and closed == [game]
    assert await survivor.fire_due() == 0 and await db.deadlines.next() is None


async def test_a_scheduler_of_some_shards_fires_only_their_games(db: Database) -> None:
    """Two shards: a server is on shard (guild_id >> 22) % 2; this process runs shard 1 only."""
    clock = Clock()
    service = Tables(db, lobby_expiry=HOUR, clock=clock)
    theirs = await open_lobby(service, 100)  # guild 9: shard 0
    mine = await service.lobby.open_lobby(guild_id=(1 << 22) + 9, channel_id=101, game="pairs", host=ALICE, locale="en")
    closed: list[int] = []

    async def fire(deadline: Deadline) -> None:
        if await service.lobby.expire_lobby(deadline.table_id, deadline) is not None:
            closed.append(deadline.table_id)

    shard_one = Scheduler(db, fire, clock=clock, shard_count=2, shard_ids=[1])
    assert await db.deadlines.next(shard_count=2, shard_ids=[1]) == pytest.approx(clock.now + HOUR)
    clock.now += HOUR
    assert await shard_one.fire_due() == 1 and closed == [mine.id]
    assert await shard_one.delay() == pytest.approx(300.0)  # nothing left of its own: it does not spin on shard 0's
    assert (await db.tables.get(theirs)).status == "lobby" and await db.deadlines.next() == clock.now


async def test_a_restarted_scheduler_takes_back_its_own_claims_at_once_and_fires_them_once(db: Database) -> None:
    clock = Clock()
    service = Tables(db, lobby_expiry=HOUR, clock=clock)
    game = await open_lobby(service, 100)
    clock.now += HOUR
    (claimed,) = await db.deadlines.claim(clock.now, BATCH, LEASE)  # the process claimed it, then was killed
    assert claimed.fell_due_at == clock.now
    closed: list[int] = []
    restarted = lobby_closer(service, closed)
    assert await restarted.take_back_claims() == 1 and await restarted.take_back_claims() == 0
    assert await restarted.delay() == 0  # due again at once, not a lease later
    assert await restarted.fire_due() == 1 and closed == [game]
    assert await restarted.fire_due() == 0 and await db.deadlines.next() is None


async def test_a_process_takes_back_only_its_own_shards_claims(db: Database) -> None:
    clock = Clock()
    service = Tables(db, lobby_expiry=HOUR, clock=clock)
    await open_lobby(service, 100)  # guild 9: shard 0
    await service.lobby.open_lobby(guild_id=(1 << 22) + 9, channel_id=101, game="pairs", host=ALICE, locale="en")
    clock.now += HOUR
    assert len(await db.deadlines.claim(clock.now, BATCH, LEASE)) == 2
    shard_one = Scheduler(db, lambda _: asyncio.sleep(0), clock=clock, shard_count=2, shard_ids=[1], lease=5.0)
    assert await shard_one.take_back_claims() == 1  # shard 0's claim belongs to a process still running
    shard_zero = Scheduler(db, lambda _: asyncio.sleep(0), clock=clock, shard_count=2, shard_ids=[0], lease=5.0)
    assert await shard_zero.delay() == pytest.approx(LEASE)  # still held: its lease runs on


async def test_a_move_that_rewrites_a_claimed_deadline_clears_its_claim(db: Database) -> None:
    """Every write of a deadline's time but a claim forgets when it fell due: a restart never brings it back early."""
    clock = Clock()
    service = Tables(db, lobby_expiry=HOUR, clock=clock)
    await open_lobby(service, 100)
    clock.now += HOUR
    (claimed,) = await db.deadlines.claim(clock.now, BATCH, LEASE)
    assert await db.deadlines.postpone(claimed, clock.now + 2 * HOUR)  # its effect failed: tried again later
    assert await db.deadlines.release_claims() == 0 and await db.deadlines.next() == clock.now + 2 * HOUR


class Flaky(DueLoop):
    """A loop whose database fails its first `failures` passes, then answers (nothing is ever due)."""

    name = "flaky"
    retry = 0.001

    def __init__(self, failures: int) -> None:
        super().__init__()
        self.failures = failures
        self.answered = asyncio.Event()

    async def delay(self) -> float:
        if self.failures:
            self.failures -= 1
            raise StorageError("connection refused")
        self.answered.set()
        return 300.0

    async def fire_due(self) -> int:
        return 0


async def test_a_database_outage_is_two_warnings_for_a_scheduler_not_a_traceback_a_pass(
    caplog: pytest.LogCaptureFixture,
) -> None:
    loop = Flaky(failures=5)
    with caplog.at_level("INFO", logger="cardroom.scheduler"):
        loop.start()
        await asyncio.wait_for(loop.answered.wait(), 5)
        await loop.stop()
    warnings = [record.getMessage() for record in caplog.records if record.levelname == "WARNING"]
    assert [record for record in caplog.records if record.exc_info] == []
    assert len(warnings) == 2 and "failing (connection refused)" in warnings[0]
    assert "answers again" in warnings[1] and "(5 passes failed)" in warnings[1]
