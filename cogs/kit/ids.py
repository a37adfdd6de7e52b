"""The parts a custom_id is made of: each typed, written and read back, and bounded by its pattern.

A component's custom_id carries its whole state, so it works after a restart
(`cogs.kit.components` declares a component from its parts). Every number a
part carries is bounded by its pattern to the range of the column or list it
names, so a forged id cannot carry a number storage cannot take: a game id is
at most 2**63 - 1 (SQLite's INTEGER, PostgreSQL's BIGINT), and every other
number has a fixed most digits (a version 10, an action index 3, a page 2).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

MAX_TABLE_ID = 2**63 - 1  # the tables.id column
LIMIT = 100  # Discord's longest custom_id

T = TypeVar("T")


def up_to(limit: int) -> str:
    """A pattern for the decimal integers 1..`limit`, without leading zeros."""
    digits = str(limit)
    shorter = [rf"[1-9][0-9]{{0,{len(digits) - 2}}}"] if len(digits) > 1 else []
    same_length = [digits]
    for position, digit in enumerate(digits):
        lowest = 1 if position == 0 else 0
        if int(digit) > lowest:
            rest = len(digits) - position - 1
            same_length.append(f"{digits[:position]}[{lowest}-{int(digit) - 1}][0-9]{{{rest}}}")
    return "(?:" + "|".join(shorter + same_length) + ")"


@dataclass(frozen=True, slots=True)
class Part(Generic[T]):
    """One typed value of a custom_id: the pattern of its text (no groups), how to read it and to write it.

    `longest` is the longest value it takes (what the length tests build ids from). A `flag` is a part whose
    text is there or not: it is written as an optional `:<pattern>` suffix.
    """

    pattern: str
    read: Callable[[str], T]
    write: Callable[[T], str]
    longest: T
    flag: bool = False


def _text(value: str) -> str:
    return value


def table_id() -> Part[int]:
    """A game's id: 1..2**63 - 1, the range of the tables.id column."""
    return Part(up_to(MAX_TABLE_ID), int, str, MAX_TABLE_ID)


def number(digits: int) -> Part[int]:
    """A natural number of at most `digits` digits (a version, an index, a page, a step)."""
    return Part(f"[0-9]{{1,{digits}}}", int, str, 10**digits - 1)


def hex_token(length: int) -> Part[str]:
    """A fixed-length lowercase hexadecimal token (a decision's `Engine.decision_token`)."""
    return Part(f"[0-9a-f]{{{length}}}", _text, _text, "f" * length)


def one_of(*words: str) -> Part[str]:
    """One of a few words (a lobby button's op, a clock setting)."""
    return Part("(?:" + "|".join(re.escape(word) for word in words) + ")", _text, _text, max(words, key=len))


def text(pattern: str, longest: str) -> Part[str]:
    """A text matching `pattern` (no groups); `longest` is the longest the pattern allows."""
    return Part(pattern, _text, _text, longest)


def _present(value: str) -> bool:
    return True


def flag(word: str) -> Part[bool]:
    """A yes/no part written as `:<word>` when true and not at all when false."""
    return Part(re.escape(word), _present, lambda on: word if on else "", True, flag=True)


GAME = table_id()  # the part most components start with
