"""Il Morto: the game's declaration (`SPEC`), named in pyproject.toml's `cardroom.games` entry points."""

from __future__ import annotations

from cogs.games.ilmorto.deck import ITALIAN
from cogs.games.ilmorto.render import IlMortoRenderer
from cogs.games.spec import GameSpec, fixed
from engines.ilmorto import ENGINE

SPEC = GameSpec(
    name="ilmorto",
    engine=fixed(ENGINE),
    renderer=IlMortoRenderer(),
    decks=(ITALIAN,),
    extensions=("cogs.games.ilmorto.dead",),  # /accuse and speaking to the dead
)
