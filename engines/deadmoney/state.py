"""The Dead Money table options and game state.

The table: each player's hand (secret) and the Brains in front of them (public),
the draw pile (`deck`, top = last), the discard pile (`discard`, top = last, face
up), the cards being played (`in_play`), and the turn: the active player and the
hands they have left to spend.

Effects run on a small stack machine (`stack`, top = last): automatic steps
(`EffectStep`, `AfterPlayStep`) and decisions (`ChooseSeat`, `ChooseBrain`,
`PickCards`, `Arrange`, `Showdown`) that wait for the players they name. When
the stack is empty the active player decides their turn. Every step is plain
data, so a game paused on any decision round-trips through JSON.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.core import GameState

MIN_PLAYERS = 3
MAX_PLAYERS = 6  # docs/games/deadmoney.md: the seed says 3-5, the publisher 3-6; house default 3-6
HAND_SIZE = 7
HANDS_PER_TURN = 2
BID_MAX = 5


class DeadMoneyOptions(BaseModel):
    """What the host chooses in the lobby.

    `idle_draw`: the cards you draw when you play nothing on your turn (docs/games/deadmoney.md#house-defaults: the seed
    does not say; house default 1, as in Give Me the Brain).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    idle_draw: Literal[1, 2] = 1


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EffectStep(_Step):
    """Carry out the effect of `card`, played by `seat` (`free`: revealed by the 10♣, no roll)."""

    type: Literal["effect"] = "effect"
    card: str
    seat: int
    free: bool = False


class AfterPlayStep(_Step):
    """After an effect: discard the card if it is still in play, then roll for a Brain-requiring card."""

    type: Literal["after"] = "after"
    card: str
    seat: int
    free: bool = False


# ChooseSeat purposes and what the chosen player then undergoes:
#   take_random (A♣: takes a random card from the chooser), random_from (9♣: the chooser takes one of theirs),
#   swap_first / swap_second (4♣), peek (5♦), draw2 (4♠), discard_one (Q♣), gives_me (8♥),
#   pass_to (7♣, 4♥: the held card goes to them), give_this (7♠), steal2 (10♦)
SeatPurpose = Literal[
    "take_random",
    "random_from",
    "swap_first",
    "swap_second",
    "peek",
    "draw2",
    "discard_one",
    "gives_me",
    "pass_to",
    "give_this",
    "steal2",
]


class ChooseSeat(_Step):
    """`chooser` names a player among `options`."""

    type: Literal["seat"] = "seat"
    purpose: SeatPurpose
    chooser: int
    options: list[int]
    card: str  # the card whose effect asks
    first: int | None = None  # swap_second: the player already named


# Where the Brains to choose from are: any on the table, in front of the chooser's opponents, the
# chooser's own, in front of `seat`, opponents' or else own (K♥), or the discard pile (Q♥).
BrainScope = Literal["any", "others", "own", "seat", "others_else_own", "discard"]
# What happens to the chosen Brain: back to its holder's hand (A♦), dropped with a showdown (J♦, A♥,
# a failed roll), stolen (in front of the chooser), discarded (K♥, 2♠), taken from the discard (Q♥).
BrainPurpose = Literal["return", "drop", "steal", "discard", "from_discard"]


class ChooseBrain(_Step):
    type: Literal["brain"] = "brain"
    purpose: BrainPurpose
    chooser: int
    scope: BrainScope
    card: str
    seat: int | None = None  # scope "seat": whose Brains


# PickCards purposes, resolved once every chooser has picked:
#   pool (2♦), pass_left (3♦ 3♥ 5♥), pass_right (7♦), give_active (6♥), discard (5♣ 6♠ Q♣ 2♥ 6♦ and the
#   6♥ discards), top_of_deck (4♦), take_peek (5♦), give_rank (9♥ 8♠ volunteers), give_to_active (8♥),
#   take_face (K♠: from the discard), pass_pick (7♣: the card to pass next)
PickPurpose = Literal[
    "pool",
    "pass_left",
    "pass_right",
    "give_active",
    "discard",
    "top_of_deck",
    "take_peek",
    "give_rank",
    "give_to_active",
    "take_face",
    "pass_pick",
]


