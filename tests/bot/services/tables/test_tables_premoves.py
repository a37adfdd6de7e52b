"""Pre-moves through the table service: chosen while waiting, scheduled when their decision comes, played a few
seconds later through the normal move path, dropped when the decision changed, withdrawn, standing.

Full of Dollars tables on a rigged deal (three players, seat 0 to play, nobody with a business: no FBI window),
and a Dead Money showdown; a real database and an injected clock that the tests move forward. The refresher's
watcher, which tells the service of each move in the bot (`after_move`), is called by hand after each move.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.errors import CardroomError, ForgedComponentError, NotAPlayerError
from bot.services.scheduler import Scheduler
from bot.services.tables import Outcome, Table, Tables
from bot.services.tables.premoves import DELAY_FROM, DELAY_SPREAD, PreMoveService
from bot.storage import Database, Deadline, Seat
from bot.storage.repos.premoves import PREMOVE
from engines.deadmoney import Pass as BidPass
from engines.fullofdollars import Decline, Pass
from tests.bot.services.clocks import Clock
from tests.engines.deadmoney import deadmoney_rig as dm
from tests.engines.fullofdollars import fod_rig as fod

pytestmark = pytest.mark.postgresql_too  # pre-moves and their deadlines: on both back ends

CHANNEL = 700
LATEST = DELAY_FROM + DELAY_SPREAD  # a pre-move has played by then


class Room:
    """A running table, its services, and the scheduler that plays the pre-moves."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock
        self.tables = Tables(db, clock=clock)
        self.premoves = PreMoveService(self.tables.store)
        self.played: list[Outcome] = []
        self.scheduler = Scheduler(db, self._fire, clock=clock)
        self.table_id = 0

    async def _fire(self, deadline: Deadline) -> None:
        assert deadline.kind == PREMOVE
        outcome = await self.premoves.play(deadline)
        if outcome is not None:
            self.played.append(outcome)
            await self.premoves.after_move(outcome.table)

    async def start(self, game: str, state: Any) -> Table:
        seats = [Seat(100 + seat, f"P{seat}") for seat in range(state.players)]
        lobby = await self.tables.lobby.open_lobby(
            guild_id=9, channel_id=CHANNEL, game=game, host=seats[0], locale="en"
        )
        for seat in seats[1:]:
            lobby = await self.tables.lobby.join(lobby.id, seat)
        engine = self.tables.store.build(lobby.record).engine
        await self.db.tables.start(lobby.id, lobby.record.version, state=engine.dump_state(state))
        self.table_id = lobby.id
        return await self.tables.store.fresh(lobby.id)  # the lobby cached before is now a running table

    async def table(self) -> Table:
        return await self.tables.store.get(self.table_id)

    async def click(self, seat: int, action: Any) -> Table:
        """`seat` clicks `action` on its hand; the watcher is told."""
        table = await self.table()
        decision = table.decision(seat)
        index = decision.candidates.index(action)
        outcome = await self.tables.play.act(table.id, user(seat), table.record.version, index, decision.token)
        await self.premoves.after_move(outcome.table)
        return outcome.table

    async def wait(self, seconds: float) -> int:
        """Time passes; what fell due meanwhile fires. How many pre-moves were played."""
        self.clock.now += seconds
        before = len(self.played)
        await self.scheduler.fire_due()
        return len(self.played) - before

    async def log(self) -> list[tuple[int, dict[str, Any]]]:
        return [(seat, json.loads(action)) for _, seat, action in await self.db.tables.actions(self.table_id)]


def user(seat: int) -> int:
    return 100 + seat


@pytest.fixture
def room(db: Database, clock: Clock) -> Room:
    return Room(db, clock)


def quiet_table() -> Any:
    return fod.rig(3, hands={0: [fod.uzi(1)], 1: [fod.police(1)], 2: [fod.police(2)]}, turn=0)


DECLINE = {"kind": "decline"}
PASS = {"kind": "pass"}


async def test_a_premove_plays_a_few_seconds_after_its_decision_comes(room: Room) -> None:
    table = await room.start("fullofdollars", quiet_table())
    chosen = await room.premoves.choose(table.id, user(1), "reaction")
    assert (chosen.seat, chosen.decision, json.loads(chosen.action), chosen.standing) == (1, "reaction", DECLINE, False)
    assert (await room.db.tables.get(table.id)).version == table.record.version  # nothing public changed
    assert await room.premoves.current(table.id, user(1)) == chosen
    table = await room.click(0, Pass())  # the end of turn window asks everyone
    due = await room.db.premoves.scheduled(table.id, 1)
    assert due is not None and DELAY_FROM <= due - room.clock.now <= LATEST
    assert await room.wait(0) == 0  # never in the same instant as the move that brought the decision
    assert await room.wait(LATEST) == 1
    [outcome] = room.played
    assert outcome.seat == 1 and not outcome.by_clock
    assert await room.log() == [(0, PASS), (1, DECLINE)]
    assert outcome.table.to_act == (0, 2)  # the others still answer the window
    assert await room.premoves.current(table.id, user(1)) is None  # played once: gone
    assert await room.db.premoves.scheduled(table.id, 1) is None


async def test_a_premove_is_dropped_when_its_decision_changed(room: Room) -> None:
    table = await room.start("fullofdollars", quiet_table())
    await room.premoves.choose(table.id, user(1), "reaction")
    await room.click(0, Pass())
    await room.click(1, Decline())  # the player answered before it played
    assert await room.db.premoves.scheduled(table.id, 1) is None
    assert await room.premoves.current(table.id, user(1)) is None
    assert await room.wait(LATEST) == 0 and room.played == []
    assert await room.log() == [(0, PASS), (1, DECLINE)]


