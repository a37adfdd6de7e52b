"""What a game adds to the generic table and hand frames, asked of its renderer (`cogs.render.base.GameRenderer`).

The frames know a game only by its name: its renderer comes from its declaration (`cogs.games.catalog`), and each
hook has a default in the base class, so nothing here looks for an optional method.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from pydantic import BaseModel

from cogs.games.catalog import renderer_for
from cogs.render.base import DefaultRenderer, Field, GameRenderer, Tone
from engines.core import CardPick, Perspective, Refusal

__all__ = [
    "DefaultRenderer",
    "Field",
    "GameRenderer",
    "Tone",
    "action_emoji",
    "action_tone",
    "decision_text",
    "draft_feedback",
    "pick_option",
    "renderer_for",
    "seat_lines",
    "worded_refusal",
]


def decision_text(game: str, view: Perspective, names: Sequence[str], lang: str) -> str | None:
    """The viewer's pending decision in the second person, from the game's renderer (None: none given)."""
    text = renderer_for(game).decision(view, names, lang)
    return None if not text else str(text)


def action_tone(game: str, action: BaseModel, view: Perspective) -> Tone:
    """The colour meaning of a legal move's button."""
    return renderer_for(game).action_tone(action, view)


def action_emoji(game: str, action: BaseModel, view: Perspective, lang: str) -> discord.PartialEmoji | str | None:
    """The picture on a move's button, if any."""
    return renderer_for(game).action_emoji(action, view, lang)


def pick_option(
    game: str, card_id: str, lang: str, pick: CardPick | None = None, names: Sequence[str] = ()
) -> tuple[str, str | None]:
    """A card's label and description in the picker (for `pick`, if given, at a table of `names`)."""
    renderer = renderer_for(game)
    if pick is not None:
        label, description = renderer.pick_card_option(pick, card_id, lang, names)
    else:
        label, description = renderer.pick_option(card_id, lang)
    return str(label) or card_id, None if description is None else str(description)


def draft_feedback(game: str, view: Perspective, draft: Sequence[str], lang: str) -> tuple[str, bool] | None:
    """The game's word on a multi-card pick's draft: (text, whether it may be confirmed), or None for none."""
    feedback = renderer_for(game).draft_feedback(view, list(draft), lang)
    if feedback is None:
        return None
    text, ready = feedback
    return str(text), bool(ready)


def worded_refusal(game: str, refusal: Refusal, lang: str) -> Refusal:
    """`refusal` with its params as the game words them in `lang`."""
    params = renderer_for(game).refusal_params(refusal, lang)
    return refusal if params is refusal.params else refusal.model_copy(update={"params": dict(params)})


def seat_lines(game: str, view: Perspective, names: Sequence[str], lang: str) -> list[str] | None:
    """The private part of `view.viewer`'s seat, in the third person; None when the game gives none."""
    lines = renderer_for(game).seat_lines(view, names, lang)
    return None if lines is None else [str(line) for line in lines if line]
