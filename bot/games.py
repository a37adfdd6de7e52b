"""The games whose rules need data files: read them from `data/` and register their engines.

Engines do no I/O, so the bot reads `data/cards/dead_money.json`, `data/cards/oh_my_brain.json` and
`data/cards/full_of_dollars.json` (which a person holding the game may correct without touching code), validates
them and hands them to the engines.
Idempotent; `bot.services.tables` calls it on import, tests through their conftest.
"""

from __future__ import annotations

from pathlib import Path

from bot.settings import DATA_DIR
from engines import fullofdollars, ohmybrain, registry
from engines.deadmoney import CARDS_FILE, DeadMoneyEngine, parse_cards


def install(data_dir: Path = DATA_DIR) -> None:
    """Register Dead Money, Oh My Brain and Full of Dollars with the card data of `data_dir` (raises
    CardDataError naming a bad card)."""
    if DeadMoneyEngine.name not in registry.names():
        text = (data_dir / CARDS_FILE).read_text(encoding="utf-8")
        registry.register(DeadMoneyEngine(parse_cards(text)))
    if ohmybrain.OhMyBrainEngine.name not in registry.names():
        text = (data_dir / ohmybrain.CARDS_FILE).read_text(encoding="utf-8")
        registry.register(ohmybrain.OhMyBrainEngine(ohmybrain.parse_cards(text)))
    if fullofdollars.FullOfDollarsEngine.name not in registry.names():
        text = (data_dir / fullofdollars.CARDS_FILE).read_text(encoding="utf-8")
        registry.register(fullofdollars.FullOfDollarsEngine(fullofdollars.parse_cards(text)))
