"""Every playable game, by its registry name."""

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


def _register_builtin() -> None:
    """Register the games shipped with Cardroom (imported late: the engines import `engines.core`, not this module)."""
    from engines.blackstone import ENGINE as blackstone
    from engines.hawthorn import ENGINE as hawthorn
    from engines.ilmorto import ENGINE as ilmorto
    from engines.pairs import ENGINE as pairs
    from engines.zombie import ENGINE as zombie

    register(blackstone)
    register(hawthorn)
    register(ilmorto)
    register(pairs)
    register(zombie)


_register_builtin()
