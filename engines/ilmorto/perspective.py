"""What a player sees of an Il Morto table.

Public: lives, who is dead, who deals, whether the dealer has knocked, who looked early, face-up Cavalli and
Re, the cards put aside face up, the sizes of the stock and the discard, the last reveal. A face-down card is
seen by its holder once they looked (before the knock, at a price) or once the dealer knocked, and by whoever
knows it from a swap they took part in (swaps are public, so a known card is followed from hand to hand).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engines.core import Perspective
from engines.ilmorto.state import IlMortoState


class SeatView(BaseModel):
    """One player's place at the table, as a given viewer sees it."""

    model_config = ConfigDict(frozen=True)

    seat: int
    lives: int
    dead: bool
    withdrawn: bool
    dealer: bool
    holds: bool  # has a card this round (the dead, and those brought back since the deal, have none)
    card: str | None  # the card, when the viewer sees it (face up, their own once seen, or known from a swap)
    face_up: bool  # a Cavallo or a Re laid face up after the knock
    looked: bool  # looked at their card before the knock
    revealed: str | None  # their card at the last reveal


class IlMortoPerspective(Perspective):
    """The Il Morto table as `viewer` sees it."""

    round: int
    dealer: int
    lives: list[int]
    dead: list[int]
    speaking_rule: bool
    accusations: bool
    knocked: bool
    to_move: int | None
    seats: list[SeatView]
    stock: int  # cards left in the deck
    discard: int  # cards put away face down (the cards of players who died during the round)
    aside: list[str]  # cards put away face up this round: given up for the deck's, Re and Cavalli drawn
    last_losers: list[int]  # who held the lowest card at the last reveal
    winners: list[int]
    legal: list[str]  # kinds of the buttons the viewer may press now (Look may be pressed out of turn)
    # The viewer's swap on their turn: whom it reaches (a seat), or the deck, or a face-up Re that blocks it;
    # the face-up Cavalli it jumps. Empty (None, False, []) when it is not the viewer's turn to swap.
    swap_with: int | None
    swap_deck: bool
    swap_blocker: int | None
    swap_skipped: list[int]


def seat_views(state: IlMortoState, viewer: int | None) -> list[SeatView]:
    dead = set(state.dead())
    return [
        SeatView(
            seat=seat,
            lives=state.lives[seat],
            dead=seat in dead,
            withdrawn=seat in state.withdrawn,
            dealer=seat == state.dealer,
            holds=state.holds(seat),
            card=state.hands[seat] if state.sees(viewer, seat) else None,
            face_up=state.face_up[seat],
            looked=state.looked[seat],
            revealed=state.last_reveal[seat] if seat < len(state.last_reveal) else None,
        )
        for seat in range(state.players)
    ]
