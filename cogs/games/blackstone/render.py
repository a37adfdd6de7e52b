"""Blackstone on Discord: the middle, everyone's black stone, ante, chips and status; the pot and the minimum take.
The middle shows three or more white stones of a value as one stone and their count, so its line stays short.

A hand starts with the decision (take at least N cards, or pass and pay; between hands, play on or stop), then
the player's own chips, ante and black stone, then the table in a few lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.i18n import list_of, t
from cogs.games.blackstone.deck import stone_face
from cogs.render.base import GameRenderer
from cogs.render.fields import continued_fields, own_seat, seat_grid, seat_line
from cogs.render.games import Field, Tone
from cogs.render.text import display_name, seat_name
from engines.blackstone import BlackstoneAction, BlackstonePerspective, NextHand, Pass, SeatView, Take

BLACK_STONE = 10  # Blackstone's black stones are the Pairs deck's 10s
COUNTED_FROM = 3  # this many white stones of a value or more show as one stone and their count ("`7`×4")


def _stones(middle: Sequence[int], lang: str) -> str:
    """The white stones in the middle, lowest first: one or two of a value as they are, more as one stone and
    their count, so that the middle's line stays short (at most two faces per value) however many lie there."""
    shown = []
    for card, count in sorted(Counter(middle).items()):
        if count >= COUNTED_FROM:
            shown.append(t(lang, "blackstone.table.stones_of", stone=stone_face(card), count=count))
        else:
            shown += [stone_face(card)] * count
    return " ".join(shown)


def _last_hand(view: BlackstonePerspective, names: Sequence[str], lang: str) -> str | None:
    if not view.history:
        return None
    record = view.history[-1]
    seats = list_of(lang, [seat_name(names, seat) for seat in record.winners])
    count = len(record.winners)
    if record.loser is None:
        return t(lang, "blackstone.table.last_hand", seats=seats, won=record.won, count=count)
    loser = seat_name(names, record.loser)
    return t(lang, "blackstone.table.last_hand_loser", loser=loser, seats=seats, won=record.won, count=count)


def _summary(view: BlackstonePerspective, names: Sequence[str], lang: str) -> list[str]:
    lines = [t(lang, "blackstone.table.hand", hand=view.hand, hands=view.hands)]
    if view.finished and view.phase != "over":  # stopped before its end: no turn, no vote under way
        lines.append(t(lang, "blackstone.table.over"))
    elif view.phase == "play" and view.to_move is not None:
        lines.append(t(lang, "blackstone.table.turn", seat=seat_name(names, view.to_move)))
    elif view.phase == "decide":
        deciders = [seat for seat in view.seats if seat.decided or seat.seat in view.to_act]
        decided = sum(1 for seat in deciders if seat.decided)
        lines.append(t(lang, "blackstone.table.deciding", decided=decided, total=len(deciders)))
    else:
        lines.append(t(lang, "blackstone.table.over"))
    if view.phase == "over":
        lines.append(t(lang, "blackstone.table.unclaimed", pot=view.unclaimed_pot))
    else:
        lines.append(t(lang, "blackstone.table.pot", pot=view.pot))
    lines.append(t(lang, "blackstone.table.middle", count=len(view.middle), stones=_stones(view.middle, lang)))
    if view.phase == "play":
        lines.append(t(lang, "blackstone.table.fines", pass_fine=view.pass_fine, loss_fine=view.loss_fine))
        if view.last_taker is None:
            lines.append(t(lang, "blackstone.table.min_take", min=view.min_take))
        else:
            lines.append(
                t(lang, "blackstone.table.last_take", min=view.min_take, seat=seat_name(names, view.last_taker))
            )
        lines.append(t(lang, "blackstone.table.deck", deck=view.deck_count, blacks=view.deck_blacks))
    else:
        last = _last_hand(view, names, lang)
        if last is not None:
            lines.append(last)
    return lines


def _black(seat: SeatView, lang: str) -> str:
    if seat.black_stones >= 2:
        return t(lang, "blackstone.table.blacks", stone=stone_face(BLACK_STONE))
    if seat.black_stones == 1:
        return t(lang, "blackstone.table.black", stone=stone_face(BLACK_STONE))
    return t(lang, "blackstone.table.no_black")


def _status(view: BlackstonePerspective, seat: SeatView, lang: str) -> str:
    if view.phase == "decide" and seat.status not in ("out", "left"):
        if seat.decided:
            return t(lang, "blackstone.table.decided")
        if seat.seat in view.to_act:
            return t(lang, "blackstone.table.undecided")
    return t(lang, f"blackstone.table.status.{seat.status}")


def _seat_parts(view: BlackstonePerspective, seat: SeatView, lang: str) -> list[str]:
    """A seat's chips and ante, black stone and status: its field's lines, or its line's parts in a hand."""
    return [
        t(lang, "blackstone.table.chips", chips=seat.chips, ante=seat.ante),
        _black(seat, lang),
        _status(view, seat, lang),
    ]


