"""Tables: the rows of lobbies, running and finished tables (their state, version, seats, options, clock) and their
action log.

Every change of a table row is `UPDATE tables ... WHERE id = ? AND version = ? AND status = ?` (`_update`), and an
accepted action writes its state, version, log row, clock deadlines and turns, and results and ratings when it ends
the game, in one transaction (`commit_action`; a plain move goes through the group commit, `bot.storage._moves`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from bot import ratings
from bot.storage._driver import Connection
from bot.storage._moves import Move, clock_statements
from bot.storage._rows import INT64, Tx, dump_options, dump_seats, row_record
from bot.storage.errors import ChannelBusyError, DeadlineGoneError, StaleVersionError, StorageError, TableNotFoundError
from bot.storage.records import (
    OPEN_STATUSES,
    TABLE_SEAT,
    ClockWrite,
    Deadline,
    RepairRow,
    ResultRow,
    Seat,
    Status,
    TableRecord,
)
from bot.storage.repos._base import Repository
from bot.storage.repos.deadlines import take_row
from bot.storage.repos.players import AwaySpent, PlayerRepository


class TableRepository(Repository):
    async def _fetch(self, conn: Connection, table_id: int, *, lock: bool = False) -> TableRecord | None:
        """The game's row; `lock`: held until the transaction ends (PostgreSQL; SQLite's writer holds everything)."""
        rows = await conn.fetch(f"SELECT * FROM tables WHERE id = ?{self._sql.lock_row if lock else ''}", (table_id,))
        return row_record(rows[0]) if rows else None

    async def _update(
        self,
        tx: Tx,
        table_id: int,
        expected_version: int,
        statuses: Iterable[Status],
        assignments: dict[str, Any],
        *,
        seat: int | None = None,
    ) -> TableRecord:
        """The optimistic write: bump the version of a row still at `expected_version` in `statuses`."""
        wanted = tuple(statuses)
        columns = "".join(f"{column} = ?, " for column in assignments)
        marks = ", ".join("?" for _ in wanted)
        rows = await tx.conn.fetch(
            f"UPDATE tables SET {columns}version = version + 1, updated_at = ?"
            f" WHERE id = ? AND version = ? AND status IN ({marks}) RETURNING *",
            (*assignments.values(), tx.now, table_id, expected_version, *wanted),
        )
        if rows:
            record = row_record(rows[0])
            if seat is not None and seat >= len(record.seats):
                raise ValueError(f"seat {seat} is not at this table")  # rolls the transaction back
            return record
        current = await self._fetch(tx.conn, table_id)
        if current is None:
            raise TableNotFoundError(table_id)
        raise StaleVersionError(current, expected_version)

    @staticmethod
    async def write_clock(conn: Connection, table_id: int, write: ClockWrite) -> None:
        """The deadlines and turns of a clock change (the clock itself is set by the game's UPDATE).

        Deadlines that did not change keep their rows, so one that already fired
        (a reminder) is not written again.
        """
        for sql, rows in clock_statements(table_id, write):
            await conn.executemany(sql, rows)

    @staticmethod
    async def _forget_ended(conn: Connection, table_id: int) -> None:
        """A game that ended has nothing left to fire and nobody left to wait for."""
        await conn.execute("DELETE FROM deadlines WHERE table_id = ?", (table_id,))
        await conn.execute("DELETE FROM table_seats WHERE table_id = ?", (table_id,))

    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host: Seat,
        options: dict[str, Any],
        seed: int,
        locale: str,
        expires_at: float | None = None,
        clock: str | None = None,
        seats: Sequence[Seat] | None = None,
        salt: str | None = None,
    ) -> TableRecord:
        """A new lobby (version 0) closing itself at `expires_at` unless started by then.

        Its seats are `seats` (a rematch: the same players in the same order, `host` among them),
        else `host` alone in seat 0. Raises `ChannelBusyError` carrying the open game if the channel
        already has a lobby or an active game (refused by the partial unique index).
        """
        if seed not in INT64:
            raise ValueError("seed must fit in a signed 64-bit integer (e.g. secrets.randbits(63))")
        seated = list(seats) if seats is not None else [host]
        if host.user_id not in {seat.user_id for seat in seated}:
            raise ValueError("the host must have a seat in the lobby")
        async with self._transaction() as tx:
            # The partial unique index refuses a second open game in the channel: that refusal (and only
            # that one) inserts nothing instead of failing, so the transaction can still read who holds it.
            rows = await tx.conn.fetch(
                "INSERT INTO tables (guild_id, channel_id, game, status, host_id, options, seats, seed,"
                " state, version, locale, created_at, updated_at, clock, salt)"
                " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, NULL, 0, ?, ?, ?, ?, ?)"
                " ON CONFLICT (channel_id) WHERE status IN ('lobby', 'active') DO NOTHING RETURNING *",
                (
                    guild_id,
                    channel_id,
                    game,
                    host.user_id,
                    dump_options(options),
                    dump_seats(seated),
                    seed,
                    locale,
                    tx.now,
                    tx.now,
                    clock,
                    salt,
                ),
            )
            if not rows:
                existing = await self._open_in_channel(tx.conn, channel_id)
                if existing is None:  # PostgreSQL: it closed between the refusal and this read
                    raise StorageError(f"channel {channel_id} was busy a moment ago; try again")
                raise ChannelBusyError(existing)
            record = row_record(rows[0])
            if expires_at is not None:
                await tx.conn.execute(
                    "INSERT INTO deadlines (table_id, seat, kind, due_at) VALUES (?, ?, 'lobby', ?)",
                    (record.id, TABLE_SEAT, expires_at),
                )
            return record

    async def update_lobby(
        self,
        table_id: int,
        expected_version: int,
        *,
        seats: list[Seat] | None = None,
        options: dict[str, Any] | None = None,
        clock: str | None = None,
        locale: str | None = None,
    ) -> TableRecord:
        """Change a lobby's seats, options, clock and/or language (`locale`, of its channel messages);
        `StaleVersionError` unless still a lobby at that version."""
        changes: dict[str, Any] = {}
        if clock is not None:
            changes["clock"] = clock
        if locale is not None:
            changes["locale"] = locale
        if seats is not None:
            changes["seats"] = dump_seats(seats)
        if options is not None:
            changes["options"] = dump_options(options)
        if not changes:
            raise ValueError("update_lobby needs seats, options, a clock or a locale")
        async with self._transaction() as tx:
            return await self._update(tx, table_id, expected_version, ("lobby",), changes)

    async def discard_lobby(self, table_id: int, expected_version: int) -> None:
        """Delete a lobby still at `expected_version` (an undo: nobody saw it); `StaleVersionError` otherwise."""
        async with self._transaction() as tx:
            await tx.conn.execute(
                "DELETE FROM deadlines WHERE table_id = (SELECT id FROM tables WHERE id = ? AND version = ?"
                " AND status = 'lobby')",
                (table_id, expected_version),
            )
            changed = await tx.conn.execute(
                "DELETE FROM tables WHERE id = ? AND version = ? AND status = 'lobby'", (table_id, expected_version)
            )
            if changed == 0:
                current = await self._fetch(tx.conn, table_id)
                if current is None:
                    raise TableNotFoundError(table_id)
                raise StaleVersionError(current, expected_version)

    async def set_table_message(self, table_id: int, message_id: int) -> None:
        """Remember the table's channel message. Not a game change: the version stays.

        Committed light (`Database._light`): a table is posted anew when its message was deleted, or at a new turn
        once it is over an hour old (Discord limits edits of older messages), which in a game played across the
        day can follow any move, and a move is one durable commit. What it guards: which message the restart edits.
        Lost at an OS or server crash (a crash of the bot's process loses nothing), the restart edits the table's
        previous message, which shows the table again; the message posted meanwhile stays as it was, its buttons
        still answered by their ids.
        """

        async def write(tx: Tx) -> None:
            changed = await tx.conn.execute(
                "UPDATE tables SET table_message_id = ? WHERE id = ?", (message_id, table_id)
            )
            if changed == 0:
                raise TableNotFoundError(table_id)

        await self._db._light(write)

    async def set_shown_version(self, table_id: int, version: int, *, durable: bool = False) -> None:
        """The table's channel message now shows `version` (it never goes back). Not a game change.

        Committed light (`Database._light`: no sync of its own) unless `durable`. What it guards: at a restart,
        whether the table is edited again and, for an ended game, whether its end is announced
        (`tables_to_repair`, the refresher's `news`). An open table is repaired and edited at every restart
        whatever this says, so a version lost at an OS crash costs nothing there: its write is light. For a game
        that ended, a lost one would announce its end once more (with its mentions) after an OS or server crash:
        the service writes that one durable, once per game (`TableStore.shown`).
        """

        async def write(tx: Tx) -> None:
            changed = await tx.conn.execute(
                f"UPDATE tables SET {_SHOWN.removeprefix(', ')} WHERE id = ?", (*_shown_params(version), table_id)
            )
            if changed == 0:
                raise TableNotFoundError(table_id)

        if durable:
            await self._db._in_transaction(write)
        else:
            await self._db._light(write)

    async def set_ping(self, table_id: int, message_id: int | None, *, shown: int | None = None) -> None:
        """The message that now tells the table's players it is their turn (None: there is none; `POSTING`, 0:
        one is being posted whose id is not known yet). Not a game change. Committed light, as `set_bell`."""
        await self.set_bell(table_id, message_id, shown=shown)

    async def set_notified(self, table_id: int, notified: dict[int, int], *, shown: int | None = None) -> None:
        """The decision (version) each seat was last told about. Not a game change. Committed light, as
        `set_bell`; `shown`, as there."""
        told = _told(notified)

        async def write(tx: Tx) -> None:
            changed = await tx.conn.execute(
                f"UPDATE tables SET notified = ?{_SHOWN if shown is not None else ''} WHERE id = ?",
                (told, *_shown_params(shown), table_id),
            )
            if changed == 0:
                raise TableNotFoundError(table_id)

        await self._db._light(write)

    async def set_bell(
        self, table_id: int, message_id: int | None, notified: dict[int, int] | None = None, *, shown: int | None = None
    ) -> None:
        """The table's turn notification in one write: the message that now stands (`set_ping`) and, when given,
        the decision (version) each seat was last told about (`set_notified`). Not a game change. `shown`: the
        version the table's message now shows, carried by the same write (`set_shown_version`, light as here).

        Committed light (`Database._light`: no sync of its own): it survives a crash of the bot's process, and
        only an OS or server crash before the next durable commit can lose it (with every light write after it,
        never one before: the WAL keeps a prefix). What a loss costs: the decisions are no longer recorded as
        told, so after the restart the players due are told once more by a new bell; the bell whose id was lost
        (or the `POSTING` mark written before it went) is found among the channel's recent messages and deleted,
        since a table whose players were not all told when the last run stopped has its bells looked for
        (`TableRefresher._adopt_ping`). A turn announced twice after a power loss; never one left untold.
        """
        told = None if notified is None else _told(notified)
        also = _SHOWN if shown is not None else ""

        async def write(tx: Tx) -> None:
            if told is None:
                changed = await tx.conn.execute(
                    f"UPDATE tables SET ping_message_id = ?{also} WHERE id = ?",
                    (message_id, *_shown_params(shown), table_id),
                )
            else:
                changed = await tx.conn.execute(
                    f"UPDATE tables SET ping_message_id = ?, notified = ?{also} WHERE id = ?",
                    (message_id, told, *_shown_params(shown), table_id),
                )
            if changed == 0:
                raise TableNotFoundError(table_id)

        await self._db._light(write)

    async def close_expired_lobby(
        self, table_id: int, now: float, *, deadline: Deadline | None = None
    ) -> TableRecord | None:
        """Fire a lobby's expiry: one transaction deletes the deadline and closes the lobby if still one.

        The expiry is the lobby's deadline row if due at `now`, or exactly `deadline`
        (one `db.deadlines.claim` took: its row is held past `now` by the lease).
        Returns the closed game, or None when there was nothing to close (the
        deadline already fired, or the lobby started or was cancelled since).
        A closed lobby is `aborted` with no `ended_by`: nobody closed it.
        """
        async with self._transaction() as tx:
            if deadline is not None:
                if deadline.table_id != table_id or deadline.kind != "lobby":
                    raise ValueError(f"{deadline} is not the expiry of lobby {table_id}")
                changed = int(await take_row(tx.conn, deadline))
            else:
                changed = await tx.conn.execute(
                    "DELETE FROM deadlines WHERE table_id = ? AND seat = ? AND kind = 'lobby' AND due_at <= ?",
                    (table_id, TABLE_SEAT, now),
                )
            if changed == 0:
                return None
            current = await self._fetch(tx.conn, table_id, lock=True)
            if current is None or current.status != "lobby":
                return None
            return await self._update(
                tx, table_id, current.version, ("lobby",), {"status": "aborted", "ended_at": tx.now, "ended_by": None}
            )

    async def start(
        self, table_id: int, expected_version: int, *, state: str, clock: ClockWrite | None = None
    ) -> TableRecord:
        """Lobby -> active with the engine's initial `state`, and its clock (its lobby expiry is dropped)."""
        async with self._transaction() as tx:
            changes: dict[str, Any] = {"status": "active", "state": state}
            if clock is not None:
                changes["clock"] = clock.clock
            record = await self._update(tx, table_id, expected_version, ("lobby",), changes)
            await tx.conn.execute("DELETE FROM deadlines WHERE table_id = ?", (table_id,))
            if clock is not None:
                await self.write_clock(tx.conn, table_id, clock)
            return record

    async def commit_action(
        self,
        table_id: int,
        expected_version: int,
        *,
        seat: int,
        action: str,
        state: str,
        result: list[ResultRow] | None = None,
        clock: ClockWrite | None = None,
        consume: Deadline | None = None,
        meanwhile: Callable[[], None] | None = None,
    ) -> TableRecord:
        """Record one accepted action, atomically.

        In one transaction: the new `state` and version (+1), the action
        appended to the log with `seq` = the new version, the table's `clock`
        with its deadlines and turns, and, when `result` is given, status
        finished plus one results row per seat. Raises `StaleVersionError`
        (nothing written) unless the game is active at `expected_version`.
        A move the clock makes `consume`s its deadline: if that row is gone (a
        player's move got there first), `DeadlineGoneError` and nothing is written.

        `meanwhile` is called on the event loop, at most once, while the commit
        is in flight: SQLite syncs the transaction to disk on its own thread, and
        PostgreSQL works on the statement in its own process, both without the
        event loop, which can draw the answer meanwhile. It may be called and
        the commit still fail (what it drew is then thrown away), or never be
        called (a move that consumes a deadline).
        """
        if seat < 0:
            raise ValueError(f"seat {seat} is not at this table")
        if result is None and consume is None:
            done: asyncio.Future[TableRecord] = asyncio.get_running_loop().create_future()
            return await self._db._moves.commit(
                Move(table_id, expected_version, seat, action, state, clock, done, meanwhile)
            )

        rated: list[ratings.Change] = []

        async def finishing(tx: Tx) -> TableRecord:  # a game's end, or a move the clock or a computer makes
            written = clock
            changes: dict[str, Any] = {"state": state, "last_seat": seat, "last_action": action}
            if written is not None:
                changes["clock"] = written.clock
            if result is not None:
                changes.update(status="finished", ended_at=tx.now)
            # The game's row first, then its deadline: every write locks in that order (no deadlock in PostgreSQL).
            record = await self._update(tx, table_id, expected_version, ("active",), changes, seat=seat)
            if consume is not None and not await take_row(tx.conn, consume):
                raise DeadlineGoneError(consume)  # rolls the move back
            if result is not None:
                rated[:] = await self._db.ratings.insert_results(tx, record, result)
                await self._forget_ended(tx.conn, table_id)
            elif written is not None:
                if consume is not None:  # its row is gone: the new clock may hold the same deadline again
                    kept = {key: due for key, due in written.previous.items() if key != (consume.seat, consume.kind)}
                    written = replace(written, previous=kept)
                await self.write_clock(tx.conn, table_id, written)
            return record

        record = await self._db._in_transaction(finishing, meanwhile if consume is None else None)
        if result is not None:
            self._db.ratings.noted(table_id, rated)
        return record

    async def update_clock(
        self, table_id: int, expected_version: int, clock: ClockWrite, *, away_spent: AwaySpent | None = None
    ) -> TableRecord:
        """A running table's clock changes with no move (pause, resume, a player away): version +1.

        `away_spent`: the away allowance the clock spent instead of a timeout, counted in the same transaction."""
        async with self._transaction() as tx:
            record = await self._update(tx, table_id, expected_version, ("active",), {"clock": clock.clock})
            await self.write_clock(tx.conn, table_id, clock)
            if away_spent is not None:
                await PlayerRepository.spend_away(tx.conn, *away_spent)
            return record

    async def abort(
        self,
        table_id: int,
        *,
        by_user_id: int,
        result: list[ResultRow] | None = None,
        expected_version: int | None = None,
    ) -> TableRecord:
        """Lobby/active -> aborted (version +1), remembering who aborted it.

        `result` (active games only) stores standings, e.g. for a forfeit; an
        aborted game never counts in the leaderboard. Raises `StaleVersionError`
        if the game already ended, or is not at `expected_version` when given.
        """
        async with self._transaction() as tx:
            current = await self._fetch(tx.conn, table_id, lock=True)
            if current is None:
                raise TableNotFoundError(table_id)
            if not current.is_open or expected_version not in (None, current.version):
                raise StaleVersionError(current, expected_version)
            if result is not None and current.status != "active":
                raise ValueError("only a started game can be aborted with results")
            record = await self._update(
                tx,
                table_id,
                current.version,
                OPEN_STATUSES,
                {"status": "aborted", "ended_at": tx.now, "ended_by": by_user_id},
            )
            if result is not None:
                await self._db.ratings.insert_results(tx, record, result)
            await self._forget_ended(tx.conn, table_id)
            return record

    async def get(self, table_id: int) -> TableRecord:
        """The game with this id; `TableNotFoundError` if there is none (an id outside the column's range too)."""
        if table_id not in INT64:
            raise TableNotFoundError(table_id)
        async with self._reading() as conn:
            record = await self._fetch(conn, table_id)
        if record is None:
            raise TableNotFoundError(table_id)
        return record

    async def _open_in_channel(self, conn: Connection, channel_id: int) -> TableRecord | None:
        rows = await conn.fetch(
            "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return row_record(rows[0]) if rows else None

    async def active_in_channel(self, channel_id: int) -> TableRecord | None:
        """The channel's lobby or active game, if any (there is at most one)."""
        async with self._reading() as conn:
            return await self._open_in_channel(conn, channel_id)

    async def latest_played_in_channel(self, channel_id: int) -> TableRecord | None:
        """The channel's most recent game that was started (running, finished or aborted after its start)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT * FROM tables WHERE channel_id = ? AND state IS NOT NULL ORDER BY id DESC LIMIT 1",
                (channel_id,),
            )
            return row_record(rows[0]) if rows else None

    async def active_tables(self) -> list[TableRecord]:
        """Every lobby and active game, oldest first: what to resume at start-up."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM tables WHERE status IN ('lobby', 'active') ORDER BY id")
            return [row_record(row) for row in rows]

    async def open_tables(self, guild_id: int, limit: int = 100) -> list[TableRecord]:
        """A server's lobbies and running games, oldest first (index `tables_open_guild`)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT * FROM tables WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id LIMIT ?",
                (guild_id, limit),
            )
            return [row_record(row) for row in rows]

    async def count_open(self) -> int:
        """Lobbies and running tables (metrics; the partial index `tables_open_channel` holds exactly them)."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT COUNT(*) FROM tables WHERE status IN ('lobby', 'active')")
        return int(rows[0][0])

    async def pinged_tables(self) -> list[TableRecord]:
        """Games with a turn notification posted in their channel, whatever their status (start-up tidying)."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT * FROM tables WHERE ping_message_id IS NOT NULL ORDER BY id")
            return [row_record(row) for row in rows]

    async def behind_tables(self, *, ended_since: float) -> list[TableRecord]:
        """Games whose table message is behind their row: open ones, and those that ended since `ended_since`."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT * FROM tables WHERE shown_version < version AND table_message_id IS NOT NULL"
                " AND (status IN ('lobby', 'active') OR ended_at >= ?) ORDER BY id",
                (ended_since,),
            )
            return [row_record(row) for row in rows]

    async def tables_to_repair(self, *, ended_since: float) -> list[RepairRow]:
        """What a restart brings up to date, most recently changed first: open games, games whose table message is
        behind their row and that ended since `ended_since`, and games whose turn notification is still posted."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT id, guild_id, channel_id, game, status, updated_at, ping_message_id FROM tables"
                " WHERE status IN ('lobby', 'active') OR ping_message_id IS NOT NULL"
                " OR (shown_version < version AND table_message_id IS NOT NULL AND ended_at >= ?)"
                " ORDER BY updated_at DESC, id DESC",
                (ended_since,),
            )
            return [RepairRow(row[0], row[1], row[2], row[3], row[4], row[5], row[6]) for row in rows]

    async def actions(self, table_id: int) -> list[tuple[int, int, str]]:
        """The game's action log as (seq, seat, action JSON), in order."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT seq, seat, action FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
            )
            return [(int(row[0]), int(row[1]), str(row[2])) for row in rows]


def _told(notified: dict[int, int]) -> str:
    """`tables.notified` as stored: each seat's decision last told, by seat."""
    return json.dumps({str(seat): turn for seat, turn in sorted(notified.items())}, separators=(",", ":"))


# The version a table's message shows, set in an UPDATE of its row: it never goes back (`set_shown_version`).
_SHOWN = ", shown_version = CASE WHEN shown_version < ? THEN ? ELSE shown_version END"


def _shown_params(shown: int | None) -> tuple[int, ...]:
    """The parameters of `_SHOWN` (none when no version is carried)."""
    return () if shown is None else (shown, shown)
