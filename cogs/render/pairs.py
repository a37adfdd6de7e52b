"""Pairs on Discord: everyone's face-up cards, scores and chips; the fold card on the Fold button.

A hand starts with the decision (draw, or fold and take the lowest card), then the player's own cards (the
ones that reached them since their last move after a 🆕), then one compact line per other player. Also the
Pairs-family helper `faces_marking_new`, which Hawthorn and Zombie Life use too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import discord
from pydantic import BaseModel

from bot.i18n import t
from cogs.render import games
from cogs.render.faces import card_emoji
from cogs.render.games import Field, Tone
from cogs.render.text import card_face, card_faces, display_name
from engines.core import Perspective
from engines.pairs import PairsPerspective, SeatView

NEW_MARK = "🆕"  # before the cards that reached a player since their own last move


def faces_marking_new(cards: Sequence[int], fresh: Sequence[int]) -> str:
    """Cards as faces, those in `fresh` (a multiset) apart after a 🆕: "`3` `5` 🆕 `7`"; a dash for none.

    The mark is structural (its own group), not bold: bold does not show on a card emoji.
    """
    left = Counter(fresh)
    old: list[int] = []
    new: list[int] = []
    for card in cards:
        if left[card] > 0:
            left[card] -= 1
            new.append(card)
        else:
            old.append(card)
    groups = [card_faces(old)] if old else []
    if new:
        groups.append(f"{NEW_MARK} {card_faces(new)}")
    return " ".join(groups) or "—"


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


def _own_field(view: PairsPerspective, own: SeatView, lang: str) -> Field:
    """The viewer's cards in play (the new ones marked), their points and chips."""
    lines = [t(lang, "pairs.hand.in_play", cards=faces_marking_new(own.in_play, view.fresh))]
    scored = ", ".join(str(card) for card in own.score_cards)
    lines.append(t(lang, "pairs.table.score", score=own.score, target=view.losing_score, cards=scored or "—"))
    if own.chips is not None:
        lines.append(t(lang, "pairs.table.chips", chips=own.chips))
    return Field(name=t(lang, "pairs.hand.yours"), value="\n".join(lines))


def _table_field(view: PairsPerspective, names: Sequence[str], lang: str) -> Field:
    """The table in a few lines: round, deck, match and pot on one, then each other player on one."""
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
    return Field(name=t(lang, "pairs.table.summary"), value="\n".join(lines))


class PairsRenderer:
    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, PairsPerspective)
        fields = [Field(name=t(lang, "pairs.table.summary"), value=_summary(view, lang))]
        fields += [
            Field(_seat_name(view, seat, names), _seat_value(view, seat, lang), inline=True) for seat in view.seats
        ]
        return fields

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        """The viewer's own cards first, then the table in a few lines."""
        assert isinstance(view, PairsPerspective)
        fields = []
        if view.viewer is not None and 0 <= view.viewer < len(view.seats):
            fields.append(_own_field(view, view.seats[view.viewer], lang))
        fields.append(_table_field(view, names, lang))
        return fields

    def seat_lines(self, view: Perspective, names: Sequence[str], lang: str) -> list[str]:
        """A seat's private part in a replay: none, every card of Pairs is face up."""
        return []

    def decision(self, view: Perspective, names: Sequence[str], lang: str) -> str | None:
        """Draw or fold, with the card a fold takes and the score it leaves (or fold, when no card is left)."""
        if not isinstance(view, PairsPerspective) or view.viewer is None or view.viewer not in view.to_act:
            return None
        if "fold" not in view.legal or view.fold_card is None:
            return None
        key = "pairs.decision.turn" if "hit" in view.legal else "pairs.decision.must_fold"
        score = view.seats[view.viewer].score + view.fold_card
        return t(lang, key, card=card_face(view.fold_card), score=score, target=view.losing_score)

    def action_tone(self, game: str, action: BaseModel, view: Perspective) -> Tone:
        """Folding always costs points (danger); drawing is the ordinary gamble (choice)."""
        return "danger" if getattr(action, "kind", "") == "fold" else "choice"

    def action_emoji(
        self, game: str, action: BaseModel, view: Perspective, lang: str
    ) -> discord.PartialEmoji | str | None:
        """The card a fold takes, on the Fold button."""
        if getattr(action, "kind", "") == "fold" and isinstance(view, PairsPerspective) and view.fold_card is not None:
            return card_emoji(game, str(view.fold_card), lang)
        return None

    def action_label(
        self, game: str, action: BaseModel, view: Perspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        kind = getattr(action, "kind", "")
        if kind == "fold" and isinstance(view, PairsPerspective) and view.fold_card is not None:
            return t(lang, "pairs.action.fold_card", card=view.fold_card)
        return t(lang, f"pairs.action.{kind}")


games.register("pairs", PairsRenderer())
