"""What each move of the bot committed, recorded as the bot commits it, for the floor to commit again (`_bare`).

Every move of a game reaches the database through one call, `TableRepository.commit_action`, whichever path led
there (the gateway, the handler, the service). `MoveRecorder` wraps that call on one `Database` and notes its
arguments and the row it returned: the move's state, seat, action and clock write, whether it ended the game.
A game's end also writes its results and its players' ratings, which the bot works out inside the transaction;
they are read back afterwards (`MoveRecorder.complete`, outside any timing) from the rows the bot wrote.
The floor then commits exactly these rows again: the same table row, log row, deadlines and turns, results and
ratings, one move at a time. (A move the clock makes also deletes the deadline it `consume`s: the path's players
make no such move, and the floor leaves that row out.)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot import ratings
from bot.storage import ClockWrite, Database, TableRecord

# A results row as the floor writes it, after its game id; the seat's rating before and after are noted on it in
# the same transaction (`RatingRepository._rate`), so the floor writes them with the row.
RESULT_COLUMNS = (
    "seat",
    "guild_id",
    "game",
    "user_id",
    "name",
    "place",
    "won",
    "measure",
    "clocked_out",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
)
RATING_COLUMNS = ("guild_id", "game", "player", "mu", "sigma", "games")  # then its time, the commit's


@dataclass(frozen=True)
class Ending:
    """The rows a game's end writes besides its table row: a results row per seat, a ratings row per holder rated
    (none when the game does not count)."""

    results: tuple[tuple[Any, ...], ...]  # RESULT_COLUMNS of each seat
    ratings: tuple[tuple[Any, ...], ...]  # RATING_COLUMNS of each holder


@dataclass
class Committed:
    """One move the bot committed: what its transaction wrote, as the bot gave it to `commit_action`.

    `record` is the table row after the move (what the floor copies to open its own row of the game). `ending` is
    filled in by `MoveRecorder.complete` for the move that ended its game."""

    table_id: int
    version: int  # the version the move made: its log row's seq
    seat: int
    action: str
    state: str
    write: ClockWrite | None
    record: TableRecord
    finished: bool
    ending: Ending | None = None


CommitAction = Callable[..., Awaitable[TableRecord]]


class MoveRecorder:
    """Notes every move committed through `db.tables.commit_action` while installed (`install`, `remove`).

    The note is taken after the commit returns, in memory: a few microseconds of the move's own time."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.moves: list[Committed] = []
        self._commit: CommitAction = db.tables.commit_action

    def install(self) -> MoveRecorder:
        self.db.tables.commit_action = self._spy  # type: ignore[method-assign]
        return self

    def remove(self) -> None:
        vars(self.db.tables).pop("commit_action", None)

    async def _spy(self, table_id: int, expected_version: int, **given: Any) -> TableRecord:
        record = await self._commit(table_id, expected_version, **given)
        self.moves.append(
            Committed(
                table_id=table_id,
                version=record.version,
                seat=given["seat"],
                action=given["action"],
                state=given["state"],
                write=given.get("clock"),
                record=record,
                finished=given.get("result") is not None,
            )
        )
        return record

    def take(self) -> list[Committed]:
        """The moves noted since the last `take`, in the order they were committed."""
        taken, self.moves = self.moves, []
        return taken

    async def complete(self, moves: Sequence[Committed]) -> None:
        """Read the results and ratings rows of each game `moves` ended, as the bot wrote them."""
        for move in moves:
            if move.finished and move.ending is None:
                move.ending = await ending_of(self.db, move.record)


async def ending_of(db: Database, record: TableRecord) -> Ending:
    """The results rows of the ended game `record` and the ratings rows of its holders, if it was rated."""
    async with db._reading() as conn:  # the bench reads the bot's rows as they are
        results = [
            tuple(row[column] for column in RESULT_COLUMNS)
            for row in await conn.fetch(
                f"SELECT {', '.join(RESULT_COLUMNS)} FROM results WHERE table_id = ? ORDER BY seat", (record.id,)
            )
        ]
        rated: list[tuple[Any, ...]] = []
        if any(row[RESULT_COLUMNS.index("mu_after")] is not None for row in results):
            holders = sorted({ratings.holder(row[RESULT_COLUMNS.index("user_id")]) for row in results})
            rated = [
                tuple(row[column] for column in RATING_COLUMNS)
                for row in await conn.fetch(
                    f"SELECT {', '.join(RATING_COLUMNS)} FROM ratings WHERE guild_id = ? AND game = ?"
                    f" AND player IN ({', '.join('?' for _ in holders)}) ORDER BY player",
                    (ratings.guild_key(record.guild_id), record.game, *holders),
                )
            ]
    return Ending(results=tuple(results), ratings=tuple(rated))
