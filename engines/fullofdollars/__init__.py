"""Full of Dollars (Atomic Mix 2005, Sébastien Dubois): 2-5 gangsters open businesses, rob each other, play
dirty cards, and refill their hands in a poker phase where cheating is allowed until someone says so.

Rules: the French rulebook (seed 001) and docs/games/fullofdollars.md. The engine needs the (invented, correctable) card
data of `data/cards/full_of_dollars.json`: `FullOfDollarsEngine(parse_cards(text))`.
"""

from engines.fullofdollars.actions import (
    Abstain,
    Accuse,
    Attack,
    Bomb,
    CallPoker,
    CloseBusiness,
    Concede,
    Decline,
    Defend,
    Discard,
    Fbi,
    FullOfDollarsAction,
    HoldUp,
    Judge,
    KeepBusiness,
    Open,
    Pass,
    PlayOn,
    Reveal,
    action_adapter,
)
from engines.fullofdollars.cards import CARDS_FILE, CardDataError, FullOfDollarsDeck, parse_cards
from engines.fullofdollars.engine import FullOfDollarsEngine
from engines.fullofdollars.perspective import FullOfDollarsPerspective
from engines.fullofdollars.state import FullOfDollarsOptions, FullOfDollarsState

__all__ = [
    "CARDS_FILE",
    "Abstain",
    "Accuse",
    "Attack",
    "Bomb",
    "CallPoker",
    "CardDataError",
    "CloseBusiness",
    "Concede",
    "Decline",
    "Defend",
    "Discard",
    "Fbi",
    "FullOfDollarsAction",
    "FullOfDollarsDeck",
    "FullOfDollarsEngine",
    "FullOfDollarsOptions",
    "FullOfDollarsPerspective",
    "FullOfDollarsState",
    "HoldUp",
    "Judge",
    "KeepBusiness",
    "Open",
    "Pass",
    "PlayOn",
    "Reveal",
    "action_adapter",
    "parse_cards",
]
