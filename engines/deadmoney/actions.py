"""The Dead Money decisions, one typed model each (field `kind`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

CardId = Annotated[str, Field(min_length=2, max_length=8, pattern=r"^(?:[2-9]|10|[AJQK])[CDHS]$|^BRAIN-[CDHS]$")]


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Play(_Action):
    """Play a card from your hand on your turn (it costs its hands)."""

    kind: Literal["play"] = "play"
    card: CardId


class EndTurn(_Action):
    """Stop playing: with nothing played this turn you draw (1 card by default); otherwise the turn just ends."""

    kind: Literal["end_turn"] = "end_turn"


class Cards(_Action):
    """The card(s) an effect asks you for: to give, pass, discard, put on the deck or take."""

    kind: Literal["cards"] = "cards"
    cards: tuple[CardId, ...] = Field(max_length=8)


class Decline(_Action):
    """Decline an offer you may refuse (give a King to the 9♥ player, an Ace to the 8♠ player)."""

    kind: Literal["decline"] = "decline"


class Target(_Action):
    """Name a player for an effect."""

    kind: Literal["target"] = "target"
    seat: int = Field(ge=0, le=63)


class TakeBrain(_Action):
    """Name a Brain: the one in front of `seat`, or in the discard pile when `seat` is None."""

    kind: Literal["brain"] = "brain"
    seat: int | None = Field(default=None, ge=0, le=63)
    brain: CardId


class PutNext(_Action):
    """K♣: put this card next on the draw pile, from the top down."""

    kind: Literal["arrange"] = "arrange"
    card: CardId


class Bid(_Action):
    """Raise in a showdown: 1 to 5 cards from your hand, a poker hand stronger than the current bid."""

    kind: Literal["bid"] = "bid"
    cards: tuple[CardId, ...] = Field(min_length=1, max_length=5)


class Pass(_Action):
    """Pass in a showdown (you may still raise on a later lap)."""

    kind: Literal["pass"] = "pass"


DeadMoneyAction = Play | EndTurn | Cards | Decline | Target | TakeBrain | PutNext | Bid | Pass

action_adapter: TypeAdapter[DeadMoneyAction] = TypeAdapter(Annotated[DeadMoneyAction, Field(discriminator="kind")])
