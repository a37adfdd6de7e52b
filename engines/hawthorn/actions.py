"""The Hawthorn decisions: choose a starting card, draw, play a card from the hand, fold, and vote after a hand."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Rank = Annotated[int, Field(ge=1, le=10, strict=True)]


class Start(BaseModel):
    """Secretly choose the card of your hand to start with (revealed once everyone has chosen)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["start"] = "start"
    card: Rank


class Draw(BaseModel):
    """Add the top card of the deck to your face-up cards (odd laps, or an even lap with an empty hand)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["draw"] = "draw"


class Play(BaseModel):
    """Add a card of your hand to your face-up cards (even laps). A card pairing one of yours eliminates you."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["play"] = "play"
    card: Rank


class Fold(BaseModel):
    """Leave the hand: pay the lowest face-up card of the players still in, and turn your cards face down."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["fold"] = "fold"


class NextHand(BaseModel):
    """After a hand: vote to play another one."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["next_hand"] = "next_hand"


class Stop(BaseModel):
    """After a hand: vote to stop the session."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["stop"] = "stop"


HawthornAction = Start | Draw | Play | Fold | NextHand | Stop

action_adapter: TypeAdapter[HawthornAction] = TypeAdapter(Annotated[HawthornAction, Field(discriminator="kind")])
