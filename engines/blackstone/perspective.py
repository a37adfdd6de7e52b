"""What a player sees of a Blackstone table.

Every stone is face up, so the table is the same for everyone. Hidden: the
order of the deck and of the set-aside cards, and, between hands, the other
players' next-hand choices (only who has decided is shown).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engines.blackstone.deck import is_black
from engines.blackstone.state import BlackstoneState, Choice, HandRecord, Phase, Status
from engines.core import Perspective


class SeatView(BaseModel):
    """One player's public corner of the table."""

    model_config = ConfigDict(frozen=True)

    seat: int
    chips: int  # their stack, the ante in front of them not included
    ante: int  # the ante in front of them this hand
    black_stones: int  # 0 or 1 (2 for the player who just lost)
    status: Status
    decided: bool  # between hands: has made their choice (which one stays secret)
    net: int  # chips won (negative: lost) since the session began, ante included


class BlackstonePerspective(Perspective):
    """The Blackstone table as `viewer` sees it.

    `middle` lists the white stones in the middle in the order they arrived;
    a pass costs the ante plus `pass_fine`, a second black stone the ante plus
    `loss_fine`. `min_take` is the fewest cards a take may ask for. The deck is
    face down: only its size and how many black stones are left in it (which
    anyone can count from the table) are shown. `my_choice` is the viewer's own
    next-hand choice between hands.
    """

    phase: Phase
    hand: int
    hands: int
    seats: list[SeatView]
    middle: list[int]
    pass_fine: int
    loss_fine: int
    min_take: int
    last_take: int | None
    last_taker: int | None
    starter: int | None
    loser: int | None
    opening: list[list[int]]
    deck_count: int
    deck_blacks: int
    discard_count: int
    pot: int
    unclaimed_pot: int
    to_move: int | None
    legal: list[str]  # kinds of the actions the viewer may take now (empty unless they must act)
    my_choice: Choice | None
    history: list[HandRecord]


def seat_views(state: BlackstoneState) -> list[SeatView]:
    chips = state.chips
    return [
        SeatView(
            seat=seat,
            chips=chips.stacks[seat],
            ante=chips.antes[seat],
            black_stones=state.blacks[seat],
            status=state.status[seat],
            decided=state.phase == "decide" and state.choices[seat] is not None,
            net=chips.net(seat),
        )
        for seat in range(state.players)
    ]


def deck_blacks(state: BlackstoneState) -> int:
    return sum(1 for card in state.deck if is_black(card))
