"""Pairs on Discord: everyone's face-up cards, scores and chips; the fold card on the Fold button.

A hand starts with the decision (draw, or fold and take the lowest card), then the player's own cards (the
ones that reached them since their last move after a 🆕), then one compact line per other player.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import t
from cogs.render.base import GameRenderer
from cogs.render.faces import card_emoji
from cogs.render.fields import continued_fields, marking_new, own_seat, seat_grid
from cogs.render.games import Field, Tone
from cogs.render.text import card_face, card_faces, display_name
from engines.pairs import Fold, PairsAction, PairsPerspective, SeatView


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


def _summary(view: PairsPerspective, lang: str) -> list[str]:
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
    return parts


def _own_fields(view: PairsPerspective, own: SeatView, lang: str) -> list[Field]:
    """The viewer's cards in play (the new ones marked), their points and chips."""
    lines = [t(lang, "pairs.hand.in_play", cards=marking_new(own.in_play, view.fresh, card_faces))]
    scored = ", ".join(str(card) for card in own.score_cards)
    lines.append(t(lang, "pairs.table.score", score=own.score, target=view.losing_score, cards=scored or "—"))
    if own.chips is not None:
        lines.append(t(lang, "pairs.table.chips", chips=own.chips))
    return continued_fields(t(lang, "pairs.hand.yours"), lines)


def _table_fields(view: PairsPerspective, names: Sequence[str], lang: str) -> list[Field]:
    """The table in a few lines: round, deck, match and pot on one, then each other player on one (continued in
    another field when eight long names do not fit one)."""
    head = [
        t(lang, "pairs.table.round", round=view.round),
        t(lang, "pairs.table.losing_score", score=view.losing_score),
        t(lang, "pairs.table.deck", deck=view.deck_count, discard=view.discard_count),
    ]
    if view.ending != "forfeit":
        head.append(t(lang, "pairs.table.match", game=view.game, games=view.games))
        head.append(t(lang, "pairs.table.pot", pot=view.pot or view.unclaimed_pot))
    lines = [" · ".join(head)]
    for seat in view.seats:
        if seat.seat == view.viewer or seat.withdrawn:
            continue
        params = {
            "name": _seat_name(view, seat, names),
            "cards": card_faces(seat.in_play),
            "score": seat.score,
            "target": view.losing_score,
        }
        if seat.chips is None:
            lines.append(t(lang, "pairs.hand.other", **params))
        else:
            lines.append(t(lang, "pairs.hand.other_chips", chips=seat.chips, **params))
    return continued_fields(t(lang, "pairs.table.summary"), lines)


class PairsRenderer(GameRenderer[PairsPerspective, PairsAction]):
    def table_fields(self, view: PairsPerspective, names: Sequence[str], lang: str) -> list[Field]:
        return seat_grid(
            t(lang, "pairs.table.summary"),
            _summary(view, lang),
            view.seats,
            lambda seat: _seat_name(view, seat, names),
            lambda seat: _seat_value(view, seat, lang),
        )

    def hand_fields(self, view: PairsPerspective, names: Sequence[str], lang: str) -> list[Field]:
        """The viewer's own cards first, then the table in a few lines."""
        own = own_seat(view)
        fields = _own_fields(view, own, lang) if own is not None else []
        return fields + _table_fields(view, names, lang)

    def seat_lines(self, view: PairsPerspective, names: Sequence[str], lang: str) -> list[str]:
        """A seat's private part in a replay: none, every card of Pairs is face up."""
        return []

    def decision(self, view: PairsPerspective, names: Sequence[str], lang: str) -> str | None:
        """Draw or fold, with the card a fold takes and the score it leaves (or fold, when no card is left)."""
        if view.viewer is None or view.viewer not in view.to_act:
            return None
        if "fold" not in view.legal or view.fold_card is None:
            return None
        key = "pairs.decision.turn" if "hit" in view.legal else "pairs.decision.must_fold"
        score = view.seats[view.viewer].score + view.fold_card
        return t(lang, key, card=card_face(view.fold_card), score=score, target=view.losing_score)

    def action_tone(self, action: PairsAction, view: PairsPerspective) -> Tone:
        """Folding always costs points (danger); drawing is the ordinary gamble (choice)."""
        return "danger" if isinstance(action, Fold) else "choice"

    def action_emoji(self, action: PairsAction, view: PairsPerspective, lang: str) -> discord.PartialEmoji | str | None:
        """The card a fold takes, on the Fold button."""
        if isinstance(action, Fold) and view.fold_card is not None:
            return card_emoji(self.game, str(view.fold_card), lang)
        return None

    def action_label(self, action: PairsAction, view: PairsPerspective, lang: str, names: Sequence[str] = ()) -> str:
        if isinstance(action, Fold) and view.fold_card is not None:
            return t(lang, "pairs.action.fold_card", card=view.fold_card)
        return t(lang, f"pairs.action.{action.kind}")
