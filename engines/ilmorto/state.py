"""The Il Morto table options and game state."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from engines.core import GameState
from engines.ilmorto.cards import rank


class IlMortoOptions(BaseModel):
    """What the host chooses in the lobby (docs/games/ilmorto.md#table-options, both on by default).

    `speaking_rule`: a living player other than the dealer who speaks to a dead player (a mention or a reply
    on Discord) gives them one of their lives. `accusations`: the dealer may rule that someone did (`/accuse`).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    speaking_rule: bool = True
    accusations: bool = True


class IlMortoState(GameState):
    """A game of Il Morto in progress.

    `lives[seat]`: 0 is dead. `hands[seat]` is the seat's card this round (None: dead, brought back to life
    since the deal, or gone). `face_up[seat]`: the card is a Cavallo or a Re laid face up after the knock.
    `known[viewer]`: the seats whose face-down card `viewer` knows (their own once they looked or the dealer
    knocked; both cards of a swap they took part in, followed through the public swaps after it).
    `looked[seat]`: looked at their card before the knock (public). `to_move`: whose turn after the knock.
    `stock`: the undealt cards, top first. `discard`: face-down cards put away (a dying player's card);
    `aside`: face-up cards put away (cards swapped for the deck's, Re and Cavalli drawn from it).
    `last_reveal`: the cards shown at the last reveal, by seat. `survived[seat]`: rounds they came out of alive
    (the leaderboard's measure). `died_at[seat]`: the death count (`deaths`) when they last died, 0 if never.
    """

    options: IlMortoOptions
    lives: list[int]
    dealer: int
    round: int = 0
    hands: list[str | None]
    face_up: list[bool]
    known: list[list[int]]
    looked: list[bool]
    knocked: bool = False
    to_move: int | None = None
    stock: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    aside: list[str] = Field(default_factory=list)
    last_reveal: list[str | None] = Field(default_factory=list)
    last_losers: list[int] = Field(default_factory=list)
    survived: list[int]
    died_at: list[int]
    deaths: int = 0
    winners: list[int] = Field(default_factory=list)
    finished: bool = False

    def alive(self, seat: int) -> bool:
        """Still in the game with a life or more."""
        return seat not in self.withdrawn and self.lives[seat] > 0

    def living(self) -> list[int]:
        return [seat for seat in range(self.players) if self.alive(seat)]

    def dead(self) -> list[int]:
        """Seats with no life left that are still at the table."""
        return [seat for seat in range(self.players) if seat not in self.withdrawn and self.lives[seat] == 0]

    def holds(self, seat: int) -> bool:
        return self.hands[seat] is not None

    def play_order(self) -> list[int]:
        """Every seat, from the dealer's right going anticlockwise, the dealer last."""
        return [(self.dealer - step) % self.players for step in range(1, self.players + 1)]

    def holders(self) -> list[int]:
        """Seats holding a card, in play order (the dealer last)."""
        return [seat for seat in self.play_order() if self.holds(seat)]

    def card_rank(self, seat: int) -> int:
        card = self.hands[seat]
        assert card is not None
        return rank(card)

    def sees(self, viewer: int | None, seat: int) -> bool:
        """Whether `viewer` sees the card of `seat`: face up, or one they know."""
        if self.hands[seat] is None:
            return False
        if self.face_up[seat]:
            return True
        return viewer is not None and 0 <= viewer < self.players and seat in self.known[viewer]

    def card_count(self) -> int:
        """Cards in hands, the stock, the discard and aside: always 40."""
        return sum(1 for card in self.hands if card is not None) + len(self.stock + self.discard + self.aside)
