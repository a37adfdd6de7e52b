"""Hawthorn on Discord: the public table (face-up cards, chips, status, who has chosen, pot, button, lap)
and each player's secret hand with its buttons ("Start with 7", "Play 7", "Draw", "Fold (pay 3)").

A hand starts with the decision, then the player's own cards: their hand (the cards that would pair one of
theirs apart, marked ⚠️), their face-up cards (the new ones after a 🆕), their face-down cards and chips;
then one compact line per other player.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import t
from cogs.render.base import GameRenderer
from cogs.render.faces import card_emoji
from cogs.render.fields import continued_fields, marking_new, own_seat, seat_grid, seat_line
from cogs.render.games import Field, Tone
from cogs.render.text import card_faces, display_name
from engines.hawthorn import Fold, HawthornAction, HawthornPerspective, NextHand, Play, SeatView, Start

RECENT_HANDS = 3  # hand winners listed under the table


def _phase_line(view: HawthornPerspective, lang: str) -> str:
    if view.finished:  # over, or stopped before its end: no phase is under way
        return t(lang, "hawthorn.table.over")
    if view.phase == "choose":
        return t(lang, "hawthorn.table.choosing")
    if view.phase == "play":
        key = "hawthorn.table.lap_deck" if view.source == "deck" else "hawthorn.table.lap_hand"
        return t(lang, key, lap=view.lap)
    if view.phase == "vote":
        return t(lang, "hawthorn.table.voting")
    return t(lang, "hawthorn.table.over")


def _summary(view: HawthornPerspective, names: Sequence[str], lang: str) -> list[str]:
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
    return lines


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
    if view.phase == "choose" and seat.status == "in" and not view.finished:
        lines.append(t(lang, "hawthorn.table.chosen" if seat.chosen else "hawthorn.table.not_chosen"))
    if view.phase == "vote" and seat.status != "left" and seat.chips > 0 and not view.finished:
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
    return continued_fields(t(lang, "hawthorn.table.last_hands"), lines)


def decision_text(view: HawthornPerspective, lang: str) -> str | None:
    """What the viewer must decide now, in the second person (None when nothing)."""
    if view.viewer is None or view.viewer not in view.to_act:
        return None
    if view.phase == "choose":
        return t(lang, "hawthorn.decision.choose")
    if view.phase == "vote":
        return t(lang, "hawthorn.decision.vote")
    if view.phase != "play" or view.fold_cost is None:
        return None
    if view.source == "deck":
        key = "hawthorn.decision.deck"
    elif view.my_hand:
        key = "hawthorn.decision.hand"
    else:
        key = "hawthorn.decision.empty_draw" if "draw" in view.legal else "hawthorn.decision.must_fold"
    return t(lang, key, cost=view.fold_cost)


def _own_status(view: HawthornPerspective, own: SeatView, lang: str) -> str | None:
    """The viewer's own standing in the hand, when it is not simply "in"."""
    if own.status == "in":
        won = view.phase in ("vote", "over") and bool(view.history) and view.history[-1].winner == own.seat
        return t(lang, "hawthorn.hand.status.won") if won else None
    if own.status == "left":
        return None
    return t(lang, f"hawthorn.hand.status.{own.status}")


def _hand_line(view: HawthornPerspective, own: SeatView, lang: str) -> str:
    """The viewer's hand: all new after a deal; during the laps, the cards that would pair one of theirs apart."""
    if not view.my_hand:
        return t(lang, "hawthorn.hand.empty")
    if view.phase == "play" and own.status == "in" and view.pairing:
        safe = [card for card in view.my_hand if card not in view.pairing]
        pairing = [card for card in view.my_hand if card in view.pairing]
        return t(
            lang, "hawthorn.hand.cards_pairing", cards=card_faces(safe), pairing=card_faces(pairing), count=len(pairing)
        )
    cards = marking_new(view.my_hand, view.my_hand if view.new_hand else [], card_faces)
    return t(lang, "hawthorn.hand.cards", cards=cards)


def _own_fields(view: HawthornPerspective, own: SeatView, lang: str) -> list[Field]:
    """Everything the viewer has: hand, starting card, face-up and face-down cards, chips, vote."""
    lines = []
    status = _own_status(view, own, lang)
    if status:
        lines.append(status)
    lines.append(_hand_line(view, own, lang))
    if view.my_choice is not None:
        lines.append(t(lang, "hawthorn.hand.choice", card=card_faces([view.my_choice])))
    if own.face_up:
        lines.append(t(lang, "hawthorn.hand.face_up", cards=marking_new(own.face_up, view.fresh, card_faces)))
    if view.my_face_down:
        lines.append(t(lang, "hawthorn.hand.face_down", cards=card_faces(view.my_face_down)))
    lines.append(t(lang, "hawthorn.hand.chips", chips=own.chips))
    if view.my_vote is not None:
        lines.append(t(lang, f"hawthorn.hand.voted_{view.my_vote}"))
    return continued_fields(t(lang, "hawthorn.hand.your_cards"), lines)


