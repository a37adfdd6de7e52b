"""The floor under the move path on PostgreSQL: a plain asyncpg connection committing a move's rows.

Same schema (the bot's migrations, applied by `Database.open`), one transaction per move holding an UPDATE of the
games row (a state of the same JSON size) and an INSERT into the action log, `synchronous_commit` as the bot sets
it. Nothing else: no version check, no RETURNING, no engine, no rendering. With `clock_rows`, the clock's rows of
the path's moves too, as `_bare` says.
"""

from __future__ import annotations

import time
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage import ClockWrite, Database, clock_statements
from bot.storage._postgres import numbered

from ._bare import ROWS, BareLoop


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


class PostgresBareCommits(BareLoop):
    """A plain asyncpg connection on a database of our schema, committing one move's rows at a time."""

    def __init__(self, conn: asyncpg.Connection, state: str, *, clock_rows: bool = False) -> None:
        super().__init__(state, clock_rows=clock_rows)
        self.conn = conn

    @classmethod
    async def open(
        cls, url: str, state: str, synchronous_commit: str, *, clock_rows: bool = False
    ) -> PostgresBareCommits:
        schema = await Database.open(url)  # the bot's own migrations make the schema
        await schema.close()
        conn = await asyncpg.connect(url, server_settings={"synchronous_commit": synchronous_commit})
        try:
            now = time.time()
            async with conn.transaction():
                for channel in range(ROWS):
                    await conn.execute(
                        "INSERT INTO games (guild_id, channel_id, game, status, host_id, options, seats, seed, state,"
                        " version, locale, created_at, updated_at) VALUES (1, $1, 'pairs', 'active', 1, '{}', '[]',"
                        " 7, $2, 1, 'en', $3, $3)",
                        channel,
                        state,
                        now,
                    )
        except BaseException:
            await conn.close()
            raise
        return cls(conn, state, clock_rows=clock_rows)

    async def commit(self, game_id: int, version: int, seat: int, write: ClockWrite | None) -> None:
        async with self.conn.transaction():
            for sql, parameters in self.statements(game_id, version, seat, write):
                await self.conn.execute(numbered(sql), *parameters)
            if write is not None:
                for sql, rows in clock_statements(game_id, write):
                    await self.conn.executemany(numbered(sql), rows)

    async def close(self) -> None:
        await self.conn.close()
