"""The two Pairs decisions: hit (draw a card) or fold (take the lowest face-up card)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class Hit(BaseModel):
    """Draw the top card of the deck; a card matching one of yours scores its rank."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["hit"] = "hit"


class Fold(BaseModel):
    """Take the lowest face-up card on the table (anyone's) as your score card."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["fold"] = "fold"


PairsAction = Hit | Fold

action_adapter: TypeAdapter[PairsAction] = TypeAdapter(Annotated[PairsAction, Field(discriminator="kind")])
