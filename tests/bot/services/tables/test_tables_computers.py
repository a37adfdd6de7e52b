"""Computer seats through the table service: seated in the lobby, played from deadlines, rated per level.

A real database in tmp_path and an injected clock; the scheduler fires the
computers' deadlines as it does in the bot (time is moved, never slept through).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

import bot.computers
from bot.computers import HANDOVER, ComputerPlayers
from bot.errors import InvalidOptionError, NotHostError, StaleMessageError, TableFullError
from bot.ratings import holder
from bot.services.scheduler import Scheduler
from bot.services.tables import Outcome, Table, Tables
from bot.storage import Database, Deadline, Seat
from engines.core import Engine, GameState
from engines.core.computer import Level
from tests.bot.services.clocks import Clock

# A long unit of work (tests/conftest.py). The computers' deadlines, leases, claims and ratings run on both back ends
# (`postgresql_too`, test by test); seating computers in the lobby and the players off the event loop (the pool, its
# budget, a failing worker) go through no SQL but the lobby's, which the lobby's own tests check on both.
pytestmark = pytest.mark.long_unit

ALICE = Seat(1, "Alice")
ALICE_SEAT = 0  # the host sits first; computers are seated after her
GUILD, CHANNEL = 9, 500
FLOOR = 2.0


class CountingPlayers(ComputerPlayers):
    """The real computer players (in a thread, a short budget), counting the decisions asked of each level."""

    def __init__(self) -> None:
        super().__init__(workers=0, budget=0.02, playouts=40)
        self.asked: list[tuple[int, Level]] = []
        self.warmed = 0

    def warm(self) -> None:
        self.warmed += 1
        super().warm()

    async def choose(self, engine: Engine[Any, Any, Any, Any], state: GameState, seat: int, level: Level) -> Any:
        self.asked.append((seat, level))
        return await super().choose(engine, state, seat, level)


class Firing:
    """The bot's fire function, reduced to the service calls: computers play, people's clocks expire."""

    def __init__(self, service: Tables) -> None:
        self.service = service
        self.computer_moves: list[Outcome] = []
        self.expired: list[Outcome] = []

    async def __call__(self, deadline: Deadline) -> None:
        if deadline.kind == "computer":
            outcome = await self.service.clock.play_computer(deadline)
            if outcome is not None:
                self.computer_moves.append(outcome)
        elif deadline.kind == "expire":
            outcome = await self.service.clock.expire(deadline)
            if outcome is not None:
                self.expired.append(outcome)
        elif deadline.kind == "remind":
            await self.service.clock.reminded(deadline)


@pytest.fixture
def players() -> CountingPlayers:
    return CountingPlayers()


@pytest.fixture
def service(db: Database, clock: Clock, players: CountingPlayers) -> Tables:
    return Tables(db, clock=clock, computers=players, computer_floor=FLOOR)


async def deadlines(db: Database, table_id: int) -> dict[tuple[int, str], float]:
    return {(d.seat, d.kind): d.due_at for d in await db.deadlines.due(float("inf"), 10_000) if d.table_id == table_id}


async def with_computers(service: Tables, *levels: str, game: str = "pairs") -> Table:
    table = await service.lobby.open_lobby(guild_id=GUILD, channel_id=CHANNEL, game=game, host=ALICE, locale="en")
    for level in levels:
        table = await service.lobby.add_computer(table.id, ALICE.user_id, level)
    return table


async def human_move(service: Tables, table: Table) -> Table:
    """Alice plays her first legal action."""
    assert table.state is not None
    seat = table.seat_of(ALICE.user_id)
    assert seat is not None
    legal = table.engine.legal_actions(table.state, seat)
    index = service.play.candidates(table, seat).index(legal[0])
    token = table.engine.decision_token(table.state, seat)
    return (await service.play.act(table.id, ALICE.user_id, table.record.version, index, token)).table


async def to_computers(service: Tables, table: Table) -> Table:
    """Alice plays until a computer seat is to act (in Pairs a player who takes a pair starts the next round)."""
    for _ in range(50):
        if ALICE_SEAT not in table.to_act:
            return table
        table = await human_move(service, table)
    raise AssertionError("Alice was still to act after 50 moves")


async def computer_due(service: Tables, db: Database, clock: Clock) -> tuple[Table, int, Deadline]:
    """A started table of Alice and two easy computers, at the time a computer's move falls due: the table, that
    computer's seat and its deadline."""
    table = await with_computers(service, "easy", "easy")
    table = await service.lobby.start(table.id, ALICE.user_id)
    table = await to_computers(service, table)
    seat = table.to_act[0]
    due = (await deadlines(db, table.id))[seat, "computer"]
    clock.now = due
    return table, seat, Deadline(table.id, seat, "computer", due)


