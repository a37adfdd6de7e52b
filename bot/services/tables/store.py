"""The table store: what every use case of a table shares.

Every accepted action is one database transaction guarded by an optimistic
version check, under a per-table lock in this process (`locked`). Every change takes a
`gate`, awaited after every check and right before the commit: the Discord
layer refuses there a change whose interaction can no longer be answered. The database is the
truth: the in-memory cache is only written after a successful commit (`committed`) and is
dropped on any conflict (`fresh`). A move is applied and committed by `commit`, a clock changed by `change_clock`.

The use cases sit above it, each in its own module: the lobby (`lobby.py`), play (`play.py`), the clock
(`clock.py`), the ends a host or a manager forces (`admin.py`) and the record of a game (`history.py`).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Collection
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from typing import Any, Protocol

from bot.computers import ComputerPlayers, is_computer
from bot.errors import ForgedComponentError, LobbyClosedError, RefusedError, StaleMessageError, TableEndedError
from bot.observe import logs, metrics
from bot.services._table_cache import TableCache
from bot.services._table_locks import TableLocks
from bot.services.clock import TableClock, Whereabouts
from bot.services.quiet import Quiet
from bot.services.tables._cold import pack, unpack
from bot.services.tables.table import Ahead, Draw, Gate, Outcome, Served, Table, engine_for, every_server
from bot.storage import (
    ClockWrite,
    Database,
    Deadline,
    RepairRow,
    ResultRow,
    SeatTurn,
    StaleVersionError,
    TableNotFoundError,
    TableRecord,
)
from engines.core import GameState, IllegalActionError, Result

LOCK_TIMEOUT = 2.0  # seconds; well inside Discord's 3-second acknowledgement window
COMPUTER_FLOOR = 2.0  # seconds (before the time scale) between two computer moves at a table
COMPUTER_LEASE = 60.0  # seconds a computer move holds its deadline while it thinks; a crash frees it after that
CACHE_SIZE = 5000  # open tables held in memory by default (`CARDROOM_TABLE_CACHE`)


class DeadlineAdded(Protocol):
    """Told that deadlines were written (the scheduler's `poke`): `earliest`, when given, is when the earliest
    of them is due; without it, any deadline may have come earlier."""

    def __call__(self, earliest: float | None = None) -> None: ...


def _nobody_listens(earliest: float | None = None) -> None:
    """The `deadline_added` of a store without a scheduler."""


def earliest_added(write: ClockWrite) -> float | None:
    """When the earliest deadline a clock write adds or moves is due (None: it adds none, it only keeps or
    deletes: no scheduler has to wake earlier for it)."""
    return min((due for key, due in write.deadlines.items() if write.previous.get(key) != due), default=None)


class TableStore:
    """The tables of this process: their cache and locks over the database, the commit and the gate."""

    def __init__(
        self,
        db: Database,
        *,
        lobby_expiry: float | None = None,
        clock: Callable[[], float] = time.time,
        time_scale: float = 1.0,
        computers: ComputerPlayers | None = None,
        computer_floor: float = COMPUTER_FLOOR,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        """`lobby_expiry`: seconds after which a lobby not started closes itself (None: never).

        `time_scale` multiplies the paces' durations, a server's own lobby
        expiry and the computers' pace floor `computer_floor` (tests make a day
        pass in seconds); `clock` is the time; `computers` decide for the
        computer seats and for the people whose time ran out. At most
        `cache_size` open tables stay in memory (least recently used out
        first); any other loads from the database on its next use.
        """
        self.db = db
        self.computers = computers if computers is not None else ComputerPlayers(budget=0.2)
        self.computer_floor = computer_floor * time_scale
        self.lobby_expiry = lobby_expiry
        self.time_scale = time_scale
        self.deadline_added: DeadlineAdded = _nobody_listens  # the scheduler listens here
        self.table_ended: Callable[[TableRecord], None] = lambda record: None  # the leagues listen here
        self._clock = clock
        self._locks = TableLocks(LOCK_TIMEOUT)
        self.cache: TableCache[Table] = TableCache(  # the tables not played now held as their packed rows
            cache_size, cool=lambda table: pack(table.record), warm=lambda packed: TableStore.build(unpack(packed))
        )
        self._away: dict[int, float] | None = None  # user -> back at; loaded on first use
        self._quiet: dict[int, Quiet] | None = None  # user -> quiet hours; loaded on first use
        self._shown: dict[int, int] = {}  # table id -> the version its message shows, not written yet (`shown`)

    def now(self) -> float:
        return self._clock()

    @staticmethod
    def build(record: TableRecord) -> Table:
        """The table of a row read from the database (the cache is left alone)."""
        engine = engine_for(record.game)
        state = engine.load_state(record.state) if record.state is not None else None
        return Table(record=record, engine=engine, state=state)

    def committed(self, record: TableRecord, state: GameState | None = None, clock: TableClock | None = None) -> Table:
        """The table as a write of this process left it (`state` and `clock`: its engine state and clock, when
        already at hand, so they are not parsed again): cached while open, dropped from memory once over."""
        record = self._with_newest_message(record)
        if state is None:
            table = self.build(record)
        else:
            table = Table(record=record, engine=engine_for(record.game), state=state)
        if clock is not None:
            table.__dict__["clock"] = clock  # what the cached property would parse from `record.clock`
        if record.is_open:
            self.cache.put(record.id, table)
        else:
            self.cache.drop(record.id)
            self.table_ended(record)
        return table

    def _with_newest_message(self, record: TableRecord) -> TableRecord:
        """`record`, with the table message the cached copy knows if that one is newer.

        `set_table_message` writes the message id outside any version and then amends the cached copy. A move
        committed meanwhile (a player joining the moment the lobby is posted) returns its row as its statement
        saw it, without that id: cached as it is, it would hide the message, and the next edit would post the
        table anew instead of editing it. No write clears the id, and a newer message has a larger snowflake.
        """
        cached = self.cache.get(record.id)
        known = None if cached is None else cached.record.table_message_id
        if known is None or (record.table_message_id is not None and record.table_message_id >= known):
            return record
        return replace(record, table_message_id=known)

    async def get(self, table_id: int) -> Table:
        """The table, from memory or else from the database (an open one is then kept in memory)."""
        logs.note(table_id=table_id)  # what is logged from here on in this interaction or deadline names it
        cached = self.cache.get(table_id)
        if cached is not None:
            metrics.CACHE.labels("hit").inc()
            return cached
        metrics.CACHE.labels("load").inc()
        with self.cache.reading(table_id) as read:
            try:
                record = await self.db.tables.get(table_id)
            except TableNotFoundError:
                raise ForgedComponentError() from None
            table = self.build(record)
            if record.is_open:
                return self.cache.offer(table_id, table, read)  # never over a copy this process wrote meanwhile
        return await self.with_ratings(table)

    async def with_ratings(self, table: Table) -> Table:
        """A finished table with each seat's rating change (one query); any other table as it is."""
        if table.record.status != "finished":
            return table
        changes = await self.db.ratings.changes(table.id)
        return replace(table, rating_changes={seat: change.delta for seat, change in changes.items()})

    async def in_channel(self, channel_id: int) -> Table | None:
        """The channel's open table as the database holds it now (read outside its lock: not kept in memory)."""
        record = await self.db.tables.active_in_channel(channel_id)
        return None if record is None else self.build(record)

    async def open_in_channel(self, channel_id: int) -> Table | None:
        """The channel's open table as this process holds it: a read for what is heard in a channel, which may
        come at any moment, so it never puts the copy it read over a newer one cached by a commit."""
        record = await self.db.tables.active_in_channel(channel_id)
        return None if record is None else await self.get(record.id)

    async def to_repair(self, within: float = 86_400.0, served: Served = every_server) -> list[RepairRow]:
        """What to bring up to date after a restart, most recently changed first: every open table, every table
        whose channel message is behind the database (open, or ended within `within` seconds), and every table
        whose last turn notification is still posted, of the servers `served` (this process's shards). Rows only:
        nothing is loaded into memory."""
        rows = await self.db.tables.tables_to_repair(ended_since=time.time() - within)
        return [row for row in rows if served(row.guild_id)]

    async def shown(self, table: Table, *, carried: bool = False) -> None:
        """The table's channel message now shows this version (the cached copy follows).

        Bookkeeping committed light, without a sync of its own (`TableRepository.set_shown_version` says what its
        loss at an OS crash costs): the move it follows was the durable commit. Once a game is over its last one
        is durable (once per game), so that its end is never announced twice. `carried`: for an open table, the
        version is not written now but by the table's next light write through this store (the bell's, which
        the refresher's pass makes next: one light transaction for both), or by `flush_shown`, which the pass
        calls at its end whatever it wrote.
        """
        version = table.record.version
        if carried and table.record.is_open:
            self._shown[table.id] = max(version, self._shown.get(table.id, version))
        else:
            await self.db.tables.set_shown_version(table.id, version, durable=not table.record.is_open)
        self.cache.amend(
            table.id,
            lambda cached: Table(
                record=replace(cached.record, shown_version=max(cached.record.shown_version, version)),
                engine=cached.engine,
                state=cached.state,
            ),
        )

    async def flush_shown(self, table_id: int) -> None:
        """Write the version the table's message shows if no light write carried it yet (`shown(carried=True)`)."""
        version = self._shown.pop(table_id, None)
        if version is not None:
            await self._carrying(table_id, version, self.db.tables.set_shown_version(table_id, version))

    async def _carrying(self, table_id: int, shown: int | None, write: Awaitable[None]) -> None:
        """Await a light write that carries the shown version `shown` (taken from `_shown`); should it fail, the
        version is still to be written."""
        try:
            await write
        except BaseException:
            if shown is not None:
                self._shown[table_id] = max(shown, self._shown.get(table_id, shown))
            raise

    async def remember_ping(self, table_id: int, message_id: int | None) -> None:
        """The channel message that now tells the table's players it is their turn (None: none is left). Committed
        light (`TableRepository.set_bell` says what its loss at an OS crash costs)."""
        shown = self._shown.pop(table_id, None)
        await self._carrying(table_id, shown, self.db.tables.set_ping(table_id, message_id, shown=shown))

    async def remember_notified(self, table_id: int, notified: dict[int, int]) -> None:
        """The decision (version) each seat was last told about; the cached table follows (it is not versioned).
        Committed light, as `remember_bell`."""
        shown = self._shown.pop(table_id, None)
        await self._carrying(table_id, shown, self.db.tables.set_notified(table_id, notified, shown=shown))
        self._told(table_id, notified)

    async def remember_bell(self, table_id: int, message_id: int | None, notified: dict[int, int]) -> None:
        """The table's turn notification in one light write (`TableRepository.set_bell`, which says what its loss
        at an OS crash costs): the channel message that now stands and the decision each seat was last told about;
        the cached table follows."""
        shown = self._shown.pop(table_id, None)
        await self._carrying(table_id, shown, self.db.tables.set_bell(table_id, message_id, notified, shown=shown))
        self._told(table_id, notified)

    def _told(self, table_id: int, notified: dict[int, int]) -> None:
        told = dict(notified)
        self.cache.amend(
            table_id,
            lambda cached: Table(
                record=replace(cached.record, notified=told), engine=cached.engine, state=cached.state
            ),
        )

    async def set_table_message(self, table: Table, message_id: int) -> Table:
        """The table's channel message is now `message_id` (no version guards it: the cached copy follows)."""
        await self.db.tables.set_table_message(table.id, message_id)
        self.cache.amend(
            table.id,
            lambda cached: Table(
                record=replace(cached.record, table_message_id=message_id), engine=cached.engine, state=cached.state
            ),
        )
        return await self.get(table.id)

    def held_in_memory(self) -> int:
        """Open tables held in memory now (at most the cache's size)."""
        return len(self.cache)

    def locks_held(self) -> int:
        """Tables whose lock someone holds or waits for now."""
        return len(self._locks)

    async def peek(self, table_id: int) -> Table | None:
        """The game as the database holds it now, leaving the cache alone (a read outside the table's lock must
        not put an older copy over a newer one); None when there is no such game."""
        try:
            record = await self.db.tables.get(table_id)
        except TableNotFoundError:
            return None
        engine = engine_for(record.game)
        return Table(
            record=record, engine=engine, state=None if record.state is None else engine.load_state(record.state)
        )

    def locked(self, table_id: int) -> AbstractAsyncContextManager[None]:
        """The table's lock, held for one change (`TableLocks.held`)."""
        return self._locks.held(table_id)

    async def fresh(self, table_id: int) -> Table:
        """Reload from the database after a conflict: another process may have written."""
        self.cache.drop(table_id)
        return await self.get(table_id)

    async def playing(self, table_id: int) -> Table:
        """The game, which must be running (its state is then set)."""
        table = await self.get(table_id)
        if table.record.status == "lobby":
            raise LobbyClosedError("error.not_started")
        if table.record.status != "active" or table.state is None:
            raise TableEndedError()
        return table

    async def commit(
        self,
        table: Table,
        seat: int,
        action: Any,
        gate: Gate,
        *,
        consume: Deadline | None = None,
        clocked_out: bool = False,
        by_computer: bool = False,
        reported: bool = False,
        draw: Draw | None = None,
    ) -> Outcome:
        """Apply and commit one action. `consume`: the deadline of a move the clock or a computer makes (it must
        still be there); `by_computer`: a computer seat's own move; `reported`: an action taken outside the
        buttons (`report`), which is not the seat's move for its clock.

        `draw(table)`: what the caller will draw of the table after the move (the player's hand). It is drawn
        while the commit is in flight, on the table as the commit will leave it, and handed back as
        `Outcome.drawn` only if the commit left exactly that (else drawn is None and the caller draws after the
        commit). Nothing drawn is shown before the commit succeeds. For a move that ends the game, the table
        drawn on is finished but has no rating changes yet (the commit works them out): `draw` must leave out
        what shows them (the public table's standings). A move the clock or a computer makes draws nothing ahead.
        """
        assert table.state is not None
        try:
            new_state = table.engine.apply(table.state, seat, action)
        except IllegalActionError as illegal:
            raise RefusedError(illegal.refusal) from None
        result = table.engine.result(new_state)
        write = None
        clock = table.clock
        if clock is not None and len(clock.seats) == new_state.players:
            away = await self.away_by_seat(table.record) if clock.away_allowed else {}
            version = table.record.version + 1
            to_act = () if result is not None else table.engine.to_act(new_state)
            clock = clock.after_move(
                seat,
                to_act,
                self._clock(),
                version,
                away,
                by_clock=consume is not None and not by_computer,
                clocked_out=clocked_out,
                by_computer=by_computer,
                reported=reported,
            )
            write = self.clock_write(table.record, table.clock, clock, new_state.withdrawn)
        rows = None if result is None else self.result_rows(table.record, result, clock)
        state = table.engine.dump_state(new_state)
        ahead = None
        if draw is not None and consume is None:
            ahead = Ahead(table, new_state, state, write, clock, draw, finished=result is not None)
        await gate()
        started = time.perf_counter()
        try:
            record = await self.db.tables.commit_action(
                table.id,
                table.record.version,
                seat=seat,
                action=action.model_dump_json(),
                state=state,
                result=rows,
                clock=write,
                consume=consume,
                meanwhile=None if ahead is None else ahead.draw,
            )
        except StaleVersionError:
            await self.fresh(table.id)
            raise StaleMessageError() from None
        metrics.COMMIT_SECONDS.observe(time.perf_counter() - started)
        metrics.MOVES.labels(table.record.game).inc()
        if write is not None and (earliest := earliest_added(write)) is not None:
            self.deadline_added(earliest)
        new_table = self.committed(record, new_state, clock if write is not None else None)
        if not record.is_open:
            new_table = await self.with_ratings(new_table)
        by_clock = consume is not None and not by_computer
        drawn = None if ahead is None else ahead.drawn_for(record)
        if drawn is not None and ahead is not None:
            ahead.hand_over(new_table)
        return Outcome(table=new_table, seat=seat, finished=result is not None, by_clock=by_clock, drawn=drawn)

    @staticmethod
    def result_rows(record: TableRecord, result: Result, clock: TableClock | None = None) -> list[ResultRow]:
        out = set(clock.clocked_out) if clock is not None else set()
        return [
            ResultRow(
                seat=seat,
                user_id=person.user_id,
                name=person.name,
                place=result.places[seat],
                won=seat in result.winners,
                measure=result.measure[seat],
                clocked_out=seat in out,
            )
            for seat, person in enumerate(record.seats)
        ]

    async def away_map(self) -> dict[int, float]:
        if self._away is None:
            self._away = await self.db.players.away(self._clock())
        return self._away

    async def quiet_map(self) -> dict[int, Quiet]:
        """User -> quiet hours, for those who chose some (kept up to date by `Notices.save_quiet`)."""
        if self._quiet is None:
            chosen = await self.db.players.quiet()
            self._quiet = {user: Quiet(zone=zone, start=a, end=b) for user, (zone, a, b) in chosen.items()}
        return self._quiet

    async def away_by_seat(self, record: TableRecord) -> Whereabouts:
        """Seat -> when its player comes back, for the seats whose player is away; and each seat's quiet hours."""
        away = await self.away_map()
        quiet = await self.quiet_map()
        return Whereabouts(
            {seat: away[person.user_id] for seat, person in enumerate(record.seats) if person.user_id in away},
            {seat: quiet[person.user_id] for seat, person in enumerate(record.seats) if person.user_id in quiet},
        )

    @staticmethod
    def clock_write(
        record: TableRecord, before: TableClock | None, after: TableClock, withdrawn: Collection[int] = ()
    ) -> ClockWrite:
        """The rows that go with a clock: its deadlines (against those of `before`) and each seat's turn.

        A seat that left the game (`withdrawn`) has no turn row: it is no longer one of that person's tables.
        """
        turns = []
        for seat, person in enumerate(record.seats):
            if seat >= len(after.seats):
                break
            if seat in withdrawn or is_computer(person.user_id):
                continue
            own = after.seats[seat]
            since = None
            if own.turn is not None:
                since = own.since if own.since is not None else (after.paused_at or 0.0)
            turns.append(SeatTurn(seat=seat, user_id=person.user_id, since=since, due_at=after.deadline(seat)))
        previous = before.deadlines() if before is not None and before.seats else {}
        return ClockWrite(
            clock=after.model_dump_json(),
            deadlines={(seat, str(kind)): due for (seat, kind), due in after.deadlines().items()},
            previous={(seat, str(kind)): due for (seat, kind), due in previous.items()},
            turns=tuple(turns),
        )

    async def change_clock(self, table: Table, clock: TableClock, gate: Gate) -> Table:
        await gate()
        try:
            record = await self.db.tables.update_clock(
                table.id,
                table.record.version,
                self.clock_write(table.record, table.clock, clock, table.state.withdrawn if table.state else ()),
            )
        except StaleVersionError:
            await self.fresh(table.id)
            raise StaleMessageError() from None
        self.deadline_added()
        return self.committed(record, table.state, clock)
