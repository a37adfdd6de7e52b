"""What a player sees of a Zombie Life table.

Everything face up is public: the Horde, the face-up Refuge cards, the card
just drawn and waiting to be placed. The deck order and the discard pile are
hidden (only their sizes are shown). Face-down Refuge cards are seen by their
owner only; everyone else sees how many there are.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engines.core import Perspective
from engines.zombie.state import RoundRecord, Status, Tie, ZombieState


class SeatView(BaseModel):
    """One player's corner of the table, as a given viewer sees it."""

    model_config = ConfigDict(frozen=True)

    seat: int
    refuge: list[int]  # face-up Refuge cards, in the order received
    face_down: int  # how many Refuge cards are face down
    face_down_cards: list[int] | None  # their values: only in the owner's own view, else None
    status: Status
    points: int
    withdrawn: bool


class ZombiePerspective(Perspective):
    """The Zombie Life table as `viewer` sees it."""

    target: int
    tie: Tie
    round: int
    dealer: int | None  # who dealt this round (None in round 1)
    to_move: int | None
    pending: int | None  # the card `to_move` drew and must now place
    horde: list[int]  # lowest first
    seats: list[SeatView]
    last_in_play: bool  # only one player is still in play: they may not take from the Horde
    deck_count: int
    discard_count: int
    legal: list[str]  # kinds of the actions the viewer may take now (empty unless it is their turn)
    takeable: list[int]  # Horde values the viewer may take now
    hide_count: int  # Refuge cards the viewer would turn face down by hiding now (0 when they cannot hide)
    last_round: RoundRecord | None  # the round just finished: points gained, who was overrun, who hid
    winners: list[int]
    fresh: list[int]  # the viewer's face-up Refuge cards that reached them during or since their own last move


def seat_views(state: ZombieState, viewer: int | None) -> list[SeatView]:
    return [
        SeatView(
            seat=seat,
            refuge=list(state.refuge[seat]),
            face_down=len(state.face_down[seat]),
            face_down_cards=sorted(state.face_down[seat]) if seat == viewer else None,
            status=state.status[seat],
            points=state.points[seat],
            withdrawn=seat in state.withdrawn,
        )
        for seat in range(state.players)
    ]
