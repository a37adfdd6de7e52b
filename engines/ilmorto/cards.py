"""The 40-card Italian deck of Il Morto: ten ranks in each of four suits.

A card id is its rank 1-10 then its suit letter, as `cogs.emojis.cards` names the Italian deck:
"1C" .. "10B". Ranks: 1 the Asso (lowest), 2-7, 8 the Fante, 9 the Cavallo, 10 the Re (highest), the order
of the Cucù family (docs/games/ilmorto.md#the-cards). Suits (C Coppe, D Denari, S Spade, B Bastoni) never matter.
"""

from __future__ import annotations

from typing import Final

SUITS: Final = ("C", "D", "S", "B")  # Coppe, Denari, Spade, Bastoni
RANKS: Final = tuple(range(1, 11))
FANTE: Final = 8
CAVALLO: Final = 9
RE: Final = 10
DECK_SIZE: Final = 40
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 12
STARTING_LIVES: Final = 3


def card_id(rank: int, suit: str) -> str:
    return f"{rank}{suit}"


def full_deck() -> list[str]:
    """The 40 cards in their canonical order: by rank, then by suit."""
    return [card_id(rank, suit) for rank in RANKS for suit in SUITS]


_ORDER: Final = {card: index for index, card in enumerate(full_deck())}


def rank(card: str) -> int:
    """The card's rank: 1 (Asso) .. 10 (Re)."""
    return int(card[:-1])


def suit(card: str) -> str:
    return card[-1]


def canonical(cards: list[str]) -> list[str]:
    """`cards` sorted in the deck's canonical order (rank, then suit)."""
    return sorted(cards, key=_ORDER.__getitem__)


def is_card(card: str) -> bool:
    return card in _ORDER


def shows_face_up(card: str) -> bool:
    """A Cavallo or a Re is laid face up once the dealer has knocked."""
    return rank(card) >= CAVALLO
