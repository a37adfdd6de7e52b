"""Blackstone (a Pairs variant by James Ernest & Paul Peterson): push your luck without a second black stone."""

from engines.blackstone.actions import BlackstoneAction, NextHand, Pass, Stop, Take, action_adapter
from engines.blackstone.engine import BlackstoneEngine
from engines.blackstone.perspective import BlackstonePerspective, SeatView
from engines.blackstone.state import BlackstoneOptions, BlackstoneState, HandRecord

ENGINE = BlackstoneEngine()

__all__ = [
    "ENGINE",
    "BlackstoneAction",
    "BlackstoneEngine",
    "BlackstoneOptions",
    "BlackstonePerspective",
    "BlackstoneState",
    "HandRecord",
    "NextHand",
    "Pass",
    "SeatView",
    "Stop",
    "Take",
    "action_adapter",
]
