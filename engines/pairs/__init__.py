"""Pairs (Cheapass Games, James Ernest & Paul Peterson): the basic game with its forfeit and betting endings."""

from engines.pairs.actions import Fold, Hit, PairsAction, action_adapter
from engines.pairs.engine import PairsEngine
from engines.pairs.perspective import PairsPerspective, SeatView
from engines.pairs.state import GameRecord, PairsOptions, PairsState

ENGINE = PairsEngine()

__all__ = [
    "ENGINE",
    "Fold",
    "GameRecord",
    "Hit",
    "PairsAction",
    "PairsEngine",
    "PairsOptions",
    "PairsPerspective",
    "PairsState",
    "SeatView",
    "action_adapter",
]
