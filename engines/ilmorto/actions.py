"""The Il Morto decisions.

Buttons: `Knock` (the dealer), `Look` (anyone holding a card, before the knock: free for the dealer, a
life for anyone else), `Keep` and `Swap` in turn after the knock, and the dealer's `SwapDeck`.
Reported (never buttons; the bot applies them when it sees them happen in the channel): `GiveLife`, a
living player other than the dealer spoke to a dead one, and `Accuse`, the dealer's ruling that one did.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.ilmorto.cards import MAX_PLAYERS

Seat = Annotated[int, Field(ge=0, lt=MAX_PLAYERS, strict=True)]


class Knock(BaseModel):
    """The dealer knocks on the table: everyone may look at their card; Cavalli and Re go face up."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["knock"] = "knock"


class Look(BaseModel):
    """Look at my card before the knock: free for the dealer, one life for anyone else."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["look"] = "look"


class Keep(BaseModel):
    """Keep my card (my turn after the knock)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["keep"] = "keep"


class Swap(BaseModel):
    """Swap my card with the next player's (face-up Cavalli jumped; nobody left: the deck)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["swap"] = "swap"


class SwapDeck(BaseModel):
    """The dealer swaps their card with the top of the deck (a Re drawn cancels it, a Cavallo is skipped)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["swap_deck"] = "swap_deck"


class GiveLife(BaseModel):
    """Reported: I (living, not the dealer) spoke to the dead player `to`, who gets one of my lives."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["give_life"] = "give_life"
    to: Seat


class Accuse(BaseModel):
    """Reported, by the dealer: the living player `accused` spoke to the dead player `dead` and gives them a life."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["accuse"] = "accuse"
    accused: Seat
    dead: Seat


IlMortoAction = Knock | Look | Keep | Swap | SwapDeck | GiveLife | Accuse

action_adapter: TypeAdapter[IlMortoAction] = TypeAdapter(Annotated[IlMortoAction, Field(discriminator="kind")])
