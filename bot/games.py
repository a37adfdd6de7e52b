"""The games Cardroom plays, as their declarations give them: read once at start, never at import.

Each game declares itself in one object (a `cogs.games.spec.GameSpec`) named in the `cardroom.games` entry-point
group of pyproject.toml, one line a game. This floor needs only what the bot itself uses of a declaration
(`GameSource`): its name, its engine built with its card data (engines do no I/O, so the card data a person may
correct under `data/cards/` is read here and handed to them), and the extensions it adds to the bot. `install`
registers the engines; the bot's entry point, a computer's worker process and the test session call it first.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from bot.settings import DATA_DIR
from engines import registry
from engines.core import Engine

GROUP = "cardroom.games"


@runtime_checkable
class GameSource(Protocol):
    """What the bot floor uses of a game's declaration."""

    @property
    def name(self) -> str: ...

    @property
    def extensions(self) -> tuple[str, ...]: ...

    @property
    def locales(self) -> Path | None: ...

    def build_engine(self, data_dir: Path) -> Engine[Any, Any, Any, Any]: ...


class GameDeclarationError(RuntimeError):
    """An entry of the `cardroom.games` group that is not a game's declaration."""


_sources: dict[str, GameSource] = {}
_declared = False
_generation = 0  # counts the changes of the declarations, so that what is built from them is built once per change


def _declarations() -> None:
    """Read the `cardroom.games` entry points once (each names a module's declaration: `cogs.games.pairs:SPEC`)."""
    global _declared, _generation
    if _declared:
        return
    for point in sorted(entry_points(group=GROUP), key=lambda point: point.name):
        source = point.load()
        if not isinstance(source, GameSource) or source.name != point.name:
            raise GameDeclarationError(f"{point.value} is not the declaration of a game named {point.name!r}")
        _sources.setdefault(source.name, source)
    _declared = True
    _generation += 1


def add(source: GameSource) -> None:
    """Declare one more game than the entry points name (a game under test): `install` then registers it."""
    global _generation
    _sources[source.name] = source
    _generation += 1


def generation() -> int:
    """Which state of the declarations this is: it changes whenever a game is declared."""
    _declarations()
    return _generation


def sources() -> list[GameSource]:
    """Every declared game, by name."""
    _declarations()
    return [_sources[name] for name in sorted(_sources)]


def source(name: str) -> GameSource | None:
    _declarations()
    return _sources.get(name)


def install(data_dir: Path = DATA_DIR, games: Iterable[GameSource] | None = None) -> None:
    """Register the engine of every declared game (or of `games`) with the card data of `data_dir`, once each
    (raises the engine's CardDataError naming a bad card)."""
    for game in sources() if games is None else games:
        if game.name not in registry.names():
            registry.register(game.build_engine(data_dir))


def extensions() -> list[str]:
    """The extensions the declared games add to the bot (Il Morto's `/accuse`), in the games' order."""
    return [extension for game in sources() for extension in game.extensions]


def locale_dirs() -> list[Path]:
    """The catalogue folders (`<lang>/*.json`) of declared games kept outside `data/locales/` (a game under test)."""
    return [game.locales for game in sources() if game.locales is not None]
