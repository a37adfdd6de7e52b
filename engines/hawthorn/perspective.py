"""What a player sees of a Hawthorn table.

Public: everyone's face-up cards, chips, status, hand size and the number of
their face-down cards; who has chosen a starting card or voted (not what); the
pot, the button, the lap, the deck and discard sizes. Private to their owner:
the hand, the secret starting card before the reveal, the face-down cards and
the pending vote. Nobody sees the deck order or the discards.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engines.core import Perspective
from engines.hawthorn.state import EndReason, HandRecord, HawthornState, Phase, Status, Vote


class SeatView(BaseModel):
    """One player's public corner of the table."""

    model_config = ConfigDict(frozen=True)

    seat: int
    chips: int
    status: Status
    face_up: list[int]  # in the order received
    face_down: int  # how many cards they have turned face down this hand
    hand_size: int
    chosen: bool  # has chosen a starting card (choose phase only)
    voted: bool  # has voted (vote phase only)


class HawthornPerspective(Perspective):
    """The Hawthorn table as `viewer` sees it; the `my_*` fields are empty for a spectator."""

    phase: Phase
    hand: int
    hands: int  # the cap on hands this session
    lap: int
    source: Literal["deck", "hand"] | None  # where this lap's cards come from (play phase only)
    button: int | None
    to_move: int | None  # play phase only
    pot: int
    fold_cost: int | None  # what a fold costs now (play phase only)
    deck_count: int
    discard_count: int
    seats: list[SeatView]
    my_hand: list[int]
    my_choice: int | None  # the viewer's secret starting card, before the reveal
    my_face_down: list[int]
    my_vote: Vote | None
    legal: list[str]  # kinds of the actions the viewer may take now, each once
    history: list[HandRecord]
    end_reason: EndReason | None
    # New to the viewer since their own last move: their whole hand (dealt since), their face-up cards that
    # reached them (tie-break cards, draws).
    new_hand: bool
    fresh: list[int]
    # The ranks of the viewer's hand that pair one of their face-up cards: playing one knocks them out.
    pairing: list[int]


def seat_views(state: HawthornState) -> list[SeatView]:
    return [
        SeatView(
            seat=seat,
            chips=state.chips.stacks[seat],
            status=state.status[seat],
            face_up=list(state.face_up[seat]),
            face_down=len(state.face_down[seat]),
            hand_size=len(state.hands[seat]),
            chosen=state.phase == "choose" and state.choices[seat] is not None,
            voted=state.phase == "vote" and state.votes[seat] is not None,
        )
        for seat in range(state.players)
    ]
