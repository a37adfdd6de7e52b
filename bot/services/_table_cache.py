"""The open tables a process holds in memory: a bounded LRU that a racing read can never make older.

The database is the truth; this only spares a read. Two kinds of writes reach
it: `put` (a table as a commit of this process left it, or an amendment of a
field no version guards) and `offer` (a copy read from the database). A read
is slow (a round trip); if the same table is written here while it is in
flight, the copy read may predate that write, so `offer` keeps it only when no
`put` or `drop` of that table happened since the read began (`reading`). An
entry evicted meanwhile changes nothing to that rule: a commit's copy is never
replaced by an older read, even once it has left the cache.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(eq=False)  # each read is itself: two reads of one table are never equal
class Read:
    """A read of one table in flight; `superseded` once this process wrote that table meanwhile."""

    superseded: bool = False


class TableCache(Generic[T]):
    """Up to `size` tables by game id, the least recently used evicted first."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a table cache holds at least one table, not {size}")
        self.size = size
        self._tables: OrderedDict[int, T] = OrderedDict()
        self._reads: dict[int, list[Read]] = {}  # game id -> reads in flight (bounded by the reads in flight)
        self.evictions = 0

    def __len__(self) -> int:
        return len(self._tables)

    def __contains__(self, game_id: int) -> bool:
        return game_id in self._tables

    def get(self, game_id: int) -> T | None:
        table = self._tables.get(game_id)
        if table is not None:
            self._tables.move_to_end(game_id)
        return table

    def put(self, game_id: int, table: T) -> None:
        """The table as this process just wrote it: it replaces any copy, and any read in flight is superseded."""
        self._supersede(game_id)
        self._keep(game_id, table)

    def amend(self, game_id: int, change: Callable[[T], T]) -> None:
        """A field no version guards changed in the database: the cached copy follows (reads in flight are stale)."""
        self._supersede(game_id)
        table = self._tables.get(game_id)
        if table is not None:
            self._tables[game_id] = change(table)

    def drop(self, game_id: int) -> None:
        """The table left memory (it ended, or a conflict showed the copy is stale)."""
        self._supersede(game_id)
        self._tables.pop(game_id, None)

    @contextmanager
    def reading(self, game_id: int) -> Iterator[Read]:
        """Around a read of `game_id` from the database; hand its result to `offer` inside."""
        read = Read()
        self._reads.setdefault(game_id, []).append(read)
        try:
            yield read
        finally:
            reads = self._reads[game_id]
            reads.remove(read)
            if not reads:
                del self._reads[game_id]

    def offer(self, game_id: int, table: T, read: Read) -> T:
        """A copy `read` from the database: kept unless this process wrote the table since. Returns the newest copy
        known: the cached one when the read was superseded and it is still here, else the one read."""
        if not read.superseded:
            self._keep(game_id, table)
            return table
        return self._tables.get(game_id, table)

    def reads_in_flight(self) -> int:
        return sum(len(reads) for reads in self._reads.values())

    def _supersede(self, game_id: int) -> None:
        for read in self._reads.get(game_id, ()):
            read.superseded = True

    def _keep(self, game_id: int, table: T) -> None:
        self._tables[game_id] = table
        self._tables.move_to_end(game_id)
        while len(self._tables) > self.size:
            self._tables.popitem(last=False)
            self.evictions += 1
