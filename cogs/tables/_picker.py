"""The card picker: a pending `CardPick` offered as select menus on a hand message.

Layout, bounded by construction (Discord allows 5 rows; a select fills a row and
holds at most 25 options):

* rows 0-2: up to three selects of up to 25 cards each, so at most 75 cards a
  page; more cards go on further pages, so every card is always reachable. A
  pick's groups (`CardPick.groups`: all the copies of a rank, say) are never
  split across two selects, so a group is chosen in one go: a select closes
  early rather than cut one (a group longer than a select fills selects of
  its own);
* the rows after the selects, up to row 3: the player's other candidate actions
  as buttons (those that fit);
* row 4: Confirm and Clear (a multi-card pick), ◀ ▶ (more than one page), Refresh.

Options are physical cards: two copies of K♠ are two options, valued `KS` and
`KS~2` (values are unique within every select). A single pick (exactly one card)
acts as soon as it is chosen. A multi-card pick builds a draft, carried in the
components' custom_ids (`cogs.tables._components`), redrawn after every choice.

A draft is a multiset of card ids kept in the pick's order; the first copies
of a card in that order are the ones shown chosen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.core import CardPick

PER_SELECT = 25
SELECTS_PER_PAGE = 3
PAGE_SIZE = PER_SELECT * SELECTS_PER_PAGE
MAX_PAGES = 100  # the page number in a custom_id has two digits: 7,500 cards


def is_single(pick: CardPick) -> bool:
    """A choice of exactly one card: choosing it acts at once."""
    return pick.min == 1 and pick.max == 1


def _groups(pick: CardPick) -> list[range]:
    """The pick's groups as spans of positions, each at most a select long (a longer group is cut in such)."""
    sizes = pick.groups or (1,) * len(pick.cards)
    spans: list[range] = []
    start = 0
    for size in sizes:
        for piece in range(start, start + size, PER_SELECT):
            spans.append(range(piece, min(piece + PER_SELECT, start + size)))
        start += size
    return spans


def _selects(groups: Sequence[range]) -> list[range]:
    """Consecutive groups packed into selects of at most `PER_SELECT` cards, no group cut."""
    selects: list[range] = []
    for group in groups:
        if selects and len(selects[-1]) + len(group) <= PER_SELECT:
            selects[-1] = range(selects[-1].start, group.stop)
        else:
            selects.append(group)
    return selects


def layout(pick: CardPick) -> list[list[range]]:
    """The pages of the picker, each a list of up to `SELECTS_PER_PAGE` selects (spans of positions in
    `pick.cards`, in order, none empty). Should keeping the groups whole need more than `MAX_PAGES` pages,
    they are let go (every card stays reachable)."""
    selects = _selects(_groups(pick))
    if len(selects) > MAX_PAGES * SELECTS_PER_PAGE and pick.groups:
        selects = _selects(_groups(pick.model_copy(update={"groups": ()})))
    pages = [selects[start : start + SELECTS_PER_PAGE] for start in range(0, len(selects), SELECTS_PER_PAGE)]
    return pages or [[]]


def page_count(pick: CardPick) -> int:
    return len(layout(pick))


def clamp_page(pick: CardPick, page: int) -> int:
    return min(max(page, 0), page_count(pick) - 1)


def select_span(pick: CardPick, page: int, select: int) -> range:
    """Positions in `pick.cards` that select number `select` of page `page` offers (maybe none)."""
    pages = layout(pick)
    if 0 <= page < len(pages) and 0 <= select < len(pages[page]):
        return pages[page][select]
    return range(len(pick.cards), len(pick.cards))


def page_spans(pick: CardPick, page: int) -> list[range]:
    """The non-empty selects of `page`."""
    pages = layout(pick)
    return list(pages[page]) if 0 <= page < len(pages) else []


def option_values(cards: Sequence[str]) -> list[str]:
    """One value per physical card: the id, then `id~2`, `id~3` for further copies."""
    seen: Counter[str] = Counter()
    values = []
    for card in cards:
        seen[card] += 1
        values.append(card if seen[card] == 1 else f"{card}~{seen[card]}")
    return values


def chosen_flags(cards: Sequence[str], draft: Sequence[str]) -> list[bool]:
    """Which physical cards a draft marks: for each id, its first copies in order.

    Raises ValueError when the draft holds a card (or a copy) the pick does not offer.
    """
    wanted = Counter(draft)
    if wanted - Counter(cards):
        raise ValueError("draft names a card the pick does not offer")
    flags = []
    for card in cards:
        flags.append(wanted[card] > 0)
        wanted[card] -= 1
    return flags


def canonical(pick: CardPick, draft: Sequence[str]) -> list[str]:
    """The draft in the pick's order; ValueError when it is not a choice the pick offers."""
    if len(draft) > pick.max:
        raise ValueError("draft holds more cards than the pick takes")
    flags = chosen_flags(pick.cards, draft)
    return [card for card, chosen in zip(pick.cards, flags, strict=True) if chosen]


def chosen_in_select(pick: CardPick, page: int, select: int, values: Sequence[str]) -> list[int]:
    """Positions in `pick.cards` of the option values chosen in one select; ValueError for a foreign value."""
    span = select_span(pick, page, select)
    all_values = option_values(pick.cards)
    by_value = {all_values[position]: position for position in span}
    if len(set(values)) != len(values) or any(value not in by_value for value in values):
        raise ValueError("value not offered by this select")
    return sorted(by_value[value] for value in values)


def merge(pick: CardPick, draft: Sequence[str], page: int, select: int, values: Sequence[str]) -> list[str]:
    """The draft after choosing `values` in one select: that select's share is replaced, the rest kept.

    When the result would exceed `pick.max`, this choice wins and the earliest
    other cards are let go.
    """
    chosen = chosen_in_select(pick, page, select, values)
    if len(chosen) > pick.max:
        raise ValueError("more values than the pick takes")
    span = select_span(pick, page, select)
    flags = chosen_flags(pick.cards, draft)
    kept = [position for position, flag in enumerate(flags) if flag and position not in span]
    room = pick.max - len(chosen)
    positions = sorted(chosen + (kept[max(0, len(kept) - room) :] if room else []))
    return [pick.cards[position] for position in positions]
