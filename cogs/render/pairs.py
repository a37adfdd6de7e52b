"""Pairs on Discord: everyone's face-up cards, scores and chips; the fold card on the Fold button."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from bot.i18n import t
from cogs.render import games
from cogs.render.games import Field
from cogs.render.text import card_face, card_faces, display_name
from engines.core import Perspective
from engines.pairs import PairsPerspective, SeatView


def _seat_value(view: PairsPerspective, seat: SeatView, lang: str) -> str:
    lines = [t(lang, "pairs.table.in_play", cards=card_faces(seat.in_play))]
    scored = ", ".join(str(card) for card in seat.score_cards)
    lines.append(t(lang, "pairs.table.score", score=seat.score, target=view.losing_score, cards=scored or "—"))
    if seat.chips is not None:
        lines.append(t(lang, "pairs.table.chips", chips=seat.chips))
    if seat.withdrawn:
        lines.append(t(lang, "pairs.table.left"))
    return "\n".join(lines)


def _seat_name(view: PairsPerspective, seat: SeatView, names: Sequence[str]) -> str:
    marker = "▶️ " if view.to_move == seat.seat and not view.finished else ""
    return marker + display_name(names[seat.seat])


def _summary(view: PairsPerspective, lang: str) -> str:
    parts = [
        t(lang, "pairs.table.round", round=view.round),
        t(lang, "pairs.table.deck", deck=view.deck_count, discard=view.discard_count),
        t(lang, "pairs.table.losing_score", score=view.losing_score),
    ]
    if view.ending != "forfeit":
        parts.append(t(lang, "pairs.table.match", game=view.game, games=view.games))
        parts.append(t(lang, "pairs.table.pot", pot=view.pot or view.unclaimed_pot))
    if view.fold_card is not None and not view.finished:
        parts.append(t(lang, "pairs.table.fold_card", card=card_face(view.fold_card)))
    return "\n".join(parts)


class PairsRenderer:
    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, PairsPerspective)
        fields = [Field(name=t(lang, "pairs.table.summary"), value=_summary(view, lang))]
        fields += [
            Field(_seat_name(view, seat, names), _seat_value(view, seat, lang), inline=True) for seat in view.seats
        ]
        return fields

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, PairsPerspective)
        fields = [Field(name=t(lang, "pairs.table.summary"), value=_summary(view, lang))]
        if view.viewer is not None:
            own = view.seats[view.viewer]
            fields.append(Field(name=t(lang, "pairs.hand.yours"), value=_seat_value(view, own, lang)))
        others = [
            f"{_seat_name(view, seat, names)}: {card_faces(seat.in_play)}"
            for seat in view.seats
            if seat.seat != view.viewer and not seat.withdrawn
        ]
        if others:
            fields.append(Field(name=t(lang, "pairs.hand.others"), value="\n".join(others)))
        return fields

    def action_label(
        self, game: str, action: BaseModel, view: Perspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        kind = getattr(action, "kind", "")
        if kind == "fold" and isinstance(view, PairsPerspective) and view.fold_card is not None:
            return t(lang, "pairs.action.fold_card", card=view.fold_card)
        return t(lang, f"pairs.action.{kind}")


games.register("pairs", PairsRenderer())
