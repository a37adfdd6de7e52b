"""Oh My Brain: the game's declaration (`SPEC`), named in pyproject.toml's `cardroom.games` entry points."""

from __future__ import annotations

from cogs.games.ohmybrain.deck import BRAINS
from cogs.games.ohmybrain.render import OhMyBrainRenderer
from cogs.games.spec import GameSpec, card_data
from engines.ohmybrain import CARDS_FILE, OhMyBrainEngine, parse_cards

SPEC = GameSpec(
    name="ohmybrain",
    engine=lambda data_dir: OhMyBrainEngine(parse_cards(card_data(data_dir, CARDS_FILE))),
    renderer=OhMyBrainRenderer(),
    decks=(BRAINS,),
)
