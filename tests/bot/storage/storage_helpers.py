"""Builders shared by the storage tests (imported directly; fixtures live in conftest.py)."""

from __future__ import annotations

import contextlib
import itertools
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage import Database, ResultRow, Seat, TableRecord, is_postgres


class Clock:
    """A deterministic clock: every call is one second after the previous one."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._ticks = itertools.count()
        self.start = start
        self.now = start

    def __call__(self) -> float:
        self.now = self.start + next(self._ticks)
        return self.now


def seats(*names: str, first_id: int = 100) -> list[Seat]:
    return [Seat(user_id=first_id + i, name=name) for i, name in enumerate(names)]


async def new_lobby(
    db: Database,
    *,
    channel_id: int = 10,
    guild_id: int | None = 1,
    game: str = "pairs",
    host: Seat | None = None,
    locale: str = "en",
) -> TableRecord:
    return await db.tables.create_lobby(
        guild_id=guild_id,
        channel_id=channel_id,
        game=game,
        host=host or Seat(user_id=100, name="Ada"),
        options={"target": 5},
        seed=42,
        locale=locale,
    )


async def new_game(
    db: Database,
    people: Sequence[Seat] | None = None,
    *,
    channel_id: int = 10,
    guild_id: int | None = 1,
    game: str = "pairs",
) -> TableRecord:
    """An active game with `people` seated in order (default: Ada, Bob)."""
    people = list(people) if people is not None else seats("Ada", "Bob")
    lobby = await new_lobby(db, channel_id=channel_id, guild_id=guild_id, game=game, host=people[0])
    if len(people) > 1:
        lobby = await db.tables.update_lobby(lobby.id, lobby.version, seats=people)
    return await db.tables.start(lobby.id, lobby.version, state=json.dumps({"turn": 0}))


def results_for(record: TableRecord, outcome: Sequence[tuple[int, bool, int]]) -> list[ResultRow]:
    """`outcome[seat]` = (place, won, measure)."""
    return [
        ResultRow(seat=i, user_id=s.user_id, name=s.name, place=p, won=w, measure=m)
        for i, (s, (p, w, m)) in enumerate(zip(record.seats, outcome, strict=True))
    ]


async def finish_game(db: Database, record: TableRecord, outcome: Sequence[tuple[int, bool, int]]) -> TableRecord:
    return await finish_with(db, record, results_for(record, outcome))


async def finish_with(db: Database, record: TableRecord, result: list[ResultRow]) -> TableRecord:
    """End the game with one last move whose result rows are `result`."""
    return await db.tables.commit_action(
        record.id,
        record.version,
        seat=0,
        action=json.dumps({"kind": "last"}),
        state=json.dumps({"turn": "over"}),
        result=result,
    )


async def raw_rows(location: str | Path, sql: str) -> list[tuple[Any, ...]]:
    """The rows of `sql` read straight from the database at `location`, past `Database` (SQLite or PostgreSQL)."""
    if is_postgres(location):
        conn = await asyncpg.connect(str(location))
        try:
            return [tuple(row) for row in await conn.fetch(sql)]
        finally:
            await conn.close()
    with contextlib.closing(sqlite3.connect(location)) as conn:
        return [tuple(row) for row in conn.execute(sql)]


async def table_names(location: str | Path) -> set[str]:
    sql = (
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        if is_postgres(location)
        else "SELECT name FROM sqlite_master WHERE type = 'table'"
    )
    return {str(row[0]) for row in await raw_rows(location, sql)}


async def recorded_migrations(location: str | Path) -> list[int]:
    return [int(row[0]) for row in await raw_rows(location, "SELECT version FROM schema_migrations ORDER BY version")]
