"""Hawthorn (James Ernest & Paul Peterson, developed by Joshua Howard & Joe Kisenwether): a Pairs variant for 2-6
players with a secret hand, a button, chips and a pot, played as a session of hands."""

from engines.hawthorn.actions import Draw, Fold, HawthornAction, NextHand, Play, Start, Stop, action_adapter
from engines.hawthorn.engine import HawthornEngine
from engines.hawthorn.perspective import HawthornPerspective, SeatView
from engines.hawthorn.state import HandRecord, HawthornOptions, HawthornState

ENGINE = HawthornEngine()

__all__ = [
    "ENGINE",
    "Draw",
    "Fold",
    "HandRecord",
    "HawthornAction",
    "HawthornEngine",
    "HawthornOptions",
    "HawthornPerspective",
    "HawthornState",
    "NextHand",
    "Play",
    "SeatView",
    "Start",
    "Stop",
    "action_adapter",
]
