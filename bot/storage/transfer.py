"""`cardroom migrate-db --from A --to B`: copy a whole database to an empty one, then check the copy.

Typically A is the SQLite file the bot has used so far and B a new PostgreSQL
database (the other way works the same). Both are opened as the bot opens them,
so both are at this code's schema version first. Then:

* the source is read in one read transaction: a consistent snapshot of every
  table (games in progress, their action logs, results, ratings, deadlines,
  turns, server and player settings, the applied migrations), taken while the
  bot may still be running (its moves after that moment are not in the copy:
  stop it before the copy you switch to);
* the target must hold no row (it is refused otherwise, untouched), and receives
  every row in one transaction, with the same ids; its next game id comes after them;
* then each table is read back from both sides and compared: the number of rows
  and a SHA-256 digest of the rows, in key order, computed the same way on both.

Values go over as the target's column types say (an integer column of SQLite
may hold 3.0; PostgreSQL's BIGINT takes 3): a value that does not fit is refused.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from bot.storage._driver import Connection, Dialect, Row
from bot.storage.database import Database
from bot.storage.errors import StorageError

# Every table of the schema, parents first, with the columns that order its rows.
TABLES: Final[dict[str, tuple[str, ...]]] = {
    "schema_migrations": ("version",),
    "tables": ("id",),
    "actions": ("table_id", "seq"),
    "results": ("table_id", "seat"),
    "deadlines": ("table_id", "seat", "kind"),
    "table_seats": ("table_id", "seat"),
    "guild_settings": ("guild_id",),
    "players": ("user_id",),
    "ratings": ("guild_id", "game", "player"),
    "card_emojis": ("name",),
    "premoves": ("table_id", "seat"),
    "leagues": ("id",),
    "league_players": ("league_id", "user_id"),
    "league_tables": ("league_id", "round", "slot"),
    "season_settings": ("guild_id", "game"),
    "seasons": ("guild_id", "game", "season"),
}
_BATCH: Final = 1000  # rows per INSERT statement group

Kind = Literal["int", "float", "text"]


@dataclass(frozen=True, slots=True)
class TableCheck:
    """One table on both sides after the copy: its rows and their digest."""

    table: str
    rows: int
    digest: str  # SHA-256 of the rows in key order, the same on both sides
    target_rows: int
    target_digest: str

    @property
    def same(self) -> bool:
        return (self.rows, self.digest) == (self.target_rows, self.target_digest)


@dataclass(frozen=True, slots=True)
class Transfer:
    schema_version: int
    tables: tuple[TableCheck, ...]

    @property
    def same(self) -> bool:
        return all(check.same for check in self.tables)

    @property
    def rows(self) -> int:
        return sum(check.rows for check in self.tables)


def _kind(declared: str) -> Kind:
    declared = declared.upper()
    if "INT" in declared:
        return "int"
    if any(word in declared for word in ("REAL", "DOUBLE", "FLOAT", "NUMERIC")):
        return "float"
    return "text"


def _as(kind: Kind, value: Any, where: str) -> Any:
    """`value` as the column's type; a value that would change on the way is refused."""
    if value is None or kind == "text":
        return value
    if kind == "float":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise StorageError(f"{where} holds {value!r}, not a number: nothing was copied")
        return float(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise StorageError(f"{where} holds {value!r}, not an integer: nothing was copied")
    return value


def _typed(columns: Sequence[tuple[str, Kind]], row: tuple[Any, ...], where: str) -> tuple[Any, ...]:
    return tuple(_as(kind, value, f"{where}.{name}") for (name, kind), value in zip(columns, row, strict=True))


def _canonical(value: Any) -> Any:
    """A value as the digest sees it: integers and text as they are, a real by its exact hex form."""
    if isinstance(value, float):
        return value.hex() if math.isfinite(value) else repr(value)
    return value


async def _columns(conn: Connection, dialect: Dialect, table: str) -> list[tuple[str, Kind]]:
    return [(str(row[0]), _kind(str(row[1]))) for row in await conn.fetch(dialect.columns, (table,))]


async def _rows(conn: Connection, table: str, columns: Sequence[tuple[str, Kind]], where: str) -> list[tuple[Any, ...]]:
    """Every row of `table`, each value as its column's type, in key order (sorted here: collations differ)."""
    names = [name for name, _ in columns]
    fetched: list[Row] = await conn.fetch(f"SELECT {', '.join(names)} FROM {table}")
    rows = [_typed(columns, tuple(row[index] for index in range(len(names))), f"{where} {table}") for row in fetched]
    key = [names.index(column) for column in TABLES[table]]
    return sorted(rows, key=lambda row: tuple(row[index] for index in key))


def _digest(rows: Sequence[tuple[Any, ...]]) -> str:
    digest = hashlib.sha256()
    for row in rows:
        digest.update(json.dumps([_canonical(value) for value in row], ensure_ascii=False).encode())
        digest.update(b"\n")
    return digest.hexdigest()


async def _read_all(db: Database, where: str) -> dict[str, tuple[list[tuple[str, Kind]], list[tuple[Any, ...]]]]:
    """Every table's columns and rows, from one snapshot."""
    found = {}
    async with db._driver.snapshot() as conn:
        for table in TABLES:
            columns = await _columns(conn, db._sql, table)
            found[table] = (columns, await _rows(conn, table, columns, where))
    return found


async def transfer(source: str | Path, target: str | Path) -> Transfer:
    """Copy the database at `source` into the empty one at `target`, then compare the two. See the module."""
    origin = await Database.open(source)
    try:
        copy = await Database.open(target)
        try:
            if origin.schema_version != copy.schema_version:  # both were just migrated by this code
                raise StorageError(f"schema versions differ: {origin.schema_version} and {copy.schema_version}")
            read = await _read_all(origin, "the source's")
            async with copy._driver.transaction() as conn:
                for table in TABLES:
                    if table == "schema_migrations":
                        continue
                    held = await conn.fetch(f"SELECT 1 FROM {table} LIMIT 1")
                    if held:
                        raise StorageError(
                            f"the target already holds data (table {table}): migrate-db copies into an empty"
                            " database only; nothing was copied"
                        )
                await conn.execute("DELETE FROM schema_migrations")  # the source's own history replaces it
                for table, (columns, rows) in read.items():
                    own = await _columns(conn, copy._sql, table)
                    if [name for name, _ in own] != [name for name, _ in columns]:
                        raise StorageError(f"table {table} has other columns in the target; nothing was copied")
                    names = ", ".join(name for name, _ in own)
                    marks = ", ".join("?" for _ in own)
                    sql = f"INSERT INTO {table} ({names}) VALUES ({marks})"
                    for start in range(0, len(rows), _BATCH):
                        await conn.executemany(
                            sql, [_typed(own, row, f"the source's {table}") for row in rows[start : start + _BATCH]]
                        )
                if copy._sql.next_ids is not None:
                    await conn.fetch(copy._sql.next_ids)
            written = await _read_all(copy, "the target's")
        finally:
            await copy.close()
    finally:
        await origin.close()
    checks = tuple(
        TableCheck(
            table=table,
            rows=len(rows),
            digest=_digest(rows),
            target_rows=len(written[table][1]),
            target_digest=_digest(written[table][1]),
        )
        for table, (_, rows) in read.items()
    )
    return Transfer(origin.schema_version, checks)
