"""The bare commit of the same rows writes what the bot's own moves wrote: the game's clock, its deadlines and its
seats' turns. Checked row for row against the bot's database, on SQLite and on PostgreSQL."""

from __future__ import annotations

import random
from typing import Any

import aiosqlite
import asyncpg
import pytest

from bot.services.tables import Tables
from tools.bench._bare import BareLoop
from tools.bench._bare_postgres import database_url
from tools.bench._gateway import Snowflakes
from tools.bench._path import Room, Throughput
from tools.bench._storage import Bare, PostgresTarget, SqliteTarget, StorageTarget, _database_name

MOVES = 6  # moves of one game of Blackstone, still running
BARE_GAME = 1  # the bare commit's own games row the moves are replayed on

DEADLINES = "SELECT seat, kind, due_at FROM deadlines WHERE game_id = {} ORDER BY seat, kind"
TURNS = "SELECT seat, user_id, since, due_at FROM table_seats WHERE game_id = {} ORDER BY seat"
CLOCK = "SELECT clock FROM games WHERE id = {}"


async def replayed(target: StorageTarget) -> tuple[int, Bare, Throughput]:
    """One running game played through the path on `target`, and its clock's rows replayed, in order, on one
    games row of a bare commit of the same rows."""
    db = await target.open("rows")
    try:
        path = Throughput(Room(Tables(db), random.Random(5), Snowflakes(), game="blackstone"))
        first = 0  # the first write of the game being played (its deck is shuffled anew on every run)
        while path.game is None or len(path.writes) - first < MOVES:
            await path.run(1)
            if path.game is None:  # that move ended its game: the next one is replayed
                first = len(path.writes)
        game_id = path.game.table.id
        bare = await target.bare(db, "rows", path.state_sample(), clock_rows=True)  # the bot's settings
    finally:
        await db.close()
    assert isinstance(bare, BareLoop)
    for version, write in enumerate(path.writes[first:], start=2):
        await bare.commit(BARE_GAME, version, 0, write)
    return game_id, bare, path


def rows(found: Any) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in found]


async def read(conn: Any, game_id: int) -> list[list[tuple[Any, ...]]]:
    """The deadlines, turns and clock of `game_id`, through an aiosqlite or an asyncpg connection."""
    fetch = conn.execute_fetchall if isinstance(conn, aiosqlite.Connection) else conn.fetch
    return [rows(await fetch(sql.format(game_id))) for sql in (DEADLINES, TURNS, CLOCK)]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_the_same_rows_are_the_bots_rows(backend: str, tmp_path: Any, request: pytest.FixtureRequest) -> None:
    if backend == "sqlite":
        target: StorageTarget = SqliteTarget(tmp_path)
    else:
        server = request.getfixturevalue("postgres").url("postgres")
        target = PostgresTarget(server)
    game_id, bare, path = await replayed(target)
    try:
        ours = await read(bare.conn, BARE_GAME)  # type: ignore[attr-defined]
    finally:
        await bare.close()
    if backend == "sqlite":
        bot: Any = await aiosqlite.connect(tmp_path / "rows.sqlite3")
    else:
        bot = await asyncpg.connect(database_url(server, _database_name("rows")))
    try:
        theirs = await read(bot, game_id)
    finally:
        await bot.close()
    assert ours == theirs
    assert ours[0] and len(ours[1]) == 3  # the seat to act has its deadlines; every seat has its turn row
    assert ours[2] == [(path.writes[-1].clock,)]


@pytest.mark.parametrize("clock_rows", [False, True])
async def test_the_two_row_floor_leaves_the_clock_alone(tmp_path: Any, clock_rows: bool) -> None:
    """Without `clock_rows` the bare commit writes the game row and the action only, as before the clock."""
    target = SqliteTarget(tmp_path)
    db = await target.open("floor")
    try:
        path = Throughput(Room(Tables(db), random.Random(5), Snowflakes(), game="blackstone"))
        await path.run(2)
        bare = await target.bare(db, "floor", path.state_sample(), clock_rows=clock_rows)
    finally:
        await db.close()
    try:
        bare.writes = path.writes
        await bare.run(2)
        conn = bare.conn  # type: ignore[attr-defined]
        [(seats,)] = rows(await conn.execute_fetchall("SELECT COUNT(*) FROM table_seats"))
        [(actions,)] = rows(await conn.execute_fetchall("SELECT COUNT(*) FROM actions"))
    finally:
        await bare.close()
    assert actions == 2
    assert (seats > 0) is clock_rows
