"""Hawthorn: the game's declaration (`SPEC`), named in pyproject.toml's `cardroom.games` entry points."""

from __future__ import annotations

from cogs.decks.pairs import PAIRS
from cogs.games.hawthorn.render import HawthornRenderer
from cogs.games.spec import GameSpec, fixed
from engines.hawthorn import ENGINE

SPEC = GameSpec(
    name="hawthorn",
    engine=fixed(ENGINE),
    renderer=HawthornRenderer(),
    decks=(PAIRS,),
)
