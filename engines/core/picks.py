"""A pending choice of a set of cards, for engines whose choices are too many to list as buttons.

`Engine.card_pick(state, seat)` describes it; the UI offers `cards` (one entry per
physical card, so two copies of the same card are two entries) and builds the
action `{"kind": kind, field: ...}` from what the player picked: a single id for
`field == "card"`, a list of ids for `field == "cards"`. The engine still judges
the action with its one rule check, so a forged pick changes nothing.

`groups` optionally says which cards belong together, as the lengths of consecutive
runs of `cards` (Dead Money's bids: every copy of a rank). The UI keeps a group in one
menu, so that a pair or three of a kind is chosen in one go.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

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
    # The lengths of the runs of `cards` that belong together, in order, summing to len(cards);
    # empty: no groups (every card stands alone).
    groups: tuple[int, ...] = ()

    @model_validator(mode="after")
    def _groups_cover_the_cards(self) -> CardPick:
        if self.groups and (sum(self.groups) != len(self.cards) or min(self.groups) < 1):
            raise ValueError("groups must be positive run lengths that add up to the number of cards")
        return self
