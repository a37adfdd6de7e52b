"""What a player sees of a Dead Money table.

Public: every hand's size, the Brains in front of everyone, the discard pile (face
up), the cards being played, the draw pile's size, the last Brain roll, the showdown
(the Brain, every bid, the high bid), and the pending decision: which effect asks,
who must still decide (not what they chose). Private to their owner: the hand, a
pick made in secret before everyone has picked, the card being passed (4♥, 7♣),
the hand looked at with the 5♦, the cards being arranged with the K♣, and which cards
of the hand are new since the viewer's own last action.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from engines.core import Perspective
from engines.deadmoney.state import BidRecord, Roll


class SeatView(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    hand_size: int
    brains: list[str]


class PendingView(BaseModel):
    """The decision the table waits for. `kind`: turn, seat, brain, cards, arrange or showdown."""

    model_config = ConfigDict(frozen=True)

    kind: str
    purpose: str | None = None
    card: str | None = None  # the card whose effect asks
    choosers: list[int] = []
    waiting: list[int] = []  # who still has to decide
    count: int = 1
    first: int | None = None  # 4♣: the player already named


class ShowdownView(BaseModel):
    model_config = ConfigDict(frozen=True)

    brain: str
    dropper: int
    order: list[int]
    to_bid: int | None
    high: BidRecord | None
    high_hand: str | None  # the poker category of the high bid ("pair")
    bids: list[BidRecord]  # every raise, oldest first
    pot: int
    passed: list[int] = []  # who passed since the last raise (or since the start), in bidding order


class DeadMoneyPerspective(Perspective):
    active: int
    turn: int
    hands_left: int
    played: int
    seats: list[SeatView]
    deck_count: int
    discard: list[str]  # bottom first
    in_play: list[str]
    last_roll: Roll | None
    pending: PendingView | None
    showdown: ShowdownView | None
    winner: int | None
    my_hand: list[str]  # sorted for display
    # The cards of `my_hand` that reached it since the viewer's own last action.
    fresh: list[str] = Field(default_factory=list)
    my_pick: list[str] | None  # the viewer's secret pick, made before the others
    held: str | None  # the card the viewer is passing
    peek_seat: int | None
    peek: list[str]  # 5♦: the hand the viewer looks at
    arrange: list[str]  # K♣: the cards the viewer still has to place, and those placed (top first)
    arranged: list[str]
    legal: list[str]
