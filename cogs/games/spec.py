"""A game's declaration: the one object that tells the platform everything about a game.

Each game is a unit of its own files (its engine under `engines/`, its card data under `data/cards/`, its catalogues
under `data/locales/`, its renderer, deck and any extra command under `cogs/games/<game>/`) and declares itself in one
`GameSpec`, named by one line of the `cardroom.games` entry-point group in pyproject.toml. The platform reads the
declarations once at start (`bot.games`, `cogs.games.catalog`); no generic module names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cogs.decks import Deck
from cogs.render.base import GameRenderer
from engines.core import Engine

AnyEngine = Engine[Any, Any, Any, Any]


@dataclass(frozen=True)
class GameSpec:
    """Everything the platform knows of one game.

    * `name`: its registry name, the same as its engine's (`pairs`), its catalogues' key prefix and its emoji folder.
    * `engine`: builds its engine from the data directory (the card data a person may correct is read there).
    * `renderer`: its words and pictures (`cogs.render.base.GameRenderer`).
    * `decks`: the face sets its cards are shown with, the deck its card ids belong to first (buttons and menus show
      that deck's pictures; `cogs.render.faces.card_emoji`).
    * `extensions`: discord.py extensions it adds to the bot (module paths), such as Il Morto's `/accuse`.
    * `locales`: a folder of `<lang>/<game>.json` catalogues for a game kept outside this repository's
      `data/locales/` (None: its catalogues are there, like every game shipped with Cardroom).
    """

    name: str
    engine: Callable[[Path], AnyEngine]
    renderer: GameRenderer[Any, Any]
    decks: tuple[Deck, ...] = ()
    extensions: tuple[str, ...] = ()
    locales: Path | None = None

    def __post_init__(self) -> None:
        self.renderer.game = self.name

    def build_engine(self, data_dir: Path) -> AnyEngine:
        engine = self.engine(data_dir)
        if engine.name != self.name:
            raise ValueError(f"the declaration {self.name!r} built the engine {engine.name!r}")
        return engine


def card_data(data_dir: Path, file: str) -> str:
    """The text of a game's card data file under `data_dir` (`dead_money.json`)."""
    return (data_dir / file).read_text(encoding="utf-8")


def fixed(engine: AnyEngine) -> Callable[[Path], AnyEngine]:
    """The engine factory of a game without card data."""
    return lambda data_dir: engine
