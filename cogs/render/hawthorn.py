"""Hawthorn on Discord: the public table (face-up cards, chips, status, who has chosen, pot, button, lap)
and each player's secret hand with its buttons ("Start with 7", "Play 7", "Draw", "Fold (pay 3)")."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from bot.i18n import t
from cogs.render import games
from cogs.render.games import Field
from cogs.render.text import card_faces, display_name
from engines.core import Perspective
from engines.hawthorn import HawthornPerspective, SeatView

RECENT_HANDS = 3  # hand winners listed under the table


def _phase_line(view: HawthornPerspective, lang: str) -> str:
    if view.phase == "choose":
        return t(lang, "hawthorn.table.choosing")
    if view.phase == "play":
        key = "hawthorn.table.lap_deck" if view.source == "deck" else "hawthorn.table.lap_hand"
        return t(lang, key, lap=view.lap)
    if view.phase == "vote":
        return t(lang, "hawthorn.table.voting")
    return t(lang, "hawthorn.table.over")


def _summary(view: HawthornPerspective, names: Sequence[str], lang: str) -> str:
    lines = [t(lang, "hawthorn.table.hand", hand=view.hand, hands=view.hands), _phase_line(view, lang)]
    lines.append(t(lang, "hawthorn.table.pot", pot=view.pot))
    if view.button is not None and view.phase == "play":
        lines.append(t(lang, "hawthorn.table.button", name=display_name(names[view.button])))
    if view.to_move is not None:
        lines.append(t(lang, "hawthorn.table.turn", name=display_name(names[view.to_move])))
    if view.fold_cost is not None:
        lines.append(t(lang, "hawthorn.table.fold_cost", cost=view.fold_cost))
    if view.phase != "over":
        lines.append(t(lang, "hawthorn.table.deck", deck=view.deck_count, discard=view.discard_count))
    return "\n".join(lines)


def _seat_name(view: HawthornPerspective, seat: SeatView, names: Sequence[str]) -> str:
    marker = "▶️ " if view.to_move == seat.seat else ""
    button = " 🔘" if view.button == seat.seat and view.phase == "play" else ""
    return f"{marker}{display_name(names[seat.seat])}{button}"


def _status(view: HawthornPerspective, seat: SeatView, lang: str) -> str:
    """A seat's status; after a hand, the one player still in is the one who took the pot."""
    if seat.status == "in" and view.phase in ("vote", "over"):
        return t(lang, "hawthorn.table.status.won")
    return t(lang, f"hawthorn.table.status.{seat.status}")


def _seat_value(view: HawthornPerspective, seat: SeatView, lang: str) -> str:
    lines = [_status(view, seat, lang)]
    if view.phase == "choose" and seat.status == "in":
        lines.append(t(lang, "hawthorn.table.chosen" if seat.chosen else "hawthorn.table.not_chosen"))
    if view.phase == "vote" and seat.status != "left" and seat.chips > 0:
        lines.append(t(lang, "hawthorn.table.voted" if seat.voted else "hawthorn.table.not_voted"))
    if seat.face_up:
        lines.append(t(lang, "hawthorn.table.face_up", cards=card_faces(seat.face_up)))
    if seat.face_down:
        lines.append(t(lang, "hawthorn.table.face_down", count=seat.face_down))
    lines.append(t(lang, "hawthorn.table.chips", chips=seat.chips, cards=seat.hand_size))
    return "\n".join(lines)


def _history(view: HawthornPerspective, names: Sequence[str], lang: str) -> list[Field]:
    if not view.history:
        return []
    lines = [
        t(lang, "hawthorn.table.record", hand=record.hand, name=display_name(names[record.winner]), pot=record.pot)
        for record in view.history[-RECENT_HANDS:]
    ]
    return [Field(name=t(lang, "hawthorn.table.last_hands"), value="\n".join(lines))]


def _help(view: HawthornPerspective, lang: str) -> str | None:
    if view.viewer is None or view.viewer not in view.to_act:
        return None
    if view.phase == "choose":
        return t(lang, "hawthorn.hand.help_choose")
    if view.phase == "vote":
        return t(lang, "hawthorn.hand.help_vote")
    if view.source == "hand" and view.my_hand:
        return t(lang, "hawthorn.hand.help_hand")
    return t(lang, "hawthorn.hand.help_deck")


def _own_value(view: HawthornPerspective, lang: str) -> str:
    lines = [card_faces(view.my_hand) if view.my_hand else t(lang, "hawthorn.hand.empty")]
    if view.my_choice is not None:
        lines.append(t(lang, "hawthorn.hand.choice", card=card_faces([view.my_choice])))
    if view.my_face_down:
        lines.append(t(lang, "hawthorn.hand.face_down", cards=card_faces(view.my_face_down)))
    if view.my_vote is not None:
        lines.append(t(lang, f"hawthorn.hand.voted_{view.my_vote}"))
    helper = _help(view, lang)
    if helper:
        lines.append(f"_{helper}_")
    return "\n".join(lines)


class HawthornRenderer:
    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, HawthornPerspective)
        fields = [Field(name=t(lang, "hawthorn.table.summary"), value=_summary(view, names, lang))]
        fields += [
            Field(_seat_name(view, seat, names), _seat_value(view, seat, lang), inline=True) for seat in view.seats
        ]
        return fields + _history(view, names, lang)

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, HawthornPerspective)
        fields = [Field(name=t(lang, "hawthorn.table.summary"), value=_summary(view, names, lang))]
        if view.viewer is not None:
            fields.append(Field(name=t(lang, "hawthorn.hand.yours"), value=_own_value(view, lang)))
        table = [
            f"{_seat_name(view, seat, names)}: {card_faces(seat.face_up)} · {_status(view, seat, lang)}"
            for seat in view.seats
            if seat.seat != view.viewer and seat.status != "left"
        ]
        if table:
            fields.append(Field(name=t(lang, "hawthorn.hand.table"), value="\n".join(table)))
        return fields

    def action_label(
        self, game: str, action: BaseModel, view: Perspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        kind = getattr(action, "kind", "")
        card = getattr(action, "card", None)
        if kind in ("start", "play") and card is not None:
            return t(lang, f"hawthorn.action.{kind}", card=card)
        if kind == "fold" and isinstance(view, HawthornPerspective) and view.fold_cost is not None:
            return t(lang, "hawthorn.action.fold_cost", cost=view.fold_cost)
        return t(lang, f"hawthorn.action.{kind}")


games.register("hawthorn", HawthornRenderer())
