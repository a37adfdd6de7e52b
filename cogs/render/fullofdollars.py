"""Full of Dollars on Discord: a first, plain renderer (the engine's session; the next one makes it rich).

The table: one line per player (money, cards in hand, businesses), the pot, whose turn, a hold-up's running
totals. The hand: your cards (their Business-phase face and poker values), then a short summary. Card pick
options (the Poker phase's discard and reveal) name the card. `seat_lines` gives a seat's hand and its secret
pending answer for `/replay`, in the third person.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from bot.i18n import t
from cogs.render import games
from cogs.render.games import Field
from cogs.render.limits import FIELD_VALUE
from cogs.render.text import display_name, poker_card_face
from engines import registry
from engines.core import Perspective
from engines.fullofdollars import FullOfDollarsEngine, FullOfDollarsPerspective
from engines.fullofdollars.perspective import CardView, card_view

GAME = "fullofdollars"
TURN = "▶️"


def _name(names: Sequence[str], seat: int | None) -> str:
    return display_name(names[seat]) if seat is not None and 0 <= seat < len(names) else "—"


def money(amount: int, lang: str) -> str:
    return t(lang, f"{GAME}.money", amount=amount)


def card_text(card: CardView, lang: str) -> str:
    """A card's Business face and its poker value(s): "Uzi ×3 · 7♥", "Casino (400k $) · K♦/A♦"."""
    if card.type in ("uzi", "police"):
        face = t(lang, f"{GAME}.card.{card.type}", icons=card.icons)
    elif card.type == "business":
        face = t(lang, f"{GAME}.card.business", business=t(lang, f"{GAME}.business.{card.business}"), value=card.value)
    else:
        face = t(lang, f"{GAME}.card.{card.special}")
    values = "/".join(poker_card_face(code, lang=lang) for code in card.poker)
    return f"{face} · {values}"


def _clip(text: str) -> str:
    return text if len(text) <= FIELD_VALUE else text[: FIELD_VALUE - 1] + "…"


class FullOfDollarsRenderer:
    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, FullOfDollarsPerspective)
        lines = []
        for seat in view.seats:
            marker = f"{TURN} " if seat.seat in view.to_act and not view.finished else ""
            businesses = ", ".join(t(lang, f"{GAME}.business.{b.business}") for b in seat.businesses) or "—"
            lines.append(
                t(
                    lang,
                    f"{GAME}.table.seat",
                    name=f"{marker}{_name(names, seat.seat)}",
                    money=money(seat.money, lang),
                    cards=seat.hand,
                    businesses=businesses,
                )
            )
        lines.append(t(lang, f"{GAME}.table.pot", pot=money(view.pot, lang)))
        if view.holdup is not None:
            lines.append(
                t(
                    lang,
                    f"{GAME}.table.holdup",
                    name_victim=_name(names, view.holdup.victim),
                    uzis=view.holdup.total_uzis,
                    police=view.holdup.total_police,
                )
            )
        return [Field(name=t(lang, f"{GAME}.table.title"), value=_clip("\n".join(lines)))]

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, FullOfDollarsPerspective)
        fields = []
        if view.viewer is not None:
            cards = "\n".join(card_text(card, lang) for card in view.hand) or "—"
            fields.append(Field(name=t(lang, f"{GAME}.hand.yours"), value=_clip(cards)))
        summary = [t(lang, f"{GAME}.table.pot", pot=money(view.pot, lang))]
        if view.viewer is not None and 0 <= view.viewer < len(view.seats):
            summary.append(t(lang, f"{GAME}.table.money", money=money(view.seats[view.viewer].money, lang)))
        fields.append(Field(name=t(lang, f"{GAME}.table.summary"), value=_clip("\n".join(summary))))
        return fields

    def action_label(
        self, game: str, action: BaseModel, view: Perspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        kind = str(getattr(action, "kind", ""))
        label = t(lang, f"{GAME}.action.{kind}")
        card = getattr(action, "card", None)
        if isinstance(view, FullOfDollarsPerspective) and isinstance(card, str):
            own = next((c for c in view.hand if c.id == card), None)
            if own is not None:
                label = t(lang, f"{GAME}.label.card", action=label, card=card_text(own, lang))
        victim = getattr(action, "victim", getattr(action, "target", None))
        if isinstance(victim, int):
            label = f"{label} → {_name(names, victim)}"
        return label[:80]

    def pick_option(self, game: str, card: str, lang: str) -> tuple[str, str | None]:
        engine = registry.get(GAME)
        assert isinstance(engine, FullOfDollarsEngine)
        deck = engine.deck
        return card_text(card_view(deck, card), lang)[:100], None

    def seat_lines(self, view: Perspective, names: Sequence[str], lang: str) -> list[str]:
        """A seat's hand and its secret answer still pending, in the third person."""
        if not isinstance(view, FullOfDollarsPerspective) or view.viewer is None:
            return []
        lines = [t(lang, f"{GAME}.seat.card", card=card_text(card, lang)) for card in view.hand]
        answer = view.window.my_answer if view.window is not None else None
        if answer is not None:
            kind, _, target = answer.partition(":")
            if kind == "judge":
                lines.append(t(lang, f"{GAME}.seat.judge", name=_name(names, int(target))))
            else:
                lines.append(t(lang, f"{GAME}.seat.{kind}"))
        if view.poker is not None and view.poker.my_high is not None and view.stage == "reveal":
            lines.append(t(lang, f"{GAME}.seat.shows", count=len(view.poker.my_high)))
        return lines


games.register(GAME, FullOfDollarsRenderer())
