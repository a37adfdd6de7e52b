"""A league's use cases: create, join, leave, start, cancel, and each round's end (`settle`).

A league plays itself out: a round's tables open by themselves (`open_tables`, with a thread the caller makes for
each), a table that ends makes its league due at once (`on_table_ended`), and `settle` scores every ended table,
then at the round's end (or as soon as every table of the round is over) finishes the tables still running, pairs
the next round or ends the league. Every step is idempotent and stored as it goes, so a crash or a second process
only repeats what was not committed: a seating is decided once (`LeagueRepository.decide`), a round begins once
(the league's version).

Rules of the round's end (the issue's "deadlines are the round's"):
* a table nobody moved in is a double forfeit (aborted, every seat scores 0);
* a table still running is decided by the clock: every remaining decision is played with the game's safe default
  move, as for a timed-out player (`ClockService.play_out`), and the game's own placing scores it;
* a player who leaves a running league is withdrawn from their running tables (the game places them last) and is
  paired no more.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from bot.errors import (
    CardroomError,
    InvalidOptionError,
    LeagueClosedError,
    LeagueEndedError,
    LeagueNotFoundError,
    LeagueTooSmallError,
    NotInLeagueError,
    NotOrganiserError,
    UnknownGameError,
)
from bot.leagues.standings import Row, TableScore
from bot.ratings import holder
from bot.seating import is_computer
from bot.services.clock import TableClock, paces
from bot.services.leagues import rounds
from bot.services.tables import Table, Tables
from bot.storage import Database, Seat, TableRecord
from bot.storage.repos.leagues import Entrant, League, LeagueChangedError, LeagueFormat, Seating
from engines import registry

log = logging.getLogger("cardroom.leagues")

DAY: Final = 86_400.0
MAX_ROUNDS: Final = 20
MAX_DAYS: Final = 14
LEASE: Final = 60.0  # seconds a process holds a due league while it handles it


@dataclass(frozen=True)
class Progress:
    """What a change of a league did, for the caller to show: the league after it, a round that ended, the
    seatings of a round that began (tables to open), whether it is over, and the tables it moved."""

    league: League
    ended_round: int | None = None
    started: tuple[Seating, ...] = ()
    finished: bool = False
    moved: tuple[int, ...] = field(default=())


MakeThread = Callable[[League, Seating, Sequence[Entrant]], Awaitable[int]]


class LeagueService:
    def __init__(self, db: Database, tables: Tables, *, time_scale: float = 1.0) -> None:
        self.db = db
        self.tables = tables
        self.time_scale = time_scale
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[None]] = set()
        self.due_added: Callable[[], None] = lambda: None  # the league scheduler listens here
        tables.store.table_ended = self.on_table_ended

    def now(self) -> float:
        return self.tables.store.now()

    async def get(self, league_id: int) -> League:
        league = await self.db.leagues.get(league_id)
        if league is None:
            raise LeagueNotFoundError()
        return league

    # ----- before the start ---------------------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        game: str,
        format: LeagueFormat,
        rounds: int,
        days: float,
        pace: str | None,
        table_size: int | None,
        locale: str,
    ) -> League:
        """A new league taking entrants; its options checked against the game (`InvalidOptionError`)."""
        if game not in registry.names():
            raise UnknownGameError(game=game)
        engine = registry.get(game)
        size = table_size if table_size is not None else engine.min_players
        if not engine.min_players <= size <= engine.max_players:
            raise InvalidOptionError("league.error.table_size", min=engine.min_players, max=engine.max_players)
        if not 1 <= rounds <= MAX_ROUNDS or not 0 < days <= MAX_DAYS:
            raise InvalidOptionError()
        chosen = pace if pace is not None else paces().default
        if chosen not in paces().names():
            raise InvalidOptionError()
        return await self.db.leagues.create(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            format=format,
            rounds=rounds,
            round_seconds=days * DAY * self.time_scale,
            pace=chosen,
            table_size=size,
            organiser_id=organiser_id,
            locale=locale,
            now=self.now(),
        )

    async def join(self, league_id: int, user: Seat) -> League:
        async with self._locks[league_id]:
            league = await self.get(league_id)
            if not league.is_open:
                raise LeagueClosedError()
            if is_computer(user.user_id):
                raise InvalidOptionError()
            try:
                await self.db.leagues.join(league, Entrant(user.user_id, user.name, self.now()))
            except LeagueChangedError:
                raise LeagueClosedError() from None
            return league

    async def entrants(self, league_id: int) -> list[Entrant]:
        return await self.db.leagues.entrants(league_id)

    async def leave(self, league_id: int, user_id: int) -> Progress:
        """The player leaves: taken off an open league; from a running one, withdrawn from their running tables
        and paired no more (their tables are forfeit)."""
        async with self._locks[league_id]:
            league = await self.get(league_id)
            if league.status in ("finished", "cancelled"):
                raise LeagueEndedError()
            if league.is_open:
                try:
                    left = await self.db.leagues.withdraw(league, user_id)
                except LeagueChangedError:
                    raise LeagueClosedError() from None
                if not left:
                    raise NotInLeagueError()
                return Progress(league)
            if not await self.db.leagues.leave(league_id, user_id, self.now()):
                raise NotInLeagueError()
            moved = []
            for seating in await self.db.leagues.seatings(league_id, league.round):
                if seating.outcome != "pending" or seating.table_id is None or user_id not in seating.players:
                    continue
                try:
                    outcome = await self.tables.play.withdraw(seating.table_id, user_id)
                except CardroomError:
                    continue  # the table ended meanwhile, or they had withdrawn already
                moved.append(outcome.table.id)
            return Progress(league, moved=tuple(moved))

    def _may_organise(self, league: League, user_id: int, can_manage: bool) -> None:
        if user_id != league.organiser_id and not can_manage:
            raise NotOrganiserError()

    async def start(self, league_id: int, user_id: int, *, can_manage: bool) -> Progress:
        """The organiser starts the league: round one is paired (tables to open in `Progress.started`)."""
        async with self._locks[league_id]:
            league = await self.get(league_id)
            self._may_organise(league, user_id, can_manage)
            if not league.is_open:
                raise LeagueClosedError()
            entrants = await self.db.leagues.entrants(league_id)
            if len(entrants) < league.table_size:
                raise LeagueTooSmallError(count=len(entrants), size=league.table_size)
            total = rounds.rounds_of(league, entrants, self._min_size(league))
            try:
                progress = await self._begin(league, entrants, [], 1, total=total, from_open=True)
            except LeagueChangedError:
                raise LeagueClosedError() from None
            await self.db.leagues.due_by(league_id, self.now())  # its tables open under the league's claim
            self.due_added()
            return progress

    async def cancel(self, league_id: int, user_id: int, *, can_manage: bool) -> Progress:
        """The organiser cancels the league; a running one's open tables are ended with it (nobody rated)."""
        async with self._locks[league_id]:
            league = await self.get(league_id)
            self._may_organise(league, user_id, can_manage)
            if league.status not in ("open", "running"):
                raise LeagueEndedError()
            moved = []
            for seating in await self.db.leagues.seatings(league_id, league.round or None):
                if seating.outcome == "pending" and seating.table_id is not None:
                    ended = await self._abort(seating.table_id, user_id)
                    if ended is not None:
                        moved.append(ended)
            try:
                cancelled = await self.db.leagues.end(league, "cancelled")
            except LeagueChangedError:
                raise LeagueEndedError() from None
            return Progress(cancelled, finished=True, moved=tuple(moved))

    # ----- rounds ---------------------------------------------------------------------------------------------
    def _min_size(self, league: League) -> int:
        return max(2, registry.get(league.game).min_players)

    async def _seeds(self, league: League, entrants: Sequence[Entrant]) -> dict[int, float]:
        """The entrants' conservative ratings of the game in the server: a Swiss league's first standing."""
        rated = await self.db.ratings.of(guild_id=league.guild_id, game=league.game)
        found = {}
        for entrant in entrants:
            rating = rated.get(holder(entrant.user_id))
            if rating is not None:
                found[entrant.user_id] = rating.conservative
        return found

    async def _begin(
        self,
        league: League,
        entrants: Sequence[Entrant],
        seatings: Sequence[Seating],
        number: int,
        *,
        total: int | None = None,
        from_open: bool = False,
        ended_round: int | None = None,
        moved: tuple[int, ...] = (),
    ) -> Progress:
        seeded = number == 1 and league.format == "swiss"  # later rounds go by the league's own standings
        ratings = await self._seeds(league, entrants) if seeded else {}
        # A large Swiss round's search may take a good part of a second: off the event loop.
        planned = await asyncio.to_thread(
            rounds.next_round, league, entrants, seatings, number, ratings, self._min_size(league)
        )
        new = rounds.seat(league, number, planned)
        ends_at = self.now() + league.round_seconds
        begun = await self.db.leagues.begin_round(
            league, number, new, ends_at, rounds=total, from_status="open" if from_open else "running"
        )
        self.due_added()
        return Progress(begun, ended_round=ended_round, started=tuple(new), moved=moved)

    def clock_for(self, league: League) -> TableClock:
        """A league table's clock: the league's pace, no away time (the round's deadline is the league's)."""
        clock = TableClock.preset(league.pace, scale=self.time_scale)
        return clock.model_copy(update={"away_choice": False})

    async def open_tables(self, league_id: int, make_thread: MakeThread) -> list[Table]:
        """Open the current round's tables not opened yet, each in a thread `make_thread` makes (the thread's
        channel id); a thread made before a crash is used again. The tables opened, started. Called only by the
        process holding the league's claim (its scheduler's pass), so that two processes never open one table."""
        async with self._locks[league_id]:
            league = await self.get(league_id)
            if league.status != "running":
                return []
            entrants = {e.user_id: e for e in await self.db.leagues.entrants(league_id)}
            opened = []
            for seating in await self.db.leagues.seatings(league_id, league.round):
                if seating.outcome != "pending" or seating.table_id is not None:
                    continue
                thread_id = seating.thread_id
                if thread_id is None:
                    thread_id = await make_thread(league, seating, [entrants[p] for p in seating.players])
                    await self.db.leagues.set_thread(seating, thread_id)
                seats = [Seat(player, entrants[player].name) for player in seating.players]
                table = await self.tables.lobby.open_seated(
                    guild_id=league.guild_id,
                    channel_id=thread_id,
                    game=league.game,
                    seats=seats,
                    locale=league.locale,
                    clock=self.clock_for(league),
                )
                await self.db.leagues.set_table(seating, table.id)
                opened.append(table)
            return opened

    def on_table_ended(self, record: TableRecord) -> None:
        """A table ended (any table: the store tells every end): if it is a league's, that league is due now."""
        task = asyncio.get_running_loop().create_task(self._table_ended(record.id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait until every table end told so far has reached its league (shutdown, tests)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _table_ended(self, table_id: int) -> None:
        try:
            seating = await self.db.leagues.by_table(table_id)
            if seating is not None:
                await self.db.leagues.due_by(seating.league_id, self.now())
                self.due_added()
        except Exception:
            log.exception("Could not tell league of table %s that it ended", table_id)

    async def settle(self, league_id: int) -> Progress:
        """Score the round's ended tables; at the round's end, or once all are over, decide the rest, then pair
        the next round or end the league. Nothing to do gives the league as it is."""
        async with self._locks[league_id]:
            league = await self.get(league_id)
            if league.status != "running":
                return Progress(league)
            current = await self.db.leagues.seatings(league_id, league.round)
            over = league.round_ends_at is not None and self.now() >= league.round_ends_at
            moved: list[int] = []
            for seating in current:
                if seating.outcome == "pending":
                    ended = await self._decide(league, seating, round_over=over)
                    if ended is not None:
                        moved.append(ended)
            current = await self.db.leagues.seatings(league_id, league.round)
            if any(seating.outcome == "pending" for seating in current):
                await self.db.leagues.set_due(league_id, league.round_ends_at)
                return Progress(league, moved=tuple(moved))
            entrants = await self.db.leagues.entrants(league_id)
            everything = await self.db.leagues.seatings(league_id)
            try:
                if league.round >= league.rounds:
                    finished = await self.db.leagues.end(league, "finished")
                    return Progress(finished, ended_round=league.round, finished=True, moved=tuple(moved))
                return await self._begin(
                    league, entrants, everything, league.round + 1, ended_round=league.round, moved=tuple(moved)
                )
            except LeagueChangedError:  # another process ended this round first: it shows it
                return Progress(await self.get(league_id), moved=tuple(moved))

    async def _decide(self, league: League, seating: Seating, *, round_over: bool) -> int | None:
        """Score one pending seating if its table ended, or, the round over, end it first; the id of a table
        this moved."""
        moved = None
        if seating.table_id is None:
            if round_over:  # its table never opened (its thread could not be made): nobody could play
                await self.db.leagues.decide(seating, "double_forfeit", dict.fromkeys(seating.players, 0.0))
            return None
        record = await self.db.tables.get(seating.table_id)
        if record.status == "active" and round_over:
            if await self._nobody_moved(record):
                moved = await self._abort(record.id, 0)
                await self.db.leagues.decide(seating, "double_forfeit", dict.fromkeys(seating.players, 0.0))
                return moved
            outcome = await self.tables.clock.play_out(record.id)
            moved = record.id if outcome is not None else None
            record = await self.db.tables.get(seating.table_id)
        if record.status == "finished":
            results = await self.db.results.results(record.id)
            places = {row.user_id: row.place for row in results}
            score = TableScore.from_places(seating.round, seating.players, [places[p] for p in seating.players])
            await self.db.leagues.decide(seating, "played", dict(zip(score.players, score.points, strict=True)))
        elif record.status == "aborted":
            await self.db.leagues.decide(seating, "double_forfeit", dict.fromkeys(seating.players, 0.0))
        return moved

    async def _nobody_moved(self, record: TableRecord) -> bool:
        people = {seat for seat, person in enumerate(record.seats) if not is_computer(person.user_id)}
        return not any(seat in people for _, seat, _ in await self.db.tables.actions(record.id))

    async def _abort(self, table_id: int, by_user_id: int) -> int | None:
        """End the open table with nobody rated (`by_user_id` 0: the league itself); its id, None if it had ended."""
        store = self.tables.store
        async with store.locked(table_id):
            table = await store.fresh(table_id)
            if not table.record.is_open:
                return None
            store.committed(await self.db.tables.abort(table_id, by_user_id=by_user_id))
        return table_id

    # ----- reading ----------------------------------------------------------------------------------------------
    async def standings(self, league_id: int) -> tuple[League, tuple[Row, ...], list[Entrant]]:
        league = await self.get(league_id)
        entrants = await self.db.leagues.entrants(league_id)
        seatings = await self.db.leagues.seatings(league_id)
        return league, rounds.table_of(league, entrants, seatings), entrants

    async def schedule(self, guild_id: int, user_id: int) -> list[tuple[League, Seating, Table | None]]:
        """The player's seatings in the server's running leagues' current rounds, with their tables."""
        found = []
        for league in await self.db.leagues.of_guild(guild_id):
            if league.status != "running":
                continue
            for seating in await self.db.leagues.seatings(league.id, league.round):
                if user_id in seating.players:
                    table = None if seating.table_id is None else await self.tables.store.get(seating.table_id)
                    found.append((league, seating, table))
        return found
