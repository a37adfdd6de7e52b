"""Pre-moves: a player waiting on others chooses now what to do at their next decision, when the game says that
decision can be known ahead (`Engine.premoves`: pass in a reaction window, pass a bid).

A pre-move is stored apart from the table (`db.premoves`): setting or withdrawing one leaves the table's row and
version alone, so nothing public changes. After each committed move (`after_move`), a seat whose decision now in
hand is the kind its pre-move was chosen for (`Engine.decision_kind`) gets a deadline of kind `premove`, a few
seconds on (`delay`: a human's pace, never the same instant as the move that brought the decision). When it
fires (`play`), the pre-move goes through the normal move path (`TableStore.commit`, as a click: the same commit,
the same table edit) if that decision is still the one in hand and the move is legal; otherwise it is dropped
silently (a standing one stays for the next such decision). A one-shot pre-move is forgotten once its decision
has come and gone, or when the seat faces another decision first, or when the game no longer offers it.
"""

from __future__ import annotations

import hashlib
from typing import Any

from pydantic import ValidationError

from bot.errors import CardroomError, ForgedComponentError, NotAPlayerError, RefusedError, StaleMessageError
from bot.services.tables.store import TableStore
from bot.services.tables.table import Gate, Outcome, Table, open_gate
from bot.storage import Database, Deadline
from bot.storage.repos.premoves import StoredPreMove
from engines.core import Withdraw
from engines.core.engine import PreMove, action_text

DELAY_FROM = 2.0  # seconds: the shortest wait before a pre-move plays (a quick click's)
DELAY_SPREAD = 4.0  # seconds more at most, different for each decision


