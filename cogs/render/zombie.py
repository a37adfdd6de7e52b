"""Zombie Life on Discord: the Horde, every Refuge (face-down cards as a count), statuses and points.

The table is the spectator's view. A hand starts with the decision, then the
player's own Refuge (the cards that reached it since their last move after a 🆕,
their face-down cards, what they may take and what hiding scores), then one
compact line per other player. Buttons: Draw, one "Take N from the Horde" per
value, Hide, and the two places for a drawn card.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from pydantic import BaseModel

from bot.i18n import t
from cogs.render import games
from cogs.render.faces import card_emoji
from cogs.render.games import Field, Tone
from cogs.render.pairs import faces_marking_new
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
    last = _last_round(view, names, lang)
    if last is not None:
        lines.append(last)
    return "\n".join(lines)


def _last_round(view: ZombiePerspective, names: Sequence[str], lang: str) -> str | None:
    """What the players who hid scored in the round just finished."""
    if view.last_round is None:
        return None
    gains = ", ".join(
        f"{display_name(names[seat])} +{gained}"
        for seat, gained in enumerate(view.last_round.gained)
        if seat in view.last_round.hid
    )
    return t(lang, "zombie.table.last_round", gains=gains or "—")


def decision_text(view: ZombiePerspective, lang: str) -> str | None:
    """What the viewer must decide now, in the second person (None when nothing)."""
    if view.viewer is None or view.viewer not in view.to_act or view.finished:
        return None
    if view.pending is not None:
        return t(lang, "zombie.decision.place", card=card_face(view.pending))
    if view.last_in_play:
        return t(lang, "zombie.decision.last")
    return t(lang, "zombie.decision.turn_take" if view.takeable else "zombie.decision.turn")


def _you_can(view: ZombiePerspective, own: SeatView, lang: str) -> list[str]:
    """What the viewer may take and what hiding would score, during their turn (the decision says the rest)."""
    if view.finished:
        return []
    if own.status != "in_play" or own.withdrawn:
        return [t(lang, "zombie.hand.out")]
    if view.viewer not in view.to_act or view.pending is not None:
        return []
    lines = []
    if view.takeable:
        lines.append(t(lang, "zombie.hand.can_take", cards=card_faces(view.takeable)))
    if "hide" in view.legal:
        score = len(own.refuge) - view.hide_count
        lines.append(t(lang, "zombie.hand.hide_now", count=view.hide_count, score=score))
    return lines


def _own_field(view: ZombiePerspective, own: SeatView, lang: str) -> Field:
    """The viewer's Refuge (new cards marked), face-down cards, status and points, and what they may do."""
    lines = []
    if own.status != "in_play" or view.finished:
        lines.append(_status(view, own, lang))
    refuge = [] if own.withdrawn else [t(lang, "zombie.table.refuge", cards=faces_marking_new(own.refuge, view.fresh))]
    if own.face_down_cards:
        refuge.append(t(lang, "zombie.hand.face_down", cards=card_faces(own.face_down_cards)))
    refuge.append(t(lang, "zombie.table.points", points=own.points, target=view.target))
    lines.append(" · ".join(refuge))
    lines += _you_can(view, own, lang)
    return Field(name=t(lang, "zombie.hand.yours"), value="\n".join(lines))


def _other_line(view: ZombiePerspective, seat: SeatView, names: Sequence[str], lang: str) -> str:
    parts = [
        _status(view, seat, lang),
        _refuge(seat, lang),
        t(lang, "zombie.table.points", points=seat.points, target=view.target),
    ]
    return t(lang, "format.label_value", label=_seat_name(view, seat, names), value=" · ".join(parts))


def _table_field(view: ZombiePerspective, names: Sequence[str], lang: str) -> Field:
    """The table in a few lines: round and deck, the Horde, a drawn card waiting, then each other player."""
    head = [t(lang, "zombie.table.round", round=view.round, target=view.target)]
    head.append(t(lang, "zombie.table.deck", deck=view.deck_count, discard=view.discard_count))
    lines = [" · ".join(head)]
    if not view.finished:
        lines.append(t(lang, "zombie.table.horde", cards=card_faces(view.horde)))
        if view.pending is not None and view.to_move != view.viewer:
            lines.append(
                t(lang, "zombie.table.pending", name=seat_name(names, view.to_move), card=card_face(view.pending))
            )
    lines += [
        _other_line(view, seat, names, lang) for seat in view.seats if seat.seat != view.viewer and not seat.withdrawn
    ]
    last = _last_round(view, names, lang)
    if last is not None:
        lines.append(last)
    return Field(name=t(lang, "zombie.table.summary"), value="\n".join(lines))


class ZombieRenderer:
    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, ZombiePerspective)
        fields = [Field(name=t(lang, "zombie.table.summary"), value=_summary(view, names, lang))]
        fields += [
            Field(_seat_name(view, seat, names), _seat_value(view, seat, lang), inline=True) for seat in view.seats
        ]
        return fields

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        """The viewer's own Refuge first, then the table in a few lines."""
        assert isinstance(view, ZombiePerspective)
        fields = []
        if view.viewer is not None and 0 <= view.viewer < len(view.seats):
            fields.append(_own_field(view, view.seats[view.viewer], lang))
        fields.append(_table_field(view, names, lang))
        return fields

    def seat_lines(self, view: Perspective, names: Sequence[str], lang: str) -> list[str]:
        """A seat's private part in a replay: its face-down Refuge cards (the table shows only how many)."""
        if not isinstance(view, ZombiePerspective) or view.viewer is None or not 0 <= view.viewer < len(view.seats):
            return []
        hidden = view.seats[view.viewer].face_down_cards
        return [t(lang, "replay_seat.face_down", cards=card_faces(hidden))] if hidden else []

    def decision(self, view: Perspective, names: Sequence[str], lang: str) -> str | None:
        return decision_text(view, lang) if isinstance(view, ZombiePerspective) else None

    def action_tone(self, game: str, action: BaseModel, view: Perspective) -> Tone:
        """Every Zombie Life move is an ordinary choice: none costs its player for sure (a draw that surely
        overruns them is reported by the engine, and so shown in red)."""
        return "choice"

    def action_emoji(
        self, game: str, action: BaseModel, view: Perspective, lang: str
    ) -> discord.PartialEmoji | str | None:
        """The card's picture on "Take 7 from the Horde", when the bot has card emojis."""
        card = getattr(action, "card", None)
        return card_emoji(game, str(card), lang) if isinstance(card, int) else None

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
