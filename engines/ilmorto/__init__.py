"""Il Morto (the Italian Cucù family, with the seed's dead): 3-12 players, three lives each, one secret card a
round from a 40-card Italian deck; keep it or swap it on, the lowest card loses a life, the last one alive wins.
Rules: the French rulebook (seed 003) and docs/games/ilmorto.md.
"""

from engines.ilmorto.actions import Accuse, GiveLife, IlMortoAction, Keep, Knock, Look, Swap, SwapDeck, action_adapter
from engines.ilmorto.engine import IlMortoEngine
from engines.ilmorto.perspective import IlMortoPerspective, SeatView
from engines.ilmorto.state import IlMortoOptions, IlMortoState

ENGINE = IlMortoEngine()

__all__ = [
    "ENGINE",
    "Accuse",
    "GiveLife",
    "IlMortoAction",
    "IlMortoEngine",
    "IlMortoOptions",
    "IlMortoPerspective",
    "IlMortoState",
    "Keep",
    "Knock",
    "Look",
    "SeatView",
    "Swap",
    "SwapDeck",
    "action_adapter",
]
