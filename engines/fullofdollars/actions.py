"""The Full of Dollars decisions, one frozen model per kind.

Business phase: `Open`, `HoldUp`, `Pass`; `CallPoker` / `PlayOn` after a second pass in a row. Hold-up:
`Attack`, `Defend`, `Abstain`. Windows (one simultaneous answer each): `Fbi`, `Judge`, `Bomb`, `Decline`.
Jugement: `KeepBusiness`, `CloseBusiness`. Poker phase: `Discard` (any set of cards, then buy back to 5),
`Reveal` (which two-valued cards show their higher value), `Concede`, `Accuse`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.fullofdollars.state import MAX_PLAYERS

Seat = Annotated[int, Field(ge=0, lt=MAX_PLAYERS, strict=True)]
CardId = Annotated[str, Field(min_length=1, max_length=8)]


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Open(_Action):
    """Open the business on `card`: pay twice its value into the pot."""

    kind: Literal["open"] = "open"
    card: CardId


class HoldUp(_Action):
    """Throw the Uzi card `card` at `victim`: a hold-up starts."""

    kind: Literal["holdup"] = "holdup"
    card: CardId
    victim: Seat


class Pass(_Action):
    kind: Literal["pass"] = "pass"


class CallPoker(_Action):
    """Say "poker" (after a second pass in a row): the Poker phase starts after this turn."""

    kind: Literal["call_poker"] = "call_poker"


class PlayOn(_Action):
    """Do not call poker."""

    kind: Literal["play_on"] = "play_on"


class Attack(_Action):
    """Play the Uzi card `card` in the hold-up (join or stay with the attackers)."""

    kind: Literal["attack"] = "attack"
    card: CardId


class Defend(_Action):
    """Play the Police card `card` in the hold-up (join or stay with the defenders)."""

    kind: Literal["defend"] = "defend"
    card: CardId


class Abstain(_Action):
    """Play nothing this lap (in the first lap, anyone but the victim is then out of the hold-up)."""

    kind: Literal["abstain"] = "abstain"


class Fbi(_Action):
    """In the window after a collection: play an FBI card, the collection is cancelled."""

    kind: Literal["fbi"] = "fbi"


class Judge(_Action):
    """In the end-of-turn window: play a Jugement on `target`."""

    kind: Literal["judge"] = "judge"
    target: Seat


class Bomb(_Action):
    """In the end-of-turn window: play a Bombe on the business `card` of another player."""

    kind: Literal["bomb"] = "bomb"
    card: CardId


class Decline(_Action):
    """Answer a window without playing a card (everyone answers, holding such a card or not)."""

    kind: Literal["decline"] = "decline"


class KeepBusiness(_Action):
    """Under a Jugement: pay the business's opening cost again to keep it."""

    kind: Literal["keep_business"] = "keep_business"


class CloseBusiness(_Action):
    """Under a Jugement: close the business (discarded, nothing to pay)."""

    kind: Literal["close_business"] = "close_business"


class Discard(_Action):
    """Poker phase: discard these cards face up and buy cards back up to 5."""

    kind: Literal["discard"] = "discard"
    cards: tuple[CardId, ...] = ()


class Reveal(_Action):
    """Poker phase: show my hand, the two-valued `cards` at their higher value (a cheat), the others low."""

    kind: Literal["reveal"] = "reveal"
    cards: tuple[CardId, ...] = ()


class Concede(_Action):
    """The comparison: accept that the better hand wins (in a tie: do not accuse)."""

    kind: Literal["concede"] = "concede"


class Accuse(_Action):
    """The comparison: call the better (or tied) hand a cheat."""

    kind: Literal["accuse"] = "accuse"


FullOfDollarsAction = (
    Open
    | HoldUp
    | Pass
    | CallPoker
    | PlayOn
    | Attack
    | Defend
    | Abstain
    | Fbi
    | Judge
    | Bomb
    | Decline
    | KeepBusiness
    | CloseBusiness
    | Discard
    | Reveal
    | Concede
    | Accuse
)

action_adapter: TypeAdapter[FullOfDollarsAction] = TypeAdapter(
    Annotated[FullOfDollarsAction, Field(discriminator="kind")]
)
