"""custom_id formats: the whole state a component needs, so it works after a restart.

Every id starts with `cr:` and stays far below Discord's 100-character limit
(the longest is `cr:a:<19 digits>:<10 digits>:<3 digits>:<8 hex>`, 48 characters).
An action button names the game, the game's version when it was rendered, the
index of the action among the player's candidate actions, and the token of that
pending decision (`Engine.decision_token`): a click from an older version still
counts when the player's own decision is unchanged (others acted meanwhile, as
in a simultaneous choice). A forged id can at most name a candidate action,
which the engine still judges.
"""

from __future__ import annotations

import re

GAME = r"(?P<game>[1-9][0-9]{0,18})"

LOBBY = re.compile(rf"cr:l:{GAME}:(?P<op>join|leave|start|cancel)")
OPTION = re.compile(rf"cr:o:{GAME}:(?P<field>[a-z_]{{1,40}})")
HAND = re.compile(rf"cr:h:{GAME}")
REFRESH = re.compile(rf"cr:r:{GAME}")
ACTION = re.compile(rf"cr:a:{GAME}:(?P<version>[0-9]{{1,10}}):(?P<index>[0-9]{{1,3}}):(?P<token>[0-9a-f]{{8}})")
LEAVE = re.compile(rf"cr:q:{GAME}")
LEAVE_CONFIRM = re.compile(rf"cr:Q:{GAME}")

ALL = (LOBBY, OPTION, HAND, REFRESH, ACTION, LEAVE, LEAVE_CONFIRM)


def lobby(game_id: int, op: str) -> str:
    return f"cr:l:{game_id}:{op}"


def option(game_id: int, field: str) -> str:
    return f"cr:o:{game_id}:{field}"


def hand(game_id: int) -> str:
    return f"cr:h:{game_id}"


def refresh(game_id: int) -> str:
    return f"cr:r:{game_id}"


def action(game_id: int, version: int, index: int, token: str) -> str:
    return f"cr:a:{game_id}:{version}:{index}:{token}"


def leave(game_id: int) -> str:
    return f"cr:q:{game_id}"


def leave_confirm(game_id: int) -> str:
    return f"cr:Q:{game_id}"


def is_known(custom_id: str) -> bool:
    """True when `custom_id` is one of ours, well formed."""
    return any(pattern.fullmatch(custom_id) for pattern in ALL)
