"""The Oh My Brain decisions, one typed model each (field `kind`).

Cards are their numbers (0-19). Big choices are cut into small ones: the deal asks for the one card of a lot
that goes to the Cemetery; extra copies are shared out one at a time; a refill takes one Cemetery card at a
time (the hand offers those through the card picker).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Card = Annotated[int, Field(ge=0, le=19)]
SeatNumber = Annotated[int, Field(ge=0, le=63)]
Zone = Literal["hand", "cemetery"]


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Bury(_Action):
    """The deal: of the lot of 3 just received, this card goes to your Cemetery; you keep the other two."""

    kind: Literal["bury"] = "bury"
    card: Card


class Play(_Action):
    """Play `count` copies of `card` from your hand onto the Horde (one stays on top, the others are shared out)."""

    kind: Literal["play"] = "play"
    card: Card
    count: int = Field(default=1, ge=1, le=50)


class Pass(_Action):
    """Do not play: the Horde is discarded, you lose a brain, draw 2 and start a new Horde."""

    kind: Literal["pass"] = "pass"


class Keep(_Action):
    """After passing: of the 2 cards drawn, this one goes to your hand (the other to your Cemetery)."""

    kind: Literal["keep"] = "keep"
    card: Card


class Share(_Action):
    """One extra copy of the cards just played goes into this opponent's Cemetery."""

    kind: Literal["share"] = "share"
    seat: SeatNumber


class GiveTo(_Action):
    """Die face 1: the opponent into whose Cemetery a card of your hand goes."""

    kind: Literal["give_to"] = "give_to"
    seat: SeatNumber


class Give(_Action):
    """Die face 1: the card of your hand that goes into the chosen opponent's Cemetery."""

    kind: Literal["give"] = "give"
    card: Card


class Steal(_Action):
    """Die face 3: steal a brain from this opponent."""

    kind: Literal["steal"] = "steal"
    seat: SeatNumber


class Swap(_Action):
    """Die face 5: swap your hand, or your Cemetery, with this opponent's."""

    kind: Literal["swap"] = "swap"
    zone: Zone
    seat: SeatNumber


class Take(_Action):
    """Refill: this card goes from your Cemetery to your hand."""

    kind: Literal["take"] = "take"
    card: Card


OhMyBrainAction = Bury | Play | Pass | Keep | Share | GiveTo | Give | Steal | Swap | Take

action_adapter: TypeAdapter[OhMyBrainAction] = TypeAdapter(Annotated[OhMyBrainAction, Field(discriminator="kind")])
