"""The bench's floor commits exactly the rows the bot's moves commit, each move in one trip.

A game of Pairs is played through the service on the bot's own database while `MoveRecorder` notes its moves; the
floor commits them again on its own database. Row for row, the table row, its log, deadlines and turns (while it
runs), then its results and its players' ratings (once it ended) are the bot's. And each commit is one hand-over
to SQLite's thread, or one round trip to PostgreSQL, however many rows it writes. On both back ends.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.services.tables import Table, Tables
from bot.storage import Database, Seat
from bot.storage._postgres import numbered
from engines.core import Withdraw
from tools.bench._bare import FloorLoop, SqliteFloor
from tools.bench._bare_postgres import PostgresFloor, fresh_database
from tools.bench._committed import RESULT_COLUMNS, Committed, MoveRecorder
from tools.bench._storage import PostgresTarget, SqliteTarget, StorageTarget, database_name

NOW = 1_700_000_000.0  # the time of every commit, the bot's and the floor's: their rows compare whole
GAME = "pairs"
RUNNING = 4  # moves compared while the game runs; then it is played to its end
GAME_COLUMNS = (
    "guild_id, game, status, host_id, options, seats, seed, state, version, table_message_id, locale, created_at,"
    " updated_at, ended_at, ended_by, last_seat, last_action, shown_version, ping_message_id, clock, notified, salt"
)
ROWS = {
    "game": f"SELECT {GAME_COLUMNS} FROM tables WHERE id = ?",
    "log": "SELECT seq, seat, action, created_at FROM actions WHERE table_id = ? AND seq >= ? ORDER BY seq",
    "deadlines": "SELECT seat, kind, due_at FROM deadlines WHERE table_id = ? ORDER BY seat, kind",
    "turns": "SELECT seat, user_id, since, due_at FROM table_seats WHERE table_id = ? ORDER BY seat",
    "results": f"SELECT {', '.join(RESULT_COLUMNS)}, finished_at FROM results WHERE table_id = ? ORDER BY seat",
    "ratings": "SELECT guild_id, game, player, mu, sigma, games, updated_at FROM ratings ORDER BY player",
}

Fetch = Callable[[str, tuple[Any, ...]], Any]


def _now() -> float:
    return NOW


@dataclass
class Bench:
    """The bot's database with its moves noted, and the floor beside it."""

    db: Database
    recorder: MoveRecorder
    floor: FloorLoop
    fetch_floor: Fetch


@asynccontextmanager
async def bench(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Bench]:
    target: StorageTarget
    if backend == "sqlite":
        target = SqliteTarget(tmp_path)
        db = await Database.open(tmp_path / "bot.sqlite3", clock=_now)
    else:
        server = request.getfixturevalue("postgres").url("postgres")
        target = PostgresTarget(server)
        db = await Database.open(await fresh_database(server, database_name("floor-rows-bot")), clock=_now)
    try:
        floor = await target.floor(db, "floor-rows")
        assert isinstance(floor, FloorLoop)
        floor.clock = _now
        try:
            yield Bench(db, MoveRecorder(db).install(), floor, _fetcher(floor))
        finally:
            await floor.close()
    finally:
        await db.close()


