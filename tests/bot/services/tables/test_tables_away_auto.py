"""Away time spent only when needed: an hour of the yearly away allowance instead of a timeout, hour by hour.

A real database and an injected clock (time moved forward, never slept through); the scheduler fires the
deadlines as in production.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.errors import AwayAllowanceError, InvalidOptionError
from bot.services import away
from bot.services.clock import paces
from bot.services.players import PlayerService
from bot.services.scheduler import Scheduler
from bot.services.tables import Outcome, Table, Tables
from bot.storage import Database, Deadline, Seat
from tests.bot.services.clocks import Clock

pytestmark = pytest.mark.postgresql_too  # deadlines, the allowance and their one transaction: on both back ends

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")
GUILD, CHANNEL = 9, 500
HOUR = 3_600.0
DAY = 86_400.0
ALLOWANCE = paces().away.allowance_days * DAY
DAILY = paces().get("daily")


@pytest.fixture(autouse=True)
def same_deal(fixed_seed: None) -> None:
    """The same deal every run."""


class Firing:
    """The scheduler's fire function: expiries through the service, reminders noted."""

    def __init__(self, service: Tables) -> None:
        self.service = service
        self.outcomes: list[Outcome] = []
        self.reminded: list[int] = []

    async def __call__(self, deadline: Deadline) -> None:
        if deadline.kind == "expire":
            outcome = await self.service.clock.expire(deadline)
            if outcome is not None:
                self.outcomes.append(outcome)
        elif deadline.kind == "remind":
            due = await self.service.clock.due_reminder(deadline)
            if due is not None:
                self.reminded.append(due[1])
                await self.service.clock.reminded(deadline)


def services(db: Database, clock: Clock) -> tuple[Tables, PlayerService, Scheduler, Firing]:
    tables = Tables(db, clock=clock)
    firing = Firing(tables)
    return tables, PlayerService(db, tables, clock=clock), Scheduler(db, firing, clock=clock), firing


