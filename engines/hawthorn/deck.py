"""The Hawthorn deck and table limits: the 55-card Pairs deck (one 1, two 2s ... ten 10s), no burn."""

from __future__ import annotations

from engines.pairs_deck import DECK_SIZE, full_deck

HAND_SIZE = 5  # cards dealt face down to each player at the start of a hand
STACK = 100  # chips issued to each player
ANTE = 1  # chips each player puts in the pot at the start of a hand
MIN_PLAYERS = 2
MAX_PLAYERS = 6  # docs/games/hawthorn.md#house-defaults: at most 6 players

__all__ = ["ANTE", "DECK_SIZE", "HAND_SIZE", "MAX_PLAYERS", "MIN_PLAYERS", "STACK", "full_deck"]
