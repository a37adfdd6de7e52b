"""Embed fields for any game: long lists packed into as many fields as they need, and the seat grid.

`continued_fields` spreads a list of lines (a table summary, a list of players) over as many fields as Discord's
limit of a field's value asks, nothing cut or dropped, each field after the first under the blank `CONTINUED`
name. The seat grid is the usual public table: a summary, then one inline field per seat (`seat_grid`); a hand
shows each other player on one line instead (`seat_line`), the viewer's own seat first (`own_seat`), the cards
that reached them since their last move apart after a 🆕 (`marking_new`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

from bot.i18n import t
from cogs.render.base import Field
from cogs.render.limits import FIELD_VALUE

CONTINUED = "\u200b"  # the (blank) name of a field that continues the one before it
NEW_MARK = "🆕"  # before the cards that reached a player since their own last move

CardT = TypeVar("CardT")
SeatT = TypeVar("SeatT")
SeatT_co = TypeVar("SeatT_co", covariant=True)


class Seated(Protocol[SeatT_co]):
    """A perspective with seats: whose it is (None for a spectator) and every seat's public part."""

    @property
    def viewer(self) -> int | None: ...

    @property
    def seats(self) -> Sequence[SeatT_co]: ...


def _pieces(line: str, limit: int) -> list[str]:
    """A line too long for one field, in pieces of at most `limit` characters cut at its spaces (never inside a
    card's emoji, which has none); only a single word longer than `limit` is cut inside."""
    pieces: list[str] = []
    current = ""
    for word in line.split(" "):
        while len(word) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(word[:limit])
            word = word[limit:]
        candidate = f"{current} {word}" if current else word
        if len(candidate) > limit:
            pieces.append(current)
            current = word
        else:
            current = candidate
    if current:
        pieces.append(current)
    return pieces


def chunk_lines(lines: Sequence[str], limit: int = FIELD_VALUE) -> list[str]:
    """`lines` packed in order into as few values of at most `limit` characters as they need (a line too long
    for one value is cut at its spaces); nothing dropped; no value for no lines."""
    values: list[str] = []
    current = ""
    for raw in lines:
        for line in _pieces(raw, limit) if len(raw) > limit else [raw]:
            candidate = f"{current}\n{line}" if current else line
            if current and len(candidate) > limit:
                values.append(current)
                current = line
            else:
                current = candidate
    if current:
        values.append(current)
    return values


def continued_fields(name: str, lines: Sequence[str], limit: int = FIELD_VALUE) -> list[Field]:
    """`lines` under `name`, in as many fields as they need, each within Discord's limit of a field's value: whole
    lines packed in order, the next field continuing under a blank name. Nothing is cut or dropped; a dash for no
    lines. (Every list of players goes through it: eight 32-character names do not fit one field.)"""
    values = chunk_lines(lines, limit) or ["—"]
    return [Field(name=name if index == 0 else CONTINUED, value=value) for index, value in enumerate(values)]


def seat_fields(seats: Iterable[SeatT], title: Callable[[SeatT], str], value: Callable[[SeatT], str]) -> list[Field]:
    """One inline field per seat, in order: its `title` (the player's name and markers) over its `value`."""
    return [Field(title(seat), value(seat), inline=True) for seat in seats]


def seat_grid(
    name: str,
    summary: Sequence[str],
    seats: Iterable[SeatT],
    title: Callable[[SeatT], str],
    value: Callable[[SeatT], str],
) -> list[Field]:
    """The public table: the `summary` lines under `name` (continued as needed), then one inline field per seat."""
    return continued_fields(name, summary) + seat_fields(seats, title, value)


def seat_line(lang: str, label: str, parts: Sequence[str]) -> str:
    """A player on one line of a hand's table summary: "Name: part · part · part"."""
    return t(lang, "format.label_value", label=label, value=" · ".join(parts))


def own_seat(view: Seated[SeatT]) -> SeatT | None:
    """The viewer's own seat, or None for a spectator (or a viewer without a seat)."""
    if view.viewer is None or not 0 <= view.viewer < len(view.seats):
        return None
    return view.seats[view.viewer]


def marking_new(
    cards: Iterable[CardT], fresh: Counter[CardT] | Iterable[CardT], show: Callable[[Sequence[CardT]], str]
) -> str:
    """`cards` (in the order given) shown by `show`, those in `fresh` (a multiset) apart after a 🆕: "`3` `5` 🆕
    `7`"; a dash for none. A `Counter` given as `fresh` is consumed (to share it between several groups of cards);
    any other iterable is counted afresh. The mark is structural (its own group), not bold: bold does not show on
    a card emoji."""
    left = fresh if isinstance(fresh, Counter) else Counter(fresh)
    old: list[CardT] = []
    new: list[CardT] = []
    for card in cards:
        if left[card] > 0:
            left[card] -= 1
            new.append(card)
        else:
            old.append(card)
    groups = [show(old)] if old else []
    if new:
        groups.append(f"{NEW_MARK} {show(new)}")
    return " ".join(groups) or "—"
