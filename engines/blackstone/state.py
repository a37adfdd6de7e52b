"""The Blackstone table options and session state."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.chips import Chips
from engines.core import GameState

# in: still in this hand; passed / lost: out of this hand; out: sitting out (no chips); left: withdrew.
Status = Literal["in", "passed", "lost", "out", "left"]
# play: a hand is running; decide: between hands, everyone with chips chooses; over: the session has ended.
Phase = Literal["play", "decide", "over"]
Choice = Literal["next_hand", "stop"]


class BlackstoneOptions(BaseModel):
    """What the host chooses in the lobby: the most hands the session lasts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    hands: Literal[3, 5, 10, 20] = 5


class HandRecord(BaseModel):
    """How one finished hand went (public)."""

    model_config = ConfigDict(frozen=True)

    hand: int
    winners: tuple[int, ...]  # the last player left, or the survivors who split the pot
    loser: int | None  # who took a second black stone (None when everyone else passed)
    won: int  # chips from the pot each winner received
    carried: int  # chips left in the pot for the next hand


class BlackstoneState(GameState):
    """A Blackstone session: one independent hand after another.

    `deck` is the draw pile, top card first. `discard` holds cards taken out of
    play during a hand (a leaver's black stone); it is shuffled into a new deck
    if the deck ever runs out. `middle` holds the white stones, in the order
    they arrived. `blacks[seat]` is how many black stones lie in front of a
    player (0 or 1; 2 for the player who just lost). `opening[seat]` are the
    cards dealt to find the first player. Antes lie in `chips.antes`.
    `choices[seat]` is a player's secret next-hand decision between hands.
    """

    options: BlackstoneOptions
    chips: Chips
    hand: int = 0  # 1-based number of the current (or last) hand
    phase: Phase = "play"
    deck: list[int] = Field(default_factory=list)
    discard: list[int] = Field(default_factory=list)
    middle: list[int] = Field(default_factory=list)
    blacks: list[int]
    opening: list[list[int]]
    status: list[Status]
    to_move: int = 0
    starter: int | None = None  # who started this hand
    last_take: int | None = None  # the most recent number taken this hand
    last_taker: int | None = None
    loser: int | None = None  # who took a second black stone this hand
    choices: list[Choice | None]
    history: list[HandRecord] = Field(default_factory=list)

    def active(self) -> list[int]:
        """Seats still at the table (not withdrawn), in table order."""
        return [seat for seat in range(self.players) if seat not in self.withdrawn]

    def with_chips(self) -> list[int]:
        """Seats still at the table that have chips to play with."""
        return [seat for seat in self.active() if self.chips.stacks[seat] > 0]

    def in_hand(self) -> list[int]:
        """Seats still in the current hand (neither passed, lost, sitting out nor gone)."""
        return [seat for seat in range(self.players) if self.status[seat] == "in"]

    def min_take(self) -> int:
        """The fewest cards a take may ask for: the last number taken, or 1 for the first taker."""
        return self.last_take if self.last_take is not None else 1

    def dealable(self) -> int:
        """Cards that can still be dealt: the deck, and the discards that would be shuffled into it."""
        return len(self.deck) + len(self.discard)

    def pending(self) -> list[int]:
        """Between hands: the players with chips who have not decided yet."""
        if self.phase != "decide":
            return []
        return [seat for seat in self.with_chips() if self.choices[seat] is None]

    def card_count(self) -> int:
        """Cards in the deck, the discards, the middle and in front of players: always 55."""
        return len(self.deck) + len(self.discard) + len(self.middle) + sum(self.blacks)
