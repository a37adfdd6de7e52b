"""The Zombie Life deck: the 55 Pairs cards, one 1, two 2s, ... ten 10s, no suits. A card is its value (1-10)."""

from __future__ import annotations

from engines.pairs_deck import DECK_SIZE, full_deck

MIN_PLAYERS = 2
MAX_PLAYERS = 8

__all__ = ["DECK_SIZE", "MAX_PLAYERS", "MIN_PLAYERS", "full_deck"]
