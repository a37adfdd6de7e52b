"""The bounded table cache and the per-table locks: memory stays bounded, and every move still applies on the
version the database holds, whatever was evicted and whenever."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.errors import BusyError
from bot.services._table_cache import TableCache
from bot.services._table_locks import TableLocks
from bot.services.tables import Table, Tables
from bot.storage import Database, Seat, TableRecord

TABLES = 5
ROUNDS = 12


async def open_tables(service: Tables, count: int) -> list[int]:
    """`count` started 2-player Pairs tables, one per channel."""
    ids = []
    for number in range(count):
        host, guest = Seat(10 * number + 1, f"H{number}"), Seat(10 * number + 2, f"G{number}")
        table = await service.lobby.open_lobby(
            guild_id=9, channel_id=600 + number, game="pairs", host=host, locale="en"
        )
        await service.lobby.join(table.id, guest)
        await service.lobby.start(table.id, host.user_id)
        ids.append(table.id)
    return ids


def first_legal(service: Tables, table: Table) -> tuple[int, int, int, str]:
    """The acting player's user id, and the version, index and token of their first legal action."""
    assert table.state is not None
    seat = table.to_act[0]
    candidates = service.play.candidates(table, seat)
    index = next(i for i, a in enumerate(candidates) if table.engine.refusal(table.state, seat, a) is None)
    token = table.engine.decision_token(table.state, seat)
    return table.record.seats[seat].user_id, table.record.version, index, token


async def play_in_turns(service: Tables, ids: list[int], on_move: Callable[[], None]) -> list[str | None]:
    """Each table's first legal move in turn, `ROUNDS` times round (a finished table is left alone)."""
    for _ in range(ROUNDS):
        for table_id in ids:
            table = await service.store.get(table_id)
            if table.record.status != "active":
                continue
            user_id, version, index, token = first_legal(service, table)
            outcome = await service.play.act(table_id, user_id, version, index, token)
            assert outcome.table.record.version == version + 1  # applied on the version it was chosen on
            stored = await service.store.db.tables.get(table_id)
            assert stored.version == version + 1 and stored.state == outcome.table.record.state
            on_move()
    return [(await service.store.db.tables.get(table_id)).state for table_id in ids]


async def test_a_cache_of_two_holds_two_of_five_tables_and_every_move_applies(tmp_path: Path, fixed_seed: None) -> None:
    bounded_db = await Database.open(tmp_path / "bounded.sqlite3")
    whole_db = await Database.open(tmp_path / "whole.sqlite3")
    try:
        bounded = Tables(bounded_db, cache_size=2)
        whole = Tables(whole_db)  # the default size: nothing is ever evicted here
        sizes: list[int] = []
        ids = await open_tables(bounded, TABLES)
        assert await open_tables(whole, TABLES) == ids
        assert bounded.store.held_in_memory() == 2

        played = await play_in_turns(bounded, ids, lambda: sizes.append(bounded.store.held_in_memory()))
        reference = await play_in_turns(whole, ids, lambda: None)

        assert max(sizes) == 2 and len(sizes) > TABLES  # bounded all along, through many evictions
        assert bounded.store.cache.evictions > TABLES
        assert played == reference  # the same game, move for move, as with every table in memory
        assert bounded.store.locks_held() == 0  # no lock outlives its action
    finally:
        await bounded_db.close()
        await whole_db.close()


async def test_eviction_while_a_table_is_held_under_its_lock_is_safe(db: Database, fixed_seed: None) -> None:
    service = Tables(db, cache_size=1)
    first, second = await open_tables(service, 2)
    table = await service.store.get(first)
    user_id, version, index, token = first_legal(service, table)
    at_gate, release = asyncio.Event(), asyncio.Event()

    async def gate() -> None:  # every check done, the commit next: the table is held under its lock
        at_gate.set()
        await release.wait()

    acting = asyncio.create_task(service.play.act(first, user_id, version, index, token, gate=gate))
    await at_gate.wait()
    await service.store.get(second)  # loads the other table: the one being acted on leaves memory
    assert service.store.held_in_memory() == 1 and service.store.cache.get(first) is None
    rival = asyncio.create_task(service.play.act(first, user_id, version, index, token))
    await asyncio.sleep(0.05)
    assert not rival.done()  # the evicted table's lock still holds: the same click waits, it does not overlap
    assert service.store.locks_held() == 1

    release.set()
    outcome = await acting
    assert outcome.table.record.version == version + 1
    with pytest.raises(Exception) as refused:  # the twin click is now stale (or not this player's turn)
        await rival
    assert type(refused.value).__name__ in ("StaleMessageError", "NotAPlayerError")
    assert (await service.store.get(first)).record.version == version + 1 == (await db.tables.get(first)).version
    assert service.store.locks_held() == 0


