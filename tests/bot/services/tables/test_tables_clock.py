"""The clock through the table service: deadlines written with each move, fired once by the scheduler.

A real database in tmp_path and an injected clock: time is moved forward, never slept through.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import InvalidOptionError, NotHostError, StaleMessageError, TableEndedError
from bot.services.clock import paces
from bot.services.scheduler import Scheduler
from bot.services.tables import Outcome, Table, Tables
from bot.storage import Database, Deadline, GuildSettings, PlayerSettings, Seat
from engines.core import Withdraw
from tests.bot.services.clocks import Clock

pytestmark = pytest.mark.postgresql_too  # deadlines, leases and claims: on both back ends

ALICE, BOB, CAROL = Seat(1, "Alice"), Seat(2, "Bob"), Seat(3, "Carol")
GUILD, CHANNEL = 9, 500
DAY = 86_400.0
DAILY = paces().get("daily")
LIVE = paces().get("live")


@pytest.fixture(autouse=True)
def same_deal(fixed_seed: None) -> None:
    """The same deal every run: who plays first does not change from one run to the next."""


class Firing:
    """The scheduler's fire function: the service's expiry, and reminders 'sent' by noting them."""

    def __init__(self, service: Tables) -> None:
        self.service = service
        self.expired: list[Outcome] = []
        self.reminded: list[tuple[int, int]] = []  # (game, seat)

    async def __call__(self, deadline: Deadline) -> None:
        if deadline.kind == "expire":
            outcome = await self.service.clock.expire(deadline)
            if outcome is not None:
                self.expired.append(outcome)
        elif deadline.kind == "remind":
            due = await self.service.clock.due_reminder(deadline)
            if due is not None:
                self.reminded.append((due[0].id, due[1]))
                await self.service.clock.reminded(deadline)
        else:
            await self.service.lobby.expire_lobby(deadline.table_id, deadline)


def scheduler(service: Tables) -> tuple[Scheduler, Firing]:
    firing = Firing(service)
    return Scheduler(service.store.db, firing, clock=service.store._clock), firing


@pytest.fixture
def service(db: Database, clock: Clock) -> Tables:
    return Tables(db, clock=clock)


async def lobby(service: Tables, *, channel: int = CHANNEL, guild: int = GUILD, host: Seat = ALICE) -> Table:
    for person in (ALICE, BOB):  # their time runs out as timeouts, not away hours (test_tables_away_auto.py)
        await service.store.db.players.save(PlayerSettings(person.user_id, auto_away=False))
    table = await service.lobby.open_lobby(guild_id=guild, channel_id=channel, game="pairs", host=host, locale="en")
    return await service.lobby.join(table.id, BOB if host == ALICE else ALICE)


async def started(
    service: Tables, *, channel: int = CHANNEL, pace: str | None = None, timeouts: int | None = None
) -> Table:
    table = await lobby(service, channel=channel)
    if pace is not None:
        table = await service.lobby.set_clock_option(table.id, ALICE.user_id, "pace", pace)
    if timeouts is not None:
        table = await service.lobby.set_clock_option(table.id, ALICE.user_id, "timeouts", str(timeouts))
    return await service.lobby.start(table.id, ALICE.user_id)


async def act(service: Tables, table: Table, seat: int, kind: str = "hit") -> Outcome:
    """The player of `seat` clicks `kind` on the message drawn for `table`."""
    assert table.state is not None
    index = [action.kind for action in service.play.candidates(table, seat)].index(kind)
    token = table.engine.decision_token(table.state, seat)
    return await service.play.act(table.id, table.record.seats[seat].user_id, table.record.version, index, token)


async def rows(db: Database, table_id: int) -> dict[tuple[int, str], float]:
    """Every pending deadline of the game: (seat, kind) -> due."""
    return {(d.seat, d.kind): d.due_at for d in await db.deadlines.due(float("inf"), 10_000) if d.table_id == table_id}


def expiry(table: Table, seat: int) -> Deadline:
    due = table.deadline(seat)
    assert due is not None
    return Deadline(table.id, seat, "expire", due)


def reminder(table: Table, seat: int) -> Deadline:
    assert table.clock is not None
    due = table.clock.reminder(seat)
    assert due is not None
    return Deadline(table.id, seat, "remind", due)


async def make_due(service: Tables, table: Table, seat: int) -> Table:
    """The other player hits until `seat` must decide."""
    for _ in range(20):
        if seat in table.to_act:
            return table
        table = (await act(service, table, table.to_act[0])).table
    raise AssertionError(f"seat {seat} never came to decide")


# ----- deadlines follow the moves -------------------------------------------------
async def test_start_writes_the_deadlines_of_the_seat_to_act_and_a_move_replaces_them(
    service: Tables, db: Database, clock: Clock
) -> None:
    start = clock.now
    table = await started(service)
    (seat,) = table.to_act
    assert table.clock is not None and table.clock.pace == paces().default
    assert await rows(db, table.id) == {
        (seat, "expire"): start + DAILY.bank,
        (seat, "remind"): start + 0.8 * DAILY.bank,
    }
    assert await db.deadlines.next() == start + 0.8 * DAILY.bank
    assert table.deadline(seat) == start + DAILY.bank and table.deadline(1 - seat) is None

    clock.now += 1000
    outcome = await act(service, table, seat)
    moved = outcome.table
    assert outcome.seat == seat and not outcome.by_clock and moved.record.version == table.record.version + 1
    (nxt,) = moved.to_act
    assert moved.clock is not None
    left = moved.clock.seats[nxt].bank
    assert left == (DAILY.bank if nxt != seat else DAILY.bank - 1000 + DAILY.increment)
    assert await rows(db, table.id) == {(nxt, "expire"): clock.now + left, (nxt, "remind"): clock.now + 0.8 * left}
    assert moved.deadline(nxt) == clock.now + left


async def test_an_expired_seat_is_played_for_once(service: Tables, db: Database, clock: Clock) -> None:
    table = await lobby(service)
    table = await service.lobby.set_clock_option(table.id, ALICE.user_id, "auto", "default")  # the game's safe default
    table = await service.lobby.start(table.id, ALICE.user_id)
    (seat,) = table.to_act
    assert table.state is not None
    default = table.engine.default_action(table.state, seat).model_dump_json()
    due = table.deadline(seat)
    assert due is not None
    run, firing = scheduler(service)

    clock.now = due - 1
    assert await run.fire_due() == 1 and firing.reminded == [(table.id, seat)] and firing.expired == []
    assert (await db.tables.get(table.id)).version == table.record.version

    clock.now = due
    assert await run.fire_due() == 1
    (outcome,) = firing.expired
    version = table.record.version + 1
    assert outcome.by_clock and outcome.seat == seat and not outcome.finished
    assert outcome.table.record.version == version and (await db.tables.get(table.id)).version == version
    assert (await db.tables.actions(table.id))[-1] == (version, seat, default)
    assert outcome.table.clock is not None
    assert outcome.table.clock.timed_out == (seat, version) and outcome.table.clock.seats[seat].timeouts == 1
    (nxt,) = outcome.table.to_act
    assert set(await rows(db, table.id)) == {(nxt, "expire"), (nxt, "remind")}
    assert await db.deadlines.has(expiry(outcome.table, nxt)) and not await db.deadlines.has(expiry(table, seat))

    clock.now += 1
    assert await run.fire_due() == 0 and len(firing.expired) == 1
    assert await service.clock.expire(expiry(table, seat)) is None  # the same deadline again: nothing
    assert (await db.tables.get(table.id)).version == version and len(await db.tables.actions(table.id)) == 1


async def test_k_timeouts_in_a_row_withdraw_the_player_who_then_ranks_last(
    service: Tables, db: Database, clock: Clock
) -> None:
    table = await started(service, timeouts=2)
    assert table.clock is not None and table.clock.timeouts == 2
    (victim,) = table.to_act
    run, firing = scheduler(service)
    for _ in range(40):
        if table.record.status != "active":
            break
        if victim in table.to_act:
            due = table.deadline(victim)
            assert due is not None
            clock.now = due
            assert await run.fire_due() >= 1
            table = firing.expired[-1].table
        else:
            clock.now += 10
            table = (await act(service, table, table.to_act[0])).table
    assert len(firing.expired) == 2 and all(outcome.by_clock for outcome in firing.expired)
    first, last = firing.expired
    assert not first.finished and last.finished
    log = await db.tables.actions(table.id)
    victim_moves = [action for _, seat, action in log if seat == victim]
    assert Withdraw.model_validate_json(victim_moves[-1]) == Withdraw()
    assert all("withdraw" not in action for action in victim_moves[:-1])

    record = await db.tables.get(table.id)
    assert record.status == "finished"
    results = {row.seat: row for row in await db.results.results(table.id)}
    assert results[victim].clocked_out and results[victim].place == 2 and not results[victim].won
    assert not results[1 - victim].clocked_out and results[1 - victim].place == 1 and results[1 - victim].won
    assert await rows(db, table.id) == {}
    assert await db.players.turns_of(ALICE.user_id) == [] and await db.players.turns_of(BOB.user_id) == []


async def test_a_players_own_move_resets_the_timeouts_in_a_row(service: Tables, clock: Clock) -> None:
    table = await started(service, timeouts=2)
    (victim,) = table.to_act
    run, firing = scheduler(service)
    clock.now = expiry(table, victim).due_at
    await run.fire_due()
    table = await make_due(service, firing.expired[-1].table, victim)
    clock.now += 5
    table = await make_due(service, (await act(service, table, victim)).table, victim)  # the player acts
    assert table.clock is not None and table.clock.seats[victim].timeouts == 0
    clock.now = expiry(table, victim).due_at
    await run.fire_due()
    assert len(firing.expired) == 2 and not firing.expired[-1].finished  # one in a row: not withdrawn
    assert firing.expired[-1].table.record.status == "active"


# ----- the race between a click and the expiry -------------------------------------
async def test_a_click_committed_before_the_expiry_wins(service: Tables, db: Database, clock: Clock) -> None:
    table = await started(service)
    (seat,) = table.to_act
    deadline = expiry(table, seat)
    clock.now = deadline.due_at + 5  # time ran out, but the player clicks before the scheduler fires
    outcome = await act(service, table, seat)
    assert not outcome.by_clock
    assert await service.clock.expire(deadline) is None
    assert not await db.deadlines.has(deadline)
    record = await db.tables.get(table.id)
    assert record.version == outcome.table.record.version
    assert [(seq, s) for seq, s, _ in await db.tables.actions(table.id)] == [(record.version, seat)]
    assert outcome.table.clock is not None and outcome.table.clock.seats[seat].timeouts == 0


async def test_an_expiry_committed_before_the_click_makes_it_stale(service: Tables, db: Database, clock: Clock) -> None:
    table = await started(service)
    (seat,) = table.to_act
    clock.now = expiry(table, seat).due_at
    outcome = await service.clock.expire(expiry(table, seat))
    assert outcome is not None and outcome.by_clock
    before = await db.tables.get(table.id)
    with pytest.raises(StaleMessageError):
        await act(service, table, seat, "hit")  # the message drawn before the expiry
    with pytest.raises(StaleMessageError):
        await act(service, table, seat, "fold")
    after = await db.tables.get(table.id)
    assert (after.version, after.state, after.clock) == (before.version, before.state, before.clock)
    assert len(await db.tables.actions(table.id)) == 1


async def test_another_process_moving_first_does_not_lose_the_next_expiry(
    service: Tables, db: Database, clock: Clock, db_location: str | Path
) -> None:
    """This process still holds the table as it was; the deadline the other process wrote must still fire."""
    table = await started(service)
    (seat,) = table.to_act
    old = expiry(table, seat)
    other_db = await Database.open(db_location)
    try:
        other = Tables(other_db, clock=clock)
        clock.now += 60
        moved = (await act(other, await other.store.get(table.id), seat)).table
        clock.now = old.due_at
        assert await service.clock.expire(old) is None  # the other process's move got there first
        (nxt,) = moved.to_act
        new = expiry(moved, nxt)
        assert await db.deadlines.has(new)
        clock.now = new.due_at
        outcome = await service.clock.expire(new)
        assert outcome is not None and outcome.by_clock and outcome.seat == nxt
        assert (await db.tables.get(table.id)).version == moved.record.version + 1
    finally:
        await other_db.close()


# ----- a restart ------------------------------------------------------------------
async def test_an_overdue_expiry_fires_once_after_a_restart(db_location: str | Path, clock: Clock) -> None:
    path = db_location
    before = await Database.open(path)
    try:
        table = await started(Tables(before, clock=clock))
    finally:
        await before.close()
    (seat,) = table.to_act
    clock.now = expiry(table, seat).due_at + 3 * DAY  # the bot was down when the time ran out
    after = await Database.open(path)
    try:
        service = Tables(after, clock=clock)
        run, firing = scheduler(service)
        assert await run.delay() == 0.0
        assert await run.fire_due() == 2  # the reminder, then the expiry
        (outcome,) = firing.expired
        assert outcome.by_clock and outcome.seat == seat
        assert (await after.tables.get(table.id)).version == table.record.version + 1
        assert await run.fire_due() == 0 and len(firing.expired) == 1
        clock.now += 1
        assert await run.fire_due() == 0 and len(firing.expired) == 1
        # The overdrawn bank counts as empty: the timed-out seat keeps only the increment.
        assert outcome.table.clock is not None and outcome.table.clock.seats[seat].bank == DAILY.increment
    finally:
        await after.close()


# ----- reminders ------------------------------------------------------------------
async def test_a_reminder_is_due_at_80_percent_once_and_dropped_after_a_move(
    service: Tables, db: Database, clock: Clock
) -> None:
    start = clock.now
    table = await started(service)
    (seat,) = table.to_act
    clock.now = start + 0.8 * DAILY.bank - 1
    assert await db.deadlines.due(clock.now, 10) == []
    clock.now += 1
    (due,) = await db.deadlines.due(clock.now, 10)
    assert due == Deadline(table.id, seat, "remind", start + 0.8 * DAILY.bank)
    found = await service.clock.due_reminder(due)
    assert found is not None and found[0].id == table.id and found[1] == seat
    await service.clock.reminded(due)
    assert not await db.deadlines.has(due) and await db.deadlines.has(expiry(table, seat))
    assert await db.deadlines.due(clock.now, 10) == []

    clock.now += 10
    moved = (await act(service, table, seat)).table
    assert await service.clock.due_reminder(due) is None  # that decision is gone
    (nxt,) = moved.to_act
    assert await rows(db, table.id) == {
        (nxt, "expire"): expiry(moved, nxt).due_at,
        (nxt, "remind"): reminder(moved, nxt).due_at,
    }
    found = await service.clock.due_reminder(reminder(moved, nxt))  # the new decision's reminder is live
    assert found is not None and found[1] == nxt and found[0].record.version == moved.record.version


async def test_a_reminder_row_left_for_a_seat_that_moved_is_dropped(service: Tables, db: Database) -> None:
    table = await started(service)
    (seat,) = table.to_act
    stale = reminder(table, seat)
    moved = (await act(service, table, seat)).table
    (nxt,) = moved.to_act
    # A row no longer matching the clock (left by an older process, say), planted by hand.
    async with db._transaction() as tx:
        await tx.conn.execute(
            "INSERT INTO deadlines (table_id, seat, kind, due_at) VALUES (?, ?, 'remind', ?)"
            " ON CONFLICT (table_id, seat, kind) DO UPDATE SET due_at = excluded.due_at",
            (table.id, 1 - nxt, stale.due_at),
        )
    leftover = Deadline(table.id, 1 - nxt, "remind", stale.due_at)
    assert await db.deadlines.has(leftover)
    assert await service.clock.due_reminder(leftover) is None
    assert not await db.deadlines.has(leftover)
    assert await db.deadlines.has(reminder(moved, nxt))  # the live one stays


# ----- pause ----------------------------------------------------------------------
async def test_a_paused_table_never_expires_and_resumes_from_now(service: Tables, db: Database, clock: Clock) -> None:
    start = clock.now
    table = await started(service)
    (seat,) = table.to_act
    with pytest.raises(NotHostError):
        await service.clock.set_paused(table.id, BOB.user_id, True, can_manage=False)
    clock.now += 1000
    paused = await service.clock.set_paused(table.id, ALICE.user_id, True, can_manage=False)
    assert paused.clock is not None and paused.clock.paused
    assert paused.deadline(seat) is None and await rows(db, table.id) == {}
    with pytest.raises(StaleMessageError):
        await service.clock.set_paused(table.id, ALICE.user_id, True, can_manage=False)
    (turn,) = [row for row in await db.players.turns_of(paused.record.seats[seat].user_id) if row.table_id == table.id]
    assert turn.since == start + 1000 and turn.due_at is None

    run, firing = scheduler(service)
    clock.now += 30 * DAY
    assert await run.fire_due() == 0 and firing.expired == []
    assert await service.clock.expire(expiry(table, seat)) is None  # a deadline read before the pause
    assert (await db.tables.get(table.id)).version == paused.record.version

    with pytest.raises(NotHostError):
        await service.clock.set_paused(table.id, BOB.user_id, False, can_manage=False)
    resumed = await service.clock.set_paused(table.id, BOB.user_id, False, can_manage=True)  # a moderator
    left = DAILY.bank - 1000
    assert resumed.deadline(seat) == clock.now + left
    assert await rows(db, table.id) == {(seat, "expire"): clock.now + left, (seat, "remind"): clock.now + 0.8 * left}
    clock.now += left
    assert await run.fire_due() == 2 and len(firing.expired) == 1


async def test_a_move_while_paused_starts_no_clock(service: Tables, db: Database, clock: Clock) -> None:
    table = await started(service)
    (seat,) = table.to_act
    table = await service.clock.set_paused(table.id, ALICE.user_id, True, can_manage=False)
    clock.now += 500
    moved = (await act(service, table, seat)).table
    (nxt,) = moved.to_act
    assert moved.deadline(nxt) is None and await rows(db, table.id) == {}
    clock.now += 1000
    resumed = await service.clock.set_paused(table.id, ALICE.user_id, False, can_manage=False)
    assert resumed.clock is not None
    assert resumed.deadline(nxt) == clock.now + resumed.clock.seats[nxt].bank
    assert set(await rows(db, table.id)) == {(nxt, "expire"), (nxt, "remind")}


# ----- away -----------------------------------------------------------------------
async def test_a_first_decision_taken_while_away_starts_at_the_return(
    service: Tables, db: Database, clock: Clock
) -> None:
    returns = {ALICE.user_id: clock.now + DAY, BOB.user_id: clock.now + 2 * DAY}
    for user, back in returns.items():
        assert await service.clock.set_away(user, back) == []  # no running game yet
    table = await started(service)
    (seat,) = table.to_act
    back = returns[table.record.seats[seat].user_id]
    assert table.deadline(seat) == back + DAILY.bank
    assert await rows(db, table.id) == {(seat, "expire"): back + DAILY.bank, (seat, "remind"): back + 0.8 * DAILY.bank}


async def test_away_pushes_the_running_deadline_past_the_return(service: Tables, db: Database, clock: Clock) -> None:
    start = clock.now
    table = await started(service)
    (seat,) = table.to_act
    user, other_user = table.record.seats[seat].user_id, table.record.seats[1 - seat].user_id
    clock.now += 600
    back = clock.now + 2 * DAY
    other_back = clock.now + 5 * DAY
    assert await service.clock.set_away(other_user, other_back) == []  # not deciding: nothing changes now
    assert await rows(db, table.id) == {
        (seat, "expire"): start + DAILY.bank,
        (seat, "remind"): start + 0.8 * DAILY.bank,
    }
    (changed,) = await service.clock.set_away(user, back)
    left = DAILY.bank - 600
    assert changed.id == table.id and changed.deadline(seat) == back + left
    assert await rows(db, table.id) == {(seat, "expire"): back + left, (seat, "remind"): back + 0.8 * left}
    (turn,) = [row for row in await db.players.turns_of(user) if row.table_id == table.id]
    assert turn.due_at == back + left
    run, firing = scheduler(service)
    clock.now = start + DAILY.bank + 1  # the deadline it had before going away
    assert await run.fire_due() == 0 and firing.expired == []

    # Coming back early: the clock restarts now with what was left.
    (changed,) = await service.clock.set_away(user, None)
    assert changed.deadline(seat) == clock.now + left

    # The other player is still away: their next decision starts when they come back.
    moved = changed
    while 1 - seat not in moved.to_act:
        clock.now += 10
        moved = (await act(service, moved, seat)).table
    assert moved.deadline(1 - seat) == other_back + DAILY.bank
    assert await rows(db, table.id) == {
        (1 - seat, "expire"): other_back + DAILY.bank,
        (1 - seat, "remind"): other_back + 0.8 * DAILY.bank,
    }


# ----- server defaults ------------------------------------------------------------
async def test_a_new_lobby_takes_the_servers_defaults(db: Database, clock: Clock) -> None:
    service = Tables(db, clock=clock, time_scale=0.001)
    await db.servers.save(GuildSettings(guild_id=GUILD, pace="live", timeouts=5, lobby_expiry=3600))
    table = await lobby(service)
    assert table.clock is not None
    assert (table.clock.pace, table.clock.timeouts) == ("live", 5)
    assert table.clock.bank == pytest.approx(LIVE.bank * 0.001)
    assert table.clock.increment == pytest.approx(LIVE.increment * 0.001)
    assert await db.deadlines.next() == pytest.approx(clock.now + 3.6)  # the server's lobby expiry, scaled

    elsewhere = await lobby(service, channel=CHANNEL + 1, guild=GUILD + 1)
    assert elsewhere.clock is not None
    assert (elsewhere.clock.pace, elsewhere.clock.timeouts) == (paces().default, paces().timeouts.default)
    assert elsewhere.clock.bank == pytest.approx(DAILY.bank * 0.001)

    await db.servers.save(GuildSettings(guild_id=GUILD + 2, pace="warp"))  # a pace since removed
    unknown = await lobby(service, channel=CHANNEL + 2, guild=GUILD + 2)
    assert unknown.clock is not None and unknown.clock.pace == paces().default

    started_table = await service.lobby.start(table.id, ALICE.user_id)
    (seat,) = started_table.to_act
    assert started_table.deadline(seat) == pytest.approx(clock.now + 0.3)


async def test_the_host_sets_pace_and_timeouts_in_the_lobby(service: Tables) -> None:
    table = await lobby(service)
    with pytest.raises(NotHostError):
        await service.lobby.set_clock_option(table.id, BOB.user_id, "pace", "live")
    for field, value in (("pace", "warp"), ("timeouts", "4"), ("colour", "1")):
        with pytest.raises(InvalidOptionError):
            await service.lobby.set_clock_option(table.id, ALICE.user_id, field, value)
    table = await service.lobby.set_clock_option(table.id, ALICE.user_id, "timeouts", "2")
    table = await service.lobby.set_clock_option(table.id, ALICE.user_id, "pace", "live")
    assert table.clock is not None and (table.clock.pace, table.clock.timeouts, table.clock.bank) == ("live", 2, 300)


# ----- the turns inbox ------------------------------------------------------------
async def test_turns_of_lists_the_decision_first_and_forgets_an_ended_game(
    service: Tables, db: Database, clock: Clock
) -> None:
    table = await started(service)
    (seat,) = table.to_act
    due_user, waiting_user = table.record.seats[seat].user_id, table.record.seats[1 - seat].user_id
    (turn,) = await db.players.turns_of(due_user)
    assert (turn.table_id, turn.seat, turn.since, turn.due_at) == (table.id, seat, clock.now, table.deadline(seat))
    (waiting,) = await db.players.turns_of(waiting_user)
    assert (waiting.table_id, waiting.seat, waiting.since, waiting.due_at) == (table.id, 1 - seat, None, None)

    await service.play.withdraw(table.id, waiting_user)
    assert (await db.tables.get(table.id)).status == "finished"
    assert await db.players.turns_of(due_user) == [] and await db.players.turns_of(waiting_user) == []


async def test_a_player_who_left_has_no_turns_at_that_table(service: Tables, db: Database, clock: Clock) -> None:
    table = await lobby(service)
    table = await service.lobby.join(table.id, CAROL)
    table = await service.lobby.start(table.id, ALICE.user_id)
    carol = table.seat_of(CAROL.user_id)
    assert carol is not None and [row.table_id for row in await db.players.turns_of(CAROL.user_id)] == [table.id]
    clock.now += 10
    outcome = await service.play.withdraw(table.id, CAROL.user_id)
    assert outcome.table.record.status == "active"  # the other two play on
    assert await db.players.turns_of(CAROL.user_id) == []
    assert [row.table_id for row in await db.players.turns_of(ALICE.user_id)] == [table.id]
    assert [row.table_id for row in await db.players.turns_of(BOB.user_id)] == [table.id]
    (seat,) = outcome.table.to_act
    await act(service, outcome.table, seat)  # later moves do not bring the row back
    assert await db.players.turns_of(CAROL.user_id) == []


async def test_turns_of_orders_many_tables_by_deadline(service: Tables, db: Database, clock: Clock) -> None:
    alice_seat = 0  # Alice hosts every table
    tables = {}
    for channel, pace in ((1, "daily"), (2, "relaxed"), (3, "live")):
        table = await started(service, channel=channel, pace=pace)
        tables[pace] = await make_due(service, table, alice_seat)
        clock.now += 100
    waiting = await make_due(service, await started(service, channel=4), 1)  # Bob decides there
    turns = await db.players.turns_of(ALICE.user_id)
    order = [tables["live"].id, tables["relaxed"].id, tables["daily"].id, waiting.id]
    assert [turn.table_id for turn in turns] == order
    assert (turns[-1].since, turns[-1].due_at) == (None, None)
    assert [turn.due_at for turn in turns[:3]] == [tables[p].deadline(alice_seat) for p in ("live", "relaxed", "daily")]
    dues = [turn.due_at for turn in turns[:3]]
    assert dues == sorted(dues)  # type: ignore[type-var]


# ----- a server's open tables -----------------------------------------------------
async def test_force_end_only_ends_a_table_of_its_own_server(service: Tables, db: Database) -> None:
    table = await started(service)
    waiting_lobby = await lobby(service, channel=CHANNEL + 1)
    assert [t.id for t in await service.admin.open_tables(GUILD)] == [table.id, waiting_lobby.id]
    assert await service.admin.open_tables(GUILD + 1) == []
    with pytest.raises(TableEndedError):
        await service.admin.force_end(table.id, GUILD + 1, 77)
    assert (await db.tables.get(table.id)).status == "active"
    with pytest.raises(TableEndedError):
        await service.admin.force_end(987654, GUILD, 77)

    ended = await service.admin.force_end(table.id, GUILD, 77)
    assert ended.record.status == "aborted" and ended.record.ended_by == 77
    assert await rows(db, table.id) == {} and await db.players.turns_of(ALICE.user_id) == []
    with pytest.raises(TableEndedError):
        await service.admin.force_end(table.id, GUILD, 77)
    assert [t.id for t in await service.admin.open_tables(GUILD)] == [waiting_lobby.id]
    closed = await service.admin.force_end(waiting_lobby.id, GUILD, 77)
    assert closed.record.status == "aborted" and await service.admin.open_tables(GUILD) == []
