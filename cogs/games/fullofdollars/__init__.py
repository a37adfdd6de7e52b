"""Full of Dollars: the game's declaration (`SPEC`), named in pyproject.toml's `cardroom.games` entry points."""

from __future__ import annotations

from cogs.decks.poker import FRENCH, POKER
from cogs.games.fullofdollars.deck import DOLLARS
from cogs.games.fullofdollars.render import FullOfDollarsRenderer
from cogs.games.spec import GameSpec, card_data
from engines.fullofdollars import CARDS_FILE, FullOfDollarsEngine, parse_cards

SPEC = GameSpec(
    name="fullofdollars",
    engine=lambda data_dir: FullOfDollarsEngine(parse_cards(card_data(data_dir, CARDS_FILE))),
    renderer=FullOfDollarsRenderer(),
    decks=(DOLLARS, POKER, FRENCH),
)
