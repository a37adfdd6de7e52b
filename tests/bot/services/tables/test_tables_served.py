"""What a process repairs at start is its own shards' servers' tables only (`served`), and listing them loads
no table into memory: the process holding the other shards repairs theirs."""

from __future__ import annotations

from bot.services.tables import Tables
from bot.shards import ProcessShards
from bot.storage import Database, Seat

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")
ON_SHARD_0 = 8 << 22
ON_SHARD_1 = (7 << 22) | 12345


async def started(service: Tables, guild_id: int, channel_id: int) -> int:
    table = await service.lobby.open_lobby(
        guild_id=guild_id, channel_id=channel_id, game="pairs", host=ALICE, locale="en"
    )
    await service.lobby.join(table.id, BOB)
    return (await service.lobby.start(table.id, ALICE.user_id)).id


async def test_a_process_lists_and_holds_only_its_shards_tables(db: Database) -> None:
    before = Tables(db)
    first = await started(before, ON_SHARD_0, 100)
    second = await started(before, ON_SHARD_1, 200)
    for table_id in (first, second):
        await db.tables.set_table_message(table_id, 8000 + table_id)  # posted, never edited since: behind
        await db.tables.set_ping(table_id, 9000 + table_id)

    shard_1 = ProcessShards.of(2, [1]).serves
    restarted = Tables(db)  # a process of shard 1 only, after a restart
    assert [row.table_id for row in await restarted.store.to_repair(served=shard_1)] == [second]
    assert restarted.store.held_in_memory() == 0  # rows only: nothing loaded, the other process's table least of all

    alone = Tables(db)  # one process for the whole bot
    assert sorted(row.table_id for row in await alone.store.to_repair()) == [first, second]
