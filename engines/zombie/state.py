"""The Zombie Life table options and game state."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.core import GameState
from engines.core.fresh import clear_fresh, fresh_among, note_fresh

# in_play: still drawing this round; hidden: passed ("hid"), scores at round end;
# eliminated: overrun by the zombies this round, scores 0; left: withdrew from the game.
Status = Literal["in_play", "hidden", "eliminated", "left"]
Tie = Literal["shared", "play_on"]


class ZombieOptions(BaseModel):
    """What the host chooses in the lobby.

    `target`: the points that end the game (21 in the rulebook; 15 and 11 make shorter games).
    `tie`: when several players share the top score at or above the target, they share
    the win (house default) or play one more round, again until the tie is broken.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    target: Literal[21, 15, 11] = 21
    tie: Tie = "shared"


class RoundRecord(BaseModel):
    """How one finished round went (public): points each seat gained, and who left play in what order."""

    model_config = ConfigDict(frozen=True)

    round: int
    gained: tuple[int, ...]
    eliminated: tuple[int, ...]  # in the order they were overrun
    hid: tuple[int, ...]  # in the order they hid


class ZombieState(GameState):
    """A game of Zombie Life in progress.

    Cards are values 1-10. `deck` is the draw pile, top card first; `discard`
    is the face-down discard pile. `horde` is the shared zone (distinct values,
    in the order placed). `refuge[seat]` are a player's face-up Refuge cards in
    the order received, `face_down[seat]` the Refuge cards they turned face down
    when hiding. `pending` is the card the player to move has just drawn and must
    place now. `eliminated` and `hid` list this round's seats in the order they
    left play. Points are kept as numbers; at round end every table card goes to
    the discard pile. `fresh[seat]` are the face-up Refuge cards that reached a
    player (the deal, a card placed, taken or turned face up again) during or
    since their own last move, shown to them as new; it may be shorter than the
    seats in a state saved before it.
    """

    options: ZombieOptions
    deck: list[int] = Field(default_factory=list)
    discard: list[int] = Field(default_factory=list)
    horde: list[int] = Field(default_factory=list)
    refuge: list[list[int]]
    face_down: list[list[int]]
    status: list[Status]
    points: list[int]
    pending: int | None = None
    to_move: int = 0
    round: int = 0
    dealer: int | None = None  # who dealt this round (None in round 1: the cards are simply dealt)
    eliminated: list[int] = Field(default_factory=list)
    hid: list[int] = Field(default_factory=list)
    last_round: RoundRecord | None = None  # the round just finished
    winners: list[int] = Field(default_factory=list)
    finished: bool = False
    fresh: list[list[int]] = Field(default_factory=list)

    def active(self) -> list[int]:
        """Seats still in the game, in table order."""
        return [seat for seat in range(self.players) if seat not in self.withdrawn]

    def in_play(self) -> list[int]:
        """Seats still playing this round (neither hidden, eliminated nor gone), in table order."""
        return [seat for seat in range(self.players) if self.status[seat] == "in_play"]

    def next_in_play(self, seat: int) -> int | None:
        """The next seat in play to the left (clockwise) of `seat`, `seat` itself if it is the only one, else None."""
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if self.status[other] == "in_play":
                return other
        return None

    def last_in_play(self) -> bool:
        """Whether only one player is still in play (they may not take from the Horde)."""
        return len(self.in_play()) == 1

    def fresh_of(self, seat: int) -> list[int]:
        """The face-up Refuge cards of `seat` that reached them during or since their own last move."""
        return fresh_among(self.fresh, seat, self.refuge[seat])

    def note_fresh(self, seat: int, card: int) -> None:
        note_fresh(self.fresh, self.players, seat, card)

    def clear_fresh(self, seat: int) -> None:
        clear_fresh(self.fresh, seat)

    def table_cards(self) -> list[int]:
        """Every card on the table: the Horde, every Refuge (both faces) and the pending drawn card."""
        cards = list(self.horde)
        for seat in range(self.players):
            cards += self.refuge[seat] + self.face_down[seat]
        if self.pending is not None:
            cards.append(self.pending)
        return cards

    def card_count(self) -> int:
        """Cards in the deck, the discard pile and on the table: always 55."""
        return len(self.deck) + len(self.discard) + len(self.table_cards())
