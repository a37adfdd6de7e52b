"""Per-game rendering hooks: what a game adds to the generic table and hand frames."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel

from bot.i18n import t
from engines.core import Perspective


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    inline: bool = False


class GameRenderer(Protocol):
    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        """The public table, from a spectator's perspective."""
        ...

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        """What one player sees privately, from their own perspective."""
        ...

    def action_label(self, game: str, action: BaseModel, view: Perspective, lang: str) -> str:
        """The button label of a candidate action, given the acting player's perspective."""
        ...


class DefaultRenderer:
    """Labels every action `<game>.action.<kind>`; shows no game-specific fields."""

    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        return []

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        return []

    def action_label(self, game: str, action: BaseModel, view: Perspective, lang: str) -> str:
        kind: Any = getattr(action, "kind", "")
        return t(lang, f"{game}.action.{kind}")


_RENDERERS: dict[str, GameRenderer] = {}


def register(game: str, renderer: GameRenderer) -> None:
    _RENDERERS[game] = renderer


# Each module registers its game's renderer when imported.
RENDERER_MODULES = ("cogs.render.pairs", "cogs.render.hawthorn", "cogs.render.blackstone", "cogs.render.zombie")


def renderer_for(game: str) -> GameRenderer:
    if not _RENDERERS:
        for module in RENDERER_MODULES:
            importlib.import_module(module)
    return _RENDERERS.get(game, DefaultRenderer())