async def test_a_premove_is_dropped_when_another_decision_comes_first(room: Room) -> None:
    table = await room.start("fullofdollars", quiet_table())
    await room.click(0, Pass())
    await room.click(1, Decline())
    await room.premoves.choose(table.id, user(1), "reaction")  # answered: waiting for the next window
    await room.click(0, Decline())
    table = await room.click(2, Decline())  # the window closes: seat 1's own turn comes first
    assert table.to_act == (1,)
    assert await room.premoves.current(table.id, user(1)) is None
    assert await room.wait(LATEST) == 0


async def test_a_premove_whose_move_became_illegal_is_dropped_when_due(room: Room) -> None:
    """Scheduled, then the decision in hand is no longer its kind when it fires: nothing is played."""
    table = await room.start("fullofdollars", quiet_table())
    await room.premoves.choose(table.id, user(2), "reaction")
    await room.click(0, Pass())
    assert await room.db.premoves.scheduled(table.id, 2) is not None
    await room.tables.play.withdraw(table.id, user(2))  # seat 2 leaves before it fires
    assert await room.wait(LATEST) == 0 and room.played == []
    assert await room.premoves.current(table.id, user(2)) is None
    assert [seat for seat, _ in await room.log()] == [0, 2]


async def test_a_withdrawn_premove_never_plays(room: Room) -> None:
    table = await room.start("fullofdollars", quiet_table())
    await room.premoves.choose(table.id, user(1), "reaction")
    await room.premoves.withdraw(table.id, user(1))
    await room.click(0, Pass())
    assert await room.db.premoves.scheduled(table.id, 1) is None
    with pytest.raises(CardroomError) as refused:
        await room.premoves.choose(table.id, user(1), "reaction")  # to act now: too late to choose ahead
    assert refused.value.key == "premoves.error.not_now"
    await room.click(2, Decline())
    await room.premoves.choose(table.id, user(2), "reaction")  # for the next window
    await room.click(1, Decline())
    withdrawn = await room.premoves.withdraw(table.id, user(2))
    assert withdrawn.seat == 2
    with pytest.raises(CardroomError) as none:
        await room.premoves.withdraw(table.id, user(2))
    assert none.value.key == "premoves.error.none"
    assert await room.wait(LATEST) == 0
    assert (await room.db.tables.get(table.id)).version == (await room.table()).record.version


async def test_a_standing_premove_plays_at_each_matching_decision(room: Room) -> None:
    table = await room.start("fullofdollars", quiet_table())
    await room.premoves.choose(table.id, user(2), "reaction", standing=True)
    await room.click(0, Pass())
    await room.click(0, Decline())
    await room.click(1, Decline())
    assert await room.wait(LATEST) == 1  # seat 2 declines: the window closes, seat 1 plays
    assert (await room.table()).to_act == (1,)
    await room.click(1, Pass())
    assert await room.wait(LATEST) == 1
    await room.click(0, Decline())
    table = await room.click(1, Decline())
    assert table.to_act == (2,)  # seat 2's own turn: not a window, it plays it itself
    assert await room.wait(LATEST) == 0
    assert [seat for seat, action in await room.log() if action == DECLINE] == [0, 1, 2, 2, 0, 1]
    standing = await room.premoves.current(table.id, user(2))
    assert standing is not None and standing.standing


async def test_only_what_is_offered_may_be_chosen(room: Room) -> None:
    table = await room.start("fullofdollars", quiet_table())
    with pytest.raises(CardroomError):
        await room.premoves.choose(table.id, user(0), "reaction")  # seat 0 is to act
    with pytest.raises(CardroomError):
        await room.premoves.choose(table.id, user(1), "bid")  # not a decision of this game
    with pytest.raises(ForgedComponentError):
        await room.premoves.choose(table.id, user(1), "reaction", 1)  # one move only: decline
    with pytest.raises(NotAPlayerError):
        await room.premoves.choose(table.id, 999, "reaction")
    assert await room.db.premoves.of_table(table.id) == []


async def test_a_bid_passed_ahead_in_a_showdown(room: Room) -> None:
    hands = {0: ["AH", "2C", "3C", "KC"], 1: ["KS", "KH", "9C", "4D"], 2: ["KD", "QC", "10C", "5D"], 3: ["7H", "JD"]}
    state = dm.rig(players=4, hands=hands, brains={0: ["BRAIN-S"]}, deck_top=["10S", "10H", "10D", "10C"])
    state = dm.act(state, 0, dm.ENGINE.parse_action({"kind": "play", "card": "AH"}))
    table = await room.start("deadmoney", state)
    with pytest.raises(CardroomError):
        await room.premoves.choose(table.id, user(1), "bid")  # seat 1 bids now
    with pytest.raises(ForgedComponentError):
        await room.premoves.choose(table.id, user(3), "bid", standing=True)  # one lap at a time
    await room.premoves.choose(table.id, user(3), "bid")
    outcome = await room.tables.play.act_pick(
        table.id, user(1), table.record.version, table.decision(1).token, ["KS", "KH"]
    )
    await room.premoves.after_move(outcome.table)
    assert await room.db.premoves.scheduled(table.id, 3) is None  # seat 2 bids before seat 3
    await room.click(2, BidPass())
    assert await room.wait(LATEST) == 1
    assert await room.log() == [(1, {"kind": "bid", "cards": ["KS", "KH"]}), (2, PASS), (3, PASS)]
    assert await room.premoves.current(table.id, user(3)) is None
