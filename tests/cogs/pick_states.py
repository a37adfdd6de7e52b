"""Dead Money states with a pending card pick, for the card picker's tests (cogs and service).

States come from seeded random legal playouts; big hands are made by editing
`state.hands` on a copy (the engine judges whatever hand it is given).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.services.tables import Table
from bot.storage import Seat, TableRecord
from engines import registry
from engines.core import CardPick
from engines.deadmoney import Bid, Play
from tests.engines.deadmoney.deadmoney_rig import act, rig

ENGINE: Any = registry.get("deadmoney")
PLAYERS = 3
# Every physical non-Brain card of the deck (two copies of each of the 52).
NON_BRAIN = [
    f"{rank}{suit}"
    for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    for suit in "CDHS"
    for _ in range(2)
]
LONG_GAME_ID = 9_223_372_036_854_775_000  # 19 digits
LONG_VERSION = 4_294_967_295  # 10 digits


def find(
    kind: str, where: Callable[[Any, int, CardPick], bool] = lambda state, seat, pick: True, *, players: int = PLAYERS
) -> tuple[Any, int, CardPick]:
    """The first state of seeded random playouts where a seat to act has a pick of `kind` (and `where` holds)."""
    for seed in range(200):
        rng = random.Random(seed)
        state = ENGINE.new(players, ENGINE.options_model(), seed)
        for _ in range(400):
            if ENGINE.is_over(state):
                break
            for seat in ENGINE.to_act(state):
                pick = ENGINE.card_pick(state, seat)
                if pick is not None and pick.kind == kind and where(state, seat, pick):
                    return state, seat, pick
            seat = rng.choice(ENGINE.to_act(state))
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    raise AssertionError(f"no {kind} pick found")


def with_hand(state: Any, seat: int, cards: list[str]) -> Any:
    """A copy of `state` where `seat` holds `cards`."""
    new = ENGINE.load_state(ENGINE.dump_state(state))
    new.hands[seat] = list(cards)
    return new


def sized(kind: str, count: int) -> tuple[Any, int, CardPick]:
    """A state where the seat to act picks among exactly `count` cards: distinct playable cards for `play`,
    physical cards (copies counted) for `bid`."""
    state, seat, _ = find(kind)
    if kind == "bid":
        hand = [NON_BRAIN[i % len(NON_BRAIN)] for i in range(count)]
    else:
        everything = ENGINE.card_pick(with_hand(state, seat, NON_BRAIN), seat)
        playable = list(dict.fromkeys(everything.cards))
        assert count <= len(playable)
        hand = playable[:count]
    state = with_hand(state, seat, hand)
    pick = ENGINE.card_pick(state, seat)
    assert pick is not None and pick.kind == kind and len(pick.cards) == count
    return state, seat, pick


def record(
    state: Any, *, table_id: int = LONG_GAME_ID, version: int = LONG_VERSION, channel_id: int = 2
) -> TableRecord:
    return TableRecord(
        id=table_id,
        guild_id=1,
        channel_id=channel_id,
        game="deadmoney",
        status="active",
        host_id=1000,
        options=ENGINE.options_model().model_dump(mode="json"),
        seats=[Seat(1000 + seat, "W" * 32) for seat in range(state.players)],
        seed=1,
        state=ENGINE.dump_state(state),
        version=version,
        table_message_id=3,
        locale="en",
        created_at=0.0,
        updated_at=0.0,
    )


def table(state: Any, **fields: Any) -> Table:
    return Table(record=record(state, **fields), engine=ENGINE, state=state)


def showdown(bidder_hand: list[str]) -> tuple[Any, int]:
    """A 4-player showdown for Ada's 🧠♠ (she played the A♥): Bea bid a pair of Kings, Cyd three 3s, and Dov
    (seat 3), holding `bidder_hand`, is to bid."""
    hands = {0: ["AH", "2C", "3C"], 1: ["KS", "KH", "9C", "4D"], 2: ["3D", "3H", "3S", "5D"], 3: bidder_hand}
    state = act(rig(hands=hands, brains={0: ["BRAIN-S"]}), 0, Play(card="AH"))
    state = act(state, 1, Bid(cards=("KS", "KH")))
    state = act(state, 2, Bid(cards=("3D", "3H", "3S")))
    assert ENGINE.to_act(state) == (3,)
    return state, 3
