"""Whether the slash commands Discord has registered are the bot's own.

Discord keeps each registered command as the bot sent it plus what it fills in
itself (ids, a version, defaults). Registration is needed when the two sets
differ: a command missing on either side, or a field the bot sends whose value
Discord does not hold. A field the bot sends empty (false, none, an empty list
or mapping) matches the same field absent or empty in Discord's copy, and
numbers match the strings Discord stores them as (permissions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

CHAT_INPUT = 1  # Discord's default command type


def same_commands(ours: Sequence[Mapping[str, Any]], registered: Sequence[Mapping[str, Any]]) -> bool:
    """True when `registered` (as Discord lists them) holds exactly the commands `ours` describes."""
    mine = {_key(command): command for command in ours}
    theirs = {_key(command): command for command in registered}
    return mine.keys() == theirs.keys() and all(_holds(theirs[key], command) for key, command in mine.items())


def _key(command: Mapping[str, Any]) -> tuple[int, str]:
    return int(command.get("type") or CHAT_INPUT), str(command.get("name"))


def _empty(value: Any) -> bool:
    return value is None or value is False or value == [] or value == {} or value == ""


def _holds(theirs: Any, ours: Any) -> bool:
    """Whether Discord's `theirs` holds every non-empty value of `ours`."""
    if _empty(ours):
        return _empty(theirs)
    if isinstance(ours, Mapping):
        return isinstance(theirs, Mapping) and all(_holds(theirs.get(field), value) for field, value in ours.items())
    if isinstance(ours, list):
        return isinstance(theirs, list) and len(theirs) == len(ours) and all(map(_holds, theirs, ours))
    if isinstance(ours, int) and not isinstance(ours, bool) and isinstance(theirs, str):
        return theirs == str(ours)
    return bool(theirs == ours)
