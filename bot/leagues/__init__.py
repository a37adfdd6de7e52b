"""A league's pure rules: who sits with whom each round (`pairing`), and the points and standings (`standings`).

No I/O, no clock, no randomness: the same input gives the same output, so a round can be computed again after a
restart and give the same tables. The league service (storage, deadlines, threads) calls these.
"""

from __future__ import annotations

from bot.leagues.pairing import Round, meetings, round_robin, swiss_round
from bot.leagues.standings import Row, TableScore, bye_points, forfeit_points, points, standings

__all__ = [
    "Round",
    "Row",
    "TableScore",
    "bye_points",
    "forfeit_points",
    "meetings",
    "points",
    "round_robin",
    "standings",
    "swiss_round",
]
