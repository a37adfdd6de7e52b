"""The Dead Money cards, read from `data/cards/dead_money.json` (see that file's `_about`).

The data lives in `data/` so a person holding the game can correct a card without touching code.
This module only validates it: engines do no I/O, so the bot (or a test) reads the file and passes
its text to `parse_cards`, which returns a `DeadMoneyDeck` or raises `CardDataError` naming the card.

Sources: the French rulebook (SEED-DM, "TRADUCTION DES CARTES") and docs/games/deadmoney.md#the-cards.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal, get_args

from pydantic import Field, ValidationError, field_validator, model_validator

from engines.core.card_data import Bilingual, StrictData

CARDS_FILE = "cards/dead_money.json"
"""Where the card data lives, relative to the repository's `data/` directory."""

Rank = Literal["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "BRAIN"]
SuitLetter = Literal["C", "D", "H", "S"]

RANKS: tuple[Rank, ...] = get_args(Rank)
SUITS: tuple[SuitLetter, ...] = get_args(SuitLetter)
BRAIN: Rank = "BRAIN"
COPIES = 2  # rulebook: "2 jeux de poker complets, plus 8 cartes Cerveau" = 112 cards
DISTINCT_CARDS = len(RANKS) * len(SUITS)  # 56
DECK_SIZE = COPIES * DISTINCT_CARDS  # 112


class CardDataError(ValueError):
    """The card data is malformed. `card_id` names the offending card when there is one."""

    def __init__(self, message: str, card_id: str | None = None) -> None:
        super().__init__(f"card {card_id}: {message}" if card_id else message)
        self.card_id = card_id


def card_id(rank: str, suit: str) -> str:
    """The stable id of a card: `2S`, `KH`, `10D`; `BRAIN-D` for a Brain."""
    return f"BRAIN-{suit}" if rank == BRAIN else f"{rank}{suit}"


class CardText(Bilingual):
    """A card's effect: `fr` is the rulebook's wording, `en` its English back-translation."""


class CardSpec(StrictData):
    """One distinct card (the deck holds `COPIES` of each)."""

    rank: Rank
    suit: SuitLetter
    hands: int = Field(description="hand cost: 1 or 2 of the 2 hands a turn")
    coins: int = Field(description="cards the showdown winner draws for this card in the winning bid")
    needs_brain: bool = Field(description="playable only with a Brain in front of you; then a d6 roll >= rank")
    text: CardText

    @field_validator("hands")
    @classmethod
    def _hands(cls, value: int) -> int:
        if value not in (1, 2):
            raise ValueError(f"must be 1 or 2, got {value}")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> CardSpec:
        if self.rank == BRAIN:
            # Rulebook: "Poser un Cerveau coûte 2 mains"; Brains can't be bid, so they print no coins.
            if self.hands != 2:
                raise ValueError(f"a Brain costs 2 hands, got {self.hands}")
            if self.coins != 0:
                raise ValueError(f"a Brain carries no coins (it can't be bid), got {self.coins}")
            if self.needs_brain:
                raise ValueError("a Brain card does not need a Brain to be played")
        else:
            if self.coins not in (1, 2):
                raise ValueError(f"coins must be 1 or 2, got {self.coins}")
            if self.needs_brain and self.rank in ("A", "J", "Q", "K"):
                raise ValueError("only a number card can need a Brain (its roll target is its number)")
        return self

    @property
    def id(self) -> str:
        return card_id(self.rank, self.suit)

    @property
    def is_brain(self) -> bool:
        return self.rank == BRAIN

    @property
    def roll_target(self) -> int | None:
        """The d6 result (before same-suit Brain bonuses) needed after playing a Brain-requiring card; else None."""
        return int(self.rank) if self.needs_brain else None


class SuitSpec(StrictData):
    """A suit as decoded in docs/games/deadmoney.md#the-cards: letter, symbol, names, and the glyph the extracted
    rulebook shows."""

    suit: SuitLetter
    symbol: str
    name: Bilingual
    rulebook_glyph: str


class DeadMoneyDeck(StrictData):
    """The validated card data: 4 suits, 56 distinct cards, `copies` of each."""

    copies: int
    suits: tuple[SuitSpec, ...]
    cards: tuple[CardSpec, ...]

    @property
    def by_id(self) -> Mapping[str, CardSpec]:
        return {card.id: card for card in self.cards}

    def card(self, card_id: str) -> CardSpec:
        """The card with this id; KeyError if there is none."""
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def suit(self, letter: str) -> SuitSpec:
        for suit in self.suits:
            if suit.suit == letter:
                return suit
        raise KeyError(letter)

    def full_deck(self) -> list[str]:
        """The ids of all the physical cards, `copies` of each distinct card (112), in file order, unshuffled."""
        return [card.id for card in self.cards for _ in range(self.copies)]


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


def _parse_card(raw: Any, suit: SuitLetter, index: int) -> CardSpec:
    if not isinstance(raw, dict):
        raise CardDataError(f"card #{index + 1} of suit {suit} must be an object, got {type(raw).__name__}")
    fields = _uncommented(raw)
    rank = fields.get("rank")
    name = card_id(rank, suit) if isinstance(rank, str) and rank in RANKS else None
    where = name or f"#{index + 1} of suit {suit} (rank {rank!r})"
    for derived in ("id", "suit"):
        if derived in fields:
            raise CardDataError(f"do not write {derived!r} in a card: it comes from the suit group", where)
    try:
        return CardSpec.model_validate({**fields, "suit": suit})
    except ValidationError as exc:
        raise CardDataError(_describe(exc), where) from None


def _parse_suit(raw: Any, index: int) -> tuple[SuitSpec, list[CardSpec]]:
    if not isinstance(raw, dict):
        raise CardDataError(f"suits[{index}] must be an object, got {type(raw).__name__}")
    fields = _uncommented(raw)
    raw_cards = fields.pop("cards", None)
    try:
        spec = SuitSpec.model_validate(fields)
    except ValidationError as exc:
        raise CardDataError(f"suits[{index}] (suit {fields.get('suit')!r}): {_describe(exc)}") from None
    if not isinstance(raw_cards, list):
        raise CardDataError(f"suit {spec.suit}: 'cards' must be a list of the suit's {len(RANKS)} cards")
    cards = [_parse_card(card, spec.suit, i) for i, card in enumerate(raw_cards)]
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            raise CardDataError(f"duplicate id: it appears twice in suit {spec.suit}", card.id)
        seen.add(card.id)
    missing = [card_id(rank, spec.suit) for rank in RANKS if card_id(rank, spec.suit) not in seen]
    if missing:
        raise CardDataError(f"suit {spec.suit} is missing card(s) {', '.join(missing)}", missing[0])
    return spec, cards


def parse_cards(text: str) -> DeadMoneyDeck:
    """Validate the Dead Money card data (the JSON text of `data/cards/dead_money.json`).

    Checks: 4 suits C/D/H/S, each with the 14 ranks A-10, J, Q, K, BRAIN exactly once (56 distinct cards,
    unique ids), `copies` = 2 (112 cards), hand costs 1 or 2, coins 1 or 2 (0 on Brains), Brains cost 2,
    only number cards need a Brain, and non-empty effect texts in French and English. Raises
    `CardDataError` naming the card (e.g. "card KH: ...") on the first problem found.
    """
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardDataError(f"not valid JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise CardDataError("the card data must be a JSON object")
    fields = _uncommented(raw)
    unknown = sorted(set(fields) - {"copies", "suits"})
    if unknown:
        raise CardDataError(f"unknown top-level key(s) {unknown}; comments must start with '_'")
    copies = fields.get("copies")
    if copies != COPIES or isinstance(copies, bool):
        raise CardDataError(f"'copies' must be {COPIES} (two poker decks plus 8 Brains = {DECK_SIZE}), got {copies!r}")
    raw_suits = fields.get("suits")
    if not isinstance(raw_suits, list):
        raise CardDataError("'suits' must be a list of the 4 suit groups")
    suits: list[SuitSpec] = []
    cards: list[CardSpec] = []
    for index, raw_suit in enumerate(raw_suits):
        spec, suit_cards = _parse_suit(raw_suit, index)
        for attribute in ("suit", "symbol", "rulebook_glyph"):
            value = getattr(spec, attribute)
            if any(getattr(other, attribute) == value for other in suits):
                raise CardDataError(f"two suit groups share the {attribute} {value!r}")
        suits.append(spec)
        cards.extend(suit_cards)
    missing_suits = [letter for letter in SUITS if all(spec.suit != letter for spec in suits)]
    if missing_suits:
        raise CardDataError(f"suit(s) {', '.join(missing_suits)} missing: expected the 4 suits {', '.join(SUITS)}")
    return DeadMoneyDeck(copies=copies, suits=tuple(suits), cards=tuple(cards))
