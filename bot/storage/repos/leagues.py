"""Leagues: a server's competition over rounds of tables (`leagues`, `league_players`, `league_tables`).

A league's own row carries a version: every change of its status or round says which version it expects, so of
two processes handling the same round's end only the first applies (the other reads `StaleVersionError`). When a
league must next be handled (a round's end, or a table of the round that ended) is its `due_at`, claimed as a
deadline is (`claim`: the row moves to a lease while one process handles it).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from bot.storage._driver import Connection, Row
from bot.storage.errors import StorageError
from bot.storage.repos._base import Repository

LeagueFormat = Literal["swiss", "round_robin"]
LeagueStatus = Literal["open", "running", "finished", "cancelled"]
SeatingOutcome = Literal["pending", "played", "bye", "double_forfeit"]
FORMATS: Final[tuple[LeagueFormat, ...]] = ("swiss", "round_robin")


class LeagueChangedError(StorageError):
    """The league is no longer at the version (or in a status) the writer read: another writer changed it first."""


@dataclass(frozen=True, slots=True)
class League:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    standings_message_id: int | None
    game: str
    format: LeagueFormat
    rounds: int
    round_seconds: float
    pace: str
    table_size: int
    status: LeagueStatus
    round: int  # the round under way (0 before the start)
    round_ends_at: float | None
    organiser_id: int
    locale: str
    created_at: float
    due_at: float | None
    version: int

    @property
    def is_open(self) -> bool:
        """Still taking entrants."""
        return self.status == "open"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of a league; `left_at` once they left (no longer paired)."""

    user_id: int
    name: str
    joined_at: float
    left_at: float | None = None


@dataclass(frozen=True, slots=True)
class Seating:
    """One table of a round (or one bye): its players in seat order, the table opened for it and, once decided,
    its outcome and each player's points."""

    league_id: int
    round: int
    slot: int
    players: tuple[int, ...]
    table_id: int | None = None
    thread_id: int | None = None
    outcome: SeatingOutcome = "pending"
    points: Mapping[int, float] | None = None

    @property
    def is_bye(self) -> bool:
        return self.outcome == "bye"


_LEAGUE_COLUMNS = (
    "guild_id, channel_id, game, format, rounds, round_seconds, pace, table_size, status, organiser_id, locale,"
    " created_at"
)


