"""Tables held cold (their rows packed to bytes, `bot.services.tables._cold`): a cold table comes back as the row it
was, every move on one applies on the version the database holds, and a field amended while cold is kept."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.services.tables import Table, Tables
from bot.services.tables._cold import pack, unpack
from bot.storage import Database, Seat

TABLES = 6
ROUNDS = 8


async def open_tables(service: Tables, count: int) -> list[int]:
    """`count` started 2-player Pairs tables, one per channel."""
    ids = []
    for number in range(count):
        host, guest = Seat(10 * number + 1, f"H{number}"), Seat(10 * number + 2, f"G{number}")
        table = await service.lobby.open_lobby(
            guild_id=9, channel_id=700 + number, game="pairs", host=host, locale="fr"
        )
        await service.lobby.join(table.id, guest)
        await service.lobby.start(table.id, host.user_id)
        ids.append(table.id)
    return ids


async def first_legal_move(service: Tables, table: Table) -> Table:
    """The acting player's first legal action, through the play service; the table after it."""
    assert table.state is not None
    seat = table.to_act[0]
    candidates = service.play.candidates(table, seat)
    index = next(i for i, a in enumerate(candidates) if table.engine.refusal(table.state, seat, a) is None)
    token = table.engine.decision_token(table.state, seat)
    user_id, version = table.record.seats[seat].user_id, table.record.version
    outcome = await service.play.act(table.id, user_id, version, index, token)
    assert outcome.table.record.version == version + 1  # applied on the version it was chosen on
    return outcome.table


async def test_a_packed_row_unpacks_equal(db: Database, fixed_seed: None) -> None:
    service = Tables(db)
    (table_id,) = await open_tables(service, 1)
    table = await service.store.get(table_id)
    await service.store.set_table_message(table, 1_234_567)
    await service.store.remember_notified(table_id, {0: 3, 1: 2})
    record = await db.tables.get(table_id)
    assert record.clock is not None and record.state is not None and record.notified == {0: 3, 1: 2}
    assert unpack(pack(record)) == record


async def test_moves_on_cold_tables_apply_on_the_stored_version(tmp_path: Path, fixed_seed: None) -> None:
    cold_db = await Database.open(tmp_path / "cold.sqlite3")
    hot_db = await Database.open(tmp_path / "hot.sqlite3")
    try:
        cold, hot = Tables(cold_db), Tables(hot_db)
        cold.store.cache.hot_size = 1  # every table but the last used held as its packed row
        ids = await open_tables(cold, TABLES)
        assert await open_tables(hot, TABLES) == ids
        for _ in range(ROUNDS):
            for table_id in ids:
                for service in (cold, hot):
                    table = await service.store.get(table_id)
                    if table.record.status == "active":
                        after = await first_legal_move(service, table)
                        stored = await service.store.db.tables.get(table_id)
                        assert after.record.state == stored.state and after.record.version == stored.version
        cache = cold.store.cache
        assert len(cache) == TABLES and cache.held_hot() == 1 and cache.warmed >= TABLES * ROUNDS - TABLES
        for table_id in ids:  # the same games, move for move, as with every table built; the cached copies are the rows
            assert (await cold_db.tables.get(table_id)).state == (await hot_db.tables.get(table_id)).state
            warmed, stored = await cold.store.get(table_id), await cold_db.tables.get(table_id)
            assert warmed.record.same_but_time(stored) and warmed.state == cold.store.build(stored).state
    finally:
        await cold_db.close()
        await hot_db.close()


async def test_fields_amended_while_cold_are_kept(db: Database, fixed_seed: None) -> None:
    service = Tables(db)
    cache = service.store.cache
    cache.hot_size = 1
    first, second = await open_tables(service, 2)
    table = await service.store.get(first)
    await service.store.get(second)  # the first is now cold
    warmed = cache.warmed
    version = table.record.version
    cache.amend(
        first,
        lambda cached: Table(
            record=replace(cached.record, shown_version=version), engine=cached.engine, state=cached.state
        ),
    )
    assert cache.warmed == warmed + 1 and cache.held_hot() == 1 and len(cache) == 2  # rebuilt to amend, left cold
    after = await service.store.set_table_message(table, 987_654)  # amends the cold copy, then uses it
    assert cache.warmed == warmed + 3 and after is cache.get(first)
    assert after.record.table_message_id == 987_654 and after.record.shown_version == version
    assert after.state == table.state and after.record.version == version
