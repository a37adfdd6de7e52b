"""The Pairs deck: 55 cards, one 1, two 2s, ... ten 10s, no suits. A card is its rank (1-10)."""

from __future__ import annotations

RANKS = tuple(range(1, 11))
DECK_SIZE = sum(RANKS)  # 55
BURN = 5  # cards burned face down after every shuffle
MIN_PLAYERS = 2
MAX_PLAYERS = 8


def full_deck() -> list[int]:
    """The 55 cards in rank order (1, 2, 2, 3, 3, 3, ...), before shuffling."""
    return [rank for rank in RANKS for _ in range(rank)]


def losing_score(players: int) -> int:
    """The score that loses the game: 60 / players + 1 (31, 21, 16, 13, then 11 for 6 or more)."""
    return 60 // min(players, 6) + 1
