"""The declared games as the Discord layer sees them: their renderers and decks, from their `GameSpec`s.

Read once, on first use after start (`bot.games` lists the declarations of the `cardroom.games` entry points and any
game added for a test); never at import.
"""

from __future__ import annotations

from typing import Any

from bot import games
from cogs import decks
from cogs.decks import Deck
from cogs.games.spec import GameSpec
from cogs.render.base import DefaultRenderer, GameRenderer

_specs: dict[str, GameSpec] = {}
_generation = -1  # the state of the declarations `_specs` was built from (`bot.games.generation`)


def specs() -> dict[str, GameSpec]:
    """Every declared game's spec, by name (the engines and decks known from then on). Built once per change of
    the declarations: every rendered text asks, so an unchanged catalogue costs one comparison."""
    global _generation
    current = games.generation()
    if current != _generation:
        games.install()
        _specs.clear()
        for source in games.sources():
            if isinstance(source, GameSpec):
                _specs[source.name] = source
                decks.install(source.decks)
        _generation = current
    return _specs


def spec(game: str) -> GameSpec | None:
    return specs().get(game)


def renderer_for(game: str) -> GameRenderer[Any, Any]:
    """The renderer of `game` (a game without one: every action labelled `<game>.action.<kind>`, no fields)."""
    found = spec(game)
    return found.renderer if found is not None else DefaultRenderer(game)


def cards_deck(game: str) -> Deck | None:
    """The deck `game`'s card ids belong to (its pictures on buttons and menus), if it shows cards."""
    found = spec(game)
    return found.decks[0] if found is not None and found.decks else None


def all_decks() -> list[Deck]:
    """Every deck a declared game shows, once each."""
    specs()
    return decks.all_decks()
