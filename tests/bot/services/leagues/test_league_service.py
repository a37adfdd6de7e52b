"""Leagues through their service, from creation to champion, with the injected clock on both back ends.

Tables are played through the table service as clicks are (the first legal action of whoever is due); the round's end
comes by moving the clock and firing the league scheduler, as the bot does. A restart is a new service on the same
database.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from itertools import combinations, count

import pytest

from bot.errors import (
    InvalidOptionError,
    LeagueClosedError,
    LeagueTooSmallError,
    NotInLeagueError,
    NotOrganiserError,
)
from bot.services.leagues import LeagueScheduler, LeagueService, Progress, rounds
from bot.services.tables import Table, Tables
from bot.storage import Database, Seat
from bot.storage.repos.leagues import Entrant, League, Seating
from tests.bot.services.clocks import Clock

pytestmark = [pytest.mark.postgresql_too, pytest.mark.long_unit]

GUILD, CHANNEL, ORGANISER = 9, 500, 1000
threads = count(10_000)


class League_:
    """The league's service as the bot runs it: a scheduler that settles due leagues and opens their tables."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self.tables = Tables(db, clock=clock)
        self.service = LeagueService(db, self.tables)
        self.clock = clock
        self.progress: list[Progress] = []
        self.scheduler = LeagueScheduler(db, self.handle, clock=clock)

    async def make_thread(self, league: League, seating: Seating, players: Sequence[Entrant]) -> int:
        return next(threads)

    async def handle(self, league: League) -> None:
        self.progress.append(await self.service.settle(league.id))
        await self.service.open_tables(league.id, self.make_thread)

    async def fire(self) -> None:
        await self.service.idle()
        await self.scheduler.fire_due()

    async def round_end(self, league: League) -> League:
        current = await self.service.get(league.id)
        assert current.round_ends_at is not None
        self.clock.now = current.round_ends_at + 1
        await self.fire()
        return await self.service.get(league.id)


async def play(tables: Tables, table_id: int, moves: int | None = None) -> Table:
    """Whoever is due plays their first legal action, `moves` times (None: to the end)."""
    table = await tables.store.get(table_id)
    done = 0
    while table.record.status == "active" and (moves is None or done < moves):
        seat = table.to_act[0]
        user = table.record.seats[seat].user_id
        assert table.state is not None
        legal = table.engine.legal_actions(table.state, seat)[0]
        index = tables.play.candidates(table, seat).index(legal)
        token = table.decision(seat).token
        table = (await tables.play.act(table_id, user, table.record.version, index, token)).table
        done += 1
    return table


async def new_league(run: League_, players: int, *, game: str = "pairs", size: int = 2, rounds: int = 3) -> League:
    league = await run.service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game=game,
        format="swiss",
        rounds=rounds,
        days=2,
        pace="daily",
        table_size=size,
        locale="en",
    )
    for user in range(1, players + 1):
        await run.service.join(league.id, Seat(user, f"P{user}"))
    return league


async def start(run: League_, league: League) -> Progress:
    progress = await run.service.start(league.id, ORGANISER, can_manage=False)
    await run.fire()  # a started league is due at once: its scheduler opens the round's tables
    return progress


async def seatings(db: Database, league: League, round: int) -> list[Seating]:
    return await db.leagues.seatings(league.id, round)


@pytest.fixture
def run(db: Database, clock: Clock, fixed_seed: None) -> League_:
    return League_(db, clock)


async def test_the_organiser_alone_starts_and_options_follow_the_game(run: League_, db: Database) -> None:
    with pytest.raises(InvalidOptionError):  # Pairs seats 2 to 8
        await new_league(run, 0, size=9)
    league = await new_league(run, 1)
    with pytest.raises(LeagueTooSmallError):
        await run.service.start(league.id, ORGANISER, can_manage=False)
    await run.service.join(league.id, Seat(2, "P2"))
    with pytest.raises(NotOrganiserError):
        await run.service.start(league.id, 2, can_manage=False)
    with pytest.raises(NotInLeagueError):
        await run.service.leave(league.id, 7)
    progress = await run.service.start(league.id, 2, can_manage=True)  # a server manager may
    assert progress.league.status == "running" and len(progress.started) == 1
    with pytest.raises(LeagueClosedError):
        await run.service.join(league.id, Seat(3, "P3"))


