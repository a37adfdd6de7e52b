"""Blackstone decisions: pass or take N cards during a hand; next hand or stop between hands."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.blackstone.deck import DECK_SIZE


class Pass(BaseModel):
    """Drop out of this hand: forfeit your ante and pay half the white stones in the middle (rounded up)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["pass"] = "pass"


class Take(BaseModel):
    """Announce `count` cards (at least the last number taken) and receive them one by one."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["take"] = "take"
    count: int = Field(ge=1, le=DECK_SIZE)


class NextHand(BaseModel):
    """Between hands: play another hand."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["next_hand"] = "next_hand"


class Stop(BaseModel):
    """Between hands: end the session (it ends when a majority asks to stop)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["stop"] = "stop"


BlackstoneAction = Pass | Take | NextHand | Stop

action_adapter: TypeAdapter[BlackstoneAction] = TypeAdapter(Annotated[BlackstoneAction, Field(discriminator="kind")])