class PickCards(_Step):
    """Every seat of `choosers` picks `count` card(s) from `source`; resolved together when all have picked.

    `submitted[seat]` is None until that seat has picked (a secret until resolution).
    `ranks` restricts the cards (the 9♥ Kings, the 8♠ Aces, the K♠ faces); `optional` lets a
    chooser decline (the volunteers of 9♥ and 8♠).
    """

    type: Literal["cards"] = "cards"
    purpose: PickPurpose
    choosers: list[int]
    count: int = 1
    source: Literal["hand", "discard", "peek"] = "hand"
    peek_seat: int | None = None  # source "peek": whose hand the chooser looks at and takes from
    ranks: list[str] = []
    optional: bool = False
    submitted: list[list[str] | None]
    card: str


class Arrange(_Step):
    """K♣: the chooser puts the top cards of the draw pile back one by one, `placed[0]` on top."""

    type: Literal["arrange"] = "arrange"
    chooser: int
    remaining: list[str]
    placed: list[str] = []
    card: str


class BidRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int
    cards: list[str]


class Showdown(_Step):
    """Bidding for a dropped Brain (docs/games/deadmoney.md#how-a-game-goes, #house-defaults).

    `order` laps clockwise from the dropper's left, the dropper last; `at` is the index of
    the bidder to decide. Every bid leaves its bidder's hand for `pot`. The showdown ends when
    everyone but the high bidder has passed in a row, or when a whole lap passes with no bid.
    """

    type: Literal["showdown"] = "showdown"
    brain: str
    dropper: int
    order: list[int]
    at: int = 0
    high: BidRecord | None = None
    pot: list[str] = []
    passes: int = 0
    bids: list[BidRecord] = []  # every raise, in order, for the table


Step = Annotated[
    EffectStep | AfterPlayStep | ChooseSeat | ChooseBrain | PickCards | Arrange | Showdown,
    Field(discriminator="type"),
]
Decision = ChooseSeat | ChooseBrain | PickCards | Arrange | Showdown


class Roll(BaseModel):
    """The last Brain roll: the die, the same-suit bonus, the target (the card's rank)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    card: str
    die: int
    bonus: int
    target: int

    @property
    def success(self) -> bool:
        return self.die + self.bonus >= self.target


class DeadMoneyState(GameState):
    options: DeadMoneyOptions
    hands: list[list[str]]
    brains: list[list[str]]  # Brain cards in front of each player
    deck: list[str]  # the draw pile, top = last
    discard: list[str]  # face up, top = last
    in_play: list[str] = Field(default_factory=list)  # cards whose effect is resolving
    held: str | None = None  # 4♥ / 7♣: the card the active player is passing
    active: int
    hands_left: int = HANDS_PER_TURN
    played: int = 0  # cards played this turn
    turn_over: bool = False
    next_active: int | None = None  # set by a showdown or the Q♦ roll-off
    turn: int = 1
    stack: list[Step] = Field(default_factory=list)
    last_roll: Roll | None = None
    winner: int | None = None
    over: bool = False
    # Per seat, the cards that reached that seat's hand since its own last action (drawn, passed, taken), in
    # the order they came; some may have left the hand since. Empty for a state saved before it existed.
    fresh: list[list[str]] = Field(default_factory=list)

    def alive(self) -> list[int]:
        return [seat for seat in range(self.players) if seat not in self.withdrawn]

    def count_from(self, seat: int, count: int) -> int:
        """Counting (docs/games/deadmoney.md#card-effects): `seat` is 1, then clockwise, wrapping round."""
        order = self.clockwise_from(seat)
        return order[(count - 1) % len(order)]

    def opponents(self, seat: int) -> list[int]:
        return [other for other in self.clockwise_from(seat) if other != seat]

    def top_decision(self) -> Decision | None:
        if not self.stack:
            return None
        step = self.stack[-1]
        return None if isinstance(step, EffectStep | AfterPlayStep) else step
