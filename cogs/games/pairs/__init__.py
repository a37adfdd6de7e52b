"""Pairs: the game's declaration (`SPEC`), named in pyproject.toml's `cardroom.games` entry points."""

from __future__ import annotations

from cogs.decks.pairs import PAIRS
from cogs.games.pairs.render import PairsRenderer
from cogs.games.spec import GameSpec, fixed
from engines.pairs import ENGINE

SPEC = GameSpec(
    name="pairs",
    engine=fixed(ENGINE),
    renderer=PairsRenderer(),
    decks=(PAIRS,),
)