async def started(tables: Tables, *, away_allowed: str | None = None) -> Table:
    table = await tables.lobby.open_lobby(guild_id=GUILD, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    table = await tables.lobby.join(table.id, BOB)
    if away_allowed is not None:
        table = await tables.lobby.set_clock_option(table.id, ALICE.user_id, "away", away_allowed)
    return await tables.lobby.start(table.id, ALICE.user_id)


async def act(tables: Tables, table: Table, seat: int) -> Outcome:
    """The player of `seat` clicks their first candidate on the message drawn for `table`."""
    assert table.state is not None
    token = table.engine.decision_token(table.state, seat)
    return await tables.play.act(table.id, table.record.seats[seat].user_id, table.record.version, 0, token)


def due(table: Table) -> tuple[int, int]:
    (seat,) = table.to_act
    return seat, table.record.seats[seat].user_id


async def test_an_hour_of_allowance_is_spent_instead_of_a_timeout_and_the_player_told_once(
    db: Database, clock: Clock
) -> None:
    tables, players, run, firing = services(db, clock)
    table = await started(tables)
    seat, user = due(table)
    deadline = table.deadline(seat)
    assert deadline is not None

    clock.now = deadline
    await run.fire_due()
    first = firing.outcomes[-1]
    assert not first.by_clock and first.away is not None
    assert first.away.first and first.away.user_id == user and first.away.seat == seat
    assert first.away.spent == HOUR and first.away.left == ALLOWANCE - HOUR
    assert first.table.deadline(seat) == deadline + HOUR  # the table shows the moved deadline
    assert first.table.to_act == table.to_act and first.table.state == table.state  # no move was made
    rows = {(row.seat, row.kind): row.due_at for row in await db.deadlines.due(float("inf"), 100)}
    assert rows[seat, "expire"] == deadline + HOUR
    assert players.left(await players.settings(user)) == ALLOWANCE - HOUR  # the same allowance /away uses
    assert firing.reminded == [seat]  # the reminder before the time ran out, none on the away hours

    # The next hour runs out too: another hour, and no second notice.
    clock.now = deadline + HOUR
    await run.fire_due()
    second = firing.outcomes[-1]
    assert second.away is not None and not second.away.first and second.away.left == ALLOWANCE - 2 * HOUR
    assert second.table.deadline(seat) == deadline + 2 * HOUR
    assert firing.reminded == [seat]
    assert (await players.settings(user)).away_used == 2 * HOUR

    # The player acts on their extra time: their decision on away hours is over (a next one is a new stretch).
    assert second.table.clock is not None and second.table.clock.on_auto_away(seat)
    clock.now += 60
    moved = (await act(tables, second.table, seat)).table
    assert moved.clock is not None and not moved.clock.on_auto_away(seat)


async def test_the_allowance_running_out_lets_the_timeout_happen(db: Database, clock: Clock) -> None:
    tables, players, run, firing = services(db, clock)
    table = await started(tables)
    seat, user = due(table)
    year = away.year_of(clock.now)
    await db.players.save(replace(await db.players.get(user), away_year=year, away_used=ALLOWANCE - HOUR - 600))
    deadline = table.deadline(seat)
    assert deadline is not None

    clock.now = deadline
    await run.fire_due()
    assert firing.outcomes[-1].away is not None and firing.outcomes[-1].away.left == 600
    clock.now = deadline + HOUR
    await run.fire_due()
    last = firing.outcomes[-1].away
    assert last is not None and last.spent == 600 and last.left == 0 and not last.first  # what was left
    assert firing.outcomes[-1].table.deadline(seat) == deadline + HOUR + 600
    clock.now = deadline + HOUR + 600
    await run.fire_due()
    timeout = firing.outcomes[-1]
    assert timeout.by_clock and timeout.away is None and timeout.seat == seat
    assert players.left(await players.settings(user)) == 0


async def test_a_player_who_turned_it_off_times_out_as_before(db: Database, clock: Clock) -> None:
    tables, players, run, firing = services(db, clock)
    table = await started(tables)
    seat, user = due(table)
    assert (await players.settings(user)).auto_away  # on by default
    assert not (await players.set_auto_away(user, False)).auto_away
    deadline = table.deadline(seat)
    assert deadline is not None
    clock.now = deadline
    await run.fire_due()
    (outcome,) = firing.outcomes
    assert outcome.by_clock and outcome.away is None
    assert (await players.settings(user)).away_used == 0

    assert (await players.set_auto_away(user, True)).auto_away  # and back on


async def test_a_table_without_away_time_neither_spends_hours_nor_stops_for_away(db: Database, clock: Clock) -> None:
    tables, players, run, firing = services(db, clock)
    table = await started(tables, away_allowed="off")
    assert table.clock is not None and not table.clock.away_allowed
    seat, user = due(table)
    deadline = table.deadline(seat)
    assert deadline is not None

    change = await players.go_away(user, 2)  # charged, but this table's clock runs on
    assert change.tables == []
    assert (await tables.store.get(table.id)).deadline(seat) == deadline

    clock.now = deadline
    await run.fire_due()
    (outcome,) = firing.outcomes
    assert outcome.by_clock and outcome.away is None
    assert (await players.settings(user)).away_used == 2 * DAY  # only what /away took


async def test_the_lobby_option_is_checked_and_kept_by_a_rematch(db: Database, clock: Clock) -> None:
    tables, _, _, _ = services(db, clock)
    table = await tables.lobby.open_lobby(guild_id=GUILD, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    assert table.clock is not None and table.clock.away_allowed  # allowed unless the host says otherwise
    with pytest.raises(InvalidOptionError):
        await tables.lobby.set_clock_option(table.id, ALICE.user_id, "away", "maybe")
    off = await tables.lobby.set_clock_option(table.id, ALICE.user_id, "away", "off")
    assert off.clock is not None and not off.clock.away_allowed
    paced = await tables.lobby.set_clock_option(table.id, ALICE.user_id, "pace", "live")
    assert paced.clock is not None and not paced.clock.away_allowed  # a new pace keeps it
    on = await tables.lobby.set_clock_option(table.id, ALICE.user_id, "away", "on")
    assert on.clock is not None and on.clock.away_allowed


async def test_away_hours_and_away_days_share_one_yearly_allowance(db: Database, clock: Clock) -> None:
    tables, players, run, _ = services(db, clock)
    table = await started(tables)
    seat, user = due(table)
    deadline = table.deadline(seat)
    assert deadline is not None
    clock.now = deadline
    await run.fire_due()
    assert players.left(await players.settings(user)) == ALLOWANCE - HOUR
    # Nine days and 23 hours are left: ten whole days are refused, nine granted.
    with pytest.raises(AwayAllowanceError):
        await players.go_away(user, 10)
    change = await players.go_away(user, 9)
    assert change.left == ALLOWANCE - HOUR - 9 * DAY
    assert (await players.settings(user)).away_used == HOUR + 9 * DAY


async def test_the_spent_hour_and_the_moved_deadline_hold_across_a_restart(
    db_location: str | Path, clock: Clock
) -> None:
    first = await Database.open(db_location)
    try:
        tables, _, run, _ = services(first, clock)
        table = await started(tables)
        seat, user = due(table)
        deadline = table.deadline(seat)
        assert deadline is not None
        clock.now = deadline
        await run.fire_due()
    finally:
        await first.close()
    again = await Database.open(db_location)
    try:
        tables, players, run, firing = services(again, clock)
        reloaded = await tables.store.get(table.id)
        assert reloaded.deadline(seat) == deadline + HOUR
        assert reloaded.clock is not None and reloaded.clock.on_auto_away(seat)
        assert players.left(await players.settings(user)) == ALLOWANCE - HOUR
        await run.fire_due()
        assert firing.outcomes == [] and firing.reminded == []  # nothing due before the hour is over
        clock.now = deadline + HOUR
        await run.fire_due()
        (outcome,) = firing.outcomes
        assert outcome.away is not None and not outcome.away.first  # the same stretch: not told again
    finally:
        await again.close()
