"""Blackstone: the game's declaration (`SPEC`), named in pyproject.toml's `cardroom.games` entry points."""

from __future__ import annotations

from cogs.games.blackstone.deck import STONES
from cogs.games.blackstone.render import BlackstoneRenderer
from cogs.games.spec import GameSpec, fixed
from engines.blackstone import ENGINE

SPEC = GameSpec(
    name="blackstone",
    engine=fixed(ENGINE),
    renderer=BlackstoneRenderer(),
    decks=(STONES,),
)
