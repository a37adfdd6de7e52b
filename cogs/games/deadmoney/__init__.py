"""Dead Money: the game's declaration (`SPEC`), named in pyproject.toml's `cardroom.games` entry points."""

from __future__ import annotations

from cogs.decks.poker import FRENCH, POKER
from cogs.games.deadmoney.render import DeadMoneyRenderer
from cogs.games.spec import GameSpec, card_data
from engines.deadmoney import CARDS_FILE, DeadMoneyEngine, parse_cards

SPEC = GameSpec(
    name="deadmoney",
    engine=lambda data_dir: DeadMoneyEngine(parse_cards(card_data(data_dir, CARDS_FILE))),
    renderer=DeadMoneyRenderer(),
    decks=(POKER, FRENCH),
)
