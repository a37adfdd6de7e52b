"""The Hawthorn table options and game state.

A session is a series of hands. Each hand: everyone antes 1, is dealt 5 secret
cards, secretly chooses a starting card (all revealed together, the lowest
takes the button), then laps alternate between drawing from the deck (odd
laps) and playing from the hand (even laps) until one player is left, who
takes the pot. After a hand the players with chips vote to play on or stop.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.chips import Chips
from engines.core import GameState
from engines.core.fresh import clear_fresh, fresh_among, note_fresh

# choose: everyone secretly picks a starting card; play: the laps; vote: next hand or stop; over: the session ended.
Phase = Literal["choose", "play", "vote", "over"]
# in: still in the round; folded / out (paired): out of this hand; idle: sits the hand out (no chips); left: withdrew.
Status = Literal["in", "folded", "out", "idle", "left"]
Vote = Literal["next", "stop"]
# Why the session ended: the hand cap, a majority vote, fewer than 2 players with chips, fewer than 2 players seated.
EndReason = Literal["cap", "vote", "broke", "left"]


class HawthornOptions(BaseModel):
    """What the host chooses in the lobby.

    `hands`: the most hands a session lasts (the players may stop earlier by a majority vote).
    `button`: who gets the button in the hands after the first: the lowest starting card every
    hand ("lowest", as in the rulebook's hand), or the next player to the left of the last button ("left").
    `empty_hand`: on an even lap with an empty hand, draw from the deck instead ("draw", the house
    default) or you must fold ("fold").
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    hands: Literal[1, 3, 5, 10] = 3
    button: Literal["lowest", "left"] = "lowest"
    empty_hand: Literal["draw", "fold"] = "draw"


class HandRecord(BaseModel):
    """How one finished hand went (public)."""

    model_config = ConfigDict(frozen=True)

    hand: int
    winner: int
    pot: int  # chips the winner took


class HawthornState(GameState):
    """A Hawthorn session in progress.

    Cards are ranks 1-10. `deck` is the draw pile, top card first. `discard`
    holds face-down cards out of play (tie-break pairs, the cards of players
    who left). `hands[seat]` is a player's secret hand (kept sorted);
    `choices[seat]` their secret starting card until everyone has chosen.
    `face_up[seat]` are the cards in front of a player still in the round, in
    the order received; `face_down[seat]` the cards of a player who folded or
    paired, turned face down (only their owner knows them). `fresh[seat]` are
    the face-up cards that reached a player (tie-break cards, draws) during or
    since their own last move, shown to them as new; it may be shorter than the
    seats in a state saved before it.
    """

    options: HawthornOptions
    chips: Chips
    phase: Phase = "choose"
    hand: int = 0  # 1-based number of the hand being played (or just played)
    deck: list[int] = Field(default_factory=list)
    discard: list[int] = Field(default_factory=list)
    hands: list[list[int]]
    choices: list[int | None]
    face_up: list[list[int]]
    face_down: list[list[int]]
    status: list[Status]
    votes: list[Vote | None]
    button: int | None = None
    lap: int = 0  # 1-based lap of the current hand; odd laps draw from the deck, even laps play from the hand
    to_move: int = 0
    history: list[HandRecord] = Field(default_factory=list)
    end_reason: EndReason | None = None
    fresh: list[list[int]] = Field(default_factory=list)

    # ----- who is where -----------------------------------------------------------------------------------------
    def seated(self) -> list[int]:
        """Seats that have not withdrawn, in table order."""
        return [seat for seat in range(self.players) if seat not in self.withdrawn]

    def with_chips(self) -> list[int]:
        """Seated players who still hold chips: the ones who play the next hand and vote."""
        return [seat for seat in self.seated() if self.chips.stacks[seat] > 0]

    def in_round(self) -> list[int]:
        """Players still in the current hand, in table order."""
        return [seat for seat in range(self.players) if self.status[seat] == "in"]

    def next_in(self, seat: int) -> int | None:
        """The next player still in the round clockwise (to the left) of `seat`, `seat` itself excluded."""
        for step in range(1, self.players):
            other = (seat + step) % self.players
            if self.status[other] == "in":
                return other
        return None

    def fresh_of(self, seat: int) -> list[int]:
        """The face-up cards of `seat` that reached them during or since their own last move."""
        return fresh_among(self.fresh, seat, self.face_up[seat])

    def note_fresh(self, seat: int, card: int) -> None:
        note_fresh(self.fresh, self.players, seat, card)

    def clear_fresh(self, seat: int) -> None:
        clear_fresh(self.fresh, seat)

    # ----- the table ----------------------------------------------------------------------------------------------
    def odd_lap(self) -> bool:
        """Odd laps draw from the deck; even laps play from the hand."""
        return self.lap % 2 == 1

    def fold_cost(self) -> int | None:
        """What a fold costs now: the lowest face-up card of the players still in the round (the folder's own too)."""
        cards = [card for seat in self.in_round() for card in self.face_up[seat]]
        return min(cards) if cards else None

    def can_draw(self) -> bool:
        """Whether a card can be drawn now, reshuffling the face-down cards out of play if the deck is empty."""
        return bool(self.deck) or bool(self.reshuffle_pool_size())

    def reshuffle_pool_size(self) -> int:
        return len(self.discard) + sum(len(self.face_down[seat]) for seat in range(self.players))

    def all_cards(self) -> list[int]:
        """Every card at the table, wherever it lies: always the 55 cards of the deck."""
        pending = [card for card in self.choices if card is not None]
        spread = [*self.hands, *self.face_up, *self.face_down]
        return [*self.deck, *self.discard, *pending, *(card for cards in spread for card in cards)]
