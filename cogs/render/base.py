"""The renderer contract: what a game adds to the generic table and hand frames, with a default for every hook.

A game's renderer subclasses `GameRenderer[ItsPerspective, ItsAction]`: the type checker sees every hook's
signature, and a hook the game does not need keeps its default. The platform hands a renderer only perspectives
and actions of its own game (the table's engine made them), so no hook downcasts what it is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

import discord
from pydantic import BaseModel

from bot.i18n import t
from engines.core import CardPick, Perspective, Refusal
from engines.core.messages import Params

ViewT = TypeVar("ViewT", bound=Perspective)
ActionT = TypeVar("ActionT", bound=BaseModel)

# What a move's button colour says, the same in every game: the expected or safe choice (green), an
# ordinary choice among several (blurple), a move that costs its player (red). Disabled moves are grey.
Tone = Literal["expected", "choice", "danger"]


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    inline: bool = False


class GameRenderer(Generic[ViewT, ActionT]):
    """The words and pictures of one game. `game` is its registry name, set by its `GameSpec`."""

    game: str = ""

    # ----- the table and the hand ----------------------------------------------------------------------------------
    def table_fields(self, view: ViewT, names: Sequence[str], lang: str) -> list[Field]:
        """The public table, from a spectator's perspective."""
        return []

    def hand_fields(self, view: ViewT, names: Sequence[str], lang: str) -> list[Field]:
        """What one player sees privately, from their own perspective: their own cards first (face-up ones
        included), then a compact summary of the table (a few lines, not the whole table again)."""
        return []

    def decision(self, view: ViewT, names: Sequence[str], lang: str) -> str | None:
        """The pending decision of `view.viewer`, in the second person ("Name a player who draws 2 cards"), or
        None to say only "Your turn"."""
        return None

    def seat_lines(self, view: ViewT, names: Sequence[str], lang: str) -> list[str] | None:
        """For `/replay`, where every seat is shown to a spectator: what only `view.viewer` saw at that moment, in
        the third person, one short line per kind of secret; [] when the seat hides nothing. None: no such lines,
        and a replay shows the start of the seat's own `hand_fields` instead."""
        return None

    # ----- the moves -----------------------------------------------------------------------------------------------
    def action_label(self, action: ActionT, view: ViewT, lang: str, names: Sequence[str] = ()) -> str:
        """The button label of a candidate action, given the acting player's perspective (`names`: by seat)."""
        kind: Any = getattr(action, "kind", "")
        return t(lang, f"{self.game}.action.{kind}")

    def action_tone(self, action: ActionT, view: ViewT) -> Tone:
        """The colour meaning of a legal move's button (a move with a `Consequence` is always "danger")."""
        return "choice"

    def action_emoji(self, action: ActionT, view: ViewT, lang: str) -> discord.PartialEmoji | str | None:
        """The card picture on a move's button, if any (a button label cannot show emoji markup)."""
        return None

    def refusal_params(self, refusal: Refusal, lang: str) -> Params:
        """A refusal's params as the game words them for `lang` (card ids as a poker hand in words ...)."""
        return refusal.params

    # ----- the card picker -----------------------------------------------------------------------------------------
    def pick_option(self, card_id: str, lang: str) -> tuple[str, str | None]:
        """The label and description (or None) of `card_id` as an option of the card picker."""
        return card_id, None

    def pick_card_option(
        self, pick: CardPick, card_id: str, lang: str, names: Sequence[str] = ()
    ) -> tuple[str, str | None]:
        """The same for one particular pick (a bid may show a card's coins where playing it shows its effect)."""
        return self.pick_option(card_id, lang)

    def draft_feedback(self, view: ViewT, draft: Sequence[str], lang: str) -> tuple[str, bool] | None:
        """What the cards chosen so far in a multi-card pick make (a text, maybe empty) and whether they may be
        confirmed; None: no opinion (any draft within the pick's bounds may be confirmed)."""
        return None

    # ----- event params and measures -------------------------------------------------------------------------------
    def event_param(self, key: str, value: Any, lang: str) -> str | None:
        """A param of one of the game's events or refusals as the game shows it (a card as its face, money as an
        amount), or None for the platform's default wording of that param."""
        return None

    def measure(self, value: float, lang: str) -> str | None:
        """The game's leaderboard measure as written (money as an amount), or None for a plain number."""
        return None


class DefaultRenderer(GameRenderer[Perspective, BaseModel]):
    """Labels every action `<game>.action.<kind>`; shows no game-specific fields (a game without a renderer)."""

    def __init__(self, game: str = "") -> None:
        self.game = game
