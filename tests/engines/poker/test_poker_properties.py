"""Random hands of 1 to 5 cards from two decks: the fast evaluator agrees with a plain one, and the order is sound."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.poker import (
    BRIDGE_SUIT_ORDER,
    FULL_OF_DOLLARS_ORDER,
    STANDARD_DECK,
    STANDARD_ORDER,
    Card,
    Category,
    CategoryOrder,
    HandValue,
    Suit,
    SuitOrder,
    describe,
    evaluate,
)

pytestmark = pytest.mark.long_unit  # handed out before the other modules (tests/conftest.py)

C = Category
TWO_DECKS = STANDARD_DECK * 2
ORDERS = (STANDARD_ORDER, FULL_OF_DOLLARS_ORDER)
SUIT_ORDERS: tuple[SuitOrder | None, ...] = (
    None,
    BRIDGE_SUIT_ORDER,
    (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS),
)
FLIPPED = {C.FLUSH, C.FULL_HOUSE, C.STRAIGHT_FLUSH, C.FIVE_OF_A_KIND}


def hands(min_size: int = 1, max_size: int = 5) -> st.SearchStrategy[list[Card]]:
    """Distinct physical cards from two shuffled decks, so identical pairs of cards happen."""
    indices = st.lists(st.integers(0, len(TWO_DECKS) - 1), min_size=min_size, max_size=max_size, unique=True)
    return indices.map(lambda picked: [TWO_DECKS[index] for index in picked])


def plain_value(cards: list[Card], order: CategoryOrder, suit_order: SuitOrder | None) -> HandValue:
    """The rules read literally, with no tables: every reading the cards allow, the strongest under `order`."""
    ranks = sorted((card.rank for card in cards), reverse=True)
    counts = Counter(ranks)
    distinct = sorted(counts, reverse=True)
    sizes = sorted(counts.values(), reverse=True)
    by_group = sorted(distinct, key=lambda rank: (counts[rank], rank), reverse=True)
    readings: list[tuple[Category, tuple[int, ...]]] = []
    if sizes[0] >= 5:
        readings.append((C.FIVE_OF_A_KIND, (by_group[0],)))
    elif sizes[0] == 4:
        readings.append((C.FOUR_OF_A_KIND, tuple(by_group)))
    elif sizes[:2] == [3, 2]:
        readings.append((C.FULL_HOUSE, tuple(by_group)))
    elif sizes[0] == 3:
        readings.append((C.THREE_OF_A_KIND, tuple(by_group)))
    elif sizes[:2] == [2, 2]:
        readings.append((C.TWO_PAIR, tuple(by_group)))
    elif sizes[0] == 2:
        readings.append((C.PAIR, tuple(by_group)))
    else:
        readings.append((C.HIGH_CARD, tuple(ranks)))
    top = None
    if len(cards) == 5 and len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        if distinct == [14, 5, 4, 3, 2]:
            top = 5
    suited = len(cards) == 5 and len({card.suit for card in cards}) == 1
    if top is not None:
        readings.append((C.STRAIGHT, (top,)))
    if suited:
        readings.append((C.FLUSH, tuple(ranks)))
    if top is not None and suited:
        readings.append((C.STRAIGHT_FLUSH, (top,)))
    category, defining = max(readings, key=lambda reading: order.categories.index(reading[0]))
    suits: tuple[int, ...] = ()
    if suit_order is not None:
        wheel = top == 5 and category in (C.STRAIGHT, C.STRAIGHT_FLUSH)
        significance = sorted(
            cards,
            key=lambda card: (
                counts[card.rank],
                1 if wheel and card.rank == 14 else card.rank,
                suit_order.index(card.suit),
            ),
            reverse=True,
        )
        suits = tuple(suit_order.index(card.suit) for card in significance)
    return HandValue(order.categories.index(category), category, defining, suits)


@settings(max_examples=600)
@given(hands(), st.sampled_from(ORDERS), st.sampled_from(SUIT_ORDERS), st.randoms(use_true_random=False))
def test_agrees_with_the_plain_reading(
    cards: list[Card], order: CategoryOrder, suit_order: SuitOrder | None, shuffler: Random
) -> None:
    expected = plain_value(cards, order, suit_order)
    assert evaluate(cards, order, suit_order) == expected
    shuffled = list(cards)
    shuffler.shuffle(shuffled)
    assert evaluate(tuple(shuffled), order, suit_order) == expected  # the order of the cards never matters
    assert describe(expected) == (expected.category, expected.ranks)


@settings(max_examples=300)
@given(hands(2, 15), st.sampled_from(ORDERS), st.sampled_from(SUIT_ORDERS))
def test_total_order(cards: list[Card], order: CategoryOrder, suit_order: SuitOrder | None) -> None:
    """Up to three hands dealt from one draw compare like a total order, and equal values hash alike."""
    groups = [cards[i : i + 5] for i in range(0, len(cards), 5)]
    values = [evaluate(group, order, suit_order) for group in groups]
    for a in values:
        for b in values:
            assert (a < b) + (a == b) + (a > b) == 1
            assert (a < b) == (b > a)
            if a == b:
                assert hash(a) == hash(b)
            for c in values:
                if a < b and b < c:
                    assert a < c


@settings(max_examples=400)
@given(hands(2, 5), st.sampled_from(ORDERS), st.sampled_from(SUIT_ORDERS))
def test_adding_a_card_to_a_short_bid_makes_it_stronger(
    cards: list[Card], order: CategoryOrder, suit_order: SuitOrder | None
) -> None:
    """Every card added to a hand of fewer than 5 makes it strictly stronger; so 5 cards beat each 4 of them."""
    smaller = cards[:-1]
    assert evaluate(cards, order, suit_order) > evaluate(smaller, order, suit_order)
    for subset in combinations(cards, len(cards) - 1):
        assert evaluate(cards, order, suit_order) > evaluate(subset, order, suit_order)


@settings(max_examples=400)
@given(hands(), hands(), st.sampled_from(ORDERS))
def test_suits_only_refine(one: list[Card], other: list[Card], order: CategoryOrder) -> None:
    """With suits, a win stays a win; a tie remains only between the very same cards."""
    plain_one, plain_other = evaluate(one, order), evaluate(other, order)
    suited_one = evaluate(one, order, BRIDGE_SUIT_ORDER)
    suited_other = evaluate(other, order, BRIDGE_SUIT_ORDER)
    if plain_one > plain_other:
        assert suited_one > suited_other
    if plain_one < plain_other:
        assert suited_one < suited_other
    assert (suited_one == suited_other) == (Counter(one) == Counter(other))
    assert describe(suited_one) == describe(plain_one)


@settings(max_examples=400)
@given(hands(), hands())
def test_orders_agree_outside_the_flipped_categories(one: list[Card], other: list[Card]) -> None:
    standard = (evaluate(one), evaluate(other))
    fod = (evaluate(one, FULL_OF_DOLLARS_ORDER), evaluate(other, FULL_OF_DOLLARS_ORDER))
    assert [describe(value) for value in standard] == [describe(value) for value in fod]
    if not {standard[0].category, standard[1].category} <= FLIPPED or standard[0].category == standard[1].category:
        assert (standard[0] < standard[1]) == (fod[0] < fod[1])
        assert (standard[0] == standard[1]) == (fod[0] == fod[1])


def test_every_rank_multiset_against_the_plain_reading() -> None:
    """Exhaustive over two decks' shapes: every multiset of 1-5 ranks, off-suit and (for 5 cards) suited."""
    suits = list(Suit)
    for size in range(1, 6):
        for ranks in combinations_with_replacement(range(2, 15), size):
            mixed = [Card(rank, suits[index % 4]) for index, rank in enumerate(ranks)]
            variants = [mixed]
            if size == 5:
                variants.append([Card(rank, Suit.HEARTS) for rank in ranks])
            for cards in variants:
                for order in ORDERS:
                    assert evaluate(cards, order) == plain_value(cards, order, None)