# ----- the lobby ------------------------------------------------------------------------------------------------
async def test_the_host_seats_computers_of_each_level_with_names_of_their_own(service: Tables) -> None:
    table = await with_computers(service, "normal", "easy", "normal")
    seats = table.record.seats
    assert [seat.user_id for seat in seats] == [ALICE.user_id, -2, -1, -2]
    assert [seat.name for seat in seats[1:]] == ["🤖 Ada (Normal)", "🤖 Blaise (Easy)", "🤖 Grace (Normal)"]
    table = await service.lobby.remove_computer(table.id, ALICE.user_id, 2)
    assert [seat.name for seat in table.record.seats[1:]] == ["🤖 Ada (Normal)", "🤖 Grace (Normal)"]


async def test_computer_seats_are_named_in_the_tables_language(service: Tables) -> None:
    table = await service.lobby.open_lobby(guild_id=GUILD, channel_id=CHANNEL, game="pairs", host=ALICE, locale="fr")
    table = await service.lobby.add_computer(table.id, ALICE.user_id, "easy")
    assert table.record.seats[1].name == "🤖 Ada (Facile)"


async def test_only_the_host_seats_computers_and_bad_choices_change_nothing(service: Tables) -> None:
    table = await with_computers(service, "easy")
    bob = Seat(2, "Bob")
    table = await service.lobby.join(table.id, bob)
    version = table.record.version
    with pytest.raises(NotHostError):
        await service.lobby.add_computer(table.id, bob.user_id, "easy")
    with pytest.raises(NotHostError):
        await service.lobby.remove_computer(table.id, bob.user_id, 1)
    with pytest.raises(InvalidOptionError):
        await service.lobby.add_computer(table.id, ALICE.user_id, "grandmaster")
    with pytest.raises(StaleMessageError):  # a person's seat is not a computer's
        await service.lobby.remove_computer(table.id, ALICE.user_id, 2)
    with pytest.raises(StaleMessageError):
        await service.lobby.remove_computer(table.id, ALICE.user_id, 7)
    assert (await service.store.get(table.id)).record.version == version


async def test_a_full_table_takes_no_more_computers(service: Tables) -> None:
    table = await with_computers(service)
    for _ in range(table.engine.max_players - 1):
        table = await service.lobby.add_computer(table.id, ALICE.user_id, "easy")
    with pytest.raises(TableFullError):
        await service.lobby.add_computer(table.id, ALICE.user_id, "easy")


# ----- playing ----------------------------------------------------------------------------------------------------
@pytest.mark.postgresql_too
async def test_a_computer_seat_has_a_paced_deadline_and_no_clock_of_its_own(
    service: Tables, db: Database, clock: Clock
) -> None:
    table = await with_computers(service, "normal", "easy")
    table = await service.lobby.start(table.id, ALICE.user_id)
    assert table.clock is not None and table.clock.computers == [1, 2] and table.clock.floor == FLOOR
    (seat,) = table.to_act
    rows = await deadlines(db, table.id)
    if seat == 0:
        assert set(rows) == {(0, "expire"), (0, "remind")}
    else:
        assert rows == {(seat, "computer"): clock.now + FLOOR}
        assert table.deadline(seat) is None  # no bank shown or run for a computer
    turns = await db.players.turns_of(-1) + await db.players.turns_of(-2)
    assert turns == []  # computers have no /turns inbox


