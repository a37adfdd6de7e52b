"""Every playable game's engine, by its registry name: filled at start from the games' declarations
(`bot.games.install`), never on import."""

from __future__ import annotations

from typing import Any

from engines.core import Engine

_ENGINES: dict[str, Engine[Any, Any, Any, Any]] = {}


def register(engine: Engine[Any, Any, Any, Any]) -> None:
    _ENGINES[engine.name] = engine


def get(name: str) -> Engine[Any, Any, Any, Any]:
    return _ENGINES[name]


def names() -> list[str]:
    return sorted(_ENGINES)


def all_engines() -> list[Engine[Any, Any, Any, Any]]:
    return [_ENGINES[n] for n in names()]
