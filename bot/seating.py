"""Who sits at a seat: a person (a Discord user id) or a computer player (a negative id, one per level).

One id per level, whatever the computer's name at a table, so each level has
one rating and one leaderboard line of its own. No imports from the rest of the
bot: the storage and the ratings read it too.
"""

from __future__ import annotations

from typing import Final

from engines.core.computer import LEVELS, Level

COMPUTER_IDS: Final[dict[Level, int]] = {"easy": -1, "normal": -2, "hard": -3}


def is_computer(user_id: int) -> bool:
    return user_id < 0


def level_of(user_id: int) -> Level | None:
    """The level of a computer seat's user id; None for a person."""
    for level, computer_id in COMPUTER_IDS.items():
        if computer_id == user_id:
            return level
    return None


def parse_level(value: str) -> Level | None:
    """A level named in a custom id or a setting; None when it is not one."""
    for level in LEVELS:
        if level == value:
            return level
    return None
