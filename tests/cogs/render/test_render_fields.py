"""`cogs.render.fields`: lines spread over as many fields as they need, the seat grid, the cards marked new."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cogs.render import limits
from cogs.render.fields import (
    CONTINUED,
    NEW_MARK,
    continued_fields,
    marking_new,
    own_seat,
    seat_grid,
    seat_line,
)
from cogs.render.games import Field


def test_continued_fields_spread_whole_lines_over_as_many_fields_as_they_need() -> None:
    rows = [f"{index:02} " + "x" * 296 for index in range(10)]  # ten lines of 299 characters: three to a field
    fields = continued_fields("Table", rows)
    assert [field.name for field in fields] == ["Table", CONTINUED, CONTINUED, CONTINUED]
    assert [field.value.split("\n") for field in fields] == [rows[0:3], rows[3:6], rows[6:9], rows[9:]]
    assert continued_fields("Table", ["a", "b"]) == [Field("Table", "a\nb")]
    assert continued_fields("Table", []) == [Field("Table", "—")]


def test_a_line_too_long_for_one_field_is_split_at_its_spaces() -> None:
    face = "<:white_stone_9:1300000000000000086>"
    line = " ".join([face] * 40)  # 1,479 characters, no room in one field
    values = [field.value for field in continued_fields("Middle", [line])]
    assert len(values) == 2 and all(len(value) <= limits.FIELD_VALUE for value in values)
    assert " ".join(values) == line  # cut between two faces, never inside one


def test_the_seat_grid_is_the_summary_then_one_inline_field_per_seat() -> None:
    fields = seat_grid("Table", ["Round 1"], [0, 1], lambda seat: f"P{seat}", lambda seat: f"{seat} chips")
    assert fields == [
        Field("Table", "Round 1"),
        Field("P0", "0 chips", inline=True),
        Field("P1", "1 chips", inline=True),
    ]
    assert seat_line("en", "Ann", ["`3`", "2 chips"]) == "Ann: `3` · 2 chips"


class _View:
    def __init__(self, viewer: int | None, seats: list[str]) -> None:
        self.viewer = viewer
        self.seats = seats


def test_own_seat_is_the_viewers_or_none() -> None:
    assert own_seat(_View(1, ["a", "b"])) == "b"
    assert own_seat(_View(None, ["a", "b"])) is None
    assert own_seat(_View(2, ["a", "b"])) is None


def test_marking_new_puts_the_fresh_cards_apart() -> None:
    def show(cards: Sequence[int]) -> str:
        return " ".join(f"`{card}`" for card in cards)

    assert marking_new([3, 5, 7], [7], show) == f"`3` `5` {NEW_MARK} `7`"
    assert marking_new([7, 7], [7], show) == f"`7` {NEW_MARK} `7`"
    assert marking_new([], [], show) == "—"
    shared = Counter([2])
    assert marking_new([2], shared, show) == f"{NEW_MARK} `2`"
    assert marking_new([2], shared, show) == "`2`"  # a Counter is consumed: the 2 was new once