def _other_line(view: HawthornPerspective, seat: SeatView, names: Sequence[str], lang: str) -> str:
    """Another player in one line: face-up cards, status (or whether they have chosen or voted), chips, hand."""
    parts = [card_faces(seat.face_up)] if seat.face_up else []
    if view.phase == "choose" and seat.status == "in":
        parts.append(t(lang, "hawthorn.table.chosen" if seat.chosen else "hawthorn.table.not_chosen"))
    elif view.phase == "vote" and seat.chips > 0:
        parts.append(t(lang, "hawthorn.table.voted" if seat.voted else "hawthorn.table.not_voted"))
    elif seat.status != "in" or view.phase != "play":
        parts.append(_status(view, seat, lang))
    parts.append(t(lang, "hawthorn.table.chips", chips=seat.chips, cards=seat.hand_size))
    return seat_line(lang, _seat_name(view, seat, names), parts)


def _table_fields(view: HawthornPerspective, names: Sequence[str], lang: str) -> list[Field]:
    """The table in a few lines: the hand, lap and pot; the button and deck; each other player on one line
    (continued in another field when long names do not fit one)."""
    lines = [
        " · ".join(
            [
                t(lang, "hawthorn.table.hand", hand=view.hand, hands=view.hands),
                _phase_line(view, lang),
                t(lang, "hawthorn.table.pot", pot=view.pot),
            ]
        )
    ]
    if view.phase != "over":
        table = [t(lang, "hawthorn.table.deck", deck=view.deck_count, discard=view.discard_count)]
        if view.button is not None and view.phase == "play":
            table.insert(0, t(lang, "hawthorn.table.button", name=display_name(names[view.button])))
        lines.append(" · ".join(table))
    lines += [
        _other_line(view, seat, names, lang)
        for seat in view.seats
        if seat.seat != view.viewer and seat.status != "left"
    ]
    return continued_fields(t(lang, "hawthorn.table.summary"), lines)


class HawthornRenderer(GameRenderer[HawthornPerspective, HawthornAction]):
    def table_fields(self, view: HawthornPerspective, names: Sequence[str], lang: str) -> list[Field]:
        fields = seat_grid(
            t(lang, "hawthorn.table.summary"),
            _summary(view, names, lang),
            view.seats,
            lambda seat: _seat_name(view, seat, names),
            lambda seat: _seat_value(view, seat, lang),
        )
        return fields + _history(view, names, lang)

    def hand_fields(self, view: HawthornPerspective, names: Sequence[str], lang: str) -> list[Field]:
        """The viewer's own cards first (hand, face-up, face-down), then the table in a few lines."""
        own = own_seat(view)
        fields = _own_fields(view, own, lang) if own is not None else []
        return fields + _table_fields(view, names, lang)

    def seat_lines(self, view: HawthornPerspective, names: Sequence[str], lang: str) -> list[str]:
        """A seat's private part in a replay: its hand, its secret starting card, its face-down cards and its
        pending vote (the table shows only their numbers, and who has chosen or voted)."""
        if view.viewer is None:
            return []
        lines = []
        if view.my_hand:
            lines.append(t(lang, "replay_seat.hand", cards=card_faces(view.my_hand)))
        if view.my_choice is not None:
            lines.append(t(lang, "replay_seat.starting_card", card=card_faces([view.my_choice])))
        if view.my_face_down:
            lines.append(t(lang, "replay_seat.face_down", cards=card_faces(view.my_face_down)))
        if view.my_vote is not None and view.phase == "vote":
            lines.append(t(lang, f"replay_seat.vote.{view.my_vote}"))
        return lines

    def decision(self, view: HawthornPerspective, names: Sequence[str], lang: str) -> str | None:
        return decision_text(view, lang)

    def action_tone(self, action: HawthornAction, view: HawthornPerspective) -> Tone:
        """Folding costs chips (danger); another hand is the usual vote (expected); the rest are choices.

        A card that pairs one of yours is red too: the engine reports what it costs (`consequence`).
        """
        match action:
            case Fold():
                return "danger"
            case NextHand():
                return "expected"
            case _:
                return "choice"

    def action_emoji(
        self, action: HawthornAction, view: HawthornPerspective, lang: str
    ) -> discord.PartialEmoji | str | None:
        """The card's picture on "Start with 7" and "Play 7", when the bot has card emojis."""
        if isinstance(action, Start | Play):
            return card_emoji(self.game, str(action.card), lang)
        return None

    def action_label(
        self, action: HawthornAction, view: HawthornPerspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        if isinstance(action, Start | Play):
            return t(lang, f"hawthorn.action.{action.kind}", card=action.card)
        if isinstance(action, Fold) and view.fold_cost is not None:
            return t(lang, "hawthorn.action.fold_cost", cost=view.fold_cost)
        return t(lang, f"hawthorn.action.{action.kind}")
