"""The per-channel table aggregate: load, check, apply, commit; the Discord layer edits after the commit.

Every accepted action is one database transaction guarded by an optimistic
version check, under a per-table lock in this process. Every change takes a
`gate`, awaited after every check and right before the commit: the Discord
layer refuses there a change whose interaction can no longer be answered. The database is the
truth: the in-memory cache is only written after a successful commit and is
dropped on any conflict.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Collection
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from pydantic import ValidationError

from bot import games
from bot.computers import ComputerPlayers, computer_seat, is_computer, level_of, parse_level
from bot.errors import (
    AlreadySeatedError,
    CardroomError,
    ForgedComponentError,
    GameEndedError,
    InvalidOptionError,
    LobbyClosedError,
    NotAPlayerError,
    NotEnoughPlayersError,
    NotHostError,
    RefusedError,
    StaleMessageError,
    TableBusyError,
    TableFullError,
    UnknownGameError,
)
from bot.i18n import LANGUAGES, t
from bot.services._table_cache import TableCache
from bot.services._table_locks import TableLocks
from bot.services.clock import TableClock, paces
from bot.services.fairness import Verification, new_salt, verify
from bot.services.log import LogCache, LogEntry, public_log
from bot.services.servers import effective
from bot.storage import (
    ChannelBusyError,
    ClockWrite,
    Database,
    Deadline,
    DeadlineGoneError,
    GameNotFoundError,
    GameRecord,
    GuildSettings,
    RepairRow,
    ResultRow,
    Seat,
    SeatTurn,
    StaleVersionError,
)
from engines import registry
from engines.core import (
    CardPick,
    Decision,
    Engine,
    GameState,
    IllegalActionError,
    Perspective,
    Result,
    Withdraw,
    option_choices,
)

games.install()

LOCK_TIMEOUT = 2.0  # seconds; well inside Discord's 3-second acknowledgement window
COMPUTER_FLOOR = 2.0  # seconds (before the time scale) between two computer moves at a table
COMPUTER_LEASE = 60.0  # seconds a computer move holds its deadline while it thinks; a crash frees it after that
CACHE_SIZE = 5000  # open tables held in memory by default (`CARDROOM_TABLE_CACHE`)

Gate = Callable[[], Awaitable[None]]
"""Awaited right before a change is committed; it raises to stop the change (the caller can no longer show it)."""

Served = Callable[[int | None], bool]
"""Whether a server (its id; None: no server) is one this process serves (its shards'): `ProcessShards.serves`.
A table of another process's server is neither listed nor cached here: that process holds it."""


def every_server(guild_id: int | None) -> bool:
    """The `Served` of a bot run as one process."""
    return True


async def open_gate() -> None:
    """The gate of a caller with nothing to check."""


@dataclass(frozen=True)
class Table:
    """A game as loaded: its row and, once started, its engine state."""

    record: GameRecord
    engine: Engine[Any, Any, Any, Any]
    state: GameState | None
    # seat -> change of its conservative rating (μ − 3σ) in this game, for a finished game that changed ratings
    rating_changes: dict[int, float] = field(default_factory=dict)
    _decisions: dict[int, Decision] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def id(self) -> int:
        return self.record.id

    @cached_property
    def names(self) -> list[str]:
        """The players' names by seat (worked out once: a table's drawing asks for them dozens of times)."""
        return [seat.name for seat in self.record.seats]

    def seat_of(self, user_id: int) -> int | None:
        return self.record.seat_of(user_id)

    def decision(self, seat: int) -> Decision:
        """`seat`'s pending decision (`Engine.decision`: candidates, legality, token), worked out once per seat
        for this version of the table: the service's check of a click and the hand drawn after it share it."""
        assert self.state is not None
        found = self._decisions.get(seat)
        if found is None:
            found = self._decisions[seat] = self.engine.decision(self.state, seat)
        return found

    def perspective(self, seat: int | None) -> Perspective:
        """What `seat` sees of the table (None: a spectator): `Engine.perspective`, a player's legal actions taken
        from their decision (`decision`), which their hand's buttons need too, rather than worked out again."""
        state = self.state
        assert state is not None
        legal_now = None if seat is None or not 0 <= seat < state.players else self.decision(seat).actions
        view: Perspective = self.engine.perspective(state, seat, legal_now=legal_now)
        return view

    @cached_property
    def to_act(self) -> tuple[int, ...]:
        if self.state is None or self.record.status != "active":
            return ()
        return tuple(self.engine.to_act(self.state))

    @cached_property
    def result(self) -> Result | None:
        return None if self.state is None else self.engine.result(self.state)

    @cached_property
    def clock(self) -> TableClock | None:
        """The table's clock (its settings while a lobby); None for a table older than clocks."""
        return None if self.record.clock is None else TableClock.model_validate_json(self.record.clock)

    def deadline(self, seat: int) -> float | None:
        """When `seat`'s time to decide runs out (None: not deciding, no clock, or paused)."""
        clock = self.clock
        if clock is None or self.record.status != "active" or seat >= len(clock.seats):
            return None
        return clock.deadline(seat)


@dataclass(frozen=True)
class Outcome:
    """What an accepted action changed: the table after it, who acted, and whether the game ended."""

    table: Table
    seat: int
    finished: bool
    by_clock: bool = False  # the clock played for the seat (its time ran out)
    drawn: object = None  # what the move's `draw` made of `table` while its commit was in flight (None: nothing)


Draw = Callable[[Table], object]


class _Ahead:
    """A move's answer drawn ahead, while its commit is in flight (`TableService._commit`'s `draw`).

    It is drawn on the table as the commit should leave it: the row at the next version with the new state and
    clock, finished if the move ends the game. It is kept only if the row committed is that row (its times
    aside, which no answer drawn ahead shows). A game's end is drawn without the rating changes its commit works
    out (`Table.rating_changes` is empty): what shows them (the public table's standings) is drawn after it.
    """

    def __init__(
        self,
        table: Table,
        state: GameState,
        dumped: str,
        write: ClockWrite | None,
        clock: TableClock | None,
        draw: Draw,
        *,
        finished: bool = False,
    ) -> None:
        self._before = table
        self._after = (state, dumped, write, clock)
        self._finished = finished
        self._draw = draw
        self.drawn: object = None

    def draw(self) -> None:
        """Called on the event loop, at most once, while the commit is in flight. A failure is left for the
        caller's own drawing after the commit to meet, in its error pipeline. The table drawn is built here, not
        before the commit: the commit does not wait for it."""
        state, dumped, write, clock = self._after
        before = self._before
        try:
            self.record = before.record.advanced(
                dumped, None if write is None else write.clock, finished=self._finished
            )
            self.table = Table(record=self.record, engine=before.engine, state=state)
            if write is not None:
                self.table.__dict__["clock"] = clock  # as `_committed` would set it
            self.drawn = self._draw(self.table)
        except Exception:  # drawn again after the commit, whose error pipeline reports it
            self.drawn = None

    def drawn_for(self, record: GameRecord) -> object:
        """What was drawn, if the commit left the row it was drawn for; else None."""
        return self.drawn if self.drawn is not None and record.same_but_time(self.record) else None

    def hand_over(self, committed: Table) -> None:
        """Give the committed table (the same state, kept) what the drawing worked out of it: the decisions of
        the seats drawn, so the next click of such a seat is checked without working them out again, and who is
        to act and the result, which the public table shows next."""
        ahead = self.table
        if committed.state is ahead.state:
            for seat, decision in ahead._decisions.items():
                committed._decisions.setdefault(seat, decision)
            worked_out = ahead.__dict__  # the cached properties of the same state and status
            for name in ("to_act", "result"):
                if name in worked_out:
                    committed.__dict__.setdefault(name, worked_out[name])


def engine_for(game: str) -> Engine[Any, Any, Any, Any]:
    try:
        return registry.get(game)
    except KeyError:
        raise UnknownGameError(game=game) from None


class TableService:
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
        self.deadline_added: Callable[[], None] = lambda: None  # the scheduler listens here
        self._clock = clock
        self._locks = TableLocks(LOCK_TIMEOUT)
        self._cache: TableCache[Table] = TableCache(cache_size)
        self._logs = LogCache()
        self._away: dict[int, float] | None = None  # user -> back at; loaded on first use

    def now(self) -> float:
        return self._clock()

    # ----- loading ------------------------------------------------------------
    @staticmethod
    def _build(record: GameRecord) -> Table:
        """The table of a row read from the database (the cache is left alone)."""
        engine = engine_for(record.game)
        state = engine.load_state(record.state) if record.state is not None else None
        return Table(record=record, engine=engine, state=state)

    def _committed(self, record: GameRecord, state: GameState | None = None, clock: TableClock | None = None) -> Table:
        """The table as a write of this process left it (`state` and `clock`: its engine state and clock, when
        already at hand, so they are not parsed again): cached while open, dropped from memory once over."""
        record = self._with_newest_message(record)
        if state is None:
            table = self._build(record)
        else:
            table = Table(record=record, engine=engine_for(record.game), state=state)
        if clock is not None:
            table.__dict__["clock"] = clock  # what the cached property would parse from `record.clock`
        if record.is_open:
            self._cache.put(record.id, table)
        else:
            self._cache.drop(record.id)
        return table

    def _with_newest_message(self, record: GameRecord) -> GameRecord:
        """`record`, with the table message the cached copy knows if that one is newer.

        `set_table_message` writes the message id outside any version and then amends the cached copy. A move
        committed meanwhile (a player joining the moment the lobby is posted) returns its row as its statement
        saw it, without that id: cached as it is, it would hide the message, and the next edit would post the
        table anew instead of editing it. No write clears the id, and a newer message has a larger snowflake.
        """
        cached = self._cache.get(record.id)
        known = None if cached is None else cached.record.table_message_id
        if known is None or (record.table_message_id is not None and record.table_message_id >= known):
            return record
        return replace(record, table_message_id=known)

    async def get(self, game_id: int) -> Table:
        """The table, from memory or else from the database (an open one is then kept in memory)."""
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached
        with self._cache.reading(game_id) as read:
            try:
                record = await self.db.get(game_id)
            except GameNotFoundError:
                raise ForgedComponentError() from None
            table = self._build(record)
            if record.is_open:
                return self._cache.offer(game_id, table, read)  # never over a copy this process wrote meanwhile
        return await self._with_ratings(table)

    async def _with_ratings(self, table: Table) -> Table:
        """A finished table with each seat's rating change (one query); any other table as it is."""
        if table.record.status != "finished":
            return table
        changes = await self.db.rating_changes(table.id)
        return replace(table, rating_changes={seat: change.delta for seat, change in changes.items()})

    async def verification(self, game_id: int, *, announced: str | None = None) -> tuple[Table, Verification]:
        """Check a game that is over: its commitment, and its replay from the seed (refused while it runs: its seed
        would reveal the deck)."""
        table = await self.get(game_id)
        if table.record.is_open:
            raise CardroomError("verify.not_over")
        actions = await self.db.actions(game_id)
        found = await asyncio.to_thread(verify, table.engine, table.record, actions, announced=announced)
        return table, found

    async def latest_played(self, channel_id: int) -> Table | None:
        """The channel's running game, else its most recent game that was started (for its log)."""
        record = await self.db.latest_played_in_channel(channel_id)
        if record is None:
            return None
        if record.status in ("lobby", "active"):
            return await self.get(record.id)  # the cached table: a read must not replace a newer one
        return await self._with_ratings(self._build(record))

    async def public_log(self, game_id: int) -> tuple[Table, list[LogEntry]]:
        """The table and its whole public log, move by move (rebuilt by a replay, off the event loop)."""
        table = await self.get(game_id)
        if table.state is None:
            return table, []
        entries = self._logs.get(game_id, table.record.version)
        if entries is None:
            actions = await self.db.actions(game_id)
            entries = await asyncio.to_thread(public_log, table.engine, table.record, actions)
            self._logs.put(game_id, table.record.version, entries)
        return table, entries

    async def in_channel(self, channel_id: int) -> Table | None:
        """The channel's open table as the database holds it now (read outside its lock: not kept in memory)."""
        record = await self.db.active_in_channel(channel_id)
        return None if record is None else self._build(record)

    async def open_in_channel(self, channel_id: int) -> Table | None:
        """The channel's open table as this process holds it: a read for what is heard in a channel, which may
        come at any moment, so it never puts the copy it read over a newer one cached by a commit."""
        record = await self.db.active_in_channel(channel_id)
        return None if record is None else await self.get(record.id)

    async def to_repair(self, within: float = 86_400.0, served: Served = every_server) -> list[RepairRow]:
        """What to bring up to date after a restart, most recently changed first: every open table, every table
        whose channel message is behind the database (open, or ended within `within` seconds), and every table
        whose last turn notification is still posted, of the servers `served` (this process's shards). Rows only:
        nothing is loaded into memory."""
        rows = await self.db.tables_to_repair(ended_since=time.time() - within)
        return [row for row in rows if served(row.guild_id)]

    async def peek(self, game_id: int) -> Table | None:
        """The game as the database holds it now, not kept in memory (a look at many tables in turn); None when
        there is no such game."""
        return await self._peek(game_id)

    async def shown(self, table: Table) -> None:
        """The table's channel message now shows this version (the cached copy follows)."""
        version = table.record.version
        await self.db.set_shown_version(table.id, version)
        self._cache.amend(
            table.id,
            lambda cached: Table(
                record=replace(cached.record, shown_version=max(cached.record.shown_version, version)),
                engine=cached.engine,
                state=cached.state,
            ),
        )

    async def remember_ping(self, game_id: int, message_id: int | None) -> None:
        """The channel message that now tells the table's players it is their turn (None: none is left)."""
        await self.db.set_ping(game_id, message_id)

    async def remember_notified(self, game_id: int, notified: dict[int, int]) -> None:
        """The decision (version) each seat was last told about; the cached table follows (it is not versioned)."""
        await self.db.set_notified(game_id, notified)
        told = dict(notified)
        self._cache.amend(
            game_id,
            lambda cached: Table(
                record=replace(cached.record, notified=told), engine=cached.engine, state=cached.state
            ),
        )

    def held_in_memory(self) -> int:
        """Open tables held in memory now (at most the cache's size)."""
        return len(self._cache)

    def locks_held(self) -> int:
        """Tables whose lock someone holds or waits for now."""
        return len(self._locks)

    def _locked(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """The table's lock, held for one change (`TableLocks.held`)."""
        return self._locks.held(game_id)

    async def _peek(self, game_id: int) -> Table | None:
        """The game as the database holds it now, leaving the cache alone (a read outside the table's lock must
        not put an older copy over a newer one); None when there is no such game."""
        try:
            record = await self.db.get(game_id)
        except GameNotFoundError:
            return None
        engine = engine_for(record.game)
        return Table(
            record=record, engine=engine, state=None if record.state is None else engine.load_state(record.state)
        )

    async def _fresh(self, game_id: int) -> Table:
        """Reload from the database after a conflict: another process may have written."""
        self._cache.drop(game_id)
        return await self.get(game_id)

    # ----- lobby --------------------------------------------------------------
    async def open_lobby(
        self, *, guild_id: int | None, channel_id: int, game: str, host: Seat, locale: str, gate: Gate = open_gate
    ) -> Table:
        """A new lobby of `game` in the channel, `host` alone at it, with the default options and the server's clock."""
        engine = engine_for(game)
        options = engine.options_model().model_dump(mode="json")
        clock, expiry = await self._lobby_defaults(guild_id)
        return await self._create_lobby(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host=host,
            seats=[host],
            options=options,
            locale=locale,
            clock=clock,
            expiry=expiry,
            gate=gate,
        )

    async def rematch(self, game_id: int, host: Seat, gate: Gate = open_gate) -> Table:
        """A new lobby in the channel of the finished game `game_id`: the same players in the same order, with the
        same options, clock and language, and `host` (who must have played) as its host.

        Raises `TableBusyError` when the channel already has an open table (a rematch opened meanwhile).
        """
        finished = await self.get(game_id)
        record = finished.record
        if record.status != "finished":
            raise ForgedComponentError()  # the rematch button is on finished tables only
        seat = record.seat_of(host.user_id)
        if seat is None:
            raise NotAPlayerError("error.rematch_not_a_player")
        seats = [host if index == seat else person for index, person in enumerate(record.seats)]
        server_clock, expiry = await self._lobby_defaults(record.guild_id)
        clock = server_clock
        if finished.clock is not None and finished.clock.pace in paces().names():
            clock = TableClock.preset(finished.clock.pace, timeouts=finished.clock.timeouts, scale=self.time_scale)
            clock = clock.model_copy(update={"auto": finished.clock.auto})
        return await self._create_lobby(
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            game=record.game,
            host=host,
            seats=seats,
            options=dict(record.options),
            locale=record.locale,
            clock=clock,
            expiry=expiry,
            gate=gate,
        )

    async def _lobby_defaults(self, guild_id: int | None) -> tuple[TableClock, float | None]:
        """A new lobby's clock and the seconds after which it closes unless started: the server's, else the bot's."""
        server = await self.db.guild_settings(guild_id) if guild_id is not None else GuildSettings(guild_id=0)
        chosen = effective(server, lobby_expiry=None)  # the server's choices over the bot's own
        clock = TableClock.preset(chosen.pace, timeouts=chosen.timeouts, scale=self.time_scale)
        expiry = self.lobby_expiry if chosen.lobby_expiry is None else chosen.lobby_expiry * self.time_scale
        return clock, expiry

    async def _create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host: Seat,
        seats: list[Seat],
        options: dict[str, Any],
        locale: str,
        clock: TableClock,
        expiry: float | None,
        gate: Gate,
    ) -> Table:
        await gate()
        try:
            record = await self.db.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                host=host,
                seats=seats,
                options=options,
                seed=secrets.randbits(63),
                salt=new_salt(),
                locale=locale,
                expires_at=None if expiry is None else self._clock() + expiry,
                clock=clock.model_dump_json(),
            )
        except ChannelBusyError as busy:
            existing = busy.existing
            raise TableBusyError(game=existing.game, url=self.jump_url(existing), game_id=existing.id) from None
        if expiry is not None:
            self.deadline_added()
        return self._committed(record)

    async def expire_lobby(self, game_id: int, deadline: Deadline | None = None) -> Table | None:
        """A lobby's expiry is due: close it if nobody started it (None when there was nothing to close).

        `deadline`: the expiry as the scheduler claimed it (its row is held past now by the claim's lease).
        """
        async with self._locked(game_id):
            record = await self.db.close_expired_lobby(game_id, self._clock(), deadline=deadline)
            return None if record is None else self._committed(record)

    @staticmethod
    def jump_url(record: GameRecord) -> str:
        return jump_url(record.guild_id, record.channel_id, record.table_message_id)

    async def discard_lobby(self, table: Table) -> None:
        """Undo a lobby nobody has seen (its message could not be posted), so it does not hold the channel."""
        self._cache.drop(table.id)
        await self.db.discard_lobby(table.id, table.record.version)

    async def set_table_message(self, table: Table, message_id: int) -> Table:
        """The table's channel message is now `message_id` (no version guards it: the cached copy follows)."""
        await self.db.set_table_message(table.id, message_id)
        self._cache.amend(
            table.id,
            lambda cached: Table(
                record=replace(cached.record, table_message_id=message_id), engine=cached.engine, state=cached.state
            ),
        )
        return await self.get(table.id)

    async def _lobby(self, game_id: int) -> Table:
        table = await self.get(game_id)
        if table.record.status != "lobby":
            raise LobbyClosedError()
        return table

    async def _update_lobby(self, table: Table, gate: Gate, **changes: Any) -> Table:
        await gate()
        try:
            record = await self.db.update_lobby(table.id, table.record.version, **changes)
        except StaleVersionError:
            await self._fresh(table.id)
            raise StaleMessageError() from None
        return self._committed(record)

    async def join(self, game_id: int, user: Seat, gate: Gate = open_gate) -> Table:
        async with self._locked(game_id):
            table = await self._lobby(game_id)
            if table.seat_of(user.user_id) is not None:
                raise AlreadySeatedError()
            if len(table.record.seats) >= table.engine.max_players:
                raise TableFullError(max=table.engine.max_players)
            return await self._update_lobby(table, gate, seats=[*table.record.seats, user])

    async def add_computer(self, game_id: int, user_id: int, level: str, gate: Gate = open_gate) -> Table:
        """The host seats a computer player of `level` ("easy" or "normal"), named in the table's language."""
        async with self._locked(game_id):
            table = await self._lobby(game_id)
            if user_id != table.record.host_id:
                raise NotHostError()
            found = parse_level(level)
            if found is None:
                raise InvalidOptionError()
            if len(table.record.seats) >= table.engine.max_players:
                raise TableFullError(max=table.engine.max_players)
            lang = table.record.locale
            shown = t(lang, f"computer.level.{found}")
            seat = computer_seat(
                found, table.record.seats, lambda name: t(lang, "computer.seat", name=name, level=shown)
            )
            return await self._update_lobby(table, gate, seats=[*table.record.seats, seat])

    async def remove_computer(self, game_id: int, user_id: int, seat: int, gate: Gate = open_gate) -> Table:
        """The host takes the computer player at `seat` away from the lobby."""
        async with self._locked(game_id):
            table = await self._lobby(game_id)
            if user_id != table.record.host_id:
                raise NotHostError()
            seats = table.record.seats
            if not 0 <= seat < len(seats) or not is_computer(seats[seat].user_id):
                raise StaleMessageError()
            return await self._update_lobby(table, gate, seats=[s for index, s in enumerate(seats) if index != seat])

    async def leave_lobby(self, game_id: int, user_id: int, gate: Gate = open_gate) -> Table:
        async with self._locked(game_id):
            table = await self._lobby(game_id)
            if table.seat_of(user_id) is None:
                raise NotAPlayerError()
            if user_id == table.record.host_id:
                raise NotHostError("error.host_cannot_leave")
            seats = [seat for seat in table.record.seats if seat.user_id != user_id]
            return await self._update_lobby(table, gate, seats=seats)

    async def set_option(self, game_id: int, user_id: int, field: str, value: str, gate: Gate = open_gate) -> Table:
        async with self._locked(game_id):
            table = await self._lobby(game_id)
            if user_id != table.record.host_id:
                raise NotHostError()
            choices = option_choices(table.engine.options_model)
            if field not in choices:
                raise InvalidOptionError()
            chosen = next((c for c in choices[field] if option_value(c) == value), None)
            if chosen is None:
                raise InvalidOptionError()
            options = {**table.record.options, field: chosen}
            try:
                parsed = table.engine.parse_options(options)
            except ValidationError:
                raise InvalidOptionError() from None
            return await self._update_lobby(table, gate, options=parsed.model_dump(mode="json"))

    async def set_locale(self, game_id: int, user_id: int, locale: str, gate: Gate = open_gate) -> Table:
        """The host sets the table's language: that of its public messages (each player's own answers keep theirs)."""
        async with self._locked(game_id):
            table = await self._lobby(game_id)
            if user_id != table.record.host_id:
                raise NotHostError()
            if locale not in LANGUAGES:
                raise InvalidOptionError()
            return await self._update_lobby(table, gate, locale=locale)

    async def start(self, game_id: int, user_id: int, gate: Gate = open_gate) -> Table:
        async with self._locked(game_id):
            table = await self._lobby(game_id)
            if user_id != table.record.host_id:
                raise NotHostError()
            players = len(table.record.seats)
            refusal = table.engine.check_players(players)
            if refusal is not None:
                raise NotEnoughPlayersError(min=table.engine.min_players, max=table.engine.max_players)
            options = table.engine.parse_options(table.record.options)
            state = table.engine.new(players, options, table.record.seed)
            write = None
            if table.clock is not None:
                away = await self._away_by_seat(table.record)
                version = table.record.version + 1
                computers = [seat for seat, person in enumerate(table.record.seats) if is_computer(person.user_id)]
                clock = table.clock.begin(
                    players,
                    table.engine.to_act(state),
                    self._clock(),
                    version,
                    away,
                    computers=computers,
                    floor=self.computer_floor,
                )
                write = self._clock_write(table.record, None, clock)
            await gate()
            try:
                record = await self.db.start(
                    game_id, table.record.version, state=table.engine.dump_state(state), clock=write
                )
            except StaleVersionError:
                await self._fresh(game_id)
                raise StaleMessageError() from None
            if write is not None:
                self.deadline_added()
                return self._committed(record, state, clock)
            return self._committed(record, state)

    async def set_clock_option(
        self, game_id: int, user_id: int, field: str, value: str, gate: Gate = open_gate
    ) -> Table:
        """The host sets the lobby's pace (`pace`), the timeouts in a row that withdraw a player (`timeouts`), or
        who plays a timed-out move (`auto`: the normal computer player, or the game's safe default)."""
        async with self._locked(game_id):
            table = await self._lobby(game_id)
            if user_id != table.record.host_id:
                raise NotHostError()
            clock = table.clock or TableClock.preset(paces().default, scale=self.time_scale)
            if field == "pace" and value in paces().names():
                clock = clock.with_pace(value, scale=self.time_scale)
            elif field == "timeouts" and value in {str(k) for k in paces().timeouts.choices}:
                clock = clock.model_copy(update={"timeouts": int(value)})
            elif field == "auto" and value in ("computer", "default"):
                clock = clock.model_copy(update={"auto": value})
            else:
                raise InvalidOptionError()
            return await self._update_lobby(table, gate, clock=clock.model_dump_json())

    async def cancel(self, game_id: int, user_id: int, gate: Gate = open_gate) -> Table:
        async with self._locked(game_id):
            table = await self._lobby(game_id)
            if user_id != table.record.host_id:
                raise NotHostError()
            await gate()
            return self._committed(await self.db.abort(game_id, by_user_id=user_id))

    # ----- playing ------------------------------------------------------------
    async def playing(self, game_id: int) -> Table:
        """The game, which must be running (its state is then set)."""
        table = await self.get(game_id)
        if table.record.status == "lobby":
            raise LobbyClosedError("error.not_started")
        if table.record.status != "active" or table.state is None:
            raise GameEndedError()
        return table

    def candidates(self, table: Table, seat: int) -> list[Any]:
        """The seat's candidate actions, in the order its buttons carry their indexes (`Table.decision`)."""
        return list(table.decision(seat).candidates)

    async def act(
        self,
        game_id: int,
        user_id: int,
        version: int,
        index: int,
        token: str | None = None,
        gate: Gate = open_gate,
        draw: Draw | None = None,
    ) -> Outcome:
        """Play candidate action number `index` as rendered at `version` for the decision `token`.

        A click rendered at an older version still counts when the player's own
        pending decision is the same (its token matches: only others acted since);
        otherwise it is stale and nothing changes. `draw`: see `_commit`.
        """
        async with self._locked(game_id):
            table = await self.playing(game_id)
            seat = table.seat_of(user_id)
            if seat is None or (table.state is not None and seat in table.state.withdrawn):
                raise NotAPlayerError()
            if table.state is None or (
                token != table.decision(seat).token if token is not None else version != table.record.version
            ):
                raise StaleMessageError()
            candidates = table.decision(seat).candidates
            if not 0 <= index < len(candidates):
                raise ForgedComponentError()
            return await self._commit(table, seat, candidates[index], gate, draw=draw)

    def _pending_pick(self, table: Table, user_id: int, version: int, token: str) -> tuple[int, CardPick]:
        """The seat of `user_id` and the card pick it was asked for, under `act`'s staleness rule."""
        seat = table.seat_of(user_id)
        state = table.state
        if seat is None or state is None or seat in state.withdrawn:
            raise NotAPlayerError()
        if token != table.decision(seat).token:
            raise StaleMessageError()
        pick = table.engine.card_pick(state, seat)
        if pick is None or not pick.cards:
            raise StaleMessageError()
        return seat, pick

    async def pending_pick(self, game_id: int, user_id: int, version: int, token: str) -> tuple[Table, int, CardPick]:
        """The table, seat and card pick a picker component was drawn for; StaleMessageError when it is gone.

        Read only: the picker's drafting (choosing cards, turning pages) changes nothing.
        """
        table = await self.playing(game_id)
        seat, pick = self._pending_pick(table, user_id, version, token)
        return table, seat, pick

    async def act_pick(
        self,
        game_id: int,
        user_id: int,
        version: int,
        token: str,
        cards: list[str],
        gate: Gate = open_gate,
        draw: Draw | None = None,
    ) -> Outcome:
        """Play the cards chosen in the card picker drawn at `version` for the decision `token`.

        The same staleness rule as `act`. The cards must be a choice the pending
        pick offers (a sub-multiset of its cards, between `min` and `max` of them),
        else the pick is forged; the engine then judges the action it builds.
        """
        async with self._locked(game_id):
            table = await self.playing(game_id)
            seat, pick = self._pending_pick(table, user_id, version, token)
            if not pick.min <= len(cards) <= pick.max or (pick.field == "card" and len(cards) != 1):
                raise ForgedComponentError()
            if Counter(cards) - Counter(pick.cards):
                raise ForgedComponentError()
            value: str | list[str] = cards[0] if pick.field == "card" else list(cards)
            try:
                action = table.engine.parse_action({"kind": pick.kind, pick.field: value})
            except ValidationError:
                raise ForgedComponentError() from None
            if isinstance(action, Withdraw):
                raise ForgedComponentError()
            return await self._commit(table, seat, action, gate, draw=draw)

    async def report(self, game_id: int, user_id: int, payload: dict[str, Any], gate: Gate = open_gate) -> Outcome:
        """Apply an action `user_id` took outside the table's buttons (the bot saw it: in Il Morto, speaking to a
        dead player, or the dealer's `/accuse`), built by the bot as `payload`.

        No decision token: the action is not a click on something drawn. It
        goes through the same locked, versioned commit as a click, and the
        engine judges it (`RefusedError` with its refusal). The clock does not
        count it as the player's move (`TableClock.after_move`, `reported`).
        """
        async with self._locked(game_id):
            table = await self.playing(game_id)
            seat = table.seat_of(user_id)
            if seat is None or (table.state is not None and seat in table.state.withdrawn):
                raise NotAPlayerError()
            try:
                action = table.engine.parse_action(payload)
            except ValidationError:
                raise ForgedComponentError() from None
            if isinstance(action, Withdraw):
                raise ForgedComponentError()  # leaving has its own path (its confirmation)
            return await self._commit(table, seat, action, gate, reported=True)

    async def withdraw(self, game_id: int, user_id: int, gate: Gate = open_gate) -> Outcome:
        async with self._locked(game_id):
            table = await self.playing(game_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotAPlayerError()
            return await self._commit(table, seat, Withdraw(), gate)

    async def _commit(
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
            away = await self._away_by_seat(table.record)
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
            write = self._clock_write(table.record, table.clock, clock, new_state.withdrawn)
        rows = None if result is None else self.result_rows(table.record, result, clock)
        state = table.engine.dump_state(new_state)
        ahead = None
        if draw is not None and consume is None:
            ahead = _Ahead(table, new_state, state, write, clock, draw, finished=result is not None)
        await gate()
        try:
            record = await self.db.commit_action(
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
            await self._fresh(table.id)
            raise StaleMessageError() from None
        if write is not None:
            self.deadline_added()
        new_table = self._committed(record, new_state, clock if write is not None else None)
        if not record.is_open:
            new_table = await self._with_ratings(new_table)
        by_clock = consume is not None and not by_computer
        drawn = None if ahead is None else ahead.drawn_for(record)
        if drawn is not None and ahead is not None:
            ahead.hand_over(new_table)
        return Outcome(table=new_table, seat=seat, finished=result is not None, by_clock=by_clock, drawn=drawn)

    @staticmethod
    def result_rows(record: GameRecord, result: Result, clock: TableClock | None = None) -> list[ResultRow]:
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

    # ----- the clock ----------------------------------------------------------
    async def _away_map(self) -> dict[int, float]:
        if self._away is None:
            self._away = await self.db.away_players(self._clock())
        return self._away

    async def _away_by_seat(self, record: GameRecord) -> dict[int, float]:
        """Seat -> when its player comes back, for the seats whose player is away."""
        away = await self._away_map()
        return {seat: away[person.user_id] for seat, person in enumerate(record.seats) if person.user_id in away}

    @staticmethod
    def _clock_write(
        record: GameRecord, before: TableClock | None, after: TableClock, withdrawn: Collection[int] = ()
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

    def _still_due(self, table: Table, deadline: Deadline) -> bool:
        """Whether `deadline` is the one the table's clock holds for its seat now.

        The clock's due time may come before the row's: a claim or a lease moves the row later, never the
        clock, and a clock that changes rewrites (or drops) the row. So the row stands for the clock's
        decision if that decision was due by the time the row fell due.
        """
        clock = table.clock
        seat = deadline.seat
        if table.record.status != "active" or clock is None or table.state is None or seat >= len(clock.seats):
            return False
        if seat not in table.to_act:
            return False
        due = clock.deadline(seat) if deadline.kind == "expire" else clock.reminder(seat)
        return due is not None and due <= deadline.fell_due_at

    async def lease(self, deadline: Deadline) -> Deadline | None:
        """Hold `deadline` while its move is decided: it moves `COMPUTER_LEASE` seconds on, so the scheduler does
        not fire it again meanwhile, and a crash only delays the move. The lease, or None when the deadline was
        gone or had moved (its table changed)."""
        lease = replace(deadline, due_at=self._clock() + COMPUTER_LEASE)
        return lease if await self.db.postpone_deadline(deadline, lease.due_at) else None

    async def expire(self, deadline: Deadline, lease: Deadline | None = None) -> Outcome | None:
        """A seat's time ran out: the game plays for it, or withdraws it after K timeouts in a row.

        The move played is the normal computer player's choice (the table's
        clock option `auto`, the default) or the game's safe default action.
        As for a computer seat's move (`play_computer`), the deadline is leased
        first, the computer thinks outside the table's lock on a copy, and the
        move then goes through the same locked, versioned path as a click,
        consuming the lease in the same transaction: whichever of the click and
        the expiry commits first wins, the other is refused as stale. None when
        there was nothing to do (the player acted first, or the table moved on).
        """
        lease = lease or await self.lease(deadline)
        if lease is None:
            return None  # gone or moved meanwhile: the player acted
        for _ in range(3):  # again after a conflict with another writer, or when the decision changed meanwhile
            table = await self._peek(deadline.game_id)
            if table is None or not self._still_due(table, deadline):
                await self.db.take_deadline(lease)
                return None
            assert table.clock is not None and table.state is not None
            seat = deadline.seat
            out = table.clock.seats[seat].timeouts + 1 >= table.clock.timeouts
            if out:
                action: Any = Withdraw()
            elif table.clock.auto == "computer":
                action = await self.computers.choose(table.engine, table.state, seat, "normal")
            else:
                action = table.engine.default_action(table.state, seat)
            token = table.decision(seat).token
            async with self._locked(deadline.game_id):
                try:  # from the database: another process may have moved (a stale copy would drop a live deadline)
                    current = await self._fresh(deadline.game_id)
                except ForgedComponentError:
                    return None
                if not self._still_due(current, deadline):
                    await self.db.take_deadline(lease)
                    return None
                assert current.state is not None
                if current.decision(seat).token != token:
                    continue
                try:
                    return await self._commit(current, seat, action, open_gate, consume=lease, clocked_out=out)
                except DeadlineGoneError:
                    return None
                except StaleMessageError:
                    continue
        return None

    @staticmethod
    def _computer_due(table: Table, seat: int) -> bool:
        """Whether the computer playing `seat` has a decision in hand at a running, unpaused table."""
        clock = table.clock
        return (
            table.record.status == "active"
            and table.state is not None
            and clock is not None
            and seat in clock.computers
            and not clock.paused
            and seat in table.to_act
        )

    async def play_computer(self, deadline: Deadline, lease: Deadline | None = None) -> Outcome | None:
        """A computer seat's turn came (`deadline`, kind `computer`): it decides and plays.

        The deadline is first leased (`lease`; the caller may have leased it
        already), so the scheduler does not fire it again while the computer
        thinks, and a crash meanwhile only delays the move. The computer decides outside the table's
        lock on a copy; the move is committed under the lock if that decision is
        still pending, consuming the lease in the same transaction. None when
        there was nothing to do.
        """
        lease = lease or await self.lease(deadline)
        if lease is None:
            return None  # gone or moved meanwhile: its table changed
        seat = deadline.seat
        for _ in range(3):
            table = await self._peek(deadline.game_id)
            if table is None or not self._computer_due(table, seat):
                await self.db.take_deadline(lease)
                return None
            assert table.state is not None
            level = level_of(table.record.seats[seat].user_id) or "normal"
            action = await self.computers.choose(table.engine, table.state, seat, level)
            token = table.decision(seat).token
            async with self._locked(deadline.game_id):
                try:
                    current = await self._fresh(deadline.game_id)
                except ForgedComponentError:
                    return None
                if not self._computer_due(current, seat):
                    await self.db.take_deadline(lease)
                    return None
                assert current.state is not None
                if current.decision(seat).token != token:
                    continue  # others' moves changed this decision: think again
                try:
                    return await self._commit(current, seat, action, open_gate, consume=lease, by_computer=True)
                except DeadlineGoneError:
                    return None
                except StaleMessageError:
                    continue
        return None

    async def due_reminder(self, deadline: Deadline) -> tuple[Table, int] | None:
        """The table and seat a reminder is due for, or None (and the row dropped) when it no longer applies."""
        async with self._locked(deadline.game_id):
            try:
                table = await self._fresh(deadline.game_id)  # as for `expire`: never judge on a stale copy
            except ForgedComponentError:
                return None
            if not self._still_due(table, deadline):
                await self.db.take_deadline(deadline)
                return None
            return table, deadline.seat

    async def reminded(self, deadline: Deadline) -> None:
        """The reminder was sent: its row goes."""
        await self.db.take_deadline(deadline)

    async def _change_clock(self, table: Table, clock: TableClock, gate: Gate) -> Table:
        await gate()
        try:
            record = await self.db.update_clock(
                table.id,
                table.record.version,
                self._clock_write(table.record, table.clock, clock, table.state.withdrawn if table.state else ()),
            )
        except StaleVersionError:
            await self._fresh(table.id)
            raise StaleMessageError() from None
        self.deadline_added()
        return self._committed(record, table.state, clock)

    async def set_paused(
        self, game_id: int, user_id: int, paused: bool, *, can_manage: bool, gate: Gate = open_gate
    ) -> Table:
        """The host (or a moderator) pauses or resumes the table: its clocks stop, or start again from now."""
        async with self._locked(game_id):
            table = await self.playing(game_id)
            if user_id != table.record.host_id and not can_manage:
                raise NotHostError("error.pause_forbidden")
            clock = table.clock
            if clock is None:
                raise CardroomError("error.no_clock")
            if clock.paused == paused:
                raise StaleMessageError()
            now = self._clock()
            changed = clock.pause(now) if paused else clock.resume(now, await self._away_by_seat(table.record))
            return await self._change_clock(table, changed, gate)

    async def set_away(self, user_id: int, until: float | None) -> list[Table]:
        """`user_id` is away until `until` (None: back now): their running clocks stop meanwhile.

        Returns the tables whose clock changed (their messages show the new deadlines).
        """
        away = await self._away_map()
        now = self._clock()
        if until is None or until <= now:
            away.pop(user_id, None)
            back = now
        else:
            away[user_id] = until
            back = until
        changed = []
        for row in await self.db.turns_of(user_id):
            if row.since is None:
                continue
            async with self._locked(row.game_id):
                table = await self.get(row.game_id)
                clock = table.clock
                if table.record.status != "active" or clock is None or row.seat >= len(clock.seats):
                    continue
                moved = clock.set_away(row.seat, back, now)
                if moved == clock:
                    continue  # nothing runs there now (a paused table)
                try:
                    changed.append(await self._change_clock(table, moved, open_gate))
                except StaleMessageError:
                    continue  # moved meanwhile: its next move applies the away time
        return changed

    async def abort(self, channel_id: int, user_id: int, *, can_manage: bool, gate: Gate = open_gate) -> Table:
        table = await self.in_channel(channel_id)
        if table is None:
            raise GameEndedError("error.no_table")
        async with self._locked(table.id):
            table = await self._fresh(table.id)
            if table.record.status not in ("lobby", "active"):
                raise GameEndedError()
            if user_id != table.record.host_id and not can_manage:
                raise NotHostError("error.abort_forbidden")
            await gate()
            return self._committed(await self.db.abort(table.id, by_user_id=user_id))

    async def force_end(self, game_id: int, guild_id: int, user_id: int, gate: Gate = open_gate) -> Table:
        """A server manager ends one of the server's open tables (`/cardroom`); the caller checked the permission."""
        async with self._locked(game_id):
            try:
                table = await self._fresh(game_id)
            except ForgedComponentError:
                raise GameEndedError() from None
            if table.record.guild_id != guild_id:
                raise GameEndedError()
            if not table.record.is_open:
                raise GameEndedError()
            await gate()
            try:
                return self._committed(await self.db.abort(game_id, by_user_id=user_id))
            except StaleVersionError:
                await self._fresh(game_id)
                raise GameEndedError() from None

    async def open_tables(self, guild_id: int) -> list[Table]:
        """The server's open tables as the database holds them (a listing: not kept in memory)."""
        return [self._build(record) for record in await self.db.open_tables(guild_id)]


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    """A link to a table's message (to its channel while the message is unknown)."""
    guild = guild_id if guild_id is not None else "@me"
    if message_id is None:
        return f"https://discord.com/channels/{guild}/{channel_id}"
    return f"https://discord.com/channels/{guild}/{channel_id}/{message_id}"


def option_value(choice: Any) -> str:
    """How an option value appears in catalogue keys and select values."""
    if isinstance(choice, bool):
        return "true" if choice else "false"
    return str(choice)
