"""The Full of Dollars cards, read from `data/cards/full_of_dollars.json` (see that file's `_about`).

The data is invented (a placeholder: docs/games/fullofdollars.md#the-cards) and lives in `data/` so a person holding the
game can correct it without touching code. Engines do no I/O: the bot (or a test) reads the file and passes its text to
`parse_cards`, which returns a `FullOfDollarsDeck` or raises `CardDataError` naming the card.

Money is counted in thousands of dollars throughout (50 is one 50.000 $ note).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cached_property
from typing import Any, Literal

from pydantic import ValidationError, field_validator

from engines.core.card_data import Bilingual, StrictData
from engines.poker import BRIDGE_SUIT_ORDER, Card, parse_card

CARDS_FILE = "cards/full_of_dollars.json"
"""Where the card data lives, relative to the repository's `data/` directory."""

CardType = Literal["uzi", "police", "business", "special"]
Special = Literal["fbi", "jugement", "bombe"]
COUNTS: dict[str, int] = {"uzi": 56, "police": 56, "business": 30, "special": 18}
DECK_SIZE = sum(COUNTS.values())  # 160
BUSINESS_COUNT = 10
MAX_ICONS = 5
NOTE = 50  # the smallest banknote, in thousands


class CardDataError(ValueError):
    """The card data is malformed. `card_id` names the offending card when there is one."""

    def __init__(self, message: str, card_id: str | None = None) -> None:
        super().__init__(f"card {card_id}: {message}" if card_id else message)
        self.card_id = card_id


class BusinessSpec(StrictData):
    """One of the ten businesses: collected each turn for `value`, opened for twice it."""

    id: str
    name: Bilingual
    value: int
    copies: int

    @field_validator("value")
    @classmethod
    def _value(cls, value: int) -> int:
        if value <= 0 or value % NOTE:
            raise ValueError(f"a business value is a positive multiple of {NOTE} (thousands), got {value}")
        return value


class CardSpec(StrictData):
    """One physical card: its Business-phase face and its poker value(s) (a second one is higher: a cheat)."""

    id: str
    type: CardType
    icons: int = 0
    business: str | None = None
    special: Special | None = None
    poker: tuple[str, ...]

    @property
    def dual(self) -> bool:
        return len(self.poker) == 2

    @property
    def honest(self) -> str:
        """The value shown honestly (the lower one)."""
        return self.poker[0]


class FullOfDollarsDeck(StrictData):
    """The validated card data."""

    businesses: tuple[BusinessSpec, ...]
    cards: tuple[CardSpec, ...]

    @cached_property
    def by_id(self) -> Mapping[str, CardSpec]:
        return {card.id: card for card in self.cards}

    @cached_property
    def business_by_id(self) -> Mapping[str, BusinessSpec]:
        return {business.id: business for business in self.businesses}

    def card(self, card_id: str) -> CardSpec:
        return self.by_id[card_id]

    def value(self, card_id: str) -> int:
        """A business card's value (thousands)."""
        business = self.card(card_id).business
        return 0 if business is None else self.business_by_id[business].value

    def ids(self) -> list[str]:
        """Every card id in file order (the canonical order)."""
        return [card.id for card in self.cards]


def poker_card(code: str) -> Card:
    return parse_card(code)


def _strength(card: Card) -> tuple[int, int]:
    return card.rank, BRIDGE_SUIT_ORDER.index(card.suit)


def _describe(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"])
        message = str(error["msg"]).removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts)


def _uncommented(raw: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in raw.items() if not key.startswith("_")}


