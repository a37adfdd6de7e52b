"""The table cache's two tiers keep every rule of one LRU: the same tables held, the same copies handed out, the
same evictions, a commit's copy never replaced by an older read, and an amendment reaching a cold table too; while
the cold tables hold nothing the cyclic collector walks."""

from __future__ import annotations

import gc
import random
from collections import OrderedDict
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest

from bot.services._table_cache import Read, TableCache


class OneTier:
    """The cache's rules as one LRU of values (the cache before its tiers): the reference it must agree with."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.tables: OrderedDict[int, str] = OrderedDict()
        self.evictions = 0

    def get(self, table_id: int) -> str | None:
        table = self.tables.get(table_id)
        if table is not None:
            self.tables.move_to_end(table_id)
        return table

    def keep(self, table_id: int, table: str) -> None:
        self.tables[table_id] = table
        self.tables.move_to_end(table_id)
        while len(self.tables) > self.size:
            self.tables.popitem(last=False)
            self.evictions += 1

    def amend(self, table_id: int, change: Callable[[str], str]) -> None:
        if table_id in self.tables:
            self.tables[table_id] = change(self.tables[table_id])

    def drop(self, table_id: int) -> None:
        self.tables.pop(table_id, None)

    def offer(self, table_id: int, table: str, superseded: bool) -> str:
        if not superseded:
            self.keep(table_id, table)
            return table
        return self.tables.get(table_id, table)


IDS = range(14)


@pytest.mark.parametrize("seed", range(6))
def test_two_tiers_behave_as_one_lru(seed: int) -> None:
    rng = random.Random(seed)
    size, hot = 8, 3
    cache: TableCache[str] = TableCache(size, hot=hot)
    reference = OneTier(size)
    reads: dict[int, Read] = {}  # game id -> its read in flight
    contexts: dict[int, AbstractContextManager[Read]] = {}
    for step in range(3000):
        table_id = rng.choice(IDS)
        kind = rng.choice(("get", "get", "put", "put", "amend", "drop", "read", "offer"))
        if kind == "get":
            assert cache.get(table_id) == reference.get(table_id)
        elif kind == "put":
            cache.put(table_id, f"{table_id}@{step}")
            reference.keep(table_id, f"{table_id}@{step}")
        elif kind == "amend":
            cache.amend(table_id, lambda table: table + "'")
            reference.amend(table_id, lambda table: table + "'")
        elif kind == "drop":
            cache.drop(table_id)
            reference.drop(table_id)
        elif kind == "read" and table_id not in contexts:
            contexts[table_id] = cache.reading(table_id)
            reads[table_id] = contexts[table_id].__enter__()
        elif kind == "offer" and table_id in contexts:
            read = reads.pop(table_id)
            stale = f"{table_id}@read"
            assert cache.offer(table_id, stale, read) == reference.offer(table_id, stale, read.superseded)
            contexts.pop(table_id).__exit__(None, None, None)
        for key in IDS:
            assert (key in cache) == (key in reference.tables), (step, key)
        assert len(cache) == len(reference.tables) and cache.held_hot() <= hot
        assert cache.evictions == reference.evictions
    for context in contexts.values():
        context.__exit__(None, None, None)
    assert cache.reads_in_flight() == 0
    assert cache.cooled > 0 and cache.warmed > 0  # both tiers were used
    for table_id in IDS:  # and every copy handed out is the one the single LRU would give
        assert cache.get(table_id) == reference.get(table_id)


class Built:
    """A table as built: an object the cyclic collector walks."""

    def __init__(self, table_id: int, version: int) -> None:
        self.table_id, self.version = table_id, version
        self.parts = [{"card": n} for n in range(4)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Built) and (other.table_id, other.version) == (self.table_id, self.version)


def built_alive() -> int:
    return sum(1 for thing in gc.get_objects() if isinstance(thing, Built))


def test_cold_tables_hold_nothing_the_collector_walks() -> None:
    cache: TableCache[Built] = TableCache(200, hot=5)
    for table_id in range(200):
        cache.put(table_id, Built(table_id, 1))
    assert len(cache) == 200 and cache.held_hot() == 5 and cache.evictions == 0
    assert built_alive() == 5  # the 195 others are bytes
    assert cache.get(0) == Built(0, 1)  # the oldest, rebuilt on its use
    assert built_alive() == 5 and cache.warmed == 1


def test_a_cold_table_used_becomes_the_most_recent() -> None:
    cache: TableCache[str] = TableCache(4, hot=2)
    for table_id in range(4):
        cache.put(table_id, f"t{table_id}")  # 0 and 1 cold, 2 and 3 hot
    assert cache.held_hot() == 2 and cache.get(0) == "t0"  # 0 hot again, 2 cooled
    cache.put(4, "t4")
    assert 1 not in cache and 0 in cache  # 1 was the least recently used
    cache.put(5, "t5")
    assert 2 not in cache and [table_id in cache for table_id in (0, 3, 4, 5)] == [True] * 4
    assert cache.evictions == 2


def test_a_commit_that_went_cold_is_never_replaced_by_an_older_read() -> None:
    cache: TableCache[str] = TableCache(4, hot=1)
    with cache.reading(1) as read:
        cache.put(1, "committed v2")
        cache.put(2, "other")  # the commit's copy cools meanwhile
        assert cache.held_hot() == 1 and 1 in cache
        assert cache.offer(1, "read v1", read) == "committed v2"
    assert cache.get(1) == "committed v2"


def test_an_amendment_reaches_a_cold_table_in_its_place() -> None:
    cache: TableCache[str] = TableCache(3, hot=1)
    for table_id in range(3):
        cache.put(table_id, f"t{table_id}")
    with cache.reading(0) as read:
        cache.amend(0, lambda table: table + " shown")  # 0 is cold, and the least recently used
        assert read.superseded
    assert cache.warmed == 1 and cache.held_hot() == 1  # rebuilt to amend, then cooled again, in its place
    cache.put(3, "t3")
    assert 0 not in cache and cache.evictions == 1
    cache.amend(1, lambda table: table + " shown")
    assert cache.get(1) == "t1 shown"


def test_a_dropped_cold_table_is_gone() -> None:
    cache: TableCache[str] = TableCache(3, hot=1)
    for table_id in range(3):
        cache.put(table_id, f"t{table_id}")
    cache.drop(0)
    assert 0 not in cache and len(cache) == 2 and cache.get(0) is None


def test_a_cache_smaller_than_its_hot_tier_never_cools() -> None:
    cache: TableCache[str] = TableCache(2)
    for table_id in range(5):
        cache.put(table_id, f"t{table_id}")
    assert cache.hot_size == 2 and cache.held_hot() == 2 and cache.cooled == 0 and cache.evictions == 3


def test_sizes_below_one_are_refused() -> None:
    with pytest.raises(ValueError):
        TableCache(0)
    with pytest.raises(ValueError):
        TableCache(3, hot=0)
