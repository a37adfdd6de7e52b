"""What a player sees of a Pairs table. Everything face up is public; the deck order and discards are not."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engines.core import Perspective
from engines.pairs.state import Ending, GameRecord, PairsState


class SeatView(BaseModel):
    """One player's public corner of the table."""

    model_config = ConfigDict(frozen=True)

    seat: int
    in_play: list[int]  # face-up cards this round, in the order received
    score_cards: list[int]
    score: int
    chips: int | None  # betting endings only
    withdrawn: bool


class PairsPerspective(Perspective):
    """The Pairs table as `viewer` sees it (the same for everyone: nothing is private).

    The deck and the discard pile (burned cards included) are face down: only
    their sizes are shown. `pot` is the cutchfeld remainder carried to the next
    game; once the match is over it is `unclaimed_pot`.
    """

    ending: Ending
    game: int
    games: int
    round: int
    losing_score: int
    seats: list[SeatView]
    deck_count: int
    discard_count: int
    pot: int
    unclaimed_pot: int
    fold_card: int | None  # the card a fold would take now
    to_move: int | None
    legal: list[str]  # kinds of the actions the viewer may take now (empty unless it is their turn)
    history: list[GameRecord]
    loser: int | None  # loser of the last finished game
    fresh: list[int]  # the viewer's cards in play that reached them during or since their own last move


def seat_views(state: PairsState) -> list[SeatView]:
    return [
        SeatView(
            seat=seat,
            in_play=list(state.in_play[seat]),
            score_cards=list(state.score_cards[seat]),
            score=state.score(seat),
            chips=state.chips.stacks[seat] if state.chips else None,
            withdrawn=seat in state.withdrawn,
        )
        for seat in range(state.players)
    ]