async def test_a_six_player_swiss_league_runs_from_creation_to_champion(
    run: League_, db: Database, clock: Clock
) -> None:
    league = await new_league(run, 6)
    first = await start(run, league)
    assert first.league.round == 1 and [len(s.players) for s in first.started] == [2, 2, 2]
    round_one = await seatings(db, league, 1)
    assert all(s.table_id is not None and s.thread_id is not None for s in round_one)
    # Round 1: two tables are played out, the third nobody moves in: a double forfeit at the round's end.
    for seating in round_one[:2]:
        assert seating.table_id is not None
        await play(run.tables, seating.table_id)
    await run.fire()  # the ended tables make the league due at once: they are scored before the round ends
    scored = await seatings(db, league, 1)
    assert [s.outcome for s in scored] == ["played", "played", "pending"]
    assert all(sorted((s.points or {}).values()) in ([0.0, 1.0], [0.5, 0.5]) for s in scored[:2])
    league = await run.round_end(league)
    assert league.round == 2
    forfeited = (await seatings(db, league, 1))[2]
    assert forfeited.outcome == "double_forfeit" and set((forfeited.points or {}).values()) == {0.0}
    assert forfeited.table_id is not None and (await db.tables.get(forfeited.table_id)).status == "aborted"

    # Round 2: a player leaves (their opponent wins by their withdrawal); a table moved in but unfinished at the
    # round's end is played out by the clock; then the bot restarts before the round ends.
    round_two = await seatings(db, league, 2)
    assert len(round_two) == 3 and not _repeats(await db.leagues.seatings(league.id))
    leaver = round_two[0].players[0]
    left = await run.service.leave(league.id, leaver)
    assert left.moved == (round_two[0].table_id,)
    assert round_two[1].table_id is not None and round_two[2].table_id is not None
    await play(run.tables, round_two[1].table_id)
    await play(run.tables, round_two[2].table_id, moves=1)
    restarted = League_(db, clock)  # a new process on the same database
    league = await restarted.round_end(league)
    decided = await seatings(db, league, 2)
    assert [s.outcome for s in decided] == ["played", "played", "played"]
    assert (decided[0].points or {})[leaver] == 0.0
    assert (await db.tables.get(round_two[2].table_id)).status == "finished"

    # Round 3: five players left, so one bye, to the lowest standing who had none; then the champion.
    assert league.round == 3
    round_three = await seatings(db, league, 3)
    byes = [s for s in round_three if s.outcome == "bye"]
    assert len(byes) == 1 and leaver not in {p for s in round_three for p in s.players}
    earlier = [s for s in await db.leagues.seatings(league.id) if s.round < 3]
    before = rounds.table_of(league, await db.leagues.entrants(league.id), earlier)
    assert byes[0].players == (before[-1].user_id,)  # nobody had a bye yet: the lowest standing gets it
    for seating in round_three:
        if seating.table_id is not None:
            await play(restarted.tables, seating.table_id)
    await restarted.fire()
    final = await restarted.service.get(league.id)
    assert final.status == "finished" and final.due_at is None
    assert restarted.progress[-1].finished and restarted.progress[-1].ended_round == 3
    _, rows, _ = await restarted.service.standings(league.id)
    assert rows[0].rank == 1 and len(rows) == 5
    assert [row.points for row in rows] == sorted((row.points for row in rows), reverse=True)
    points = {row.user_id: row.points for row in rows}
    everything = await db.leagues.seatings(league.id)
    for user, total in points.items():
        assert total == sum((s.points or {}).get(user, 0.0) for s in everything)
    assert not _repeats(everything)
    assert len(await db.ratings.of(guild_id=GUILD, game="pairs")) >= 5  # league games are rated