async def test_a_read_that_raced_a_commit_is_not_kept(
    db: Database, fixed_seed: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read started before a commit and answered after it (a pool of connections answers in any order) must
    not leave its older copy in memory, even when the commit's copy was evicted meanwhile."""
    service = Tables(db, cache_size=1)
    first, second = await open_tables(service, 2)
    await service.store.get(second)  # the first table leaves memory
    read, answer = asyncio.Event(), asyncio.Event()
    real_get: Callable[[int], Awaitable[TableRecord]] = db.tables.get
    slowed = [first]

    async def slow_get(table_id: int) -> TableRecord:
        record = await real_get(table_id)
        if table_id in slowed:
            slowed.remove(table_id)
            read.set()
            await answer.wait()  # the answer arrives late
        return record

    monkeypatch.setattr(db.tables, "get", slow_get)
    reader = asyncio.create_task(service.store.get(first))
    await read.wait()
    table = await service.store.get(first)  # meanwhile a click loads the table under its lock...
    user_id, version, index, token = first_legal(service, table)
    await service.play.act(first, user_id, version, index, token)  # ...and commits the next version
    await service.store.get(second)  # whose copy is evicted
    answer.set()
    late: Any = await reader
    assert late.record.version == version  # the reader gets what it read...
    assert (await service.store.get(first)).record.version == version + 1  # ...but memory never goes back to it


async def test_a_move_committed_while_the_table_message_is_recorded_keeps_the_message(
    db: Database, fixed_seed: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A guest joins the moment the lobby is posted: the join's row comes back without the message id that
    `set_table_message` writes (outside any version) and puts in memory meanwhile. Memory keeps the message, as
    the database does, so the next edit edits it rather than posting the table anew; a newer message wins."""
    service = Tables(db)
    host, guest = Seat(1, "Host"), Seat(2, "Guest")
    lobby = await service.lobby.open_lobby(guild_id=9, channel_id=700, game="pairs", host=host, locale="en")
    real_update: Callable[..., Awaitable[TableRecord]] = db.tables.update_lobby

    async def racing_update(*args: Any, **kwargs: Any) -> TableRecord:
        record = await real_update(*args, **kwargs)  # the join's row, as its statement saw it...
        await service.store.set_table_message(lobby, 1_000)  # ...then the lobby's message is recorded
        return record

    monkeypatch.setattr(db.tables, "update_lobby", racing_update)
    joined = await service.lobby.join(lobby.id, guest)
    assert joined.record.table_message_id == 1_000 == (await db.tables.get(lobby.id)).table_message_id
    assert (await service.store.get(lobby.id)).record.table_message_id == 1_000
    monkeypatch.setattr(db.tables, "update_lobby", real_update)
    moved = await service.store.set_table_message(joined, 2_000)  # posted anew later: the newer message
    assert (await service.store.get(lobby.id)).record.table_message_id == 2_000 == moved.record.table_message_id
    await service.lobby.start(lobby.id, host.user_id)
    assert (await service.store.get(lobby.id)).record.table_message_id == 2_000


async def test_a_lock_lives_only_while_held_or_awaited() -> None:
    locks = TableLocks(timeout=0.05)
    async with locks.held(1):
        assert len(locks) == 1 and locks.locked(1)
        with pytest.raises(BusyError):
            async with locks.held(1):
                pass
        assert len(locks) == 1
    assert len(locks) == 0 and not locks.locked(1)


async def test_a_lock_is_given_back_on_an_error_and_a_cancelled_waiter_leaves_nothing_behind() -> None:
    locks = TableLocks(timeout=5.0)
    with pytest.raises(ValueError, match="refused"):
        async with locks.held(1):
            raise ValueError("refused")
    assert len(locks) == 0
    order: list[str] = []

    async def hold(name: str) -> None:
        async with locks.held(1):
            order.append(name)
            await asyncio.sleep(0.01)

    async with locks.held(1):
        waiter = asyncio.create_task(hold("cancelled"))
        second = asyncio.create_task(hold("second"))
        await asyncio.sleep(0)
        waiter.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter
        assert len(locks) == 1 and locks.locked(1)
    await second
    assert order == ["second"] and len(locks) == 0


def test_the_cache_evicts_the_least_recently_used() -> None:
    cache: TableCache[str] = TableCache(2)
    cache.put(1, "one")
    cache.put(2, "two")
    assert cache.get(1) == "one"  # 1 is now the most recent
    cache.put(3, "three")
    assert 2 not in cache and cache.get(1) == "one" and cache.get(3) == "three" and len(cache) == 2
    with cache.reading(2) as read:
        cache.drop(2)  # written meanwhile (here: dropped)
        assert cache.offer(2, "stale", read) == "stale" and 2 not in cache
    with cache.reading(2) as read:
        assert cache.offer(2, "fresh", read) == "fresh" and 2 in cache
    assert cache.reads_in_flight() == 0
