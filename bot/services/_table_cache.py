"""The open tables a process holds in memory: a bounded LRU that a racing read can never make older.

The database is the truth; this only spares a read. Two kinds of writes reach
it: `put` (a table as a commit of this process left it, or an amendment of a
field no version guards) and `offer` (a copy read from the database). A read
is slow (a round trip); if the same table is written here while it is in
flight, the copy read may predate that write, so `offer` keeps it only when no
`put` or `drop` of that table happened since the read began (`reading`). An
entry evicted meanwhile changes nothing to that rule: a commit's copy is never
replaced by an older read, even once it has left the cache.

Two tiers, one LRU order. The `hot_size` most recently used tables are held
built (`hot`: the tables being played now). The others, up to `size` in all,
are held `cool`ed to bytes (`cold`): bytes hold no reference, so the cyclic
collector's full passes do not walk them, where a built table is some 64
objects it walks (at 5,000 tables, a pause of over 100 ms). A cold table is
`warm`ed again (rebuilt) on its next use and becomes hot; the least recently
used hot table cools in its place. Every hot table is more recent than every
cold one, so the least recently used of all is the oldest cold one.
"""

from __future__ import annotations

import pickle
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")

HOT_TABLES = 256  # tables held built: those played now (a cold one costs a rebuild on its next use)


def _pickled(value: Any) -> bytes:
    return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)


@dataclass(eq=False)  # each read is itself: two reads of one table are never equal
class Read:
    """A read of one table in flight; `superseded` once this process wrote that table meanwhile."""

    superseded: bool = False


class TableCache(Generic[T]):
    """Up to `size` tables by game id, the least recently used evicted first; the `hot` most recent held built,
    the others as `cool(table)` bytes until `warm(bytes)` rebuilds them (by default pickled)."""

    def __init__(
        self,
        size: int,
        *,
        hot: int = HOT_TABLES,
        cool: Callable[[T], bytes] = _pickled,
        warm: Callable[[bytes], T] = pickle.loads,
    ) -> None:
        if size < 1:
            raise ValueError(f"a table cache holds at least one table, not {size}")
        if hot < 1:
            raise ValueError(f"a table cache holds at least one table built, not {hot}")
        self.size = size
        self.hot_size = min(hot, size)
        self._cool = cool
        self._warm = warm
        self._hot: OrderedDict[int, T] = OrderedDict()  # least recently used first
        self._cold: OrderedDict[int, bytes] = OrderedDict()  # least recently used first; all older than the hot
        self._reads: dict[int, list[Read]] = {}  # game id -> reads in flight (bounded by the reads in flight)
        self.evictions = 0
        self.cooled = 0  # hot tables cooled to bytes
        self.warmed = 0  # cold tables rebuilt (on a use, or to amend them)

    def __len__(self) -> int:
        return len(self._hot) + len(self._cold)

    def __contains__(self, table_id: int) -> bool:
        return table_id in self._hot or table_id in self._cold

    def held_hot(self) -> int:
        """Tables held built now (at most `hot_size`)."""
        return len(self._hot)

    def get(self, table_id: int) -> T | None:
        table = self._hot.get(table_id)
        if table is not None:
            self._hot.move_to_end(table_id)
            return table
        cold = self._cold.pop(table_id, None)
        if cold is None:
            return None
        table = self._rebuilt(cold)
        self._hot[table_id] = table  # the most recently used now
        self._bound()
        return table

    def put(self, table_id: int, table: T) -> None:
        """The table as this process just wrote it: it replaces any copy, and any read in flight is superseded."""
        self._supersede(table_id)
        self._keep(table_id, table)

    def amend(self, table_id: int, change: Callable[[T], T]) -> None:
        """A field no version guards changed in the database: the cached copy follows, hot or cold, in its place
        (reads in flight are stale)."""
        self._supersede(table_id)
        table = self._hot.get(table_id)
        if table is not None:
            self._hot[table_id] = change(table)
            return
        cold = self._cold.get(table_id)
        if cold is not None:
            self._cold[table_id] = self._cool(change(self._rebuilt(cold)))

    def drop(self, table_id: int) -> None:
        """The table left memory (it ended, or a conflict showed the copy is stale)."""
        self._supersede(table_id)
        self._hot.pop(table_id, None)
        self._cold.pop(table_id, None)

    @contextmanager
    def reading(self, table_id: int) -> Iterator[Read]:
        """Around a read of `table_id` from the database; hand its result to `offer` inside."""
        read = Read()
        self._reads.setdefault(table_id, []).append(read)
        try:
            yield read
        finally:
            reads = self._reads[table_id]
            reads.remove(read)
            if not reads:
                del self._reads[table_id]

    def offer(self, table_id: int, table: T, read: Read) -> T:
        """A copy `read` from the database: kept unless this process wrote the table since. Returns the newest copy
        known: the cached one when the read was superseded and it is still here, else the one read."""
        if not read.superseded:
            self._keep(table_id, table)
            return table
        cached = self._hot.get(table_id)
        if cached is not None:
            return cached
        cold = self._cold.get(table_id)
        return table if cold is None else self._rebuilt(cold)  # its place in the order left alone, as for a hot one

    def reads_in_flight(self) -> int:
        return sum(len(reads) for reads in self._reads.values())

    def _rebuilt(self, cold: bytes) -> T:
        self.warmed += 1
        return self._warm(cold)

    def _supersede(self, table_id: int) -> None:
        for read in self._reads.get(table_id, ()):
            read.superseded = True

    def _keep(self, table_id: int, table: T) -> None:
        self._cold.pop(table_id, None)
        self._hot[table_id] = table
        self._hot.move_to_end(table_id)
        self._bound()

    def _bound(self) -> None:
        """Evict the least recently used beyond `size`, then cool the oldest hot tables beyond `hot_size`."""
        while len(self._hot) + len(self._cold) > self.size:
            if self._cold:
                self._cold.popitem(last=False)
            else:
                self._hot.popitem(last=False)
            self.evictions += 1
        while len(self._hot) > self.hot_size:
            table_id, table = self._hot.popitem(last=False)
            self._cold[table_id] = self._cool(table)  # the most recent of the cold ones
            self.cooled += 1
