"""The Oh My Brain table options and game state.

The table: each player's brains (public), hand and Cemetery (secret: the rack only they see); the Horde (the
face-up pile being played on, top = last), the Réserve (the draw pile, top = first) and the Défausse (the
discarded Hordes, face down). During the deal (`lot` 1-3) each player holds a lot of 3 cards and chooses in
secret the one that goes to their Cemetery (`buried`). Then turns: the active player has one pending decision
(`step`), plain data, so a game paused on any decision round-trips through JSON.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.core import GameState
from engines.core.fresh import clear_fresh, fresh_among, note_fresh

MIN_PLAYERS = 2
MAX_PLAYERS = 5
LOT_SIZE = 3  # each lot: 3 cards, keep 2, 1 to the Cemetery
LOTS = 3  # three lots: a hand of 6, a Cemetery of 3
HAND_TARGET = 3  # the refill brings the hand up to 3
PASS_DRAW = 2  # not playing draws 2: 1 to the hand, 1 to the Cemetery
SPIDER_LIMIT = 8  # after a Spider the next player plays strictly below 8
DIE_SIDES = 6
# The six die faces, in the seed's order (docs/games/ohmybrain.md#house-defaults: uniform, faces 1-6 in that order).
DIE_FACES = ("give", "reserve", "steal", "gain", "swap", "again")


class OhMyBrainOptions(BaseModel):
    """What the host chooses in the lobby.

    `brains`: the brains each player starts the game with (9 in the rulebook; fewer make shorter games).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    brains: Literal[9, 6, 3] = 9


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayStep(_Step):
    """Step A: play one card or several of a number onto the Horde, or not play.

    `must`: a play is required (the new Horde after not playing, the Mouse's extra turn).
    `spider`: the previous player played a Spider: play strictly below 8 (a Mosquito too).
    """

    type: Literal["play"] = "play"
    must: bool = False
    spider: bool = False


class KeepStep(_Step):
    """After not playing: which of the 2 cards drawn goes to the hand (the other goes to the Cemetery)."""

    type: Literal["keep"] = "keep"
    drawn: list[int]


class ShareStep(_Step):
    """`left` extra copies of `card` still to share out, one at a time, into opponents' Cemeteries."""

    type: Literal["share"] = "share"
    card: int
    left: int


class GiveToStep(_Step):
    """Die face 1: choose the opponent whose Cemetery gets a card of your hand."""

    type: Literal["give_to"] = "give_to"


class GiveStep(_Step):
    """Die face 1: choose the card of your hand that goes into the Cemetery of `to`."""

    type: Literal["give"] = "give"
    to: int


class StealStep(_Step):
    """Die face 3: choose the opponent you steal a brain from."""

    type: Literal["steal"] = "steal"


class SwapStep(_Step):
    """Die face 5: choose your hand or your Cemetery, and the opponent to swap it with."""

    type: Literal["swap"] = "swap"


class RefillStep(_Step):
    """Step B: choose a Cemetery card to bring the hand up to 3; then `then`: end the turn, or play again
    (the Mouse's extra turn)."""

    type: Literal["refill"] = "refill"
    then: Literal["end", "play"] = "end"


Step = Annotated[
    PlayStep | KeepStep | ShareStep | GiveToStep | GiveStep | StealStep | SwapStep | RefillStep,
    Field(discriminator="type"),
]


class Roll(BaseModel):
    """The last die roll: who rolled, for which marshmallow card, and the face (1-6)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    card: int
    face: int

    @property
    def effect(self) -> str:
        return DIE_FACES[self.face - 1]


class RoundRecord(BaseModel):
    """How the round just finished ended (public): who ran out of cards, and the brains each player lost."""

    model_config = ConfigDict(frozen=True)

    round: int
    out: int  # the player who finished a turn with no cards
    lost: tuple[int, ...]  # brains lost by each seat at the end of the round


class OhMyBrainState(GameState):
    options: OhMyBrainOptions
    marshmallow: list[int]  # the numbers whose cards roll the die (from the card data, fixed for the game)
    brains: list[int]
    hands: list[list[int]]
    cemeteries: list[list[int]]
    lots: list[list[int]]  # the deal: each player's lot of 3 (empty outside the deal)
    buried: list[int | None]  # the deal: the card of the lot each player sends to their Cemetery (secret)
    lot: int = 0  # the lot being dealt, 1-3; 0 outside the deal
    reserve: list[int] = Field(default_factory=list)  # top first
    defausse: list[int] = Field(default_factory=list)
    horde: list[int] = Field(default_factory=list)  # bottom first, top last
    round: int = 0
    starter: int = 0  # who starts the round
    active: int = 0  # whose turn it is
    turn: int = 0  # turns begun this game
    step: Step | None = None  # the active player's pending decision
    spider_next: bool = False  # a Spider was played this turn: the next player plays below 8
    last_roll: Roll | None = None
    last_round: RoundRecord | None = None
    winners: list[int] = Field(default_factory=list)
    over: bool = False
    # Per seat, the cards that reached their hand (`fresh`) or Cemetery (`fresh_cemetery`) since their own last
    # move, shown to them as new.
    fresh: list[list[int]] = Field(default_factory=list)
    fresh_cemetery: list[list[int]] = Field(default_factory=list)

    @property
    def dealing(self) -> bool:
        return self.lot > 0 and not self.over

    def alive(self) -> list[int]:
        """Seats still in the game, in table order."""
        return [seat for seat in range(self.players) if seat not in self.withdrawn]

    def opponents(self, seat: int) -> list[int]:
        """The other seats still in the game, clockwise from `seat`'s left."""
        return [other for other in self.clockwise_from(seat) if other != seat]

    def top(self) -> int | None:
        return self.horde[-1] if self.horde else None

    def cards_of(self, seat: int) -> int:
        """How many cards `seat` holds, hand and Cemetery."""
        return len(self.hands[seat]) + len(self.cemeteries[seat])

    def note_hand(self, seat: int, card: int) -> None:
        note_fresh(self.fresh, self.players, seat, card)

    def note_cemetery(self, seat: int, card: int) -> None:
        note_fresh(self.fresh_cemetery, self.players, seat, card)

    def clear_fresh(self, seat: int) -> None:
        clear_fresh(self.fresh, seat)
        clear_fresh(self.fresh_cemetery, seat)

    def fresh_hand(self, seat: int) -> list[int]:
        return _held_fresh(self.fresh, seat, self.hands[seat])

    def fresh_in_cemetery(self, seat: int) -> list[int]:
        return _held_fresh(self.fresh_cemetery, seat, self.cemeteries[seat])

    def all_cards(self) -> list[int]:
        """Every card of the game, wherever it is (always the whole deck)."""
        cards = [*self.reserve, *self.defausse, *self.horde]
        for seat in range(self.players):
            cards += self.hands[seat] + self.cemeteries[seat] + self.lots[seat]
        if isinstance(self.step, KeepStep):
            cards += self.step.drawn
        if isinstance(self.step, ShareStep):
            cards += [self.step.card] * self.step.left
        return cards


def _held_fresh(fresh: list[list[int]], seat: int, held: list[int]) -> list[int]:
    """The new cards of `seat` still held, as a multiset (two new 7s, one of them played: one new 7)."""
    left = list(held)
    kept = []
    for card in fresh_among(fresh, seat, held):
        if card in left:
            left.remove(card)
            kept.append(card)
    return sorted(kept)
