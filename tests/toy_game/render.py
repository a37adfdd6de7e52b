"""The toy game's words and pictures: its hand, its table, its moves."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import t
from cogs.decks.pairs import PAIRS
from cogs.render.base import Field, GameRenderer, Tone
from cogs.render.faces import card_emoji, faces
from cogs.render.text import seat_name
from tests.conformance.toy_engine import Draw, Pick, Stand, ToyView

ToyMove = Draw | Stand | Pick


class ToyRenderer(GameRenderer[ToyView, ToyMove]):
    def table_fields(self, view: ToyView, names: Sequence[str], lang: str) -> list[Field]:
        lines = [f"{seat_name(names, seat)}: {size}" for seat, size in enumerate(view.hand_sizes)]
        if view.revealed is not None:
            lines = [
                f"{seat_name(names, seat)}: {' '.join(faces(PAIRS, map(str, hand)))}"
                for seat, hand in enumerate(view.revealed)
            ]
        return [Field(name=t(lang, "toy.name"), value="\n".join(lines) or "—")]

    def hand_fields(self, view: ToyView, names: Sequence[str], lang: str) -> list[Field]:
        hand = " ".join(faces(PAIRS, [str(card) for card in view.hand or []])) or "—"
        return [Field(name=t(lang, "toy.name"), value=hand)]

    def action_label(self, action: ToyMove, view: ToyView, lang: str, names: Sequence[str] = ()) -> str:
        if isinstance(action, Pick):
            return str(action.card)
        return action.kind.capitalize()

    def action_tone(self, action: ToyMove, view: ToyView) -> Tone:
        return "expected" if isinstance(action, Draw) else "choice"

    def action_emoji(self, action: ToyMove, view: ToyView, lang: str) -> discord.PartialEmoji | str | None:
        return card_emoji(self.game, str(action.card), lang) if isinstance(action, Pick) else None