def _fetcher(floor: FloorLoop) -> Fetch:
    async def fetch(sql: str, parameters: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if isinstance(floor, SqliteFloor):
            return [tuple(row) for row in await floor.conn.execute_fetchall(sql, parameters)]
        assert isinstance(floor, PostgresFloor)
        return [tuple(row) for row in await floor.conn.fetch(numbered(sql), *parameters)]

    return fetch


async def bot_rows(db: Database, table_id: int, seq: int) -> dict[str, list[tuple[Any, ...]]]:
    """The rows of `ROWS` in the bot's database, through its own connection."""
    found = {}
    async with db._reading() as conn:
        for name, sql in ROWS.items():
            parameters = (table_id, seq) if name == "log" else () if name == "ratings" else (table_id,)
            rows: list[Any] = await conn.fetch(sql, parameters)
            found[name] = [tuple(row) for row in rows]
    return found


async def floor_rows(fetch: Fetch, table_id: int, seq: int) -> dict[str, list[tuple[Any, ...]]]:
    found = {}
    for name, sql in ROWS.items():
        parameters = (table_id, seq) if name == "log" else () if name == "ratings" else (table_id,)
        found[name] = await fetch(sql, parameters)
    return found


@pytest.fixture(autouse=True)
def one_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same deals every run (the service seeds each table with `secrets.randbits`): a random deal may end
    before the moves a test plays, or outlast them."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 20240917)


async def started(service: Tables) -> Table:
    """A started 3-player game of `GAME`, its clock at the server's default pace."""
    players = [Seat(7000 + n, f"Player{n}") for n in range(3)]
    table = await service.lobby.open_lobby(guild_id=5, channel_id=11, game=GAME, host=players[0], locale="en")
    for seat in players[1:]:
        await service.lobby.join(table.id, seat)
    return await service.lobby.start(table.id, players[0].user_id)


async def played(service: Tables, table: Table, moves: int, rng: random.Random) -> Table:
    """`table` after up to `moves` moves of legal actions (never leaving), or once it ended."""
    for _ in range(moves):
        if not table.record.is_open:
            break
        assert table.state is not None
        seat = table.to_act[0]
        legal = [
            index
            for index, action in enumerate(service.play.candidates(table, seat))
            if not isinstance(action, Withdraw) and table.engine.refusal(table.state, seat, action) is None
        ]
        token = table.engine.decision_token(table.state, seat)
        user_id = table.record.seats[seat].user_id
        outcome = await service.play.act(table.id, user_id, table.record.version, rng.choice(legal), token)
        table = outcome.table
    return table


async def replay(floor: FloorLoop, table_id: int, moves: list[Committed]) -> None:
    for move in moves:
        await floor.commit(table_id, move)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_the_floor_writes_the_rows_of_the_bots_moves(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    async with bench(backend, tmp_path, request) as b:
        service = Tables(b.db)
        rng = random.Random(3)
        table = await played(service, await started(service), RUNNING, rng)
        running = b.recorder.take()
        assert len(running) == RUNNING and table.record.is_open
        first = running[0].version
        [row] = await b.floor.open_rows(running[:1])  # the table's row as it was before its first move noted
        await replay(b.floor, row, running)

        ours = await floor_rows(b.fetch_floor, row, first)
        theirs = await bot_rows(b.db, table.id, first)
        assert ours == theirs
        assert len(ours["log"]) == RUNNING and ours["deadlines"] and len(ours["turns"]) == 3

        table = await played(service, table, 200, rng)
        ending = b.recorder.take()
        await b.recorder.complete(ending)
        assert not table.record.is_open and ending[-1].finished and ending[-1].ending is not None
        await replay(b.floor, row, ending)

        ours = await floor_rows(b.fetch_floor, row, first)
        theirs = await bot_rows(b.db, table.id, first)
        assert ours == theirs
        assert ours["game"][0][2] == "finished" and len(ours["log"]) == RUNNING + len(ending)
        assert len(ours["results"]) == 3 and len(ours["ratings"]) == 3  # every seat placed, every player rated
        assert not ours["deadlines"] and not ours["turns"]


@asynccontextmanager
async def counted_trips(floor: FloorLoop) -> AsyncIterator[list[int]]:
    """Counts the floor's trips while open: `[hand-overs to SQLite's thread | sends to PostgreSQL]`.

    On SQLite every call of aiosqlite, each of its public methods included, runs on the connection's thread through
    `Connection._execute`; on PostgreSQL every message asyncpg sends goes out through its transport's `write` or
    `writelines`, one send per trip (the answer is awaited before the next)."""
    count = [0]

    def counting(call: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            count[0] += 1
            return call(*args, **kwargs)

        return counted

    if isinstance(floor, SqliteFloor):
        conn: Any = floor.conn
        conn._execute = counting(conn._execute)
        try:
            yield count
        finally:
            del conn._execute
        return
    assert isinstance(floor, PostgresFloor)
    transport: Any = floor.conn._transport
    transport.write, transport.writelines = counting(transport.write), counting(transport.writelines)
    try:
        yield count
    finally:
        del transport.write, transport.writelines


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_the_floor_sends_each_move_in_one_trip(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    async with bench(backend, tmp_path, request) as b:
        service = Tables(b.db)
        await played(service, await started(service), 200, random.Random(3))
        moves = b.recorder.take()
        await b.recorder.complete(moves)
        assert moves[-1].ending is not None and all(move.write is not None for move in moves)
        # Once over (PostgreSQL prepares each statement text on its first use, in a trip of its own), then counted.
        warm, row = await b.floor.open_rows([moves[0], moves[0]])
        await replay(b.floor, warm, moves)
        traced: list[str] = []
        if isinstance(b.floor, SqliteFloor):
            await b.floor.conn.set_trace_callback(traced.append)
        trips = []
        async with counted_trips(b.floor) as count:
            for move in moves:
                count[0] = 0
                await b.floor.commit(row, move)
                trips.append(count[0])
        assert trips == [1] * len(moves)
        if isinstance(b.floor, SqliteFloor):  # what the one trip carried: whole transactions of several statements
            commits = [index for index, sql in enumerate(traced) if sql == "COMMIT"]
            assert len(commits) == len(moves) and traced.count("BEGIN IMMEDIATE") == len(moves)
            assert commits[0] >= 4  # BEGIN, the table row (its trigger the log), the clock's rows, COMMIT
        else:
            assert isinstance(b.floor, PostgresFloor) and not b.floor.conn.is_in_transaction()
        assert (await b.fetch_floor("SELECT COUNT(*) FROM actions WHERE table_id = ?", (row,)))[0][0] == len(moves)


async def test_a_replay_opens_each_game_a_row_of_its_own(tmp_path: Path) -> None:
    """`replay` commits the moves of each game on a fresh row, again and again, and times only the unsettled."""
    target = SqliteTarget(tmp_path)
    db = await Database.open(tmp_path / "bot.sqlite3")
    try:
        recorder = MoveRecorder(db).install()
        service = Tables(db)
        await played(service, await started(service), 5, random.Random(1))
        moves = recorder.take()
        recorder.remove()
        await played(service, await started_elsewhere(service), 1, random.Random(2))
        assert not recorder.moves  # removed: nothing noted
        floor = await target.floor(db, "replays")
    finally:
        await db.close()
    try:
        await floor.replay(moves, settle=2)
        await floor.replay(moves)
        assert isinstance(floor, SqliteFloor)
        [(games,)] = await floor.conn.execute_fetchall("SELECT COUNT(*) FROM tables")
        [(logged,)] = await floor.conn.execute_fetchall("SELECT COUNT(*) FROM actions")
    finally:
        await floor.close()
    result = floor.result()
    assert games == 2 and logged == 10
    assert result.commits == 8 and result.seconds > 0 and result.clock_rows > 0 and result.endings == 0


async def started_elsewhere(service: Tables) -> Table:
    players = [Seat(8000 + n, f"Other{n}") for n in range(2)]
    table = await service.lobby.open_lobby(guild_id=5, channel_id=12, game=GAME, host=players[0], locale="en")
    await service.lobby.join(table.id, players[1])
    return await service.lobby.start(table.id, players[0].user_id)
