"""The Pairs table options and game state."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.chips import Chips
from engines.core import GameState
from engines.core.fresh import clear_fresh, fresh_among, note_fresh

Ending = Literal["forfeit", "downspear", "norland", "cutchfeld"]


class PairsOptions(BaseModel):
    """What the host chooses in the lobby.

    `ending`: forfeit (one loser, no chips) or one of the three betting endings.
    `games`: how many games a betting match lasts (ignored for forfeit).
    `chips`: each player's starting stack in a betting match (ignored for forfeit).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    ending: Ending = "forfeit"
    games: Literal[1, 3, 5] = 3
    chips: Literal[20, 50, 100] = 50

    @property
    def betting(self) -> bool:
        return self.ending != "forfeit"

    @property
    def match_games(self) -> int:
        """Games in the match: always 1 for forfeit."""
        return self.games if self.betting else 1


class GameRecord(BaseModel):
    """How one finished game of a match went (public)."""

    model_config = ConfigDict(frozen=True)

    game: int
    loser: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    paid: int  # chips the loser actually paid (0 for forfeit)
    pot_after: int  # chips left in the pot afterwards (cutchfeld remainder)


class PairsState(GameState):
    """A Pairs game (or betting match) in progress.

    Cards are ranks 1-10. `deck` is the draw pile, top card first. `discard`
    holds burned and discarded cards (face down, hidden). `in_play[seat]` are
    the face-up cards in front of a player this round, in the order received.
    `score_cards[seat]` are the cards a player has scored this game; they never
    return to the deck until the game ends. `fresh[seat]` are the cards that
    reached `in_play[seat]` during or since that player's own last move (shown
    to them as new); it may be shorter than the seats in a state saved before it.
    """

    options: PairsOptions
    losing_score: int
    deck: list[int] = Field(default_factory=list)
    discard: list[int] = Field(default_factory=list)
    in_play: list[list[int]]
    score_cards: list[list[int]]
    to_move: int = 0
    game: int = 0  # 1-based number of the game within the match
    round: int = 0  # 1-based number of the round within the game
    chips: Chips | None = None  # betting endings only
    history: list[GameRecord] = Field(default_factory=list)
    loser: int | None = None  # the loser of the last finished game
    finished: bool = False
    fresh: list[list[int]] = Field(default_factory=list)

    def score(self, seat: int) -> int:
        return sum(self.score_cards[seat])

    def scores(self) -> list[int]:
        return [self.score(seat) for seat in range(self.players)]

    def active(self) -> list[int]:
        """Seats still in the game, in table order."""
        return [seat for seat in range(self.players) if seat not in self.withdrawn]

    def face_up(self) -> list[int]:
        """Every card in play on the table."""
        return [card for cards in self.in_play for card in cards]

    def lowest_face_up(self) -> int | None:
        """The card a fold would take now: the lowest face-up card on the table."""
        cards = self.face_up()
        return min(cards) if cards else None

    def fresh_of(self, seat: int) -> list[int]:
        """The cards in front of `seat` that reached them during or since their own last move."""
        return fresh_among(self.fresh, seat, self.in_play[seat])

    def note_fresh(self, seat: int, card: int) -> None:
        note_fresh(self.fresh, self.players, seat, card)

    def clear_fresh(self, seat: int) -> None:
        clear_fresh(self.fresh, seat)

    def card_count(self) -> int:
        """Cards in the deck, discard pile, in play and scored: always 55."""
        return len(self.deck) + len(self.discard) + len(self.face_up()) + sum(len(s) for s in self.score_cards)