def _parse_card(raw: Any, index: int, businesses: Mapping[str, BusinessSpec]) -> CardSpec:
    if not isinstance(raw, dict):
        raise CardDataError(f"cards[{index}] must be an object, got {type(raw).__name__}")
    fields = _uncommented(raw)
    where = str(fields.get("id") or f"#{index + 1}")
    if isinstance(fields.get("poker"), list):
        fields["poker"] = tuple(fields["poker"])
    try:
        card = CardSpec.model_validate(fields)
    except ValidationError as exc:
        raise CardDataError(_describe(exc), where) from None
    if card.type in ("uzi", "police"):
        if not 1 <= card.icons <= MAX_ICONS:
            raise CardDataError(f"an {card.type} card shows 1 to {MAX_ICONS} icons, got {card.icons}", where)
        if card.business is not None or card.special is not None:
            raise CardDataError(f"an {card.type} card names no business and no special", where)
    elif card.type == "business":
        if card.business not in businesses:
            raise CardDataError(f"unknown business {card.business!r} (known: {', '.join(businesses)})", where)
        if card.icons or card.special is not None:
            raise CardDataError("a business card has no icons and no special", where)
    else:
        if card.special is None:
            raise CardDataError("a special card names its special: fbi, jugement or bombe", where)
        if card.icons or card.business is not None:
            raise CardDataError("a special card has no icons and no business", where)
    if len(card.poker) not in (1, 2):
        raise CardDataError(f"a card carries one or two poker values, got {len(card.poker)}", where)
    try:
        values = [poker_card(code) for code in card.poker]
    except ValueError as exc:
        raise CardDataError(str(exc), where) from None
    if [value.code() for value in values] != list(card.poker):
        raise CardDataError(f"write poker values as {[value.code() for value in values]}", where)
    if len(values) == 2 and _strength(values[1]) <= _strength(values[0]):
        raise CardDataError(f"the second poker value {card.poker[1]} must be higher than {card.poker[0]}", where)
    return card


def parse_cards(text: str) -> FullOfDollarsDeck:
    """Validate the Full of Dollars card data (the JSON text of `data/cards/full_of_dollars.json`).

    Checks: 10 businesses with positive values in 50k steps and their copies; 160 cards with unique ids: 56 uzi
    and 56 police (1-5 icons), 30 business cards matching the businesses' copies, 18 specials matching
    `specials`; one or two poker values per card, the second higher. Raises `CardDataError` naming the card.
    """
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardDataError(f"not valid JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise CardDataError("the card data must be a JSON object")
    fields = _uncommented(raw)
    unknown = sorted(set(fields) - {"businesses", "specials", "cards"})
    if unknown:
        raise CardDataError(f"unknown top-level key(s) {unknown}; comments must start with '_'")
    raw_businesses = fields.get("businesses")
    if not isinstance(raw_businesses, list) or len(raw_businesses) != BUSINESS_COUNT:
        raise CardDataError(f"'businesses' must list the {BUSINESS_COUNT} businesses")
    businesses: dict[str, BusinessSpec] = {}
    for index, item in enumerate(raw_businesses):
        try:
            spec = BusinessSpec.model_validate(_uncommented(item) if isinstance(item, dict) else item)
        except ValidationError as exc:
            raise CardDataError(f"businesses[{index}]: {_describe(exc)}") from None
        if spec.id in businesses:
            raise CardDataError(f"business {spec.id!r} is listed twice")
        businesses[spec.id] = spec
    specials = fields.get("specials")
    if not isinstance(specials, dict) or set(specials) != {"fbi", "jugement", "bombe"}:
        raise CardDataError("'specials' must give the number of fbi, jugement and bombe cards")
    raw_cards = fields.get("cards")
    if not isinstance(raw_cards, list):
        raise CardDataError("'cards' must be a list of the 160 cards")
    cards = [_parse_card(item, index, businesses) for index, item in enumerate(raw_cards)]
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            raise CardDataError("duplicate id", card.id)
        seen.add(card.id)
    for kind, count in COUNTS.items():
        got = [card for card in cards if card.type == kind]
        if len(got) != count:
            last = got[-1].id if got else None
            raise CardDataError(f"the deck holds {count} {kind} cards, the file {len(got)}", last)
    for business in businesses.values():
        copies = [card for card in cards if card.business == business.id]
        if len(copies) != business.copies:
            raise CardDataError(
                f"business {business.id!r} has copies {business.copies} but {len(copies)} cards",
                copies[-1].id if copies else None,
            )
    for special, count in specials.items():
        copies = [card for card in cards if card.special == special]
        if len(copies) != count:
            raise CardDataError(
                f"'specials' says {count} {special} cards, the file has {len(copies)}",
                copies[-1].id if copies else None,
            )
    return FullOfDollarsDeck(businesses=tuple(businesses.values()), cards=tuple(cards))
