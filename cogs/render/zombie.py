"""Zombie Life on Discord: the Horde, every Refuge (face-down cards as a count), statuses and points.

The table is the spectator's view; a hand adds the player's own face-down cards
and what they may do now. Buttons: Draw, one "Take N from the Horde" per value,
Hide, and the two places for a drawn card.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from bot.i18n import t
from cogs.render import games
from cogs.render.games import Field
from cogs.render.text import card_face, card_faces, display_name, seat_name
from engines.core import Perspective
from engines.zombie import SeatView, ZombiePerspective


def _status(view: ZombiePerspective, seat: SeatView, lang: str) -> str:
    if seat.seat in view.winners:
        return t(lang, "zombie.table.winner")
    if seat.withdrawn:
        return t(lang, "zombie.table.status.left")
    return t(lang, f"zombie.table.status.{seat.status}")


def _refuge(seat: SeatView, lang: str) -> str:
    line = t(lang, "zombie.table.refuge", cards=card_faces(seat.refuge))
    if seat.face_down:
        line += " " + t(lang, "zombie.table.face_down", count=seat.face_down)
    return line


def _seat_value(view: ZombiePerspective, seat: SeatView, lang: str) -> str:
    lines = [_status(view, seat, lang)]
    if not seat.withdrawn:
        lines.append(_refuge(seat, lang))
    lines.append(t(lang, "zombie.table.points", points=seat.points, target=view.target))
    return "\n".join(lines)


def _seat_name(view: ZombiePerspective, seat: SeatView, names: Sequence[str]) -> str:
    marker = "▶️ " if view.to_move == seat.seat and not view.finished else ""
    return marker + display_name(names[seat.seat])


def _summary(view: ZombiePerspective, names: Sequence[str], lang: str) -> str:
    lines = [t(lang, "zombie.table.round", round=view.round, target=view.target)]
    if view.dealer is not None:
        lines.append(t(lang, "zombie.table.dealer", name=seat_name(names, view.dealer)))
    lines.append(t(lang, "zombie.table.deck", deck=view.deck_count, discard=view.discard_count))
    if not view.finished:
        lines.append(t(lang, "zombie.table.horde", cards=card_faces(view.horde)))
        if view.pending is not None:
            lines.append(
                t(lang, "zombie.table.pending", name=seat_name(names, view.to_move), card=card_face(view.pending))
            )
        if view.last_in_play:
            lines.append(t(lang, "zombie.table.last_in_play"))
    if view.last_round is not None:
        gains = ", ".join(
            f"{display_name(names[seat])} +{gained}"
            for seat, gained in enumerate(view.last_round.gained)
            if seat in view.last_round.hid
        )
        lines.append(t(lang, "zombie.table.last_round", gains=gains or "—"))
    return "\n".join(lines)


def _you_can(view: ZombiePerspective, own: SeatView, lang: str) -> list[str]:
    """What the viewer may do now, in words (the buttons say it too)."""
    if view.finished:
        return []
    if own.status != "in_play" or own.withdrawn:
        return [t(lang, "zombie.hand.out")]
    if view.viewer not in view.to_act:
        return []
    if view.pending is not None:
        return [t(lang, "zombie.hand.pending", card=card_face(view.pending))]
    lines = []
    if view.takeable:
        lines.append(t(lang, "zombie.hand.can_take", cards=card_faces(view.takeable)))
    if "hide" in view.legal:
        score = len(own.refuge) - view.hide_count
        lines.append(t(lang, "zombie.hand.hide_now", count=view.hide_count, score=score))
    return lines


class ZombieRenderer:
    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, ZombiePerspective)
        fields = [Field(name=t(lang, "zombie.table.summary"), value=_summary(view, names, lang))]
        fields += [
            Field(_seat_name(view, seat, names), _seat_value(view, seat, lang), inline=True) for seat in view.seats
        ]
        return fields

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, ZombiePerspective)
        fields = [Field(name=t(lang, "zombie.table.summary"), value=_summary(view, names, lang))]
        if view.viewer is not None:
            own = view.seats[view.viewer]
            lines = [_seat_value(view, own, lang)]
            if own.face_down_cards:
                lines.append(t(lang, "zombie.hand.face_down", cards=card_faces(own.face_down_cards)))
            lines += _you_can(view, own, lang)
            fields.append(Field(name=t(lang, "zombie.hand.yours"), value="\n".join(lines)))
        others = [
            f"{_seat_name(view, seat, names)} · {_status(view, seat, lang)} · {_refuge(seat, lang)} · "
            + t(lang, "zombie.table.points", points=seat.points, target=view.target)
            for seat in view.seats
            if seat.seat != view.viewer and not seat.withdrawn
        ]
        if others:
            fields.append(Field(name=t(lang, "zombie.hand.others"), value="\n".join(others)))
        return fields

    def action_label(
        self, game: str, action: BaseModel, view: Perspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        kind = getattr(action, "kind", "")
        if kind == "take":
            return t(lang, "zombie.action.take", card=getattr(action, "card", "?"))
        if kind == "place":
            return t(lang, f"zombie.action.place_{getattr(action, 'zone', 'refuge')}")
        return t(lang, f"zombie.action.{kind}")


games.register("zombie", ZombieRenderer())
