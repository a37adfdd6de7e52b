"""Ratings: each holder's per server and game, updated in the transaction that ends a game, and rebuilt on demand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from bot import ratings
from bot.storage._rows import Tx
from bot.storage.records import ResultRow, SeatRating, TableRecord
from bot.storage.repos._base import Repository

if TYPE_CHECKING:
    from bot.storage.database import Database

RATED_KEPT: Final = 64  # games whose end's rating changes are kept for the read that follows it (`changes`)


class RatingRepository(Repository):
    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self._rated: dict[int, dict[int, SeatRating]] = {}  # game id -> the rating changes its end just wrote

    async def insert_results(self, tx: Tx, record: TableRecord, result: Sequence[ResultRow]) -> list[ratings.Change]:
        """The game's results rows and, for a finished game, its players' ratings: the changes rated."""
        if sorted(row.seat for row in result) != list(range(len(record.seats))):
            raise ValueError(f"results must have exactly one row per seat 0..{len(record.seats) - 1}")
        await tx.conn.executemany(
            "INSERT INTO results (table_id, seat, guild_id, game, user_id, name, place, won, measure, finished_at,"
            " clocked_out) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    record.id,
                    row.seat,
                    record.guild_id,
                    record.game,
                    row.user_id,
                    row.name,
                    row.place,
                    int(row.won),
                    row.measure,
                    tx.now,
                    int(row.clocked_out),
                )
                for row in result
            ],
        )
        if record.status == "finished":
            return await self._rate(tx, record, result)
        return []

    async def _rate(self, tx: Tx, record: TableRecord, result: Sequence[ResultRow]) -> list[ratings.Change]:
        """Update the ratings of a finished game's players and note each seat's change on its result row; the
        changes (none when the game does not count)."""
        seats = _placed(result)
        if not ratings.counts(seats):
            return []
        guild = ratings.guild_key(record.guild_id)
        # Read and lock each holder's rating in one statement: a holder without one gets a newcomer's
        # (`bot.ratings.INITIAL`, overwritten below in this transaction), an existing row is locked as is,
        # so two games ending at once in two PostgreSQL sessions rate one after the other, never from the
        # same old rating. Holders in a fixed order: two such games lock in the same order.
        holders = sorted({seat.holder for seat in seats})
        start = ratings.INITIAL
        rows = await tx.conn.fetch(
            "INSERT INTO ratings (guild_id, game, player, mu, sigma, games, updated_at) VALUES "
            + ", ".join("(?, ?, ?, ?, ?, 0, ?)" for _ in holders)
            + " ON CONFLICT (guild_id, game, player) DO UPDATE SET games = ratings.games"
            " RETURNING player, mu, sigma, games, updated_at",
            [value for holder in holders for value in (guild, record.game, holder, start.mu, start.sigma, tx.now)],
        )
        # Time away since each holder's last rated game here makes their rating less certain (`bot.ratings.aged`).
        current = {
            str(row["player"]): ratings.aged(
                ratings.Rating(row["mu"], row["sigma"], row["games"]), tx.now - float(row["updated_at"])
            )
            for row in rows
        }
        changes = ratings.rate(current, seats)
        await _store_ratings(tx, record.id, guild, record.game, changes)
        return changes

    def noted(self, table_id: int, changes: Sequence[ratings.Change]) -> None:
        """Keep the rating changes a committed game's end wrote, for the one `changes` that follows it."""
        self._rated[table_id] = {
            change.seat: SeatRating(
                seat=change.seat,
                mu_before=change.before.mu,
                sigma_before=change.before.sigma,
                mu_after=change.after.mu,
                sigma_after=change.after.sigma,
            )
            for change in changes
        }
        while len(self._rated) > RATED_KEPT:
            del self._rated[next(iter(self._rated))]

    async def rebuild(self) -> int:
        """Recompute every rating from the stored results, in one transaction; returns the games rated.

        Finished games are replayed in the order they ended (`finished_at`, then game id), through the
        same `bot.ratings.rate` as the incremental update, with the same inactivity between a holder's games
        (`bot.ratings.aged`), so the numbers are the same; each rating is dated by its holder's last rated game.
        """
        self._rated.clear()
        async with self._transaction() as tx:
            if self._sql.lock_table is not None:  # a game ending meanwhile waits, then rates from the rebuilt ones
                await tx.conn.execute(self._sql.lock_table.format("ratings"))
            await tx.conn.execute("DELETE FROM ratings")
            await tx.conn.execute(
                "UPDATE results SET mu_before = NULL, sigma_before = NULL, mu_after = NULL, sigma_after = NULL"
                " WHERE mu_before IS NOT NULL"
            )
            rows = await tx.conn.fetch(
                "SELECT r.table_id, r.guild_id, r.game, r.seat, r.user_id, r.place, r.won, r.clocked_out,"
                " r.finished_at"
                " FROM results AS r JOIN tables AS g ON g.id = r.table_id WHERE g.status = 'finished'"
                " ORDER BY r.finished_at, r.table_id, r.seat"
            )
            games: dict[int, tuple[int, str, list[ratings.Placed]]] = {}
            ended: dict[int, float] = {}
            for row in rows:
                entry = games.setdefault(row["table_id"], (ratings.guild_key(row["guild_id"]), row["game"], []))
                ended[row["table_id"]] = float(row["finished_at"])
                entry[2].append(
                    ratings.Placed.of(row["seat"], row["user_id"], row["place"], row["won"], row["clocked_out"])
                )
            board: dict[tuple[int, str, str], tuple[ratings.Rating, float]] = {}  # -> (rating, last rated game)
            rated = 0
            for table_id, (guild, game, seats) in games.items():  # dicts keep the query's order
                at = ended[table_id]
                current = {
                    seat.holder: ratings.aged(*_since(board[guild, game, seat.holder], at))
                    for seat in seats
                    if (guild, game, seat.holder) in board
                }
                changes = ratings.rate(current, seats)
                if not changes:
                    continue
                rated += 1
                for name, rating in ratings.holders_after(changes).items():
                    board[guild, game, name] = (rating, at)
                await _note_changes(tx, table_id, changes)
            await tx.conn.executemany(
                "INSERT INTO ratings (guild_id, game, player, mu, sigma, games, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(guild, game, holder, r.mu, r.sigma, r.games, at) for (guild, game, holder), (r, at) in board.items()],
            )
            return rated

    async def of(self, *, guild_id: int | None, game: str) -> dict[str, ratings.Rating]:
        """Every holder's rating of `game` in `guild_id` (None: outside any server)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?",
                (ratings.guild_key(guild_id), game),
            )
            return {str(row["player"]): ratings.Rating(row["mu"], row["sigma"], row["games"]) for row in rows}

    async def changes(self, table_id: int) -> dict[int, SeatRating]:
        """Each seat's rating before and after the game, for the seats it rated (empty when it rated nobody).

        Right after this process committed the game's end, the changes it wrote are given back without a read
        (once: the read after that goes to the rows)."""
        noted = self._rated.pop(table_id, None)
        if noted is not None:
            return noted
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT seat, mu_before, sigma_before, mu_after, sigma_after FROM results"
                " WHERE table_id = ? AND mu_after IS NOT NULL ORDER BY seat",
                (table_id,),
            )
            return {
                row["seat"]: SeatRating(
                    seat=row["seat"],
                    mu_before=row["mu_before"],
                    sigma_before=row["sigma_before"],
                    mu_after=row["mu_after"],
                    sigma_after=row["sigma_after"],
                )
                for row in rows
            }


def _since(held: tuple[ratings.Rating, float], now: float) -> tuple[ratings.Rating, float]:
    """A rebuilt rating and the seconds since its holder's last rated game, at `now`."""
    rating, last = held
    return rating, now - last


def _placed(result: Sequence[ResultRow]) -> list[ratings.Placed]:
    return [
        ratings.Placed.of(row.seat, row.user_id, row.place, row.won, row.clocked_out)
        for row in sorted(result, key=lambda row: row.seat)
    ]


async def _note_changes(tx: Tx, table_id: int, changes: Sequence[ratings.Change]) -> None:
    await tx.conn.executemany(
        "UPDATE results SET mu_before = ?, sigma_before = ?, mu_after = ?, sigma_after = ?"
        " WHERE table_id = ? AND seat = ?",
        [(c.before.mu, c.before.sigma, c.after.mu, c.after.sigma, table_id, c.seat) for c in changes],
    )


async def _store_ratings(tx: Tx, table_id: int, guild: int, game: str, changes: Sequence[ratings.Change]) -> None:
    """Write the new ratings of one game's holders and note each seat's change on its result row."""
    await tx.conn.executemany(
        "INSERT INTO ratings (guild_id, game, player, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, game, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
        " games = excluded.games, updated_at = excluded.updated_at",
        [
            (guild, game, name, rating.mu, rating.sigma, rating.games, tx.now)
            for name, rating in ratings.holders_after(changes).items()
        ],
    )
    await _note_changes(tx, table_id, changes)
