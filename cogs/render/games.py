"""Per-game rendering hooks: what a game adds to the generic table and hand frames."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import discord
from pydantic import BaseModel

from bot.i18n import t
from engines.core import CardPick, Perspective, Refusal
from engines.core.messages import Params


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
        """What one player sees privately, from their own perspective: their own cards first (face-up ones
        included), then a compact summary of the table (a few lines, not the whole table again)."""
        ...

    def action_label(
        self, game: str, action: BaseModel, view: Perspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        """The button label of a candidate action, given the acting player's perspective (`names`: by seat)."""
        ...


# What a move's button colour says, the same in every game: the expected or safe choice (green), an
# ordinary choice among several (blurple), a move that costs its player (red). Disabled moves are grey.
Tone = Literal["expected", "choice", "danger"]


class DecisionRenderer(Protocol):
    """Optional hooks of a renderer for the hand, which starts with what its player must decide.

    * `decision(view, names, lang)`: the pending decision of `view.viewer`, in the second person
      ("Name a player who draws 2 cards"), or None to say only "Your turn".
    * `action_tone(game, action, view)`: the colour of a legal move's button (see `Tone`).
      A move for which the engine reports a `Consequence` is always "danger".
    * `action_emoji(game, action, view, lang)`: the card picture on a move's button, if any
      (`action_label` is plain text: a button label cannot show emoji markup).
    """

    def decision(self, view: Perspective, names: Sequence[str], lang: str) -> str | None: ...

    def action_tone(self, game: str, action: BaseModel, view: Perspective) -> Tone: ...

    def action_emoji(
        self, game: str, action: BaseModel, view: Perspective, lang: str
    ) -> discord.PartialEmoji | str | None: ...


def decision_text(game: str, view: Perspective, names: Sequence[str], lang: str) -> str | None:
    """The viewer's pending decision in the second person, from the game's renderer (None: none given)."""
    hook = getattr(renderer_for(game), "decision", None)
    if hook is None:
        return None
    text = hook(view, names, lang)
    return None if not text else str(text)


def action_tone(game: str, action: BaseModel, view: Perspective) -> Tone:
    """The colour meaning of a legal move's button: the game's own hook, else an ordinary choice."""
    hook = getattr(renderer_for(game), "action_tone", None)
    if hook is None:
        return "choice"
    tone: Tone = hook(game, action, view)
    return tone


def action_emoji(game: str, action: BaseModel, view: Perspective, lang: str) -> discord.PartialEmoji | str | None:
    """The picture on a move's button: the game's own hook, else none."""
    hook = getattr(renderer_for(game), "action_emoji", None)
    if hook is None:
        return None
    emoji: discord.PartialEmoji | str | None = hook(game, action, view, lang)
    return emoji


class PickOptionRenderer(Protocol):
    """Optional hooks of a renderer for the card picker (`cogs.tables._picker`).

    * `pick_option(game, card_id, lang)`: the label and description (or None) of `card_id` as an option.
    * `pick_card_option(game, pick, card_id, lang, names)`: the same for one particular pick (a bid may show a
      card's coins where playing it shows its effect, a target its owner's name from the seats' `names`);
      preferred to `pick_option` when a renderer has it.
    * `draft_feedback(game, view, draft, lang)`: what the cards chosen so far in a multi-card pick make
      (a text for the player, maybe empty) and whether they may be confirmed; None: no opinion (any
      draft within the pick's bounds may be confirmed).
    * `refusal_params(game, refusal, lang)`: a refusal's params as the game words them for `lang` (card ids
      as a poker hand in words ...); the refusal's own params when absent.
    """

    def pick_option(self, game: str, card_id: str, lang: str) -> tuple[str, str | None]: ...

    def pick_card_option(
        self, game: str, pick: CardPick, card_id: str, lang: str, names: Sequence[str] = ()
    ) -> tuple[str, str | None]: ...

    def draft_feedback(
        self, game: str, view: Perspective, draft: Sequence[str], lang: str
    ) -> tuple[str, bool] | None: ...

    def refusal_params(self, game: str, refusal: Refusal, lang: str) -> Params: ...


def pick_option(
    game: str, card_id: str, lang: str, pick: CardPick | None = None, names: Sequence[str] = ()
) -> tuple[str, str | None]:
    """A card's label and description in the picker (for `pick`, if given, at a table of `names`): the game's own
    hook, else the card id."""
    renderer = renderer_for(game)
    for_pick = getattr(renderer, "pick_card_option", None)
    if pick is not None and for_pick is not None:
        label, description = for_pick(game, pick, card_id, lang, names)
    else:
        hook = getattr(renderer, "pick_option", None)
        if hook is None:
            return card_id, None
        label, description = hook(game, card_id, lang)
    return str(label) or card_id, None if description is None else str(description)


def draft_feedback(game: str, view: Perspective, draft: Sequence[str], lang: str) -> tuple[str, bool] | None:
    """The game's word on a multi-card pick's draft: (text, whether it may be confirmed), or None for none."""
    hook = getattr(renderer_for(game), "draft_feedback", None)
    if hook is None:
        return None
    feedback = hook(game, view, list(draft), lang)
    if feedback is None:
        return None
    text, ready = feedback
    return str(text), bool(ready)


def worded_refusal(game: str, refusal: Refusal, lang: str) -> Refusal:
    """`refusal` with its params as the game words them in `lang` (hook `refusal_params`), else unchanged."""
    hook = getattr(renderer_for(game), "refusal_params", None)
    if hook is None:
        return refusal
    return refusal.model_copy(update={"params": dict(hook(game, refusal, lang))})


class ReplayRenderer(Protocol):
    """Optional hook of a renderer for `/replay`, where every seat's hand is shown to a spectator.

    * `seat_lines(view, names, lang)`: what only `view.viewer` saw at that moment, in the third person or a
      neutral form ("Hand: 8 9 10 10", "Face down: 6", "Vote: stop"), one short line per kind of secret: hidden
      cards (hand, face-down cards, cards being passed or put back) and secret choices still pending; nothing
      the public table already shows. An empty list: the seat hides nothing. Without the hook, a replay shows
      the start of the seat's own `hand_fields` (written for the player, in the second person).
    """

    def seat_lines(self, view: Perspective, names: Sequence[str], lang: str) -> list[str]: ...


def seat_lines(game: str, view: Perspective, names: Sequence[str], lang: str) -> list[str] | None:
    """The private part of `view.viewer`'s seat, in the third person (hook `seat_lines`); None without the hook."""
    hook = getattr(renderer_for(game), "seat_lines", None)
    if hook is None:
        return None
    return [str(line) for line in hook(view, names, lang) if line]


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
    "cogs.render.ilmorto",
    "cogs.render.ohmybrain",
    "cogs.render.fullofdollars",
)


def renderer_for(game: str) -> GameRenderer:
    if game not in _RENDERERS:
        # Import every renderer module (each registers itself; importing twice is a no-op), whichever
        # of them happened to be imported directly before.
        for module in RENDERER_MODULES:
            importlib.import_module(module)
    return _RENDERERS.get(game, DefaultRenderer())