class LeagueRepository(Repository):
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        format: LeagueFormat,
        rounds: int,
        round_seconds: float,
        pace: str,
        table_size: int,
        organiser_id: int,
        locale: str,
        now: float,
    ) -> League:
        """A new league taking entrants (its organiser plays only if they join)."""
        async with self._transaction() as tx:
            rows = await tx.conn.fetch(
                f"INSERT INTO leagues ({_LEAGUE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?) RETURNING *",
                (
                    guild_id,
                    channel_id,
                    game,
                    format,
                    rounds,
                    round_seconds,
                    pace,
                    table_size,
                    organiser_id,
                    locale,
                    now,
                ),
            )
        return _league(rows[0])

    async def get(self, league_id: int) -> League | None:
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM leagues WHERE id = ?", (league_id,))
        return _league(rows[0]) if rows else None

    async def of_guild(self, guild_id: int, *, ongoing: bool = True) -> list[League]:
        """The server's leagues, newest first (`ongoing`: those open or running only)."""
        where = " AND status IN ('open', 'running')" if ongoing else ""
        async with self._reading() as conn:
            rows = await conn.fetch(f"SELECT * FROM leagues WHERE guild_id = ?{where} ORDER BY id DESC", (guild_id,))
        return [_league(row) for row in rows]

    async def running(self) -> list[League]:
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM leagues WHERE status = 'running' ORDER BY id")
        return [_league(row) for row in rows]

    async def entrants(self, league_id: int) -> list[Entrant]:
        """The league's players in the order they joined (those who left included)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT * FROM league_players WHERE league_id = ? ORDER BY joined_at, user_id", (league_id,)
            )
        return [Entrant(row["user_id"], row["name"], row["joined_at"], row["left_at"]) for row in rows]

    async def join(self, league: League, entrant: Entrant) -> bool:
        """Enter `entrant` into the open league; False when they already were."""
        async with self._transaction() as tx:
            await _expect(tx.conn, league, ("open",))
            return await _enter(tx.conn, league.id, entrant)

    async def withdraw(self, league: League, user_id: int) -> bool:
        """Take the player out of the open league; False when they were not in it."""
        async with self._transaction() as tx:
            await _expect(tx.conn, league, ("open",))
            changed = await tx.conn.execute(
                "DELETE FROM league_players WHERE league_id = ? AND user_id = ?", (league.id, user_id)
            )
        return changed > 0

    async def leave(self, league_id: int, user_id: int, now: float) -> bool:
        """The player leaves the running league (paired no more); False when they were not in it or had left."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute(
                "UPDATE league_players SET left_at = ? WHERE league_id = ? AND user_id = ? AND left_at IS NULL",
                (now, league_id, user_id),
            )
        return changed > 0

    async def set_message(self, league_id: int, *, message_id: int | None = None, standings: int | None = None) -> None:
        """Remember the league's message or its standings message (outside any version: no rule reads them)."""
        async with self._transaction() as tx:
            if message_id is not None:
                await tx.conn.execute("UPDATE leagues SET message_id = ? WHERE id = ?", (message_id, league_id))
            if standings is not None:
                await tx.conn.execute(
                    "UPDATE leagues SET standings_message_id = ? WHERE id = ?", (standings, league_id)
                )

    async def begin_round(
        self,
        league: League,
        round: int,
        seatings: Sequence[Seating],
        ends_at: float,
        *,
        rounds: int | None = None,
        from_status: LeagueStatus = "running",
    ) -> League:
        """Round `round` begins: its seatings stored, the league running until `ends_at` (due then). `rounds` sets
        the league's number of rounds (a round-robin's schedule decides it at the start)."""
        async with self._transaction() as tx:
            await _expect(tx.conn, league, (from_status,))
            rows = await tx.conn.fetch(
                "UPDATE leagues SET status = 'running', round = ?, round_ends_at = ?, due_at = ?,"
                " rounds = ?, version = version + 1 WHERE id = ? RETURNING *",
                (round, ends_at, ends_at, league.rounds if rounds is None else rounds, league.id),
            )
            await tx.conn.executemany(
                "INSERT INTO league_tables (league_id, round, slot, players, outcome, points)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (league.id, round, s.slot, json.dumps(s.players), s.outcome, _dump_points(s.points))
                    for s in seatings
                ],
            )
        return _league(rows[0])

    async def end(self, league: League, status: LeagueStatus) -> League:
        """The league is over: `finished` (its last round ended) or `cancelled`."""
        async with self._transaction() as tx:
            await _expect(tx.conn, league, ("open", "running"))
            rows = await tx.conn.fetch(
                "UPDATE leagues SET status = ?, due_at = NULL, version = version + 1 WHERE id = ? RETURNING *",
                (status, league.id),
            )
        return _league(rows[0])

    async def seatings(self, league_id: int, round: int | None = None) -> list[Seating]:
        """The seatings of one round (None: of every round), by round and slot."""
        where, params = ("AND round = ?", (league_id, round)) if round is not None else ("", (league_id,))
        async with self._reading() as conn:
            rows = await conn.fetch(
                f"SELECT * FROM league_tables WHERE league_id = ? {where} ORDER BY round, slot", params
            )
        return [_seating(row) for row in rows]

    async def by_table(self, table_id: int) -> Seating | None:
        """The league seating a table was opened for; None for a table of no league."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM league_tables WHERE table_id = ?", (table_id,))
        return _seating(rows[0]) if rows else None

    async def set_thread(self, seating: Seating, thread_id: int) -> None:
        async with self._transaction() as tx:
            await tx.conn.execute(
                "UPDATE league_tables SET thread_id = ? WHERE league_id = ? AND round = ? AND slot = ?",
                (thread_id, seating.league_id, seating.round, seating.slot),
            )

    async def set_table(self, seating: Seating, table_id: int) -> None:
        async with self._transaction() as tx:
            await tx.conn.execute(
                "UPDATE league_tables SET table_id = ? WHERE league_id = ? AND round = ? AND slot = ?",
                (table_id, seating.league_id, seating.round, seating.slot),
            )

    async def decide(self, seating: Seating, outcome: SeatingOutcome, points: Mapping[int, float]) -> bool:
        """Record a pending seating's outcome and points; False when it was decided already (by another process)."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute(
                "UPDATE league_tables SET outcome = ?, points = ?"
                " WHERE league_id = ? AND round = ? AND slot = ? AND outcome = 'pending'",
                (outcome, _dump_points(points), seating.league_id, seating.round, seating.slot),
            )
        return changed > 0

    # ----- when a league is next due ------------------------------------------------------------------------
    async def due_by(self, league_id: int, due_at: float) -> None:
        """The league must be handled at `due_at` at the latest (an earlier time already set stays)."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "UPDATE leagues SET due_at = ? WHERE id = ? AND status = 'running' AND (due_at IS NULL OR due_at > ?)",
                (due_at, league_id, due_at),
            )

    async def claim(self, league_id: int, due_at: float, until: float) -> bool:
        """Hold the league's due handling (`due_at`, as read) until `until`; False when another process has it."""
        async with self._transaction() as tx:
            changed = await tx.conn.execute(
                "UPDATE leagues SET due_at = ? WHERE id = ? AND due_at = ?", (until, league_id, due_at)
            )
        return changed > 0

    async def set_due(self, league_id: int, due_at: float | None) -> None:
        """The league is next due at `due_at` (None: nothing, it is over)."""
        async with self._transaction() as tx:
            await tx.conn.execute("UPDATE leagues SET due_at = ? WHERE id = ?", (due_at, league_id))

    async def due(self, now: float, limit: int = 100) -> list[League]:
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT * FROM leagues WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at LIMIT ?", (now, limit)
            )
        return [_league(row) for row in rows]

    async def next_due(self) -> float | None:
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT MIN(due_at) FROM leagues WHERE due_at IS NOT NULL")
        value = rows[0][0] if rows else None
        return None if value is None else float(value)