def _seat_value(view: BlackstonePerspective, seat: SeatView, lang: str) -> str:
    return "\n".join(_seat_parts(view, seat, lang))


def _seat_name(view: BlackstonePerspective, seat: SeatView, names: Sequence[str]) -> str:
    marker = "▶️ " if view.to_move == seat.seat or (view.phase == "decide" and seat.seat in view.to_act) else ""
    return marker + display_name(names[seat.seat])


def decision_text(view: BlackstonePerspective, lang: str) -> str | None:
    """What the viewer must decide now, in the second person (None when nothing)."""
    if view.viewer is None or view.viewer not in view.to_act:
        return None
    if view.phase == "decide":
        return t(lang, "blackstone.decision.vote")
    if view.phase != "play":
        return None
    if "take" not in view.legal:
        return t(lang, "blackstone.decision.must_pass", fine=view.pass_fine)
    return t(lang, "blackstone.decision.play", min=view.min_take, fine=view.pass_fine)


def _own_fields(view: BlackstonePerspective, own: SeatView, lang: str) -> list[Field]:
    """The viewer's chips, ante, black stone and status, and their secret choice between hands."""
    lines = _seat_parts(view, own, lang)
    if view.my_choice is not None:
        lines.append(t(lang, f"blackstone.table.your_choice.{view.my_choice}"))
    return continued_fields(t(lang, "blackstone.table.yours"), lines)


def _table_fields(view: BlackstonePerspective, names: Sequence[str], lang: str) -> list[Field]:
    """The table in a few lines: the hand and pot, the middle, the prices and the minimum take (or the last
    hand), then each other player on one line (continued in another field when seven long names do not fit
    one)."""
    pot = (
        t(lang, "blackstone.table.unclaimed", pot=view.unclaimed_pot)
        if view.phase == "over"
        else t(lang, "blackstone.table.pot", pot=view.pot)
    )
    lines = [" · ".join([t(lang, "blackstone.table.hand", hand=view.hand, hands=view.hands), pot])]
    lines.append(t(lang, "blackstone.table.middle", count=len(view.middle), stones=_stones(view.middle, lang)))
    if view.phase == "play":
        lines.append(t(lang, "blackstone.table.fines", pass_fine=view.pass_fine, loss_fine=view.loss_fine))
        take = (
            t(lang, "blackstone.table.min_take", min=view.min_take)
            if view.last_taker is None
            else t(lang, "blackstone.table.last_take", min=view.min_take, seat=seat_name(names, view.last_taker))
        )
        lines.append(
            " · ".join([take, t(lang, "blackstone.table.deck", deck=view.deck_count, blacks=view.deck_blacks)])
        )
    else:
        last = _last_hand(view, names, lang)
        if last is not None:
            lines.append(last)
    lines += [
        seat_line(lang, _seat_name(view, seat, names), _seat_parts(view, seat, lang))
        for seat in view.seats
        if seat.seat != view.viewer and seat.status != "left"
    ]
    return continued_fields(t(lang, "blackstone.table.summary"), lines)


class BlackstoneRenderer(GameRenderer[BlackstonePerspective, BlackstoneAction]):
    def table_fields(self, view: BlackstonePerspective, names: Sequence[str], lang: str) -> list[Field]:
        return seat_grid(
            t(lang, "blackstone.table.summary"),
            _summary(view, names, lang),
            view.seats,
            lambda seat: _seat_name(view, seat, names),
            lambda seat: _seat_value(view, seat, lang),
        )

    def hand_fields(self, view: BlackstonePerspective, names: Sequence[str], lang: str) -> list[Field]:
        """The viewer's own chips, ante and stone first, then the table in a few lines."""
        own = own_seat(view)
        fields = _own_fields(view, own, lang) if own is not None else []
        return fields + _table_fields(view, names, lang)

    def seat_lines(self, view: BlackstonePerspective, names: Sequence[str], lang: str) -> list[str]:
        """A seat's private part in a replay: its vote between hands while the others still decide (every stone
        is face up; the table shows only who has decided)."""
        if view.my_choice is None or view.phase != "decide":
            return []
        return [t(lang, "replay_seat.vote.next" if view.my_choice == "next_hand" else "replay_seat.vote.stop")]

    def decision(self, view: BlackstonePerspective, names: Sequence[str], lang: str) -> str | None:
        return decision_text(view, lang)

    def action_tone(self, action: BlackstoneAction, view: BlackstonePerspective) -> Tone:
        """Passing costs your ante and the pass fine (danger); "Take N" are choices (red only when the engine
        reports a take that surely brings a second black stone); another hand is the usual vote (expected)."""
        match action:
            case Pass():
                return "danger"
            case NextHand():
                return "expected"
            case _:
                return "choice"

    def action_label(
        self, action: BlackstoneAction, view: BlackstonePerspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        match action:
            case Pass():
                return t(lang, "blackstone.action.pass", fine=view.pass_fine)
            case Take():
                return t(lang, "blackstone.action.take", count=action.count)
            case _:
                return t(lang, f"blackstone.action.{action.kind}")
