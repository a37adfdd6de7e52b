"""Oh My Brain (Lumberjacks Studio 2021, Bruno Cathala & Théo Rivière): 2-5 players empty their hand and their
Cemetery before the Horde of zombie animals eats their brains.

Each round a secret, simultaneous deal (three lots of 3: keep 2, bury 1), then turns: play above the Horde or
lose a brain, refill from your Cemetery. Pink specials (Mosquito 0, Spider 8, Mouse 11) and marshmallow cards
that roll the die. Rules: the French rulebook (seed 002) and docs/games/ohmybrain.md.
The engine needs the card data of `data/cards/oh_my_brain.json`: `OhMyBrainEngine(parse_cards(text))`.
"""

from engines.ohmybrain.actions import (
    Bury,
    Give,
    GiveTo,
    Keep,
    OhMyBrainAction,
    Pass,
    Play,
    Share,
    Steal,
    Swap,
    Take,
    action_adapter,
)
from engines.ohmybrain.cards import CARDS_FILE, CardDataError, OhMyBrainDeck, parse_cards
from engines.ohmybrain.engine import OhMyBrainEngine
from engines.ohmybrain.perspective import OhMyBrainPerspective, PendingView, SeatView
from engines.ohmybrain.state import OhMyBrainOptions, OhMyBrainState

__all__ = [
    "CARDS_FILE",
    "Bury",
    "CardDataError",
    "Give",
    "GiveTo",
    "Keep",
    "OhMyBrainAction",
    "OhMyBrainDeck",
    "OhMyBrainEngine",
    "OhMyBrainOptions",
    "OhMyBrainPerspective",
    "OhMyBrainState",
    "Pass",
    "PendingView",
    "Play",
    "SeatView",
    "Share",
    "Steal",
    "Swap",
    "Take",
    "action_adapter",
    "parse_cards",
]
