"""The deadlines the scheduler fires: reminders, expiries, computer turns and lobby expiries, indexed by due time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.storage._driver import Connection
from bot.storage.records import Deadline
from bot.storage.repos._base import Repository

DISCORD_SHARD_SHIFT: Final = 22  # a server is on shard (guild_id >> 22) % shard_count (Discord's rule)


class DeadlineRepository(Repository):
    async def pending(
        self, now: float, *, shard_count: int = 1, shard_ids: Sequence[int] | None = None
    ) -> dict[str, tuple[int, int]]:
        """Kind -> (pending, overdue): the deadlines waiting, and those among them already due at `now` (metrics;
        one count over the table's rows, read every few seconds, never on the move path)."""
        join, where, params = _on_shards(shard_count, shard_ids)
        if join is None:
            return {}
        async with self._reading() as conn:
            rows = await conn.fetch(
                f"SELECT d.kind, COUNT(*), COALESCE(SUM(CASE WHEN d.due_at <= ? THEN 1 ELSE 0 END), 0)"
                f" FROM deadlines AS d{join} WHERE TRUE{where} GROUP BY d.kind",
                (now, *params),
            )
        return {str(row[0]): (int(row[1]), int(row[2])) for row in rows}

    async def next(self, *, shard_count: int = 1, shard_ids: Sequence[int] | None = None) -> float | None:
        """When the earliest pending deadline is due (None: there is none). One step down an index.

        With `shard_ids`, only deadlines of games on those shards count (see `claim`).
        """
        join, where, params = _on_shards(shard_count, shard_ids)
        if join is None:
            return None
        async with self._reading() as conn:
            if not join:
                rows = await conn.fetch("SELECT MIN(due_at) FROM deadlines")
            else:
                rows = await conn.fetch(
                    f"SELECT d.due_at FROM deadlines AS d{join} WHERE TRUE{where} ORDER BY d.due_at LIMIT 1", params
                )
            return None if not rows or rows[0][0] is None else float(rows[0][0])

    async def claim(
        self,
        now: float,
        limit: int,
        lease: float,
        *,
        shard_count: int = 1,
        shard_ids: Sequence[int] | None = None,
    ) -> list[Deadline]:
        """Take up to `limit` deadlines due at `now`, earliest first, and hold each for `lease` seconds.

        In one transaction their `due_at` moves to `now + lease`: no other process
        (nor this one) claims them again before that, and the claims of a process
        that died come back when their lease ends. They are returned with that new
        `due_at` (what `take`, `postpone` and a move's `consume`
        match on) and `fell_due`, the due time they had. PostgreSQL locks the rows
        it takes (`FOR UPDATE SKIP LOCKED`): two processes claiming at once take
        different deadlines; SQLite's writers take turns.

        With `shard_ids`, only deadlines of games whose server is on one of those
        shards are taken, by Discord's rule `(guild_id >> 22) % shard_count` (a game
        outside any server is on shard 0).
        """
        if lease <= 0:
            raise ValueError(f"a lease lasts a positive time, not {lease}")
        join, where, params = _on_shards(shard_count, shard_ids)
        if join is None or limit <= 0:
            return []
        until = now + lease
        async with self._transaction() as tx:
            rows = await tx.conn.fetch(
                f"SELECT d.table_id, d.seat, d.kind, COALESCE(d.fell_due, d.due_at) FROM deadlines AS d{join}"
                f" WHERE d.due_at <= ?{where} ORDER BY d.due_at LIMIT ?{self._sql.skip_locked}",
                (now, *params, limit),
            )
            await tx.conn.executemany(
                "UPDATE deadlines SET due_at = ?, fell_due = ? WHERE table_id = ? AND seat = ? AND kind = ?",
                [(until, row[3], row[0], row[1], row[2]) for row in rows],
            )
        return [Deadline(int(row[0]), int(row[1]), str(row[2]), until, fell_due=float(row[3])) for row in rows]

    async def release_claims(self, *, shard_count: int = 1, shard_ids: Sequence[int] | None = None) -> int:
        """Claims held on these shards' deadlines go back to when they fell due; returns how many.

        For a process starting: the claims on its own shards are those its previous run held when it stopped
        (a process claims only its shards' deadlines), so they fire now rather than when their lease ends.
        """
        join, where, params = _on_shards(shard_count, shard_ids)
        if join is None:
            return 0
        async with self._transaction() as tx:
            if not join:
                return await tx.conn.execute(
                    "UPDATE deadlines SET due_at = fell_due, fell_due = NULL WHERE fell_due IS NOT NULL"
                )
            return await tx.conn.execute(
                "UPDATE deadlines SET due_at = fell_due, fell_due = NULL WHERE fell_due IS NOT NULL AND table_id IN"
                f" (SELECT d.table_id FROM deadlines AS d{join} WHERE d.fell_due IS NOT NULL{where})",
                params,
            )

    async def due(self, now: float, limit: int) -> list[Deadline]:
        """Up to `limit` deadlines due at `now`, earliest first."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT table_id, seat, kind, due_at FROM deadlines WHERE due_at <= ? ORDER BY due_at LIMIT ?",
                (now, limit),
            )
            return [Deadline(int(r[0]), int(r[1]), str(r[2]), float(r[3])) for r in rows]

    async def postpone(self, deadline: Deadline, until: float) -> bool:
        """Move a deadline to `until` (one whose effect failed is tried again then; a computer's move leases its
        own while it thinks). False when it was gone or moved meanwhile."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute(
                "UPDATE deadlines SET due_at = ?, fell_due = NULL"
                " WHERE table_id = ? AND seat = ? AND kind = ? AND due_at = ?",
                (until, deadline.table_id, deadline.seat, deadline.kind, deadline.due_at),
            )
            return changed > 0

    async def take(self, deadline: Deadline) -> bool:
        """Delete a deadline that has fired; False when it was gone or moved meanwhile (nothing to do then)."""
        async with self._transaction() as tx:
            return await take_row(tx.conn, deadline)

    async def has(self, deadline: Deadline) -> bool:
        """Whether this very deadline (same due time) is still pending."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT 1 FROM deadlines WHERE table_id = ? AND seat = ? AND kind = ? AND due_at = ?",
                (deadline.table_id, deadline.seat, deadline.kind, deadline.due_at),
            )
            return bool(rows)


async def take_row(conn: Connection, deadline: Deadline) -> bool:
    """Delete this very deadline (same due time) inside a transaction; False when it was gone or had moved."""
    changed = await conn.execute(
        "DELETE FROM deadlines WHERE table_id = ? AND seat = ? AND kind = ? AND due_at = ?",
        (deadline.table_id, deadline.seat, deadline.kind, deadline.due_at),
    )
    return changed > 0


def _on_shards(shard_count: int, shard_ids: Sequence[int] | None) -> tuple[str | None, str, tuple[int, ...]]:
    """The join and condition that keep the deadlines of games on `shard_ids` (None: every game).

    The join is "" when every game counts, None when no shard is asked for (nothing counts).
    """
    if shard_count < 1:
        raise ValueError(f"shard_count must be at least 1, not {shard_count}")
    if shard_ids is None:
        return "", "", ()
    wanted = tuple(sorted(set(shard_ids)))
    if any(shard not in range(shard_count) for shard in wanted):
        raise ValueError(f"shard ids must be in 0..{shard_count - 1}, not {list(shard_ids)}")
    if not wanted:
        return None, "", ()
    if len(wanted) == shard_count:
        return "", "", ()
    marks = ", ".join("?" for _ in wanted)
    return (
        " JOIN tables AS g ON g.id = d.table_id",
        f" AND ((COALESCE(g.guild_id, 0) >> {DISCORD_SHARD_SHIFT}) % ?) IN ({marks})",
        (shard_count, *wanted),
    )
