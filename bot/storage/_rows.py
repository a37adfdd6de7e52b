"""What every repository shares: a table row read back as a `TableRecord`, its JSON columns, the open transaction.

A row's JSON columns other than its state and clock change seldom (a table's options and seats are the same on
every move): each text is parsed once and copied out of a cache, which spares a third of reading a row back.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from bot.storage._driver import Connection, Row
from bot.storage.records import Seat, TableRecord

INT64 = range(-(2**63), 2**63)


@dataclass(frozen=True, slots=True)
class Tx:
    """An open write transaction: its connection and its one timestamp."""

    conn: Connection
    now: float


def dump_options(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


def dump_seats(seats: Sequence[Seat]) -> str:
    user_ids = [seat.user_id for seat in seats if seat.user_id >= 0]  # computer levels (negative) may sit twice
    if len(set(user_ids)) != len(user_ids):
        raise ValueError("a user can hold only one seat")
    return json.dumps([{"user_id": s.user_id, "name": s.name} for s in seats], separators=(",", ":"))


_PARSED_TEXTS: Final = 4096


@lru_cache(maxsize=_PARSED_TEXTS)
def _options(text: str) -> dict[str, Any]:
    options: dict[str, Any] = json.loads(text)
    return options


@lru_cache(maxsize=_PARSED_TEXTS)
def _seats(text: str) -> tuple[Seat, ...]:
    return tuple(Seat(user_id=int(s["user_id"]), name=str(s["name"])) for s in json.loads(text))


@lru_cache(maxsize=_PARSED_TEXTS)
def _notified(text: str) -> dict[int, int]:
    return {int(seat): int(turn) for seat, turn in json.loads(text).items()}


def row_record(row: Row) -> TableRecord:
    """The record of one `games` row. Its options, seats and notified are containers of its own, filled from texts
    parsed once (a value inside them, such as an option's list, is shared with the other rows of the same text)."""
    return TableRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        status=row["status"],
        host_id=row["host_id"],
        options=dict(_options(row["options"])),
        seats=list(_seats(row["seats"])),
        seed=row["seed"],
        state=row["state"],
        version=row["version"],
        table_message_id=row["table_message_id"],
        locale=row["locale"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        ended_at=row["ended_at"],
        ended_by=row["ended_by"],
        shown_version=row["shown_version"],
        ping_message_id=row["ping_message_id"],
        clock=row["clock"],
        notified=dict(_notified(row["notified"])),
        salt=row["salt"],
    )
