"""The Pairs deck: 55 cards, one 1, two 2s, ... ten 10s, no suits. A card is its rank (1-10)."""

from __future__ import annotations

from engines.pairs_deck import DECK_SIZE, RANKS, full_deck

BURN = 5  # cards burned face down after every shuffle
MIN_PLAYERS = 2
MAX_PLAYERS = 8


def losing_score(players: int) -> int:
    """The score that loses the game: 60 / players + 1 (31, 21, 16, 13, then 11 for 6 or more)."""
    return 60 // min(players, 6) + 1


__all__ = ["BURN", "DECK_SIZE", "MAX_PLAYERS", "MIN_PLAYERS", "RANKS", "full_deck", "losing_score"]
