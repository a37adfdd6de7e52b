"""Poker-hand values for 1 to 5 cards from one or several 52-card decks, shared by Dead Money and Full of Dollars.

Cards are `Card(rank, suit)`: rank 2..14 (11 J, 12 Q, 13 K, 14 A; the ace is high,
and low only in the wheel A-2-3-4-5, the lowest straight), suit a `Suit`. Several
decks may be mixed, so identical cards and five of a kind are legal.

`evaluate(cards, order, suit_order)` returns a `HandValue`: totally ordered and
hashable, `evaluate(a) > evaluate(b)` meaning that `a` beats `b`, equal values a
tie. Only compare values made with the same `order` and `suit_order`.

Reading a hand (docs/games/deadmoney.md#poker-hands, docs/games/fullofdollars.md#poker-hands):

* The categories are those of `Category`; `order` (a `CategoryOrder`, weakest
  first) says which beats which. `STANDARD_ORDER` is Dead Money's (§1.1), with five
  of a kind on top; `FULL_OF_DOLLARS_ORDER` is §2.1's (flush above full house,
  straight flush above five of a kind; §2.3 adds high card below pair).
* The rank pattern gives exactly one category: five of a kind, four of a kind,
  full house, three of a kind, two pair, pair or high card. Five cards of five
  distinct consecutive ranks also form a straight, five cards of one suit a flush,
  both a straight flush. A hand is worth the strongest category it forms under
  `order` (with duplicates a flush may also be a pair or two pair: under both
  orders it counts as a flush).
* Straights and flushes need 5 cards (§1.1). So one card is a high card; two are a
  high card or a pair; three add three of a kind; four add two pair and four of a
  kind. Full house, straight, flush, straight flush and five of a kind need 5.
* Within a category: the defining ranks, then the kickers high to low (two pair:
  high pair, low pair, kicker; full house: trips then pair; straight and straight
  flush: the top card, 5 for the wheel; flush and high card: card by card). A
  missing kicker loses to any kicker: K-K-9 beats K-K, and A-K beats A (§1.4).
* Suits never break ties (§1.4) unless `suit_order` (the four suits, weakest first,
  e.g. `BRIDGE_SUIT_ORDER` = clubs < diamonds < hearts < spades, §2.3) is given.
  Then hands equal on category and ranks compare the suits of their cards from the
  most significant card down (the cards of the biggest group first, higher ranks
  first, the ace of a wheel last, the higher suit first among equal ranks), as in
  §2.1 "compare suits from the highest card down" and §2.3. Only hands holding the
  very same cards (duplicates from another deck) still tie.

`describe(value)` gives `(category, ranks)` for the UI, which words and localises it.

Five-card evaluation without suits is two dictionary lookups, keyed by the product
of one prime per rank (unique for every multiset of ranks) in a table per order
built once from pure computation.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations_with_replacement
from typing import NamedTuple

__all__ = [
    "BRIDGE_SUIT_ORDER",
    "FULL_OF_DOLLARS_ORDER",
    "RANKS",
    "STANDARD_DECK",
    "STANDARD_ORDER",
    "Card",
    "Category",
    "CategoryOrder",
    "HandValue",
    "Suit",
    "SuitOrder",
    "describe",
    "evaluate",
    "parse_card",
    "parse_cards",
]

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
RANKS: tuple[int, ...] = tuple(range(2, ACE + 1))
MAX_CARDS = 5


class Suit(Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"


# One prime per rank: the product identifies the multiset of ranks, whatever the number of decks.
_PRIME = {2: 2, 3: 3, 4: 5, 5: 7, 6: 11, 7: 13, 8: 17, 9: 19, 10: 23, 11: 29, 12: 31, 13: 37, 14: 41}


SuitOrder = tuple[Suit, ...]
"""The four suits, weakest first."""

BRIDGE_SUIT_ORDER: SuitOrder = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


@dataclass(frozen=True, slots=True)
class Card:
    """One card: `rank` 2..14 (ace 14), `suit`. Build one with `parse_card("10H")` or `Card(10, Suit.HEARTS)`.

    Equal cards (the same card from two decks) are equal and hash alike.
    """

    rank: int
    suit: Suit
    _prime: int = field(init=False, repr=False, compare=False)  # the rank's prime, read by `evaluate`

    def __post_init__(self) -> None:
        if type(self.rank) is not int or self.rank not in _PRIME:
            raise ValueError(f"a card's rank is 2..14, not {self.rank!r}")
        if not isinstance(self.suit, Suit):
            raise ValueError(f"not a suit: {self.suit!r}")
        object.__setattr__(self, "_prime", _PRIME[self.rank])

    def code(self) -> str:
        """The short form `parse_card` reads back: "AS", "10H", "7D"."""
        return _RANK_CODES[self.rank] + self.suit.value


STANDARD_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in RANKS)
"""One 52-card deck, suit by suit; `STANDARD_DECK * 2` is Dead Money's two decks."""

