"""Blackstone on Discord: the middle, everyone's black stone, ante, chips and status; the pot and the minimum take."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from bot.i18n import t
from cogs.render import games
from cogs.render.games import Field
from cogs.render.text import display_name, seat_name
from engines.blackstone import BlackstonePerspective, SeatView
from engines.core import Perspective


def _stones(middle: Sequence[int]) -> str:
    return f"`{' '.join(str(card) for card in sorted(middle))}`" if middle else ""


def _last_hand(view: BlackstonePerspective, names: Sequence[str], lang: str) -> str | None:
    if not view.history:
        return None
    record = view.history[-1]
    seats = ", ".join(seat_name(names, seat) for seat in record.winners)
    if record.loser is None:
        return t(lang, "blackstone.table.last_hand", seats=seats, won=record.won)
    return t(
        lang, "blackstone.table.last_hand_loser", loser=seat_name(names, record.loser), seats=seats, won=record.won
    )


def _summary(view: BlackstonePerspective, names: Sequence[str], lang: str) -> str:
    lines = [t(lang, "blackstone.table.hand", hand=view.hand, hands=view.hands)]
    if view.phase == "play" and view.to_move is not None:
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
    lines.append(t(lang, "blackstone.table.middle", count=len(view.middle), stones=_stones(view.middle)))
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
    return "\n".join(lines)


def _black(seat: SeatView, lang: str) -> str:
    if seat.black_stones >= 2:
        return t(lang, "blackstone.table.blacks")
    if seat.black_stones == 1:
        return t(lang, "blackstone.table.black")
    return t(lang, "blackstone.table.no_black")


def _status(view: BlackstonePerspective, seat: SeatView, lang: str) -> str:
    if view.phase == "decide" and seat.status not in ("out", "left"):
        if seat.decided:
            return t(lang, "blackstone.table.decided")
        if seat.seat in view.to_act:
            return t(lang, "blackstone.table.undecided")
    return t(lang, f"blackstone.table.status.{seat.status}")


def _seat_value(view: BlackstonePerspective, seat: SeatView, lang: str) -> str:
    return "\n".join(
        [
            t(lang, "blackstone.table.chips", chips=seat.chips, ante=seat.ante),
            _black(seat, lang),
            _status(view, seat, lang),
        ]
    )


def _seat_name(view: BlackstonePerspective, seat: SeatView, names: Sequence[str]) -> str:
    marker = "▶️ " if view.to_move == seat.seat or (view.phase == "decide" and seat.seat in view.to_act) else ""
    return marker + display_name(names[seat.seat])


class BlackstoneRenderer:
    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, BlackstonePerspective)
        fields = [Field(name=t(lang, "blackstone.table.summary"), value=_summary(view, names, lang))]
        fields += [
            Field(_seat_name(view, seat, names), _seat_value(view, seat, lang), inline=True) for seat in view.seats
        ]
        return fields

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, BlackstonePerspective)
        fields = [Field(name=t(lang, "blackstone.table.summary"), value=_summary(view, names, lang))]
        if view.viewer is not None:
            own = view.seats[view.viewer]
            value = _seat_value(view, own, lang)
            if view.my_choice is not None:
                value += "\n" + t(lang, f"blackstone.table.your_choice.{view.my_choice}")
            fields.append(Field(name=t(lang, "blackstone.table.yours"), value=value))
        others = [
            f"{_seat_name(view, seat, names)}: {_seat_value(view, seat, lang).replace(chr(10), ' · ')}"
            for seat in view.seats
            if seat.seat != view.viewer and seat.status != "left"
        ]
        if others:
            fields.append(Field(name=t(lang, "blackstone.table.others"), value="\n".join(others)))
        return fields

    def action_label(
        self, game: str, action: BaseModel, view: Perspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        kind = getattr(action, "kind", "")
        if kind == "pass" and isinstance(view, BlackstonePerspective):
            return t(lang, "blackstone.action.pass", fine=view.pass_fine)
        if kind == "take":
            return t(lang, "blackstone.action.take", count=getattr(action, "count", 0))
        return t(lang, f"blackstone.action.{kind}")


games.register("blackstone", BlackstoneRenderer())
