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

from bot.i18n import t
from cogs.render.base import GameRenderer
from cogs.render.faces import card_emoji
from cogs.render.fields import continued_fields, marking_new, own_seat, seat_grid, seat_line
from cogs.render.games import Field, Tone
from cogs.render.text import card_face, card_faces, display_name, seat_name
from engines.zombie import Place, SeatView, Take, ZombieAction, ZombiePerspective


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


def _summary(view: ZombiePerspective, names: Sequence[str], lang: str) -> list[str]:
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
    return lines


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


def _own_fields(view: ZombiePerspective, own: SeatView, lang: str) -> list[Field]:
    """The viewer's Refuge (new cards marked), face-down cards, status and points, and what they may do."""
    lines = []
    if own.status != "in_play" or view.finished:
        lines.append(_status(view, own, lang))
    refuge = (
        [] if own.withdrawn else [t(lang, "zombie.table.refuge", cards=marking_new(own.refuge, view.fresh, card_faces))]
    )
    if own.face_down_cards:
        refuge.append(t(lang, "zombie.hand.face_down", cards=card_faces(own.face_down_cards)))
    refuge.append(t(lang, "zombie.table.points", points=own.points, target=view.target))
    lines.append(" · ".join(refuge))
    lines += _you_can(view, own, lang)
    return continued_fields(t(lang, "zombie.hand.yours"), lines)


def _other_line(view: ZombiePerspective, seat: SeatView, names: Sequence[str], lang: str) -> str:
    parts = [
        _status(view, seat, lang),
        _refuge(seat, lang),
        t(lang, "zombie.table.points", points=seat.points, target=view.target),
    ]
    return seat_line(lang, _seat_name(view, seat, names), parts)


def _table_fields(view: ZombiePerspective, names: Sequence[str], lang: str) -> list[Field]:
    """The table in a few lines: round and deck, the Horde, a drawn card waiting, then each other player (continued
    in another field when seven long names do not fit one)."""
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
    return continued_fields(t(lang, "zombie.table.summary"), lines)


class ZombieRenderer(GameRenderer[ZombiePerspective, ZombieAction]):
    def table_fields(self, view: ZombiePerspective, names: Sequence[str], lang: str) -> list[Field]:
        return seat_grid(
            t(lang, "zombie.table.summary"),
            _summary(view, names, lang),
            view.seats,
            lambda seat: _seat_name(view, seat, names),
            lambda seat: _seat_value(view, seat, lang),
        )

    def hand_fields(self, view: ZombiePerspective, names: Sequence[str], lang: str) -> list[Field]:
        """The viewer's own Refuge first, then the table in a few lines."""
        own = own_seat(view)
        fields = _own_fields(view, own, lang) if own is not None else []
        return fields + _table_fields(view, names, lang)

    def seat_lines(self, view: ZombiePerspective, names: Sequence[str], lang: str) -> list[str]:
        """A seat's private part in a replay: its face-down Refuge cards (the table shows only how many)."""
        own = own_seat(view)
        if own is None:
            return []
        return [t(lang, "replay_seat.face_down", cards=card_faces(own.face_down_cards))] if own.face_down_cards else []

    def decision(self, view: ZombiePerspective, names: Sequence[str], lang: str) -> str | None:
        return decision_text(view, lang)

    def action_tone(self, action: ZombieAction, view: ZombiePerspective) -> Tone:
        """Every Zombie Life move is an ordinary choice: none costs its player for sure (a draw that surely
        overruns them is reported by the engine, and so shown in red)."""
        return "choice"

    def action_emoji(
        self, action: ZombieAction, view: ZombiePerspective, lang: str
    ) -> discord.PartialEmoji | str | None:
        """The card's picture on "Take 7 from the Horde", when the bot has card emojis."""
        return card_emoji(self.game, str(action.card), lang) if isinstance(action, Take) else None

    def action_label(self, action: ZombieAction, view: ZombiePerspective, lang: str, names: Sequence[str] = ()) -> str:
        match action:
            case Take():
                return t(lang, "zombie.action.take", card=action.card)
            case Place():
                return t(lang, f"zombie.action.place_{action.zone}")
            case _:
                return t(lang, f"zombie.action.{action.kind}")