_RANK_CODES = {rank: str(rank) for rank in range(2, 11)} | {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_BY_CODE = {code: rank for rank, code in _RANK_CODES.items()} | {"T": 10}
_SUIT_BY_CODE = {suit.value: suit for suit in Suit} | {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}


@functools.lru_cache(maxsize=512)  # a game reads the same few codes again and again (Dead Money's bids)
def parse_card(text: str) -> Card:
    """Read a card such as "AS", "10H", "TH", "7d" or "Q♠" (rank, then suit; any case)."""
    code = text.strip().upper()
    rank = _RANK_BY_CODE.get(code[:-1])
    suit = _SUIT_BY_CODE.get(code[-1:])
    if rank is None or suit is None:
        raise ValueError(f"not a card: {text!r}")
    return Card(rank, suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces and/or commas: "AS KS, 10h"."""
    return tuple(parse_card(part) for part in text.replace(",", " ").split())


class Category(Enum):
    """Poker categories; `value` is a stable key for localised names. Their strength comes from a `CategoryOrder`."""

    HIGH_CARD = "high_card"
    PAIR = "pair"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    FIVE_OF_A_KIND = "five_of_a_kind"


class HandValue(NamedTuple):
    """What a hand is worth. Compare values (made with the same orders) with < == >; hashable.

    `strength` is the category's place in the order (0 weakest), `ranks` the
    defining ranks then kickers (see the module docstring), `suits` the suit
    strengths from the most significant card down, only when suits break ties.
    """

    strength: int
    category: Category
    ranks: tuple[int, ...]
    suits: tuple[int, ...] = ()


def describe(value: HandValue) -> tuple[Category, tuple[int, ...]]:
    """The category and its ranks, most significant first, for the UI to word.

    Five/four/three of a kind and pair: the group's rank then the kickers; two
    pair: high pair, low pair, kicker; full house: trips, pair; straight and
    straight flush: the top card alone (5 for A-2-3-4-5); flush and high card:
    every card, high to low.
    """
    return value.category, value.ranks


_CATEGORIES = tuple(Category)
_Option = tuple[int, tuple[int, ...]]  # (index in _CATEGORIES, ranks): one way to read a hand
_HIGH_CARD, _STRAIGHT, _FLUSH, _STRAIGHT_FLUSH = (
    _CATEGORIES.index(category)
    for category in (Category.HIGH_CARD, Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH)
)
# The two biggest groups of equal ranks -> the rank pattern's category (anything else is a high card).
_PATTERN = {
    shape: _CATEGORIES.index(category)
    for category, shapes in (
        (Category.FIVE_OF_A_KIND, [(5,)]),
        (Category.FOUR_OF_A_KIND, [(4,), (4, 1)]),
        (Category.FULL_HOUSE, [(3, 2)]),
        (Category.THREE_OF_A_KIND, [(3,), (3, 1)]),
        (Category.TWO_PAIR, [(2, 2)]),
        (Category.PAIR, [(2,), (2, 1)]),
    )
    for shape in shapes
}


def _options(ranks: tuple[int, ...]) -> tuple[tuple[_Option, ...], tuple[_Option, ...] | None]:
    """How a multiset of ranks can be read: as it is, and (5 cards) if the cards share a suit; no order applied."""
    counts = dict.fromkeys(ranks, 0)
    for rank in ranks:
        counts[rank] += 1
    groups = sorted(((count, rank) for rank, count in counts.items()), reverse=True)
    shape = tuple(count for count, _ in groups)
    plain: list[_Option] = [(_PATTERN.get(shape[:2], _HIGH_CARD), tuple(rank for _, rank in groups))]
    if len(ranks) < MAX_CARDS:
        return tuple(plain), None
    straight_top: int | None = None
    if len(counts) == MAX_CARDS:
        if max(ranks) - min(ranks) == 4:
            straight_top = max(ranks)
        elif set(ranks) == {ACE, 2, 3, 4, 5}:
            straight_top = 5
    flush = [*plain, (_FLUSH, tuple(sorted(ranks, reverse=True)))]
    if straight_top is not None:
        plain.append((_STRAIGHT, (straight_top,)))
        flush.append((_STRAIGHT, (straight_top,)))
        flush.append((_STRAIGHT_FLUSH, (straight_top,)))
    return tuple(plain), tuple(flush)


def _all_options() -> dict[int, tuple[tuple[_Option, ...], tuple[_Option, ...] | None]]:
    """Every multiset of 1 to 5 ranks, keyed by its product of primes."""
    options = {}
    for size in range(1, MAX_CARDS + 1):
        for ranks in combinations_with_replacement(RANKS, size):
            key = 1
            for rank in ranks:
                key *= _PRIME[rank]
            options[key] = _options(ranks)
    return options


@functools.cache
def _options_table() -> dict[int, tuple[tuple[_Option, ...], tuple[_Option, ...] | None]]:
    """`_all_options`, worked out once per process when a first order builds its tables (about 0.15 s: a process
    that never ranks a poker hand, a computer worker for Pairs or the bot's zygote, never pays it)."""
    return _all_options()


class CategoryOrder:
    """The ten categories from weakest to strongest, with this order's lookup tables (built once, pure)."""

    __slots__ = ("_flush", "_plain", "categories")

    categories: tuple[Category, ...]
    _plain: dict[int, HandValue]
    _flush: dict[int, HandValue]

    def __init__(self, categories: Iterable[Category]) -> None:
        ordered = tuple(categories)
        if len(ordered) != len(Category) or set(ordered) != set(Category):
            raise ValueError("a category order lists every category exactly once")
        object.__setattr__(self, "categories", ordered)

    def __getattr__(self, name: str) -> dict[int, HandValue]:
        """The lookup tables (`_plain`, `_flush`), built on their first use: once built, they are plain slots, read
        without this call."""
        if name not in ("_plain", "_flush"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        self._build()
        table: dict[int, HandValue] = object.__getattribute__(self, name)
        return table

    def _build(self) -> None:
        ordered = self.categories
        strength = [ordered.index(category) for category in _CATEGORIES]  # by index in _CATEGORIES

        def best(options: tuple[_Option, ...]) -> HandValue:
            index, ranks = options[0]
            for other, other_ranks in options[1:]:
                if strength[other] > strength[index]:
                    index, ranks = other, other_ranks
            return HandValue(strength[index], _CATEGORIES[index], ranks)

        plain: dict[int, HandValue] = {}
        flush: dict[int, HandValue] = {}
        for key, (as_is, suited) in _options_table().items():
            plain[key] = best(as_is)
            if suited is not None:
                flush[key] = best(suited)
        object.__setattr__(self, "_plain", plain)
        object.__setattr__(self, "_flush", flush)

    def strength(self, category: Category) -> int:
        """The category's place in this order, 0 for the weakest."""
        return self.categories.index(category)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a CategoryOrder is immutable")

    def __reduce__(self) -> tuple[type[CategoryOrder], tuple[tuple[Category, ...]]]:
        """Pickled as its categories (its tables are built again where it is used)."""
        return (CategoryOrder, (self.categories,))

    def __iter__(self) -> Iterator[Category]:
        return iter(self.categories)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CategoryOrder) and other.categories == self.categories

    def __hash__(self) -> int:
        return hash(self.categories)

    def __repr__(self) -> str:
        return f"CategoryOrder({', '.join(category.name for category in self.categories)})"


STANDARD_ORDER = CategoryOrder(Category)
"""Dead Money: high card < pair < two pair < three of a kind < straight < flush < full house <
four of a kind < straight flush < five of a kind."""

FULL_OF_DOLLARS_ORDER = CategoryOrder(
    (
        Category.HIGH_CARD,
        Category.PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.STRAIGHT,
        Category.FULL_HOUSE,
        Category.FLUSH,
        Category.FOUR_OF_A_KIND,
        Category.FIVE_OF_A_KIND,
        Category.STRAIGHT_FLUSH,
    )
)
"""Full of Dollars (the rulebook): pair < two pair < three of a kind < straight < full house < flush <
four of a kind < five of a kind ("Poker") < straight flush; high card below pair (§2.3 house default)."""


def evaluate(
    cards: Sequence[Card], order: CategoryOrder = STANDARD_ORDER, suit_order: SuitOrder | None = None
) -> HandValue:
    """The value of 1 to 5 cards under `order`, suits breaking ties only if `suit_order` (weakest first) is given.

    Raises ValueError for no card, more than 5, or something that is not a `Card`.
    """
    if suit_order is None:
        try:
            a, b, c, d, e = cards
            key = a._prime * b._prime * c._prime * d._prime * e._prime
            if a.suit is b.suit is c.suit is d.suit is e.suit:
                return order._flush[key]
            return order._plain[key]
        except (ValueError, TypeError, AttributeError, KeyError):
            pass  # not five cards: the general path handles it or says what is wrong
    return _evaluate_checked(cards, order, suit_order)


def _evaluate_checked(cards: Sequence[Card], order: CategoryOrder, suit_order: SuitOrder | None) -> HandValue:
    hand = tuple(cards)
    if not 1 <= len(hand) <= MAX_CARDS:
        raise ValueError(f"a poker hand has 1 to {MAX_CARDS} cards, not {len(hand)}")
    key = 1
    for card in hand:
        if not isinstance(card, Card):
            raise ValueError(f"not a card: {card!r}")
        key *= card._prime
    flush = len(hand) == MAX_CARDS and len({card.suit for card in hand}) == 1
    value = (order._flush if flush else order._plain)[key]
    if suit_order is None:
        return value
    return value._replace(suits=_suit_sequence(hand, value, _suit_strengths(suit_order)))


def _suit_strengths(suit_order: SuitOrder) -> dict[Suit, int]:
    ordered = tuple(suit_order)
    if len(ordered) != len(Suit) or set(ordered) != set(Suit):
        raise ValueError("a suit order lists every suit exactly once")
    return {suit: index for index, suit in enumerate(ordered)}


def _suit_sequence(hand: tuple[Card, ...], value: HandValue, strengths: dict[Suit, int]) -> tuple[int, ...]:
    """Suit strengths of the cards, most significant card first."""
    counts = Counter(card.rank for card in hand)
    wheel = value.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and value.ranks[0] == 5

    def significance(card: Card) -> tuple[int, int, int]:
        rank = 1 if wheel and card.rank == ACE else card.rank
        return counts[card.rank], rank, strengths[card.suit]

    return tuple(strengths[card.suit] for card in sorted(hand, key=significance, reverse=True))
