"""The floor under the move path on PostgreSQL: a plain asyncpg connection committing each move in one statement.

The rows are those of `_bare`'s floor (the table row, whose trigger appends the log; the clock's deadlines and
turns; a game's end's results, ratings and forgotten deadlines and turns), written by one statement whose
data-modifying CTEs each write one table, the way the bot's own `_move_with_clock_sql` writes a move: one
statement is its own transaction, and asyncpg sends it, prepared once, in one round trip (Bind, Execute, Sync;
then the answer). The sub-statements see one snapshot and touch no row twice: the deadlines deleted are those the
clock no longer holds, the turns deleted those of seats no longer listed, as the bot does it.

Same schema (the bot's migrations, applied by `Database.open`), the bot's `synchronous_commit` (read from its
connection). Nothing else: no version check, no RETURNING, no rating worked out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage import Database
from bot.storage._postgres import numbered

from ._bare import START_ROW, FloorLoop, seed_rows, start_row
from ._committed import Committed, Ending

_GAME_ROW = "state = $1, last_seat = $2, last_action = $3, clock = COALESCE($4, clock)"
MOVE = f"UPDATE tables SET {_GAME_ROW}, version = version + 1, updated_at = $5 WHERE id = $6"
MOVE_WITH_CLOCK = (
    f"WITH moved AS (UPDATE tables SET {_GAME_ROW}, version = version + 1, updated_at = $5 WHERE id = $6),"
    " gone AS (DELETE FROM deadlines AS d USING unnest($7::bigint[], $8::text[]) AS g (seat, kind)"
    " WHERE d.table_id = $6 AND d.seat = g.seat AND d.kind = g.kind),"
    " due AS (INSERT INTO deadlines (table_id, seat, kind, due_at)"
    " SELECT $6, n.seat, n.kind, n.due_at FROM unnest($9::bigint[], $10::text[], $11::double precision[])"
    " AS n (seat, kind, due_at)"
    " ON CONFLICT (table_id, seat, kind) DO UPDATE SET due_at = excluded.due_at, fell_due = NULL),"
    " unseated AS (DELETE FROM table_seats AS s WHERE s.table_id = $6 AND NOT (s.seat = ANY ($12::bigint[])))"
    " INSERT INTO table_seats (table_id, seat, user_id, since, due_at)"
    " SELECT $6, t.seat, t.user_id, t.since, t.due_at"
    " FROM unnest($12::bigint[], $13::bigint[], $14::double precision[], $15::double precision[])"
    " AS t (seat, user_id, since, due_at)"
    " ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id, since = excluded.since,"
    " due_at = excluded.due_at"
)
END = (
    f"WITH ended AS (UPDATE tables SET {_GAME_ROW}, status = 'finished', ended_at = $5, version = version + 1,"
    " updated_at = $5 WHERE id = $6),"
    " placed AS (INSERT INTO results (table_id, seat, guild_id, game, user_id, name, place, won, measure,"
    " clocked_out, mu_before, sigma_before, mu_after, sigma_after, finished_at)"
    " SELECT $6, r.seat, $7::bigint, $8::text, r.user_id, r.name, r.place, r.won, r.measure, r.clocked_out,"
    " r.mu_before, r.sigma_before, r.mu_after, r.sigma_after, $5"
    " FROM unnest($9::bigint[], $10::bigint[], $11::text[], $12::bigint[], $13::bigint[], $14::bigint[],"
    " $15::bigint[], $16::double precision[], $17::double precision[], $18::double precision[],"
    " $19::double precision[])"
    " AS r (seat, user_id, name, place, won, measure, clocked_out, mu_before, sigma_before, mu_after, sigma_after)),"
    " rated AS (INSERT INTO ratings (guild_id, game, player, mu, sigma, games, updated_at)"
    " SELECT g.guild_id, g.game, g.player, g.mu, g.sigma, g.games, $5"
    " FROM unnest($20::bigint[], $21::text[], $22::text[], $23::double precision[], $24::double precision[],"
    " $25::bigint[]) AS g (guild_id, game, player, mu, sigma, games)"
    " ON CONFLICT (guild_id, game, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
    " games = excluded.games, updated_at = excluded.updated_at),"
    " unscheduled AS (DELETE FROM deadlines WHERE table_id = $6)"
    " DELETE FROM table_seats WHERE table_id = $6"
)


def database_url(server_url: str, name: str) -> str:
    """The URL of the database `name` on the server of `server_url` (same user, host and options)."""
    parts = urlsplit(server_url)
    return urlunsplit(parts._replace(path=f"/{name}"))


async def fresh_database(server_url: str, name: str) -> str:
    """Create the database `name` (dropped first if a run before left it) on the server; its URL."""
    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return database_url(server_url, name)


async def synchronous_commit_of(db: Database) -> str:
    """The `synchronous_commit` in force on the bot's own connections."""
    async with db._reading() as conn:  # the bench reads the live setting rather than restating it
        rows = await conn.fetch("SHOW synchronous_commit")
    return str(rows[0][0])


def _columns(rows: Sequence[tuple[Any, ...]], first: int, count: int) -> list[list[Any]]:
    """Columns `first` to `first + count` of `rows`, each as a list: the arrays `unnest` takes."""
    return [[row[index] for row in rows] for index in range(first, first + count)]


def _ending_arrays(ending: Ending) -> tuple[Any, ...]:
    """`END`'s $7 on: the results' guild and game, their columns seat to sigma_after, the ratings' columns."""
    results = ending.results  # RESULT_COLUMNS: seat, guild_id, game, then user_id to sigma_after
    guild_id, game = (results[0][1], results[0][2]) if results else (None, "")
    return (guild_id, game, *_columns(results, 0, 1), *_columns(results, 3, 10), *_columns(ending.ratings, 0, 6))


def move_parameters(table_id: int, move: Committed, now: float) -> tuple[str, tuple[Any, ...]]:
    """The one statement of `move` on the floor's row `table_id`, and its parameters."""
    clock = None if move.write is None else move.write.clock
    head = (move.state, move.seat, move.action, clock, now, table_id)
    if move.ending is not None:
        return END, head + _ending_arrays(move.ending)
    if move.write is None:
        return MOVE, head
    return MOVE_WITH_CLOCK, head + move.write.columns()


class PostgresFloor(FloorLoop):
    """A plain asyncpg connection on a database of our schema, committing each move in one statement."""

    def __init__(self, conn: asyncpg.Connection, clock: Callable[[], float] = time.time) -> None:
        super().__init__(clock)
        self.conn = conn

    @classmethod
    async def open(cls, url: str, synchronous_commit: str, clock: Callable[[], float] = time.time) -> PostgresFloor:
        """A connection to the empty database `url`, migrated by the bot's own `Database.open`."""
        schema = await Database.open(url)  # the bot's own migrations make the schema
        await schema.close()
        conn = await asyncpg.connect(url, server_settings={"synchronous_commit": synchronous_commit})
        return cls(conn, clock)

    async def open_rows(self, firsts: Sequence[Committed]) -> list[int]:
        ids: list[int] = []
        async with self.conn.transaction():
            for move in firsts:
                table_id = await self.conn.fetchval(
                    numbered(START_ROW) + " RETURNING id", *start_row(move, self.next_channel())
                )
                for sql, rows in seed_rows(table_id, move):
                    await self.conn.executemany(numbered(sql), rows)
                ids.append(table_id)
        return ids

    async def commit(self, table_id: int, move: Committed) -> None:
        sql, parameters = move_parameters(table_id, move, self.clock())
        await self.conn.execute(sql, *parameters)

    async def close(self) -> None:
        await self.conn.close()