class PreMoveService:
    """Choosing, withdrawing, scheduling and playing the seats' pre-moves of a table."""

    def __init__(self, store: TableStore) -> None:
        self.store = store

    @property
    def _db(self) -> Database:
        return self.store.db

    # ----- what the seat may choose -------------------------------------------
    @staticmethod
    def offered(table: Table, seat: int) -> list[PreMove]:
        """What `seat` may choose ahead now (nothing unless it waits on others at a running table)."""
        state = table.state
        if state is None or table.record.status != "active" or seat in state.withdrawn:
            return []
        if not 0 <= seat < state.players or seat in table.to_act:
            return []
        return list(table.engine.premoves(state, seat))

    def delay(self, table: Table, seat: int) -> float:
        """How long after its decision came a pre-move plays: 2 to 6 seconds, drawn from the table, seat and
        version (no RNG: the same decision always waits the same), scaled like the table's other paces."""
        digest = hashlib.blake2s(f"{table.id}:{seat}:{table.record.version}".encode(), digest_size=4).digest()
        spread = int.from_bytes(digest, "big") / 0xFFFFFFFF
        return (DELAY_FROM + DELAY_SPREAD * spread) * self.store.time_scale

    # ----- the player's choices -----------------------------------------------
    async def current(self, table_id: int, user_id: int) -> StoredPreMove | None:
        """The pre-move `user_id` has set at the table, if any."""
        table = await self.store.get(table_id)
        seat = table.seat_of(user_id)
        return None if seat is None else await self._db.premoves.get(table_id, seat)

    async def choose(
        self,
        table_id: int,
        user_id: int,
        decision: str,
        index: int = 0,
        *,
        standing: bool = False,
        gate: Gate = open_gate,
    ) -> StoredPreMove:
        """`user_id` chooses ahead move number `index` of the pre-move offered for `decision` (standing: for
        every such decision at the table). Refused when the seat is not offered it now (its turn came). The
        table's row is not written: its version, and what it shows, stay as they were."""
        async with self.store.locked(table_id):
            table = await self.store.playing(table_id)
            seat = self._seat(table, user_id)
            offer = next((premove for premove in self.offered(table, seat) if premove.decision == decision), None)
            if offer is None:
                raise CardroomError("premoves.error.not_now")
            if not 0 <= index < len(offer.actions) or (standing and not offer.standing):
                raise ForgedComponentError()
            chosen = StoredPreMove(
                table_id=table.id,
                seat=seat,
                decision=decision,
                action=action_text(offer.actions[index]),
                standing=standing,
                set_at=self.store.now(),
            )
            await gate()
            await self._db.premoves.set(chosen)
            return chosen

    async def withdraw(self, table_id: int, user_id: int, gate: Gate = open_gate) -> StoredPreMove:
        """`user_id` takes back their pre-move (until it plays); refused when there is none."""
        async with self.store.locked(table_id):
            table = await self.store.get(table_id)
            seat = self._seat(table, user_id)
            premove = await self._db.premoves.get(table_id, seat)
            if premove is None:
                raise CardroomError("premoves.error.none")
            await gate()
            if not await self._db.premoves.withdraw(table_id, seat):
                raise CardroomError("premoves.error.none")
            return premove

    @staticmethod
    def _seat(table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None or (table.state is not None and seat in table.state.withdrawn):
            raise NotAPlayerError()
        return seat

    # ----- after each move ----------------------------------------------------
    async def after_move(self, table: Table) -> list[int]:
        """A move was committed at `table`: schedule each pre-move whose decision has come (returns those seats),
        forget the one-shot ones whose decision passed or can no longer come, and all of them at the end.

        Judged on the newest copy of the table this process holds (the one given may be older). A game without
        pre-moves costs nothing here: no read."""
        if not table.engine.has_premoves:
            return []
        premoves = await self._db.premoves.of_table(table.id)
        if not premoves:
            return []
        table = await self.store.get(table.id)
        state = table.state
        if state is None or table.record.status != "active" or table.result is not None:
            await self._db.premoves.clear(table.id)
            return []
        scheduled = []
        for premove in premoves:
            seat = premove.seat
            if seat in state.withdrawn or not 0 <= seat < state.players:
                await self._db.premoves.withdraw(table.id, seat)
                continue
            if seat in table.to_act and table.engine.decision_kind(state, seat) == premove.decision:
                await self._db.premoves.schedule(table.id, seat, self.store.now() + self.delay(table, seat))
                scheduled.append(seat)
                continue
            if await self._db.premoves.unschedule(table.id, seat):
                # Its decision came and went without it (the player chose first): that one is over.
                if not premove.standing:
                    await self._db.premoves.take(premove)
                continue
            if premove.standing:
                continue
            if seat in table.to_act or premove.decision not in {offer.decision for offer in self.offered(table, seat)}:
                await self._db.premoves.take(premove)  # another decision came first, or its own can no longer come
        if scheduled:
            self.store.deadline_added()
        return scheduled

    # ----- its deadline -------------------------------------------------------
    async def play(self, deadline: Deadline) -> Outcome | None:
        """A pre-move's deadline fell due: play it as a click would, if its decision is still the one in hand and
        the move is legal; else drop it silently (a standing one stays). None when nothing was played."""
        table_id, seat = deadline.table_id, deadline.seat
        async with self.store.locked(table_id):
            try:  # from the database: another process may have moved
                table = await self.store.fresh(table_id)
            except ForgedComponentError:
                await self._db.deadlines.take(deadline)
                return None
            premove = await self._db.premoves.get(table_id, seat)
            action = None if premove is None else self._playable(table, premove)
            if premove is None or action is None:
                await self._forget(deadline, premove)
                return None
            try:
                outcome = await self.store.commit(table, seat, action, open_gate)
            except (RefusedError, StaleMessageError):
                await self._forget(deadline, premove)
                return None
            await self._forget(deadline, premove)
            return outcome

    @staticmethod
    def _playable(table: Table, premove: StoredPreMove) -> Any | None:
        """The pre-move's action, when its decision is the one the seat has in hand and the move is legal now."""
        state, seat = table.state, premove.seat
        if state is None or table.record.status != "active" or seat not in table.to_act:
            return None
        if table.engine.decision_kind(state, seat) != premove.decision:
            return None
        try:
            action = table.engine.parse_action(premove.action)
        except ValidationError:
            return None
        if isinstance(action, Withdraw) or table.engine.refusal(state, seat, action) is not None:
            return None
        return action

    async def _forget(self, deadline: Deadline, premove: StoredPreMove | None) -> None:
        """The deadline has done its work; a one-shot pre-move with it."""
        await self._db.deadlines.take(deadline)
        if premove is not None and not premove.standing:
            await self._db.premoves.take(premove)
