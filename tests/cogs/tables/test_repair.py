"""The start-up repair (`cogs.tables._repair`, driven by the refresher): the most recently changed tables first,
at the repair's pace on a clock the test moves, and a live mark ahead of the queue. Real tables on a real
database; Discord's channel faked."""

from __future__ import annotations

import asyncio
import datetime
import itertools
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.services.tables import Tables
from bot.storage import Database, Seat
from cogs.tables._refresher import TableRefresher
from cogs.tables._repair import RepairQueue
from tests.cogs.table_bots import table_bot

RATE = 2.0  # tables per second: one every 0.5 s


class Ticks:
    """A clock that moves only when the queue sleeps; with `gated`, each sleep also waits for the test's go."""

    def __init__(self, *, gated: bool = False) -> None:
        self.now = 100.0
        self.asked: list[float] = []
        self.gated = gated
        self._go = asyncio.Event()

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.asked.append(seconds)
        if self.gated:
            await self._go.wait()
            self._go.clear()
        self.now += seconds

    def go(self) -> None:
        self._go.set()


async def drain(queue: RepairQueue, ticks: Ticks) -> list[tuple[float, int]]:
    released = []
    while (table_id := await queue.next()) is not None:
        released.append((ticks.now, table_id))
    return released


async def test_the_most_recently_changed_go_first_at_the_pace() -> None:
    ticks = Ticks()
    queue = RepairQueue(RATE, clock=ticks.clock, sleep=ticks.sleep)
    for table_id, changed_at in ((1, 50.0), (2, 80.0), (3, 20.0), (4, 80.0), (5, 65.0)):
        queue.add(table_id, changed_at)
    queue.add(3, 99.0)  # already queued: stays where it was

    released = await drain(queue, ticks)

    assert [table_id for _, table_id in released] == [4, 2, 5, 1, 3]  # newest change first; a tie: the newer game
    assert [when for when, _ in released] == [100.0, 100.5, 101.0, 101.5, 102.0]  # one every 1 / RATE s
    assert ticks.asked == [0.5, 0.5, 0.5, 0.5]
    assert await queue.next() is None and queue.released == 5


async def test_a_table_taken_by_live_work_leaves_the_queue() -> None:
    ticks = Ticks()
    queue = RepairQueue(RATE, clock=ticks.clock, sleep=ticks.sleep)
    for table_id in range(1, 5):
        queue.add(table_id, float(table_id))
    assert await queue.next() == 4
    assert queue.take(2) and not queue.take(2) and not queue.take(4)
    assert [table_id for _, table_id in await drain(queue, ticks)] == [3, 1]
    assert queue.taken == 1 and len(queue) == 0


async def test_after_a_pause_the_next_table_leaves_at_once_then_at_the_pace() -> None:
    ticks = Ticks()
    queue = RepairQueue(RATE, clock=ticks.clock, sleep=ticks.sleep)
    queue.add(1, 1.0)
    assert await queue.next() == 1
    ticks.now += 10.0  # nothing queued for a while
    queue.add(2, 2.0)
    queue.add(3, 3.0)
    assert await drain(queue, ticks) == [(110.0, 3), (110.5, 2)]


def test_the_rate_must_be_positive() -> None:
    with pytest.raises(ValueError):
        RepairQueue(0.0)


# ----- through the refresher ----------------------------------------------------------------------------------


class FakeChannel:
    """Every table message edit, in order, by game; posts get fresh ids."""

    def __init__(self, games_by_message: dict[int, int]) -> None:
        self.games_by_message = games_by_message
        self.edited: list[int] = []
        self.ids = itertools.count(discord.utils.time_snowflake(datetime.datetime.now(datetime.UTC)))

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(**fields: Any) -> None:
            if message_id in self.games_by_message:
                self.edited.append(self.games_by_message[message_id])

        async def delete() -> None:
            return None

        return SimpleNamespace(edit=edit, delete=delete)

    async def send(self, *args: Any, **fields: Any) -> Any:
        return SimpleNamespace(id=next(self.ids))


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Tables]:
    changed = itertools.count(1000.0, 10.0)  # every write of the database is 10 s after the one before
    db = await Database.open(tmp_path / "cardroom.sqlite3", clock=lambda: next(changed))
    yield Tables(db)
    await db.close()


def edited(channel: FakeChannel, count: int) -> Callable[[], bool]:
    return lambda: len(channel.edited) == count


async def until(done: Callable[[], bool]) -> None:
    for _ in range(1000):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not done in time")


async def test_a_restart_repairs_the_newest_first_paced_and_a_live_mark_jumps_the_queue(
    service: Tables,
) -> None:
    channel = FakeChannel({})
    ids = []
    for number in range(4):  # four running tables, each changed after the one before
        host, guest = Seat(10 * number + 1, f"H{number}"), Seat(10 * number + 2, f"G{number}")
        channel_id = 700 + number
        table = await service.lobby.open_lobby(guild_id=9, channel_id=channel_id, game="pairs", host=host, locale="en")
        message_id = next(channel.ids)
        await service.store.set_table_message(table, message_id)
        channel.games_by_message[message_id] = table.id
        await service.lobby.join(table.id, guest)
        await service.lobby.start(table.id, host.user_id)
        ids.append(table.id)
    oldest, second, third, newest = ids

    restarted = Tables(service.store.db)  # a new process: nothing in memory
    ticks = Ticks(gated=True)
    bot = table_bot(restarted, channel)
    refresher = TableRefresher(bot, 0.0, RepairQueue(RATE, clock=ticks.clock, sleep=ticks.sleep))
    rows = await restarted.store.to_repair()
    assert [row.table_id for row in rows] == [newest, third, second, oldest]
    assert restarted.store.held_in_memory() == 0  # the list of what to repair loads no table

    refresher.repair(rows)
    refresher.mark(oldest)  # a click at the oldest table, right after the start
    await until(lambda: len(channel.edited) == 2 and ticks.asked == [0.5])

    assert sorted(channel.edited) == sorted([newest, oldest])  # the newest repair, and the live table at once
    assert oldest not in refresher.repairs and refresher.repairs.taken == 1
    for edits, expected in ((3, third), (4, second)):  # the others, one per tick of the pace, newest first
        ticks.go()
        await until(edited(channel, edits))
        assert channel.edited[-1] == expected
    ticks.go()
    assert refresher._repairer is not None
    await refresher._repairer  # the queue is empty: the repair ends
    await refresher.idle()
    assert sorted(channel.edited) == sorted(ids)  # every table once: the live one was not repaired again
    assert ticks.now == 101.0 and refresher.repairs.released == 3


async def test_an_ended_table_already_shown_is_not_edited_again_by_a_second_pass(service: Tables) -> None:
    """Two passes of one end (a restart's repair and the deadline that ended the table, say): one edit."""
    channel = FakeChannel({})
    host = Seat(1, "Host")
    table = await service.lobby.open_lobby(guild_id=9, channel_id=800, game="pairs", host=host, locale="en")
    message_id = next(channel.ids)
    await service.store.set_table_message(table, message_id)
    channel.games_by_message[message_id] = table.id
    await service.admin.abort(800, host.user_id, can_manage=True)
    bot = table_bot(service, channel)
    refresher = TableRefresher(bot, 0.0, RepairQueue(RATE))
    refresher.mark(table.id)
    await refresher.idle()
    assert channel.edited == [table.id]  # the end is news: shown once
    refresher.mark(table.id)
    await refresher.idle()
    assert channel.edited == [table.id]  # already showing its last version: left alone
