"""The Blackstone deck and the table's fixed amounts.

The 55-card Pairs deck (one 1, two 2s, ... ten 10s, no suits). The 10s are black
stones, every other card is a white stone. A card is its rank (1-10).
"""

from __future__ import annotations

from engines.pairs_deck import DECK_SIZE, full_deck

BLACK = 10  # the rank of a black stone
MIN_PLAYERS = 2
MAX_PLAYERS = 8
STACK = 100  # chips issued to each player for the session
ANTE = 5  # put in front of each player at the start of every hand
TAKE_CHOICES = 10  # "Take N" buttons offered: the minimum and the nine numbers above it


def is_black(card: int) -> bool:
    return card == BLACK


def pass_fine(middle: int) -> int:
    """What a pass costs on top of the ante: half the white stones in the middle, rounded up."""
    return (middle + 1) // 2


__all__ = [
    "ANTE",
    "BLACK",
    "DECK_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "STACK",
    "TAKE_CHOICES",
    "full_deck",
    "is_black",
    "pass_fine",
]