async def test_a_nine_player_league_of_a_three_player_game(run: League_, db: Database) -> None:
    league = await new_league(run, 9, game="pairs", size=3, rounds=2)
    first = await start(run, league)
    assert [len(s.players) for s in first.started] == [3, 3, 3]
    for number in (1, 2):
        for seating in await seatings(db, league, number):
            assert seating.table_id is not None
            await play(run.tables, seating.table_id, moves=1)  # someone moved: decided by the clock at the end
        league = await run.round_end(league)
    assert league.status == "finished"
    everything = await db.leagues.seatings(league.id)
    assert [s.outcome for s in everything] == ["played"] * 6
    assert all(sorted((s.points or {}).values()) in _three_player_points() for s in everything)
    _, rows, _ = await run.service.standings(league.id)
    assert sum(row.points for row in rows) == 6 * 3.0  # each table of three hands out 2 + 1 + 0 points


def _three_player_points() -> list[list[float]]:
    return [[0.0, 1.0, 2.0], [0.5, 0.5, 2.0], [0.0, 1.5, 1.5], [1.0, 1.0, 1.0]]


def _repeats(seatings: Sequence[Seating]) -> int:
    """Pairs of players who sat at the same table more than once."""
    seen: dict[frozenset[int], int] = {}
    for seating in seatings:
        for pair in combinations(seating.players, 2):
            key = frozenset(pair)
            seen[key] = seen.get(key, 0) + 1
    return sum(1 for times in seen.values() if times > 1)


async def test_two_processes_end_a_round_once_and_open_its_tables_once(
    db: Database, clock: Clock, fixed_seed: None
) -> None:
    first, second = League_(db, clock), League_(db, clock)
    league = await new_league(first, 4, rounds=2)
    await start(first, league)
    opened = [s.table_id for s in await seatings(db, league, 1)]
    assert all(opened) and len(set(opened)) == 2
    await second.fire()  # the other process finds nothing due: the tables are not opened twice
    assert [s.table_id for s in await seatings(db, league, 1)] == opened
    running = await first.service.get(league.id)
    assert running.round_ends_at is not None
    clock.now = running.round_ends_at + 1
    await asyncio.gather(first.fire(), second.fire())  # both schedulers wake at the round's end
    after = await first.service.get(league.id)
    assert after.round == 2 and after.version == running.version + 1  # one round began
    round_two = await seatings(db, league, 2)
    assert len(round_two) == 2 and all(s.table_id is not None for s in round_two)
    assert len({s.table_id for s in round_two}) == 2
    ended = [p for p in first.progress + second.progress if p.ended_round == 1]
    assert len(ended) == 1  # one process ended round 1 and tells it; the other had nothing to do


async def test_the_organiser_cancels_a_running_league_and_its_open_tables_end_unrated(
    run: League_, db: Database
) -> None:
    league = await new_league(run, 2)
    await start(run, league)
    (seating,) = await seatings(db, league, 1)
    assert seating.table_id is not None
    with pytest.raises(NotOrganiserError):
        await run.service.cancel(league.id, 1, can_manage=False)
    cancelled = await run.service.cancel(league.id, ORGANISER, can_manage=False)
    assert cancelled.finished and cancelled.league.status == "cancelled" and cancelled.moved == (seating.table_id,)
    assert (await db.tables.get(seating.table_id)).status == "aborted"
    assert await db.ratings.of(guild_id=GUILD, game="pairs") == {}
    with pytest.raises(LeagueClosedError):
        await run.service.join(league.id, Seat(3, "P3"))
    await run.fire()
    assert (await run.service.get(league.id)).due_at is None  # nothing is due for a cancelled league