async def _expect(conn: Connection, league: League, statuses: Sequence[LeagueStatus]) -> None:
    """The league still is at the version (and in a status) the caller read, locked for this transaction."""
    marks = ", ".join("?" for _ in statuses)
    rows = await conn.fetch(
        f"UPDATE leagues SET version = version WHERE id = ? AND version = ? AND status IN ({marks}) RETURNING id",
        (league.id, league.version, *statuses),
    )
    if not rows:
        raise LeagueChangedError(f"league {league.id} changed since version {league.version}")


async def _enter(conn: Connection, league_id: int, entrant: Entrant) -> bool:
    changed = await conn.execute(
        "INSERT INTO league_players (league_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (league_id, user_id) DO NOTHING",
        (league_id, entrant.user_id, entrant.name, entrant.joined_at),
    )
    return changed > 0


def _league(row: Row) -> League:
    return League(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        standings_message_id=row["standings_message_id"],
        game=row["game"],
        format=row["format"],
        rounds=row["rounds"],
        round_seconds=row["round_seconds"],
        pace=row["pace"],
        table_size=row["table_size"],
        status=row["status"],
        round=row["round"],
        round_ends_at=row["round_ends_at"],
        organiser_id=row["organiser_id"],
        locale=row["locale"],
        created_at=row["created_at"],
        due_at=row["due_at"],
        version=row["version"],
    )


def _seating(row: Row) -> Seating:
    points = None if row["points"] is None else {int(key): value for key, value in json.loads(row["points"]).items()}
    return Seating(
        league_id=row["league_id"],
        round=row["round"],
        slot=row["slot"],
        players=tuple(json.loads(row["players"])),
        table_id=row["table_id"],
        thread_id=row["thread_id"],
        outcome=row["outcome"],
        points=points,
    )


def _dump_points(points: Mapping[int, float] | None) -> str | None:
    return None if points is None else json.dumps({str(user): value for user, value in points.items()})
