"""The Zombie Life deck: the 55 Pairs cards, one 1, two 2s, ... ten 10s, no suits. A card is its value (1-10)."""

from __future__ import annotations

VALUES = tuple(range(1, 11))
DECK_SIZE = sum(VALUES)  # 55
MIN_PLAYERS = 2
MAX_PLAYERS = 8


def full_deck() -> list[int]:
    """The 55 cards in value order (1, 2, 2, 3, 3, 3, ...), before shuffling."""
    return [value for value in VALUES for _ in range(value)]
