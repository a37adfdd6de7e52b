"""A pending choice of a set of cards, for engines whose choices are too many to list as buttons.

`Engine.card_pick(state, seat)` describes it; the UI offers `cards` (one entry per
physical card, so two copies of the same card are two entries) and builds the
action `{"kind": kind, field: ...}` from what the player picked: a single id for
`field == "card"`, a list of ids for `field == "cards"`. The engine still judges
the action with its one rule check, so a forged pick changes nothing.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engines.core.messages import Params


class CardPick(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: str  # the action kind the pick builds
    field: Literal["card", "cards"]
    # What may be picked, in display order: one entry per physical card when several cards are
    # picked (two copies may both be chosen); a pick of exactly one card may list each card once.
    cards: tuple[str, ...]
    min: int
    max: int
    prompt: str  # catalogue key of the question ("deadmoney.pick.bid")
    params: Params = {}
