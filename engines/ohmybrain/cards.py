"""The Oh My Brain cards, read from `data/cards/oh_my_brain.json` (see that file's `_about`).

Fifty cards numbered 0-19 (SEED-OMB, docs/games/ohmybrain.md#the-cards). How many copies of each number there are, and
which numbers carry the marshmallow (the die icon), no source settles: the data file holds the house default of
docs/games/ohmybrain.md#the-cards, so that a person holding the game can correct it without touching code. The pink
specials are rules, not data: the Mosquito 0, the Spider 8 and the Mouse 11.

Engines do no I/O: the bot (or a test) reads the file and passes its text to `parse_cards`, which returns an
`OhMyBrainDeck` or raises `CardDataError` naming the card.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

CARDS_FILE = "cards/oh_my_brain.json"
"""Where the card data lives, relative to the repository's `data/` directory."""

NUMBERS = tuple(range(20))  # every card is a number 0-19
DECK_SIZE = 50  # "Mélangez les 50 cartes" (SEED-OMB, Mise en place)
MOSQUITO, SPIDER, MOUSE = 0, 8, 11  # the pink specials (SEED-OMB, Cartes spéciales)
SPECIALS = {MOSQUITO: "mosquito", SPIDER: "spider", MOUSE: "mouse"}


class CardDataError(ValueError):
    """The card data is malformed. `card_id` names the offending card (its number) when there is one."""

    def __init__(self, message: str, card_id: str | None = None) -> None:
        super().__init__(f"card {card_id}: {message}" if card_id else message)
        self.card_id = card_id


class CardSpec(BaseModel):
    """One number of the deck: how many copies of it there are, and whether it carries the marshmallow."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    number: int
    copies: int
    marshmallow: bool

    @field_validator("number")
    @classmethod
    def _number(cls, value: int) -> int:
        if value not in NUMBERS:
            raise ValueError(f"the number must be 0-19, got {value}")
        return value

    @field_validator("copies")
    @classmethod
    def _copies(cls, value: int) -> int:
        if value < 1:
            raise ValueError(f"copies must be at least 1 (every number 0-19 is in the deck), got {value}")
        return value


class OhMyBrainDeck(BaseModel):
    """The validated card data: the twenty numbers, their copies (50 cards) and the marshmallow numbers."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    cards: tuple[CardSpec, ...]

    @property
    def marshmallow(self) -> tuple[int, ...]:
        """The numbers whose cards carry the marshmallow (a die roll when played), lowest first."""
        return tuple(sorted(card.number for card in self.cards if card.marshmallow))

    def copies(self, number: int) -> int:
        return next((card.copies for card in self.cards if card.number == number), 0)

    def full_deck(self) -> list[int]:
        """Every physical card, lowest first (50), unshuffled."""
        return sorted(card.number for card in self.cards for _ in range(card.copies))


def _describe(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"])
        message = str(error["msg"]).removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts)


def _uncommented(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Drop the `_`-prefixed comment keys."""
    return {key: value for key, value in raw.items() if not key.startswith("_")}


def _parse_card(raw: Any, index: int) -> CardSpec:
    if not isinstance(raw, dict):
        raise CardDataError(f"cards[{index}] must be an object, got {type(raw).__name__}")
    fields = _uncommented(raw)
    number = fields.get("number")
    named = isinstance(number, int) and not isinstance(number, bool) and number in NUMBERS
    where = str(number) if named else f"#{index + 1} (number {number!r})"
    try:
        spec = CardSpec.model_validate(fields)
    except ValidationError as exc:
        raise CardDataError(_describe(exc), where) from None
    if spec.marshmallow and spec.number in SPECIALS:
        raise CardDataError(
            f"a pink special ({SPECIALS[spec.number]}) carries no marshmallow: its own power is the rule", where
        )
    return spec


def parse_cards(text: str) -> OhMyBrainDeck:
    """Validate the Oh My Brain card data (the JSON text of `data/cards/oh_my_brain.json`).

    Checks: a list of cards, each number 0-19 exactly once, at least one copy of each, 50 cards in all, a
    true/false marshmallow (never on the specials 0, 8, 11) and at least one marshmallow number. Raises
    `CardDataError` naming the card (e.g. "card 7: ...") on the first problem found.
    """
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardDataError(f"not valid JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise CardDataError("the card data must be a JSON object")
    fields = _uncommented(raw)
    unknown = sorted(set(fields) - {"cards"})
    if unknown:
        raise CardDataError(f"unknown top-level key(s) {unknown}; comments must start with '_'")
    raw_cards = fields.get("cards")
    if not isinstance(raw_cards, list):
        raise CardDataError("'cards' must be a list of the 20 numbers 0-19")
    cards = [_parse_card(card, index) for index, card in enumerate(raw_cards)]
    seen: set[int] = set()
    for card in cards:
        if card.number in seen:
            raise CardDataError("listed twice", str(card.number))
        seen.add(card.number)
    missing = [number for number in NUMBERS if number not in seen]
    if missing:
        raise CardDataError(
            f"missing: every number 0-19 is in the deck ({', '.join(map(str, missing))})", str(missing[0])
        )
    total = sum(card.copies for card in cards)
    if total != DECK_SIZE:
        raise CardDataError(f"the copies add up to {total} cards, but the game has {DECK_SIZE}")
    if not any(card.marshmallow for card in cards):
        raise CardDataError("no card carries the marshmallow: the die would never be rolled")
    return OhMyBrainDeck(cards=tuple(sorted(cards, key=lambda card: card.number)))
