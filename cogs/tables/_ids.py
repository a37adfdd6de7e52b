"""custom_id formats: the whole state a component needs, so it works after a restart.

Every id starts with `cr:` and stays within Discord's 100-character limit.
An action button names the game, the game's version when it was rendered, the
index of the action among the player's candidate actions, and the token of that
pending decision (`Engine.decision_token`): a click from an older version still
counts when the player's own decision is unchanged (others acted meanwhile, as
in a simultaneous choice). A forged id can at most name a candidate action,
which the engine still judges.

The card picker (`cogs.tables._picker`) pins its components the same way
(version and token) and carries the player's draft, the cards chosen so far,
in the id itself, so a half-made choice survives a restart with no server memory:

* `cr:p:<game>:<version>:<token>:<page>:<select>:<draft>` a select menu of cards,
* `cr:P:<game>:<version>:<token>:<draft>` confirm the draft,
* `cr:n:<game>:<version>:<token>:<page>:<draft>` show a page (the arrows; Clear is
  the current page with an empty draft).

The table's clock: `cr:l:<game>:clock` opens the lobby's clock settings for the
host, `cr:c:<game>:<pace|timeouts|auto>` is one of its selects (`auto`: who plays a
move whose time ran out), and
`cr:z:<game>:<pause|resume>` pauses or resumes a running table.

The lobby's other settings: `cr:l:<game>:options` opens the host's private table
options, whose selects are `cr:o:<game>:<field>` (one per game option) and
`cr:L:<game>` (the table's language); `cr:l:<game>:computers` opens the host's
computer seats, whose selects are `cr:k:<game>:add` (a level) and
`cr:k:<game>:remove` (a computer's seat). `cr:R:<game>` on a finished table opens a
rematch, and `cr:T:<name>` (under the refusal of a /play in a busy channel)
opens a table of the game registered as `name` in a new thread of the channel.

Replays of finished games (`cogs.history`): `cr:y:<game>` under `/history` opens
one privately; under a replay, `cr:Y:<game>:<step>:<control>` shows that step
in place (the control letter keeps two buttons leading to one step apart), and
`cr:Y:<game>:<step>:j` is the "jump to" menu of the replay showing that step.

A draft is card ids in the pick's order joined by `.`, a run of equal ids
written once with a count (`KS*2.9D`). It holds at most `DRAFT_CARDS` cards and
`DRAFT_CHARS` characters, so the longest id (a select with a 19-digit game, a
10-digit version and a 2-digit page) is 98 characters.

Every number in an id is bounded by its pattern to the range of the column or
list it names, so a forged id cannot carry a number storage cannot take: a game
id is at most 2**63 - 1 (SQLite's INTEGER, PostgreSQL's BIGINT), a version has
at most 10 digits, an action index 3, a page 2.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

MAX_GAME_ID = 2**63 - 1  # the games.id column


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


GAME = rf"(?P<game>{up_to(MAX_GAME_ID)})"
VERSION = r"(?P<version>[0-9]{1,10})"
TOKEN = r"(?P<token>[0-9a-f]{8})"
PAGE = r"(?P<page>[0-9]{1,2})"
REPLAY_CONTROLS = "fbpnal"  # a replay's ⏮ −10 ◀ ▶ +10 ⏭ buttons (`replay_step`)

DRAFT_CARDS = 8  # the most cards a draft holds (a pick asks for at most this many)
DRAFT_CHARS = 48  # so that every picker id stays within 100 characters
CARD = r"[A-Za-z0-9_+\-]{1,16}"  # the card ids a picker can carry
DRAFT = rf"(?P<draft>[A-Za-z0-9_+\-.*]{{0,{DRAFT_CHARS}}})"

LOBBY = re.compile(rf"cr:l:{GAME}:(?P<op>join|leave|start|cancel|clock|options|computers)")
OPTION = re.compile(rf"cr:o:{GAME}:(?P<field>[a-z_]{{1,40}})")
HAND = re.compile(rf"cr:h:{GAME}")
REFRESH = re.compile(rf"cr:r:{GAME}")
ACTION = re.compile(rf"cr:a:{GAME}:{VERSION}:(?P<index>[0-9]{{1,3}}):{TOKEN}(?P<confirmed>:y)?")
LEAVE = re.compile(rf"cr:q:{GAME}")
LEAVE_CONFIRM = re.compile(rf"cr:Q:{GAME}")
PICK = re.compile(rf"cr:p:{GAME}:{VERSION}:{TOKEN}:{PAGE}:(?P<select>[0-2]):{DRAFT}")
PICK_CONFIRM = re.compile(rf"cr:P:{GAME}:{VERSION}:{TOKEN}:{DRAFT}")
PICK_PAGE = re.compile(rf"cr:n:{GAME}:{VERSION}:{TOKEN}:{PAGE}:{DRAFT}")
CLOCK = re.compile(rf"cr:c:{GAME}:(?P<field>pace|timeouts|auto)")
COMPUTERS = re.compile(rf"cr:k:{GAME}:(?P<op>add|remove)")
PAUSE = re.compile(rf"cr:z:{GAME}:(?P<op>pause|resume)")
LOG_PAGE = re.compile(rf"cr:g:{GAME}:(?P<page>[0-9]{{1,4}})")
LANGUAGE = re.compile(rf"cr:L:{GAME}")
REMATCH = re.compile(rf"cr:R:{GAME}")
THREAD = re.compile(r"cr:T:(?P<name>[a-z][a-z0-9_]{0,39})")
REPLAY = re.compile(rf"cr:y:{GAME}")
REPLAY_STEP = re.compile(rf"cr:Y:{GAME}:(?P<step>[0-9]{{1,10}}):(?P<control>[{REPLAY_CONTROLS}])")
REPLAY_JUMP = re.compile(rf"cr:Y:{GAME}:(?P<step>[0-9]{{1,10}}):j")

ALL = (
    LOBBY,
    OPTION,
    HAND,
    REFRESH,
    ACTION,
    LEAVE,
    LEAVE_CONFIRM,
    PICK,
    PICK_CONFIRM,
    PICK_PAGE,
    CLOCK,
    COMPUTERS,
    PAUSE,
    LOG_PAGE,
    LANGUAGE,
    REMATCH,
    THREAD,
    REPLAY,
    REPLAY_STEP,
    REPLAY_JUMP,
)

_CARD = re.compile(CARD)
_RUN = re.compile(rf"(?P<card>{CARD})(?:\*(?P<count>[2-9]))?")


def lobby(game_id: int, op: str) -> str:
    return f"cr:l:{game_id}:{op}"


def computers(game_id: int, op: str) -> str:
    return f"cr:k:{game_id}:{op}"


def option(game_id: int, field: str) -> str:
    return f"cr:o:{game_id}:{field}"


def hand(game_id: int) -> str:
    return f"cr:h:{game_id}"


def refresh(game_id: int) -> str:
    return f"cr:r:{game_id}"


def action(game_id: int, version: int, index: int, token: str, *, confirmed: bool = False) -> str:
    """An action button; `confirmed` ends it with `:y`, the "Yes" of the question a costly move asks."""
    return f"cr:a:{game_id}:{version}:{index}:{token}" + (":y" if confirmed else "")


def leave(game_id: int) -> str:
    return f"cr:q:{game_id}"


def leave_confirm(game_id: int) -> str:
    return f"cr:Q:{game_id}"


def pick(game_id: int, version: int, token: str, page: int, select: int, draft: str) -> str:
    return f"cr:p:{game_id}:{version}:{token}:{page}:{select}:{draft}"


def pick_confirm(game_id: int, version: int, token: str, draft: str) -> str:
    return f"cr:P:{game_id}:{version}:{token}:{draft}"


def pick_page(game_id: int, version: int, token: str, page: int, draft: str) -> str:
    return f"cr:n:{game_id}:{version}:{token}:{page}:{draft}"


def clock(game_id: int, field: str) -> str:
    return f"cr:c:{game_id}:{field}"


def pause(game_id: int, op: str) -> str:
    return f"cr:z:{game_id}:{op}"


def language(game_id: int) -> str:
    return f"cr:L:{game_id}"


def rematch(game_id: int) -> str:
    return f"cr:R:{game_id}"


def thread(game: str) -> str:
    return f"cr:T:{game}"


def is_known(custom_id: str) -> bool:
    """True when `custom_id` is one of ours, well formed."""
    return any(pattern.fullmatch(custom_id) for pattern in ALL)


class DraftError(ValueError):
    """A draft that no picker renders: malformed, too many cards or too long."""


def is_card(card: str) -> bool:
    """Whether a picker can carry `card` in a draft and an option value."""
    return _CARD.fullmatch(card) is not None


def encode_draft(cards: Sequence[str]) -> str:
    """`cards` (in the pick's order) as a draft; raises DraftError when it cannot be carried."""
    if len(cards) > DRAFT_CARDS or not all(is_card(card) for card in cards):
        raise DraftError("draft cannot be carried")
    parts: list[str] = []
    index = 0
    while index < len(cards):
        run = 1
        while index + run < len(cards) and cards[index + run] == cards[index]:
            run += 1
        parts.append(cards[index] if run == 1 else f"{cards[index]}*{run}")
        index += run
    text = ".".join(parts)
    if len(text) > DRAFT_CHARS:
        raise DraftError("draft too long")
    return text


def decode_draft(text: str) -> list[str]:
    """The cards of a draft, in order; raises DraftError for anything `encode_draft` would not write."""
    if text == "":
        return []
    if len(text) > DRAFT_CHARS:
        raise DraftError("draft too long")
    cards: list[str] = []
    for part in text.split("."):
        match = _RUN.fullmatch(part)
        if match is None:
            raise DraftError("malformed draft")
        cards += [match["card"]] * int(match["count"] or 1)
        if len(cards) > DRAFT_CARDS:
            raise DraftError("too many cards")
    return cards


def log_page(game_id: int, page: int) -> str:
    """A page of a table's public log (`/log`), numbered from 0, the oldest moves first."""
    return f"cr:g:{game_id}:{page}"


def replay(game_id: int) -> str:
    """Open a finished game's replay in a new private message (the buttons of `/history`)."""
    return f"cr:y:{game_id}"


def replay_step(game_id: int, step: int, control: str) -> str:
    """A button under a replay: show step `step` in place. `control` tells the buttons apart (two may lead to
    the same step): f first, b back 10, p previous, n next, a ahead 10, l last."""
    return f"cr:Y:{game_id}:{step}:{control}"


def replay_jump(game_id: int, step: int) -> str:
    """The "jump to" menu under a replay showing `step`; the step to show is the value chosen."""
    return f"cr:Y:{game_id}:{step}:j"
