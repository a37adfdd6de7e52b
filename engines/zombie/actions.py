"""The Zombie Life decisions: draw, take from the Horde or hide; then place a drawn card."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Zone = Literal["refuge", "horde"]


class Draw(BaseModel):
    """Draw the top card of the deck. It waits, face up, until its player places it (see `Place`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["draw"] = "draw"


class Take(BaseModel):
    """Move the Horde's card of this value into your Refuge (a value your Refuge lacks)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["take"] = "take"
    card: int = Field(ge=1, le=10, strict=True)


class Hide(BaseModel):
    """Pass: you are out of play until the round ends and score your face-up Refuge cards then."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["hide"] = "hide"


class Place(BaseModel):
    """Put the card you just drew face up in your Refuge or in the Horde (never beside the same value)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["place"] = "place"
    zone: Zone


ZombieAction = Draw | Take | Hide | Place

action_adapter: TypeAdapter[ZombieAction] = TypeAdapter(Annotated[ZombieAction, Field(discriminator="kind")])
