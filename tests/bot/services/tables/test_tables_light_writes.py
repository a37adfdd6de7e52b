"""What a move costs the database besides its commit: the scheduler is told when the deadlines a move adds fall due
(so it reads the earliest again only when one comes before its wake-up), and the version a table's message shows
rides on the bell's light write instead of a light transaction of its own.

A real database in tmp_path and an injected clock: time is moved forward, never slept through.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.services._due_loop import DueLoop
from bot.services.tables import Table, Tables
from bot.storage import Database, PlayerSettings, Seat, StorageError
from tests.bot.services.clocks import Clock

pytestmark = pytest.mark.postgresql_too  # the light writes' SQL: on both back ends

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")
GUILD, CHANNEL = 9, 500


@pytest.fixture(autouse=True)
def same_deal(fixed_seed: None) -> None:
    """The same deal every run."""


@pytest.fixture
def service(db: Database, clock: Clock) -> Tables:
    return Tables(db, clock=clock)


async def started(service: Tables) -> Table:
    for person in (ALICE, BOB):
        await service.store.db.players.save(PlayerSettings(person.user_id, auto_away=False))
    table = await service.lobby.open_lobby(guild_id=GUILD, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    await service.lobby.join(table.id, BOB)
    return await service.lobby.start(table.id, ALICE.user_id)


async def hit(service: Tables, table: Table) -> Table:
    """The player due hits (draws), or folds when they may not draw."""
    assert table.state is not None
    (seat,) = table.to_act
    kinds = [action.kind for action in service.play.candidates(table, seat)]
    index = kinds.index("hit") if "hit" in kinds else kinds.index("fold")
    token = table.engine.decision_token(table.state, seat)
    user = table.record.seats[seat].user_id
    return (await service.play.act(table.id, user, table.record.version, index, token)).table


# ----- the scheduler told when the new deadlines fall due -------------------------------------------------------
async def test_a_move_tells_the_scheduler_when_the_deadlines_it_adds_fall_due(service: Tables, clock: Clock) -> None:
    told: list[float | None] = []
    service.store.deadline_added = lambda earliest=None: told.append(earliest)
    table = await started(service)
    told.clear()
    clock.now += 1000
    moved = await hit(service, table)
    assert moved.clock is not None
    assert told == [min(moved.clock.deadlines().values())]  # the new turn's reminder, the earliest of its rows


class Loop(DueLoop):
    """A due loop on a clock of its own whose earliest thing is due at `due`; it counts its reads."""

    def __init__(self, clock: Clock, due: float) -> None:
        super().__init__()
        self.clock = clock
        self.due = due
        self.reads = 0
        self.read = asyncio.Event()

    def now(self) -> float:
        return self.clock.now

    async def delay(self) -> float:
        self.reads += 1
        self.read.set()
        return max(0.0, self.due - self.clock.now)

    async def fire_due(self) -> int:
        return 0


async def reads_after(loop: Loop) -> int:
    """The loop's reads once it has had its chances to run."""
    for _ in range(5):
        await asyncio.sleep(0)
    return loop.reads


async def test_a_poke_for_later_than_the_wake_up_leaves_the_loop_asleep_and_an_earlier_one_wakes_it() -> None:
    clock = Clock()
    loop = Loop(clock, due=clock.now + 3600)
    loop.start()
    try:
        await asyncio.wait_for(loop.read.wait(), 5)
        assert await reads_after(loop) == 1  # asleep until the hour is up
        loop.poke(clock.now + 7200)  # after the wake-up set: read then anyway
        loop.poke(clock.now + 3600)
        assert await reads_after(loop) == 1
        loop.poke(clock.now + 60)  # before it: the loop looks again at once
        assert await reads_after(loop) == 2
        loop.poke()  # when unknown: it looks again
        assert await reads_after(loop) == 3
    finally:
        await loop.stop()


# ----- the version shown carried by the bell's write ------------------------------------------------------------
async def test_the_version_shown_rides_on_the_next_light_write_of_its_table(service: Tables, db: Database) -> None:
    table = await started(service)
    moved = await hit(service, table)
    light = db.light_commits
    await service.store.shown(moved, carried=True)
    assert db.light_commits == light  # nothing written yet
    assert (await service.store.get(moved.id)).record.shown_version == moved.record.version  # the copy in memory
    assert (await db.tables.get(moved.id)).shown_version < moved.record.version
    await service.store.remember_notified(moved.id, {0: moved.record.version})
    stored = await db.tables.get(moved.id)
    assert db.light_commits == light + 1  # one light transaction for both
    assert stored.shown_version == moved.record.version and stored.notified == {0: moved.record.version}
    await service.store.flush_shown(moved.id)  # carried already: nothing left to write
    assert db.light_commits == light + 1


async def test_the_version_shown_no_write_carried_is_written_by_the_flush(service: Tables, db: Database) -> None:
    table = await started(service)
    moved = await hit(service, table)
    await service.store.shown(moved, carried=True)
    light = db.light_commits
    await service.store.flush_shown(moved.id)
    assert db.light_commits == light + 1
    assert (await db.tables.get(moved.id)).shown_version == moved.record.version


async def test_the_version_shown_is_kept_to_write_when_the_write_carrying_it_fails(
    service: Tables, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(service)
    moved = await hit(service, table)
    await service.store.shown(moved, carried=True)

    async def failing(*args: object, **kwargs: object) -> None:
        raise StorageError("the disk is full")

    with monkeypatch.context() as patched:
        patched.setattr(db.tables, "set_bell", failing)
        with pytest.raises(StorageError):
            await service.store.remember_ping(moved.id, 1234)
    await service.store.flush_shown(moved.id)
    assert (await db.tables.get(moved.id)).shown_version == moved.record.version


async def test_a_finished_game_writes_its_version_shown_durably_at_once(service: Tables, db: Database) -> None:
    table = await started(service)
    for _ in range(200):
        if table.record.status != "active":
            break
        table = await hit(service, table)
    assert table.record.status == "finished"
    durable = db.durable_commits
    await service.store.shown(table, carried=True)  # carried only for an open table
    assert db.durable_commits == durable + 1
    assert (await db.tables.get(table.id)).shown_version == table.record.version
