"""Deadlines claimed across processes: one claim at a time takes each, holds it for a lease, and loses it after."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from storage_helpers import new_game

from bot.storage import ClockWrite, Database, Deadline, Seat, TableRecord

T = 1_800_000_000.0
LEASE = 60.0
SHARD = 1 << 22  # a guild id step that moves a server to the next shard (Discord: (guild_id >> 22) % shard_count)


async def lobby(db: Database, channel_id: int, expires_at: float, guild_id: int | None = 1) -> TableRecord:
    return await db.tables.create_lobby(
        guild_id=guild_id,
        channel_id=channel_id,
        game="pairs",
        host=Seat(100, "Ada"),
        options={},
        seed=1,
        locale="en",
        expires_at=expires_at,
    )


async def test_a_claim_takes_the_earliest_due_and_holds_them_for_the_lease(storage_db: Database) -> None:
    games = [await lobby(storage_db, 10 + n, T + n) for n in range(5)]
    claimed = await storage_db.deadlines.claim(T + 3, 3, LEASE)
    assert claimed == [
        Deadline(game.id, -1, "lobby", T + 3 + LEASE, fell_due=T + n) for n, game in enumerate(games[:3])
    ]
    assert [d.fell_due_at for d in claimed] == [T, T + 1, T + 2]
    # the fourth was due too, but past the limit; the claimed ones are not due again before their lease ends
    assert [d.table_id for d in await storage_db.deadlines.claim(T + 3, 10, LEASE)] == [games[3].id]
    assert await storage_db.deadlines.next() == T + 4  # the fifth, not yet due
    assert [d.table_id for d in await storage_db.deadlines.claim(T + 3 + LEASE - 1, 10, LEASE)] == [games[4].id]
    assert await storage_db.deadlines.next() == T + 3 + LEASE  # when the first leases end


async def test_a_lease_that_ends_is_claimed_again(storage_db: Database) -> None:
    game = await lobby(storage_db, 10, T)
    (first,) = await storage_db.deadlines.claim(T, 10, LEASE)
    assert await storage_db.deadlines.next() == T + LEASE
    # its process died: nothing deleted the row, and when the lease ends it is due again
    (again,) = await storage_db.deadlines.claim(T + LEASE, 10, LEASE)
    assert again == Deadline(game.id, -1, "lobby", T + 2 * LEASE, fell_due=T)  # when it fell due, not the lease
    # the first claim holds nothing any more: what it matches on moved on
    assert not await storage_db.deadlines.take(first) and not await storage_db.deadlines.postpone(first, T + 1)
    assert await storage_db.tables.close_expired_lobby(game.id, T + LEASE, deadline=first) is None
    closed = await storage_db.tables.close_expired_lobby(game.id, T + LEASE, deadline=again)
    assert closed is not None and closed.status == "aborted"
    assert await storage_db.deadlines.next() is None


async def test_a_claimed_deadline_is_taken_postponed_and_consumed_by_its_lease(storage_db: Database) -> None:
    game = await new_game(storage_db)
    write = await storage_db.tables.update_clock(
        game.id,
        game.version,
        clock=ClockWrite(clock="{}", deadlines={(0, "expire"): T, (0, "remind"): T - 10}, previous={}, turns=()),
    )
    remind, expire = await storage_db.deadlines.claim(T, 10, LEASE)
    assert (remind.kind, remind.fell_due, expire.kind, expire.fell_due) == ("remind", T - 10, "expire", T)
    assert await storage_db.deadlines.has(remind) and await storage_db.deadlines.take(remind)
    assert await storage_db.deadlines.postpone(expire, T + 2 * LEASE)
    held = Deadline(expire.table_id, expire.seat, expire.kind, T + 2 * LEASE)
    moved = await storage_db.tables.commit_action(
        write.id, write.version, seat=0, action=json.dumps("timeout"), state="{}", consume=held
    )
    assert moved.version == write.version + 1 and await storage_db.deadlines.next() is None


async def test_two_databases_claiming_at_once_never_take_the_same_deadline(
    storage_db: Database, db_location: str | Path
) -> None:
    """Two processes on one database (two `Database` objects), each with several claims in flight at once."""
    due = [await lobby(storage_db, 100 + n, T + n / 100) for n in range(100)]
    other = await Database.open(db_location)
    try:
        claims = await asyncio.gather(*(db.deadlines.claim(T + 1, 7, LEASE) for db in (storage_db, other) * 6))
    finally:
        await other.close()
    taken = [deadline.table_id for claim in claims for deadline in claim]
    assert len(taken) == len(set(taken)) == 7 * 12  # never the same deadline twice, and every claim took its share
    rest = await storage_db.deadlines.claim(T + 1, 100, LEASE)
    assert sorted([*taken, *(d.table_id for d in rest)]) == sorted(game.id for game in due)


async def test_a_claim_for_some_shards_takes_only_their_games(storage_db: Database) -> None:
    # Discord's rule with 4 shards: (guild_id >> 22) % 4. A game outside any server is on shard 0.
    by_shard = {
        0: [await lobby(storage_db, 1, T, guild_id=4 * SHARD + 7), await lobby(storage_db, 2, T + 1, guild_id=None)],
        1: [await lobby(storage_db, 3, T + 2, guild_id=SHARD), await lobby(storage_db, 4, T + 3, guild_id=5 * SHARD)],
        2: [await lobby(storage_db, 5, T + 4, guild_id=2 * SHARD + 99)],
        3: [await lobby(storage_db, 6, T + 5, guild_id=(1 << 40) + 3 * SHARD)],
    }
    assert await storage_db.deadlines.next(shard_count=4, shard_ids=[2, 3]) == T + 4
    taken = await storage_db.deadlines.claim(T + 10, 10, LEASE, shard_count=4, shard_ids=[1, 3])
    assert [d.table_id for d in taken] == [g.id for g in (*by_shard[1], *by_shard[3])]
    assert await storage_db.deadlines.claim(T + 10, 10, LEASE, shard_count=4, shard_ids=[]) == []
    assert await storage_db.deadlines.next(shard_count=4, shard_ids=[]) is None
    rest = await storage_db.deadlines.claim(T + 10, 10, LEASE, shard_count=4, shard_ids=[0, 2])
    assert [d.table_id for d in rest] == [g.id for g in (*by_shard[0], *by_shard[2])]
    with pytest.raises(ValueError, match="shard ids"):
        await storage_db.deadlines.claim(T, 10, LEASE, shard_count=4, shard_ids=[4])
    with pytest.raises(ValueError, match="lease"):
        await storage_db.deadlines.claim(T, 10, 0)


async def test_pending_counts_the_waiting_deadlines_and_those_overdue_on_each_shard(storage_db: Database) -> None:
    assert await storage_db.deadlines.pending(T) == {}
    for n in range(4):  # due at T, T+1, T+2, T+3; the odd ones on the second of two shards
        await lobby(storage_db, 10 + n, T + n, guild_id=1 + (n % 2) * SHARD)
    assert await storage_db.deadlines.pending(T + 1.5) == {"lobby": (4, 2)}
    assert await storage_db.deadlines.pending(T + 1.5, shard_count=2, shard_ids=[1]) == {"lobby": (2, 1)}
    assert await storage_db.deadlines.pending(T + 10, shard_count=2, shard_ids=[0]) == {"lobby": (2, 2)}
    assert await storage_db.tables.count_open() == 4
