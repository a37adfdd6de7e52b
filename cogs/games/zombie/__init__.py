"""Zombie Life: the game's declaration (`SPEC`), named in pyproject.toml's `cardroom.games` entry points."""

from __future__ import annotations

from cogs.decks.pairs import PAIRS
from cogs.games.spec import GameSpec, fixed
from cogs.games.zombie.render import ZombieRenderer
from engines.zombie import ENGINE

SPEC = GameSpec(
    name="zombie",
    engine=fixed(ENGINE),
    renderer=ZombieRenderer(),
    decks=(PAIRS,),
)
