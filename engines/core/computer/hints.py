"""What a game's evaluation hint (`Engine.evaluate`) is built from: how a seat stands against the others by a number
the rules rank them on (chips, points, brains, lives, cards left), softened into the scale of `outcome`.

A hint is a guess of `outcome` (the share of the other seats a seat will finish ahead of, a tie half) from a state
before the end: for each other seat, a logistic of the margin between the two, `scale` being the margin worth
about three to one odds, then the mean over the others. Equal values give 0.5; the seat ahead gets more.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def standing(values: Sequence[float], seat: int, scale: float, withdrawn: Sequence[int] = ()) -> float:
    """How `seat` stands against every other seat by `values` (more is better), in [0, 1].

    Seats that left (`withdrawn`) are placed last, as the results place them: ahead of them counts 1 (and a seat
    that left itself counts 0 against those still in)."""
    if scale <= 0:
        raise ValueError("a hint's scale must be positive")
    others = [other for other in range(len(values)) if other != seat]
    if not others:
        return 0.5
    total = 0.0
    for other in others:
        gone, other_gone = seat in withdrawn, other in withdrawn
        if gone or other_gone:
            total += 0.5 if gone and other_gone else 0.0 if gone else 1.0
            continue
        total += _logistic((values[seat] - values[other]) / scale)
    return total / len(others)


def _logistic(margin: float) -> float:
    """1 / (1 + 3^-margin): 0.5 at an even margin, 0.75 at one scale ahead, 0.25 one behind."""
    return 1.0 / (1.0 + math.pow(3.0, -max(-60.0, min(60.0, margin))))
