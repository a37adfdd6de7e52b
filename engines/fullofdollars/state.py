"""The Full of Dollars table options and game state.

Money is in thousands (50 = one 50.000 $ note); every amount is a multiple of 50. Hands are secret; the
businesses in front of each player, the money, the pot and the face-up discard pile are public. `draw` is the
face-down draw pile (top = last).

The game is a small state machine (`stage`):

* `turn`: the Business-phase player (`turn`) opens a business, starts a hold-up or passes;
* `call`: after their second pass in a row, they say whether they call poker;
* `fbi`: the window after a collection is claimed (`window`): every other player answers at once;
* `holdup`: the hold-up (`holdup`) asks its players one at a time;
* `end`: the window at the end of a turn (Jugement, Bombe): every player answers at once;
* `judgement`: a condemned player keeps (pays again) or closes each business, one at a time;
* `draw`: the Poker phase's discard-and-buy rounds, one player at a time, the dealer last;
* `reveal`: everyone chooses at once which value each two-valued card shows;
* `contest`: the comparison of the shown hands: concede or accuse;
* `over`: the game has ended.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.core import GameState

MIN_PLAYERS = 2
MAX_PLAYERS = 5
HAND_SIZE = 5
CARD_PRICE = 50  # a card bought in the Poker phase
UZI_PRICE = 100  # paid per uzi after a hold-up


def starting_money(players: int) -> int:
    """10 × 100k + 2 × 50k + one 500k note per player (the seed's table)."""
    return 10 * 100 + 2 * 50 + players * 500


Stage = Literal[
    "turn",
    "call",
    "fbi",
    "holdup",
    "end",
    "judgement",
    "draw",
    "reveal",
    "contest",
    "over",
    # Passing stages, settled by `flow.settle` before any action returns (never seen from outside):
    "turn_start",
    "turn_end",
    "after_end",
    "poker_done",
]


class FullOfDollarsOptions(BaseModel):
    """What the host chooses in the lobby.

    `cheating`: two-valued cards may show their higher value in the Poker phase (the rules; on by default).
    Off, every card shows its lower value and nobody is asked to choose.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    cheating: bool = True


class Window(BaseModel):
    """A reaction window: `answers[seat]` is the answer of each seat asked (None: still to answer).

    Answers are secret until the window closes: "decline", "fbi", "judge:<seat>" or "bomb:<card>".
    `collector` and `amount` describe the collection an FBI would cancel; `ended` is whose turn just ended.
    """

    kind: Literal["fbi", "end"]
    answers: dict[int, str | None]
    collector: int = 0
    payer: int = 0
    amount: int = 0
    ended: int = 0


class HoldUp(BaseModel):
    """A hold-up: who started it, the victim, each player's side and cards (icons) so far.

    `order` is the current lap's order, `index` whose turn it is in it; `lap` counts from 1. `police_in_lap`
    says whether a Police card was played in this lap, `police_last_lap` in the previous one. `plays` keeps
    (seat, icons) in play order, for paying the attackers with equal uzis in play order.
    """

    initiator: int
    victim: int
    side: dict[int, Literal["uzi", "police", "out"]] = Field(default_factory=dict)
    uzis: dict[int, int] = Field(default_factory=dict)
    police: dict[int, int] = Field(default_factory=dict)
    first_play: dict[int, int] = Field(default_factory=dict)  # seat -> play number of their first card
    plays: int = 0
    lap: int = 1
    order: list[int] = Field(default_factory=list)
    index: int = 0
    police_in_lap: bool = False
    police_last_lap: bool = False

    def total_uzis(self) -> int:
        return sum(self.uzis.values())

    def total_police(self) -> int:
        return sum(self.police.values())

    def current(self) -> int | None:
        return self.order[self.index] if self.index < len(self.order) else None


class Judgement(BaseModel):
    """A Jugement being carried out on `target`: `businesses` still to keep or close (card ids), in order."""

    target: int
    businesses: list[str]


class Poker(BaseModel):
    """The Poker phase: `dealer`; the draw `round` (1, 2) and `order` / `index` of the players drawing;
    `free`: cards cost nothing (the replay after two tied cheaters). `high[seat]`: the dual cards a player shows
    at their higher value (None: not chosen yet; secret until everyone has chosen). After the reveal: `shown`
    (the values shown, public), `contenders` (best hand first, still in the comparison), `fine` (half the pot
    when the comparison began, rounded up), `fines` (paid so far, for the winner), `exposed` (accused players'
    two-sided values, public), and for a tie the answers of the two tied players (`tie_answers`)."""

    dealer: int
    round: int = 1
    order: list[int] = Field(default_factory=list)
    index: int = 0
    free: bool = False
    high: dict[int, list[str] | None] = Field(default_factory=dict)
    shown: dict[int, list[str]] = Field(default_factory=dict)
    contenders: list[int] = Field(default_factory=list)
    out: list[int] = Field(default_factory=list)
    fine: int = 0
    fines: int = 0
    exposed: dict[int, list[str]] = Field(default_factory=dict)
    tie: bool = False
    tie_answers: dict[int, bool] = Field(default_factory=dict)


class FullOfDollarsState(GameState):
    """A game of Full of Dollars in progress (see the module docstring for `stage`)."""

    options: FullOfDollarsOptions = FullOfDollarsOptions()
    money: list[int]
    pot: int = 0
    hands: list[list[str]]
    businesses: list[list[str]]
    draw: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    direction: Literal[1, -1] = 1
    stage: Stage = "turn"
    turn: int = 0
    passes: list[int]
    caller: int | None = None  # who called poker this turn (the first to call deals)
    ruined: list[int] = Field(default_factory=list)  # had to pay more than they held: the game ends soon
    window: Window | None = None
    holdup: HoldUp | None = None
    judgements: list[int] = Field(default_factory=list)  # targets of Jugements still to carry out
    judgement: Judgement | None = None
    poker: Poker | None = None
    phases: int = 0  # Poker phases played
    winners: list[int] = Field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.stage == "over"

    def live(self) -> list[int]:
        return [seat for seat in range(self.players) if seat not in self.withdrawn]

    def next_seat(self, seat: int) -> int:
        """The next player still in the game in the direction of play."""
        return self.left_of(seat) if self.direction == 1 else self.right_of(seat)

    def in_order_from(self, seat: int) -> list[int]:
        """Every player still in, from `seat` (or, if gone, the next one) in the direction of play."""
        order = [(seat + step * self.direction) % self.players for step in range(self.players)]
        return [other for other in order if other not in self.withdrawn]
