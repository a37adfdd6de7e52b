"""Actions the bot reports for a player (`PlayService.report`): what they did outside the buttons.

In Il Morto, speaking to a dead player or the dealer's `/accuse`. Here a small game built on the
conformance toy, where anyone may "nudge" another player at any time, stands in for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from bot.errors import ForgedComponentError, LateInteractionError, NotAPlayerError, RefusedError, TableEndedError
from bot.services.tables import Table, Tables
from bot.storage import Database, Seat
from engines import registry
from engines.core import Event, GameState, Refusal
from tests.bot.services.clocks import Clock
from tests.conformance.toy_engine import Draw, Pick, Stand, ToyEngine, ToyOptions, ToyState

ALICE, BOB, CAROL = Seat(1, "Alice"), Seat(2, "Bob"), Seat(3, "Carol")
CHANNEL = 500


class Nudge(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["nudge"] = "nudge"
    to: int


class NudgeState(ToyState):
    nudges: list[int] = Field(default_factory=list)


class NudgeToy(ToyEngine):
    """The toy, plus a nudge any player may give another at any time (never a button)."""

    name: ClassVar[str] = "nudgetoy"
    state_model: ClassVar[type[GameState]] = NudgeState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(
        Annotated[Draw | Stand | Pick | Nudge, Field(discriminator="kind")]
    )
    has_anytime_actions: ClassVar[bool] = True

    def new(self, players: int, options: ToyOptions, seed: int) -> NudgeState:
        return NudgeState.model_validate(super().new(players, options, seed).model_dump(round_trip=True))

    def anytime(self, state: Any, seat: int, action: Any) -> bool:
        return isinstance(action, Nudge)

    def reported_actions(self, state: Any, seat: int) -> Sequence[Any]:
        return [Nudge(to=other) for other in range(state.players) if other != seat]

    def check(self, state: Any, seat: int, action: Any) -> Refusal | None:
        if isinstance(action, Nudge):
            if action.to == seat or not 0 <= action.to < state.players:
                return Refusal(key="toy.refusal.nudge", params={"to": action.to})
            return None
        return super().check(state, seat, action)

    def _apply(self, state: Any, seat: int, action: Any) -> None:
        if isinstance(action, Nudge):
            state.nudges.append(action.to)
            state.events.append(Event(key="toy.event.nudged", params={"seat": seat, "to": action.to}))
            return
        super()._apply(state, seat, action)


@pytest.fixture(autouse=True)
def nudge_toy(monkeypatch: pytest.MonkeyPatch, fixed_seed: None) -> None:
    monkeypatch.setitem(registry._ENGINES, NudgeToy.name, NudgeToy())


@pytest.fixture
def service(db: Database, clock: Clock) -> Tables:
    return Tables(db, clock=clock)


async def started(service: Tables) -> Table:
    table = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="nudgetoy", host=ALICE, locale="en")
    for seat in (BOB, CAROL):
        table = await service.lobby.join(table.id, seat)
    return await service.lobby.start(table.id, ALICE.user_id)


def nudges(table: Table) -> list[int]:
    assert isinstance(table.state, NudgeState)
    return table.state.nudges


async def test_a_report_commits_one_version_without_costing_the_players_clock(service: Tables, clock: Clock) -> None:
    table = await started(service)
    due = table.to_act[0]
    idle = next(seat for seat in range(3) if seat != due)
    people = table.record.seats
    assert table.clock is not None
    before = table.clock.seats
    clock.now += 30.0
    outcome = await service.play.report(table.id, people[idle].user_id, {"kind": "nudge", "to": due})
    after = outcome.table
    assert outcome.seat == idle and not outcome.finished and not outcome.by_clock
    assert after.record.version == table.record.version + 1 and nudges(after) == [due]
    assert after.to_act == table.to_act  # the game's turn did not move
    assert after.clock is not None and after.clock.seats == before  # nobody's clock was charged or restarted
    assert [(seq, seat) for seq, seat, _ in await service.store.db.tables.actions(table.id)] == [
        (after.record.version, idle)
    ]

    # The player whose decision is pending reports too: their clock runs on as it was, with no increment.
    clock.now += 30.0
    outcome = await service.play.report(table.id, people[due].user_id, {"kind": "nudge", "to": idle})
    assert nudges(outcome.table) == [due, idle] and outcome.table.to_act == table.to_act
    assert outcome.table.clock is not None and outcome.table.clock.seats == before
    assert outcome.table.clock.deadline(due) == table.clock.deadline(due)


async def test_the_engine_judges_a_report_and_a_refusal_changes_nothing(service: Tables) -> None:
    table = await started(service)
    version = table.record.version
    with pytest.raises(RefusedError) as refused:
        await service.play.report(table.id, BOB.user_id, {"kind": "nudge", "to": table.seat_of(BOB.user_id)})
    assert refused.value.key == "toy.refusal.nudge"
    with pytest.raises(NotAPlayerError):
        await service.play.report(table.id, 42, {"kind": "nudge", "to": 0})
    for forged in ({"kind": "nudge"}, {"kind": "shout", "to": 0}, {"kind": "withdraw"}):
        with pytest.raises(ForgedComponentError):
            await service.play.report(table.id, BOB.user_id, forged)
    record = await service.store.db.tables.get(table.id)
    assert record.version == version and await service.store.db.tables.actions(table.id) == []


async def test_a_report_and_a_click_at_the_same_instant_both_apply_in_turn(service: Tables) -> None:
    table = await started(service)
    assert table.state is not None
    due = table.to_act[0]
    other = (due + 1) % 3
    people = table.record.seats
    stand = [action.kind for action in service.play.candidates(table, due)].index("stand")
    token = table.engine.decision_token(table.state, due)
    clicked, reported = await asyncio.gather(
        service.play.act(table.id, people[due].user_id, table.record.version, stand, token),
        service.play.report(table.id, people[other].user_id, {"kind": "nudge", "to": due}),
    )
    assert {clicked.table.record.version, reported.table.record.version} == {
        table.record.version + 1,
        table.record.version + 2,
    }
    final = await service.store.get(table.id)
    assert nudges(final) == [due] and len(await service.store.db.tables.actions(table.id)) == 2


async def test_no_report_once_the_game_is_over(service: Tables) -> None:
    table = await started(service)
    await service.admin.abort(CHANNEL, ALICE.user_id, can_manage=False)
    with pytest.raises(TableEndedError):
        await service.play.report(table.id, BOB.user_id, {"kind": "nudge", "to": 0})


async def test_a_closed_gate_applies_no_report(service: Tables) -> None:
    table = await started(service)

    async def closed() -> None:
        raise LateInteractionError()

    with pytest.raises(LateInteractionError):
        await service.play.report(table.id, BOB.user_id, {"kind": "nudge", "to": 0}, closed)
    record = await service.store.db.tables.get(table.id)
    assert record.version == table.record.version and await service.store.db.tables.actions(table.id) == []


async def test_what_is_heard_in_a_channel_reads_its_table_without_replacing_a_newer_copy(
    service: Tables,
) -> None:
    table = await started(service)
    assert await service.store.open_in_channel(CHANNEL + 1) is None
    outcome = await service.play.report(table.id, BOB.user_id, {"kind": "nudge", "to": 0})
    heard = await service.store.open_in_channel(CHANNEL)
    assert heard is not None and heard.record.version == outcome.table.record.version
    assert heard is await service.store.get(table.id)  # the cached copy, as the last commit left it
