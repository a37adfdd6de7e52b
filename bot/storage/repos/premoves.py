"""Pre-moves: the move a seat chose ahead for its next decision, one per seat of a table (`premoves`).

None of these writes touches the table's row: setting or withdrawing a pre-move leaves the table's version,
and so what the table shows, as it was. Playing one is an ordinary move (`TableRepository.commit_action`); its
deadline (kind `premove`) is written here, beside the clock's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.storage._driver import Row
from bot.storage.repos._base import Repository

PREMOVE: Final = "premove"  # the kind of a pre-move's deadline: play it now


@dataclass(frozen=True, slots=True)
class StoredPreMove:
    """A seat's pre-move: for its next decision of kind `decision`, play `action` (the action's JSON);
    `standing` keeps it for every such decision at the table; `set_at` tells one choice from the next."""

    table_id: int
    seat: int
    decision: str
    action: str
    standing: bool
    set_at: float


_COLUMNS = "table_id, seat, decision, action, standing, set_at"


class PreMoveRepository(Repository):
    async def set(self, premove: StoredPreMove) -> None:
        """Store the seat's pre-move, in place of any it had."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                f"INSERT INTO premoves ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id, seat) DO UPDATE SET decision = excluded.decision,"
                " action = excluded.action, standing = excluded.standing, set_at = excluded.set_at",
                (
                    premove.table_id,
                    premove.seat,
                    premove.decision,
                    premove.action,
                    int(premove.standing),
                    premove.set_at,
                ),
            )

    async def get(self, table_id: int, seat: int) -> StoredPreMove | None:
        async with self._reading() as conn:
            rows = await conn.fetch(
                f"SELECT {_COLUMNS} FROM premoves WHERE table_id = ? AND seat = ?", (table_id, seat)
            )
        return _premove(rows[0]) if rows else None

    async def of_table(self, table_id: int) -> list[StoredPreMove]:
        """The table's pre-moves, by seat."""
        async with self._reading() as conn:
            rows = await conn.fetch(f"SELECT {_COLUMNS} FROM premoves WHERE table_id = ? ORDER BY seat", (table_id,))
        return [_premove(row) for row in rows]

    async def withdraw(self, table_id: int, seat: int) -> bool:
        """Forget the seat's pre-move (and its pending deadline); False when it had none."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute("DELETE FROM premoves WHERE table_id = ? AND seat = ?", (table_id, seat))
            await tx.conn.execute(
                "DELETE FROM deadlines WHERE table_id = ? AND seat = ? AND kind = ?", (table_id, seat, PREMOVE)
            )
        return changed > 0

    async def take(self, premove: StoredPreMove) -> bool:
        """Forget this very pre-move (not one set since in its place); False when it was gone or replaced."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute(
                "DELETE FROM premoves WHERE table_id = ? AND seat = ? AND set_at = ?",
                (premove.table_id, premove.seat, premove.set_at),
            )
        return changed > 0

    async def clear(self, table_id: int) -> None:
        """Forget every pre-move of the table (its game is over)."""
        async with self._transaction() as tx:
            await tx.conn.execute("DELETE FROM premoves WHERE table_id = ?", (table_id,))
            await tx.conn.execute("DELETE FROM deadlines WHERE table_id = ? AND kind = ?", (table_id, PREMOVE))

    async def schedule(self, table_id: int, seat: int, due_at: float) -> bool:
        """Play the seat's pre-move at `due_at` (a deadline of kind `premove`); a deadline already pending for it
        stays as it is. True when this one was written."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute(
                "INSERT INTO deadlines (table_id, seat, kind, due_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (table_id, seat, kind) DO NOTHING",
                (table_id, seat, PREMOVE, due_at),
            )
        return changed > 0

    async def unschedule(self, table_id: int, seat: int) -> bool:
        """Drop the seat's pending pre-move deadline; False when there was none."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute(
                "DELETE FROM deadlines WHERE table_id = ? AND seat = ? AND kind = ?", (table_id, seat, PREMOVE)
            )
        return changed > 0

    async def scheduled(self, table_id: int, seat: int) -> float | None:
        """When the seat's pre-move is due to be played (None: it is not scheduled)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT due_at FROM deadlines WHERE table_id = ? AND seat = ? AND kind = ?", (table_id, seat, PREMOVE)
            )
        return float(rows[0][0]) if rows else None


def _premove(row: Row) -> StoredPreMove:
    return StoredPreMove(
        table_id=int(row[0]),
        seat=int(row[1]),
        decision=str(row[2]),
        action=str(row[3]),
        standing=bool(row[4]),
        set_at=float(row[5]),
    )
