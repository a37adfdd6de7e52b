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
    """What a game's renderer provides.

    A renderer may also provide `pick_option(game, card_id, lang) -> (label, description | None)`,
    the text of one card in the card picker (see `PickOptionRenderer`); it is optional, and the
    picker falls back to the card id.
    """

    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        """The public table, from a spectator's perspective."""
        ...

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        """What one player sees privately, from their own perspective."""
        ...

    def action_label(
        self, game: str, action: BaseModel, view: Perspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        """The button label of a candidate action, given the acting player's perspective (`names`: by seat)."""
        ...


class PickOptionRenderer(Protocol):
    def pick_option(self, game: str, card_id: str, lang: str) -> tuple[str, str | None]:
        """The label and description (or None) of `card_id` as an option of the card picker."""
        ...


def pick_option(game: str, card_id: str, lang: str) -> tuple[str, str | None]:
    """A card's label and description in the picker: the game's own hook, else the card id."""
    hook = getattr(renderer_for(game), "pick_option", None)
    if hook is None:
        return card_id, None
    label, description = hook(game, card_id, lang)
    return str(label) or card_id, None if description is None else str(description)


class DefaultRenderer:
    """Labels every action `<game>.action.<kind>`; shows no game-specific fields."""

    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        return []

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        return []

    def action_label(
        self, game: str, action: BaseModel, view: Perspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        kind: Any = getattr(action, "kind", "")
        return t(lang, f"{game}.action.{kind}")


_RENDERERS: dict[str, GameRenderer] = {}


def register(game: str, renderer: GameRenderer) -> None:
    _RENDERERS[game] = renderer


# Each module registers its game's renderer when imported.
RENDERER_MODULES = (
    "cogs.render.pairs",
    "cogs.render.hawthorn",
    "cogs.render.blackstone",
    "cogs.render.zombie",
    "cogs.render.deadmoney",
)


def renderer_for(game: str) -> GameRenderer:
    if game not in _RENDERERS:
        # Import every renderer module (each registers itself; importing twice is a no-op), whichever
        # of them happened to be imported directly before.
        for module in RENDERER_MODULES:
            importlib.import_module(module)
    return _RENDERERS.get(game, DefaultRenderer())
