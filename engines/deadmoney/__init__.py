"""Dead Money (James Ernest, Cheapass Games 2006): 3-6 zombies try to lose all their money (their hand).

Cards cost hands to play, Brain-requiring cards need a Brain in front of you and a d6 roll, and a dropped
Brain is won back in a poker showdown. Rules: the French rulebook (seed 000) and docs/games/deadmoney.md.
The engine needs the card data of `data/cards/dead_money.json`: `DeadMoneyEngine(parse_cards(text))`.
"""

from engines.deadmoney.actions import (
    Bid,
    Cards,
    DeadMoneyAction,
    Decline,
    EndTurn,
    Pass,
    Play,
    PutNext,
    TakeBrain,
    Target,
    action_adapter,
)
from engines.deadmoney.cards import CARDS_FILE, DeadMoneyDeck, parse_cards
from engines.deadmoney.engine import DeadMoneyEngine
from engines.deadmoney.perspective import DeadMoneyPerspective, PendingView, SeatView, ShowdownView
from engines.deadmoney.state import DeadMoneyOptions, DeadMoneyState

__all__ = [
    "CARDS_FILE",
    "Bid",
    "Cards",
    "DeadMoneyAction",
    "DeadMoneyDeck",
    "DeadMoneyEngine",
    "DeadMoneyOptions",
    "DeadMoneyPerspective",
    "DeadMoneyState",
    "Decline",
    "EndTurn",
    "Pass",
    "PendingView",
    "Play",
    "PutNext",
    "SeatView",
    "ShowdownView",
    "TakeBrain",
    "Target",
    "action_adapter",
    "parse_cards",
]
