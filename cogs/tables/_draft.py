"""The card picker's draft: the cards chosen so far, carried in the picker's custom_ids (`_components`).

A draft is card ids in the pick's order joined by `.`, a run of equal ids
written once with a count (`KS*2.9D`). It holds at most `DRAFT_CARDS` cards and
`DRAFT_CHARS` characters, so the longest picker id (a select with a 19-digit
game, a 10-digit version and a 2-digit page) is 98 characters.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cogs.kit.ids import text

DRAFT_CARDS = 8  # the most cards a draft holds (a pick asks for at most this many)
DRAFT_CHARS = 48  # so that every picker id stays within 100 characters
CARD = r"[A-Za-z0-9_+\-]{1,16}"  # the card ids a picker can carry
DRAFT = text(rf"[A-Za-z0-9_+\-.*]{{0,{DRAFT_CHARS}}}", "x" * DRAFT_CHARS)  # the part of a picker's ids

_CARD = re.compile(CARD)
_RUN = re.compile(rf"(?P<card>{CARD})(?:\*(?P<count>[2-9]))?")


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
