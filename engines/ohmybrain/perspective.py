"""What a player sees of an Oh My Brain table.

Public: the Horde (face up), how many cards are in the Réserve and the Défausse, every player's brains and how
many cards they hold in hand and in their Cemetery, the last die roll, the pending decision (its kind, never a
secret card), who has already chosen during the deal. Private: your own hand, your own Cemetery, your own lot
and the card of it you chose, the 2 cards you drew.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engines.core import Perspective
from engines.ohmybrain.state import (
    HAND_TARGET,
    GiveStep,
    KeepStep,
    OhMyBrainState,
    PlayStep,
    RefillStep,
    Roll,
    RoundRecord,
    ShareStep,
    Step,
)

PendingKind = Literal["deal", "play", "keep", "share", "give_to", "give", "steal", "swap", "refill"]


class SeatView(BaseModel):
    """One player's corner of the table, as anyone sees it."""

    model_config = ConfigDict(frozen=True)

    seat: int
    brains: int
    hand: int  # how many cards in hand
    cemetery: int  # how many cards in the Cemetery
    decided: bool  # during the deal: has chosen the card of this lot that goes to their Cemetery
    withdrawn: bool


class PendingView(BaseModel):
    """The decision the table waits for, as anyone may know it."""

    model_config = ConfigDict(frozen=True)

    kind: PendingKind
    seat: int | None  # who decides (None during the deal: everyone still waited for)
    must: bool = False  # step A with a play required (a new Horde, the Mouse's extra turn)
    spider: bool = False  # step A below 8 (a Spider was just played)
    card: int | None = None  # share: the number of the extras
    left: int = 0  # share: extras still to share out; refill: cards still to take
    to: int | None = None  # give: whose Cemetery gets the card


class OhMyBrainPerspective(Perspective):
    """The Oh My Brain table as `viewer` sees it."""

    start_brains: int
    round: int
    lot: int  # the lot being chosen during the deal (1-3), else 0
    starter: int
    active: int | None  # whose turn (None during the deal and at the end)
    turn: int
    horde: list[int]  # bottom first, top last
    reserve_count: int
    defausse_count: int
    seats: list[SeatView]
    pending: PendingView | None
    last_roll: Roll | None
    last_round: RoundRecord | None
    winners: list[int]
    marshmallow: list[int]
    # The viewer's own (empty for a spectator):
    hand: list[int]
    cemetery: list[int]
    my_lot: list[int]
    my_choice: int | None  # the card of the lot the viewer chose, waiting for the others
    drawn: list[int]  # the 2 cards the viewer drew and splits between hand and Cemetery
    fresh: list[int]  # hand cards new since the viewer's own last move
    fresh_cemetery: list[int]
    playable: list[int]  # numbers of the viewer's hand they may play now
    legal: list[str]  # kinds of the viewer's legal actions now


def pending_view(state: OhMyBrainState) -> PendingView | None:
    if state.over:
        return None
    if state.dealing:
        return PendingView(kind="deal", seat=None)
    return step_view(state.step, state.active, state)


def step_view(step: Step | None, seat: int, state: OhMyBrainState) -> PendingView | None:
    if step is None:
        return None
    if isinstance(step, PlayStep):
        return PendingView(kind="play", seat=seat, must=step.must, spider=step.spider)
    if isinstance(step, ShareStep):
        return PendingView(kind="share", seat=seat, card=step.card, left=step.left)
    if isinstance(step, GiveStep):
        return PendingView(kind="give", seat=seat, to=step.to)
    if isinstance(step, RefillStep):
        left = min(max(0, HAND_TARGET - len(state.hands[seat])), len(state.cemeteries[seat]))
        return PendingView(kind="refill", seat=seat, left=left)
    if isinstance(step, KeepStep):
        return PendingView(kind="keep", seat=seat)
    return PendingView(kind=step.type, seat=seat)


def seat_views(state: OhMyBrainState) -> list[SeatView]:
    return [
        SeatView(
            seat=seat,
            brains=state.brains[seat],
            hand=len(state.hands[seat]),
            cemetery=len(state.cemeteries[seat]),
            decided=state.dealing and state.buried[seat] is not None,
            withdrawn=seat in state.withdrawn,
        )
        for seat in range(state.players)
    ]


def own_cards(state: OhMyBrainState, viewer: int | None) -> dict[str, object]:
    """The viewer's secret cards (nothing for a spectator)."""
    if viewer is None or not 0 <= viewer < state.players:
        return {
            "hand": [],
            "cemetery": [],
            "my_lot": [],
            "my_choice": None,
            "drawn": [],
            "fresh": [],
            "fresh_cemetery": [],
        }
    step = state.step
    return {
        "hand": sorted(state.hands[viewer]),
        "cemetery": sorted(state.cemeteries[viewer]),
        "my_lot": sorted(state.lots[viewer]),
        "my_choice": state.buried[viewer] if state.dealing else None,
        "drawn": sorted(step.drawn) if isinstance(step, KeepStep) and viewer == state.active else [],
        "fresh": state.fresh_hand(viewer),
        "fresh_cemetery": state.fresh_in_cemetery(viewer),
    }