@pytest.mark.postgresql_too
async def test_one_human_and_two_computers_play_to_the_end_and_are_rated_per_level(
    service: Tables, db: Database, clock: Clock, players: CountingPlayers, fixed_seed: None
) -> None:
    # A fixed deal: with a random one the game may end before both computers have been asked to move.
    table = await with_computers(service, "normal", "easy")
    table = await service.lobby.start(table.id, ALICE.user_id)
    firing = Firing(service)
    run = Scheduler(db, firing, clock=clock)
    last_computer_move: float | None = None
    for _ in range(500):
        table = await service.store.get(table.id)
        if table.record.status != "active":
            break
        if 0 in table.to_act:
            table = await human_move(service, table)
            continue
        before = len(firing.computer_moves)
        clock.now += FLOOR / 2
        await run.fire_due()
        if len(firing.computer_moves) > before:
            # the pace floor: two computer moves at this table are never closer than FLOOR
            if last_computer_move is not None:
                assert clock.now - last_computer_move >= FLOOR
            last_computer_move = clock.now
    assert table.record.status == "finished"
    assert firing.computer_moves and {level for _, level in players.asked} == {"normal", "easy"}
    assert all(outcome.seat in (1, 2) and not outcome.by_clock for outcome in firing.computer_moves)
    results = await db.results.results(table.id)
    assert [row.user_id for row in results] == [ALICE.user_id, -2, -1]
    rated = await db.ratings.of(guild_id=GUILD, game="pairs")
    assert set(rated) == {holder(ALICE.user_id), "cpu:normal", "cpu:easy"}
    assert all(rating.games == 1 for rating in rated.values())


@pytest.mark.postgresql_too
async def test_a_computer_move_fires_once_while_it_thinks(service: Tables, db: Database, clock: Clock) -> None:
    table, seat, deadline = await computer_due(service, db, clock)
    first = await service.clock.play_computer(deadline)
    again = await service.clock.play_computer(deadline)  # the same deadline fired twice (say, by two passes)
    assert first is not None and first.seat == seat and again is None
    assert (await db.tables.get(table.id)).version == table.record.version + 1


@pytest.mark.postgresql_too
async def test_a_paused_table_stops_its_computers(service: Tables, db: Database, clock: Clock) -> None:
    table = await with_computers(service, "easy", "easy")
    table = await service.lobby.start(table.id, ALICE.user_id)
    table = await to_computers(service, table)
    table = await service.clock.set_paused(table.id, ALICE.user_id, True, can_manage=False)
    assert await deadlines(db, table.id) == {}
    clock.now += 10
    table = await service.clock.set_paused(table.id, ALICE.user_id, False, can_manage=False)
    (seat,) = table.to_act
    assert await deadlines(db, table.id) == {(seat, "computer"): clock.now + FLOOR}


