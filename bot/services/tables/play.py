"""Play: a player's click on a candidate action or a card pick, an action the bot saw, leaving the game."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import ValidationError

from bot.errors import ForgedComponentError, NotAPlayerError, StaleMessageError
from bot.services.tables.store import TableStore
from bot.services.tables.table import Draw, Gate, Outcome, Table, open_gate
from engines.core import CardPick, Withdraw


class PlayService:
    """The moves of the people seated at a running table, each through the store's commit."""

    def __init__(self, store: TableStore) -> None:
        self.store = store

    def candidates(self, table: Table, seat: int) -> list[Any]:
        """The seat's candidate actions, in the order its buttons carry their indexes (`Table.decision`)."""
        return list(table.decision(seat).candidates)

    async def act(
        self,
        table_id: int,
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
        otherwise it is stale and nothing changes. `draw`: see `TableStore.commit`.
        """
        async with self.store.locked(table_id):
            table = await self.store.playing(table_id)
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
            return await self.store.commit(table, seat, candidates[index], gate, draw=draw)

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

    async def pending_pick(self, table_id: int, user_id: int, version: int, token: str) -> tuple[Table, int, CardPick]:
        """The table, seat and card pick a picker component was drawn for; StaleMessageError when it is gone.

        Read only: the picker's drafting (choosing cards, turning pages) changes nothing.
        """
        table = await self.store.playing(table_id)
        seat, pick = self._pending_pick(table, user_id, version, token)
        return table, seat, pick

    async def act_pick(
        self,
        table_id: int,
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
        async with self.store.locked(table_id):
            table = await self.store.playing(table_id)
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
            return await self.store.commit(table, seat, action, gate, draw=draw)

    async def report(self, table_id: int, user_id: int, payload: dict[str, Any], gate: Gate = open_gate) -> Outcome:
        """Apply an action `user_id` took outside the table's buttons (the bot saw it: in Il Morto, speaking to a
        dead player, or the dealer's `/accuse`), built by the bot as `payload`.

        No decision token: the action is not a click on something drawn. It
        goes through the same locked, versioned commit as a click, and the
        engine judges it (`RefusedError` with its refusal). The clock does not
        count it as the player's move (`TableClock.after_move`, `reported`).
        """
        async with self.store.locked(table_id):
            table = await self.store.playing(table_id)
            seat = table.seat_of(user_id)
            if seat is None or (table.state is not None and seat in table.state.withdrawn):
                raise NotAPlayerError()
            try:
                action = table.engine.parse_action(payload)
            except ValidationError:
                raise ForgedComponentError() from None
            if isinstance(action, Withdraw):
                raise ForgedComponentError()  # leaving has its own path (its confirmation)
            return await self.store.commit(table, seat, action, gate, reported=True)

    async def withdraw(self, table_id: int, user_id: int, gate: Gate = open_gate) -> Outcome:
        async with self.store.locked(table_id):
            table = await self.store.playing(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotAPlayerError()
            return await self.store.commit(table, seat, Withdraw(), gate)