# ----- a person's time runs out ---------------------------------------------------------------------------------------
@pytest.mark.postgresql_too
@pytest.mark.parametrize("auto", ["computer", "default"])
async def test_a_timed_out_move_is_the_normal_computers_or_the_safe_default(
    service: Tables, db: Database, clock: Clock, players: CountingPlayers, auto: str
) -> None:
    table = await service.lobby.open_lobby(guild_id=GUILD, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    table = await service.lobby.join(table.id, Seat(2, "Bob"))
    table = await service.lobby.set_clock_option(table.id, ALICE.user_id, "auto", auto)
    table = await service.lobby.set_clock_option(table.id, ALICE.user_id, "away", "off")  # a timeout, not away hours
    table = await service.lobby.start(table.id, ALICE.user_id)
    (seat,) = table.to_act
    due = table.deadline(seat)
    assert due is not None and table.state is not None
    clock.now = due
    outcome = await service.clock.expire(Deadline(table.id, seat, "expire", due))
    assert outcome is not None and outcome.by_clock and outcome.seat == seat
    assert players.asked == ([(seat, "normal")] if auto == "computer" else [])
    if auto == "default":
        default = table.engine.default_action(table.state, seat).model_dump_json()
        assert (await db.tables.actions(table.id))[-1][2] == default


@pytest.mark.postgresql_too
async def test_a_rematch_keeps_the_computers_and_the_timeout_choice(service: Tables, db: Database) -> None:
    table = await with_computers(service, "normal")
    table = await service.lobby.set_clock_option(table.id, ALICE.user_id, "auto", "default")
    table = await service.lobby.start(table.id, ALICE.user_id)
    for _ in range(200):
        if table.record.status != "active":
            break
        table = (await service.play.withdraw(table.id, ALICE.user_id)).table
    assert table.record.status == "finished"
    again = await service.lobby.rematch(table.id, ALICE)
    assert [seat.user_id for seat in again.record.seats] == [ALICE.user_id, -2]
    assert again.clock is not None and again.clock.auto == "default"


# ----- the players off the event loop ---------------------------------------------------------------------------------
async def test_a_failing_computer_plays_the_safe_default(service: Tables, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> str:
        raise RuntimeError("a worker died")

    monkeypatch.setattr(bot.computers, "decide", broken)
    table = await with_computers(service, "normal")
    table = await service.lobby.start(table.id, ALICE.user_id)
    assert table.state is not None
    seat = table.to_act[0]
    chosen = await service.store.computers.choose(table.engine, table.state, seat, "normal")
    assert chosen == table.engine.default_action(table.state, seat)


async def test_the_process_pool_decides_a_legal_move(service: Tables) -> None:
    pool = ComputerPlayers(workers=1, budget=0.05)
    try:
        table = await with_computers(service, "normal")
        table = await service.lobby.start(table.id, ALICE.user_id)
        assert table.state is not None
        seat = table.to_act[0]
        await pool.ready()  # else, the worker still starting past half the budget, the stand-in would decide
        chosen = await pool.choose(table.engine, table.state, seat, "normal")
        assert table.engine.refusal(table.state, seat, chosen) is None
        assert pool.failures == 0 and pool.last is not None  # it decided in a worker, not by the default
    finally:
        pool.close()


@pytest.mark.postgresql_too
async def test_a_leased_deadline_is_not_due_again_while_its_move_is_decided(
    service: Tables, db: Database, clock: Clock
) -> None:
    table, seat, deadline = await computer_due(service, db, clock)
    lease = await service.clock.lease(deadline)  # the scheduler's fire takes it before the move is decided
    assert lease is not None and lease.due_at > clock.now
    assert [d for d in await db.deadlines.due(clock.now, 100) if d.table_id == table.id] == []
    assert await service.clock.lease(deadline) is None  # fired again meanwhile: nothing to hold
    outcome = await service.clock.play_computer(deadline, lease)
    assert outcome is not None and outcome.seat == seat


async def test_a_computer_that_thinks_warms_the_pool_as_it_is_seated(service: Tables, players: CountingPlayers) -> None:
    table = await with_computers(service, "easy")
    assert players.warmed == 0  # an easy computer decides at once, in the bot: no pool
    await service.lobby.add_computer(table.id, ALICE.user_id, "normal")
    assert players.warmed == 1


async def test_warm_starts_the_pool_once_and_its_worker_answers() -> None:
    pool = ComputerPlayers(workers=1, budget=0.05)
    try:
        pool.warm()
        assert pool.running
        (pid,) = await pool.ready()  # the worker loaded the engines and answered
        pool.warm()
        assert await pool.ready() == [pid]  # once
    finally:
        pool.close()
    threadless = ComputerPlayers(workers=0)
    threadless.warm()
    assert not threadless.running and await threadless.ready() == []  # decisions run in a thread of the bot


async def test_a_decision_thinks_until_its_budget_less_the_hand_over_from_when_it_is_asked(
    service: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deadline the worker thinks to is set when the decision is asked, so the hand-over to the pool and a wait
    for a busy worker come out of the budget, with `HANDOVER` kept for the way back."""
    table = await service.lobby.start((await with_computers(service, "normal")).id, ALICE.user_id)
    assert table.state is not None
    sent: list[Any] = []

    async def in_worker(asked: float, request: Any) -> str:  # the request as a worker gets it, decided here
        sent.append(request)
        return bot.computers.decide(*request)

    pool = ComputerPlayers(workers=1, budget=0.5)
    monkeypatch.setattr(pool, "_in_worker", in_worker)
    before = time.monotonic()
    chosen = await pool.choose(table.engine, table.state, table.to_act[0], "normal")
    after = time.monotonic()
    assert table.engine.refusal(table.state, table.to_act[0], chosen) is None
    ((*_, deadline, playouts),) = sent
    assert before + 0.5 - HANDOVER <= deadline <= after + 0.5 - HANDOVER and playouts == pool.playouts
