"""Hand by hand: every category, every tie-break, short hands, duplicates, both orders, suits on and off."""

from __future__ import annotations

import pickle

import pytest

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
    parse_card,
    parse_cards,
)

C = Category


def value(text: str, order: CategoryOrder = STANDARD_ORDER, suit_order: SuitOrder | None = None) -> HandValue:
    return evaluate(parse_cards(text), order, suit_order)


def reads(text: str, order: CategoryOrder = STANDARD_ORDER) -> tuple[Category, tuple[int, ...]]:
    return describe(value(text, order))


# --- cards -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", Card(14, Suit.SPADES)),
        ("10H", Card(10, Suit.HEARTS)),
        ("TH", Card(10, Suit.HEARTS)),
        ("7d", Card(7, Suit.DIAMONDS)),
        (" jc ", Card(11, Suit.CLUBS)),
        ("Q♠", Card(12, Suit.SPADES)),
        ("2♦", Card(2, Suit.DIAMONDS)),
        ("K♥", Card(13, Suit.HEARTS)),
        ("3♣", Card(3, Suit.CLUBS)),
    ],
)
def test_parse_card(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "A", "S", "1S", "11S", "AX", "10", "ZH", "AS KS"])
def test_parse_card_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_card(text)


def test_codes_round_trip_and_deck() -> None:
    assert len(set(STANDARD_DECK)) == 52
    assert all(parse_card(card.code()) == card for card in STANDARD_DECK)
    assert parse_cards("AS, 10h 7D") == (Card(14, Suit.SPADES), Card(10, Suit.HEARTS), Card(7, Suit.DIAMONDS))
    assert Card(10, Suit.HEARTS).code() == "10H"


def test_identical_cards_are_equal_and_hash_alike() -> None:
    assert parse_card("AS") == Card(14, Suit.SPADES)
    assert len({parse_card("AS"), Card(14, Suit.SPADES)}) == 1


@pytest.mark.parametrize("rank", [0, 1, 15, -1])
def test_card_refuses_bad_rank(rank: int) -> None:
    with pytest.raises(ValueError):
        Card(rank, Suit.SPADES)


def test_card_refuses_bad_suit() -> None:
    with pytest.raises(ValueError):
        Card(5, "S")  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "AS KS QS JS 10S 9S"])
def test_evaluate_refuses_wrong_count(text: str) -> None:
    with pytest.raises(ValueError):
        value(text)


def test_evaluate_refuses_non_cards() -> None:
    with pytest.raises(ValueError):
        evaluate([(14, Suit.SPADES)] * 5)  # type: ignore[list-item]


# --- categories --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "category", "ranks"),
    [
        ("AS KD 9C 7H 2S", C.HIGH_CARD, (14, 13, 9, 7, 2)),
        ("KS KD 9C 7H 2S", C.PAIR, (13, 9, 7, 2)),
        ("KS KD 2C 2H 9S", C.TWO_PAIR, (13, 2, 9)),
        ("7S 7D 7C KH 2S", C.THREE_OF_A_KIND, (7, 13, 2)),
        ("9S 10D JC QH KS", C.STRAIGHT, (13,)),
        ("10S JD QC KH AS", C.STRAIGHT, (14,)),
        ("AS 2D 3C 4H 5S", C.STRAIGHT, (5,)),
        ("2H 9H JH 4H KH", C.FLUSH, (13, 11, 9, 4, 2)),
        ("3S 3D 3C 9H 9S", C.FULL_HOUSE, (3, 9)),
        ("9S 9D 9C 3H 3S", C.FULL_HOUSE, (9, 3)),
        ("QS QD QC QH 2S", C.FOUR_OF_A_KIND, (12, 2)),
        ("5D 6D 7D 8D 9D", C.STRAIGHT_FLUSH, (9,)),
        ("AC 2C 3C 4C 5C", C.STRAIGHT_FLUSH, (5,)),
        ("10S JS QS KS AS", C.STRAIGHT_FLUSH, (14,)),
        ("8S 8D 8C 8H 8S", C.FIVE_OF_A_KIND, (8,)),
        ("AS AS AD AD AH", C.FIVE_OF_A_KIND, (14,)),
    ],
)
def test_categories(text: str, category: Category, ranks: tuple[int, ...]) -> None:
    assert reads(text) == (category, ranks)
    assert reads(text, FULL_OF_DOLLARS_ORDER) == (category, ranks)


@pytest.mark.parametrize(
    "text",
    ["JS QD KC AH 2S", "QS KD AC 2H 3S", "KS AD 2C 3H 4S", "AS 2D 3C 4H 6S", "2S 3D 4C 5H 7S"],
)
def test_no_wrap_around_straights(text: str) -> None:
    assert reads(text)[0] is C.HIGH_CARD


def test_standard_order_climbs() -> None:
    ladder = [
        "AS KD 9C 7H 2S",
        "2S 2D 3C 4H 6S",
        "2S 2D 3C 3H 4S",
        "2S 2D 2C 3H 4S",
        "AS 2D 3C 4H 5S",
        "2H 3H 4H 5H 7H",
        "2S 2D 2C 3H 3S",
        "2S 2D 2C 2H 3S",
        "AC 2C 3C 4C 5C",
        "2S 2D 2C 2H 2S",
    ]
    values = [value(text) for text in ladder]
    assert [v.category for v in values] == list(STANDARD_ORDER)
    assert values == sorted(values)
    assert len(set(values)) == len(values)


# --- Full of Dollars order ---------------------------------------------------------------------------------------


def test_full_of_dollars_order_is_rules_section_2() -> None:
    assert FULL_OF_DOLLARS_ORDER.categories == (
        C.HIGH_CARD,
        C.PAIR,
        C.TWO_PAIR,
        C.THREE_OF_A_KIND,
        C.STRAIGHT,
        C.FULL_HOUSE,
        C.FLUSH,
        C.FOUR_OF_A_KIND,
        C.FIVE_OF_A_KIND,
        C.STRAIGHT_FLUSH,
    )
    assert FULL_OF_DOLLARS_ORDER.strength(C.FLUSH) > FULL_OF_DOLLARS_ORDER.strength(C.FULL_HOUSE)
    assert STANDARD_ORDER.strength(C.FLUSH) < STANDARD_ORDER.strength(C.FULL_HOUSE)


def test_full_of_dollars_flips_flush_and_full_house() -> None:
    flush, full_house = "2H 3H 4H 5H 7H", "AS AD AC KH KS"
    assert value(flush) < value(full_house)
    assert value(flush, FULL_OF_DOLLARS_ORDER) > value(full_house, FULL_OF_DOLLARS_ORDER)


def test_full_of_dollars_flips_straight_flush_and_five_of_a_kind() -> None:
    straight_flush, five = "AC 2C 3C 4C 5C", "2S 2D 2C 2H 2S"
    assert value(straight_flush) < value(five)
    assert value(straight_flush, FULL_OF_DOLLARS_ORDER) > value(five, FULL_OF_DOLLARS_ORDER)


def test_full_of_dollars_keeps_the_rest() -> None:
    assert value("2S 2D 2C 2H 3S", FULL_OF_DOLLARS_ORDER) > value("AH KH QH JH 9H", FULL_OF_DOLLARS_ORDER)
    assert value("2S 2D 2C 2H 2S", FULL_OF_DOLLARS_ORDER) > value("AS AD AC AH KS", FULL_OF_DOLLARS_ORDER)
    assert value("2S 2D 2C 3H 3S", FULL_OF_DOLLARS_ORDER) > value("10S JD QC KH AS", FULL_OF_DOLLARS_ORDER)


def test_a_custom_order() -> None:
    reversed_order = CategoryOrder(reversed(STANDARD_ORDER.categories))
    assert value("AS KD 9C 7H 2S", reversed_order) > value("2S 2D 3C 4H 6S", reversed_order)
    # A hand counts as the strongest category it forms: a straight flush is also a high card, a straight, a flush.
    assert reads("5D 6D 7D 8D 9D", reversed_order) == (C.HIGH_CARD, (9, 8, 7, 6, 5))
    flush_on_top = CategoryOrder([c for c in Category if c is not C.FLUSH] + [C.FLUSH])
    assert reads("5D 6D 7D 8D 9D", flush_on_top) == (C.FLUSH, (9, 8, 7, 6, 5))
    assert reads("5D 6C 7D 8D 9D", flush_on_top) == (C.STRAIGHT, (9,))
    assert reversed_order == CategoryOrder(reversed(list(Category)))
    assert hash(reversed_order) == hash(CategoryOrder(reversed(list(Category))))
    assert reversed_order != STANDARD_ORDER


@pytest.mark.parametrize("categories", [[], list(Category)[:-1], [*list(Category)[:-1], C.PAIR]])
def test_category_order_refuses_incomplete(categories: list[Category]) -> None:
    with pytest.raises(ValueError):
        CategoryOrder(categories)


def test_category_order_is_immutable() -> None:
    with pytest.raises(AttributeError):
        STANDARD_ORDER.categories = ()


# --- tie-breaks --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("AS KD 9C 7H 3S", "AS KD 9C 7H 2S"),  # high card: the last kicker
        ("AS QD 3C 4H 2S", "KS QD JC 9H 8S"),  # high card: the first card first
        ("KS KD 9C 7H 3S", "KS KD 9C 7H 2S"),  # pair: last kicker
        ("AS AD 2C 3H 4S", "KS KD AC QH JS"),  # pair: the pair before kickers
        ("KS KD 3C 3H 2S", "QS QD JC JH AS"),  # two pair: the high pair first
        ("KS KD 4C 4H 2S", "KS KD 3C 3H AS"),  # two pair: then the low pair
        ("KS KD 4C 4H 3S", "KS KD 4C 4H 2S"),  # two pair: then the kicker
        ("7S 7D 7C 3H 2S", "6S 6D 6C AH KS"),  # trips before kickers
        ("7S 7D 7C KH 3S", "7S 7D 7C KH 2S"),  # duplicate trips (two decks): kickers
        ("2S 3D 4C 5H 6S", "AS 2D 3C 4H 5S"),  # the wheel is the lowest straight
        ("10S JD QC KH AS", "9S 10D JC QH KS"),  # the ace-high straight is the highest
        ("AH JH 9H 4H 3H", "AH JH 9H 4H 2H"),  # flush card by card
        ("AH KH 3H 4H 2H", "AS QS JS 10S 8S"),  # flush: the first card first
        ("3S 3D 3C 2H 2S", "2S 2D 2C AH AS"),  # full house: the trips first
        ("AS AD AC 3H 3S", "AS AD AC 2H 2S"),  # full house: then the pair (two decks)
        ("3S 3D 3C 3H 2S", "2S 2D 2C 2H AS"),  # four of a kind before the kicker
        ("9S 9D 9C 9H 3S", "9S 9D 9C 9H 2S"),  # four of a kind: the kicker (two decks)
        ("2D 3D 4D 5D 6D", "AC 2C 3C 4C 5C"),  # straight flush: the wheel is the lowest
        ("3S 3D 3C 3H 3S", "2S 2D 2C 2H 2S"),  # five of a kind by rank
    ],
)
def test_tie_breaks(better: str, worse: str) -> None:
    for order in (STANDARD_ORDER, FULL_OF_DOLLARS_ORDER):
        for suit_order in (None, BRIDGE_SUIT_ORDER):
            assert value(better, order, suit_order) > value(worse, order, suit_order)
            assert value(worse, order, suit_order) < value(better, order, suit_order)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("AS KD 9C 7H 2S", "AH KC 9D 7S 2D"),
        ("KS KD 9C 7H 2S", "KH KC 9D 7S 2D"),
        ("AS 2D 3C 4H 5S", "AH 2H 3H 4H 5D"),
        ("AH JH 9H 4H 3H", "AS JS 9S 4S 3S"),
        ("AS AD AC 3H 3S", "AH AC AS 3D 3C"),
        ("KS KD", "KH KC"),
    ],
)
def test_suits_never_break_ties_by_default(one: str, other: str) -> None:
    assert value(one) == value(other)
    assert hash(value(one)) == hash(value(other))
    assert value(one, FULL_OF_DOLLARS_ORDER) == value(other, FULL_OF_DOLLARS_ORDER)


def test_identical_hands_from_two_decks_tie() -> None:
    assert value("KS KD 9C") == value("KD 9C KS")
    assert value("KS KS 9C 9C 2H", suit_order=BRIDGE_SUIT_ORDER) == value(
        "9C KS 2H KS 9C", suit_order=BRIDGE_SUIT_ORDER
    )
    assert value("AS AS KS QS JS") == value("AS KS AS JS QS")


def test_identical_duplicate_cards_make_pairs() -> None:
    assert reads("AS AS") == (C.PAIR, (14,))
    assert reads("AS AS KD KD 2C") == (C.TWO_PAIR, (14, 13, 2))
    assert reads("7H 7H 7D 7D 7C") == (C.FIVE_OF_A_KIND, (7,))


def test_a_flush_with_a_pair_is_a_flush() -> None:
    # Two decks: five spades may hold a pair. Flush beats pair and two pair in both orders.
    assert reads("AS AS KS QS JS") == (C.FLUSH, (14, 14, 13, 12, 11))
    assert reads("AS AS KS KS 2S", FULL_OF_DOLLARS_ORDER) == (C.FLUSH, (14, 14, 13, 13, 2))
    # Card by card: A-A-K-Q-J beats A-K-Q-J-9.
    assert value("AS AS KS QS JS") > value("AH KH QH JH 9H")


def test_suit_tie_breaks_from_the_top_card_down() -> None:
    bridge = BRIDGE_SUIT_ORDER
    assert value("AS KD 9C 7H 2S", suit_order=bridge) > value("AH KC 9D 7S 2D", suit_order=bridge)  # A♠ > A♥
    assert value("AH KD 9C 7H 2S", suit_order=bridge) > value("AH KC 9D 7S 2D", suit_order=bridge)  # then K♦ > K♣
    assert value("KS KC 9C", suit_order=bridge) < value("KH KD AC", suit_order=bridge)  # ranks before suits
    assert value("KS KC 9C", suit_order=bridge) > value("KH KD 9S", suit_order=bridge)  # pair: K♠ first
    assert value("KS KC 9C", suit_order=bridge) < value("KS KD 9C", suit_order=bridge)  # then K♦ > K♣
    assert value("KS KS", suit_order=bridge) > value("KS KH", suit_order=bridge)  # duplicates
    # Full house: the trips' suits before the pair's.
    assert value("3C 3D 3S 9S 9H", suit_order=bridge) > value("3C 3D 3H 9S 9S", suit_order=bridge)
    # The ace of a wheel is its lowest card: 5♠ decides before A♣.
    assert value("AC 2D 3D 4D 5S", suit_order=bridge) > value("AS 2D 3D 4D 5H", suit_order=bridge)
    # Another suit order flips it.
    reverse: SuitOrder = tuple(reversed(bridge))
    assert value("AS KD 9C 7H 2S", suit_order=reverse) < value("AH KC 9D 7S 2D", suit_order=reverse)


def test_suits_come_after_ranks_and_categories() -> None:
    bridge = BRIDGE_SUIT_ORDER
    assert value("2C 2D 3C", suit_order=bridge) > value("AS KS QS", suit_order=bridge)
    assert value("2C 3D 4C 5H 6C", FULL_OF_DOLLARS_ORDER, bridge) > value(
        "AS AS KS QS JD", FULL_OF_DOLLARS_ORDER, bridge
    )


@pytest.mark.parametrize("suit_order", [(), (Suit.CLUBS,) * 4, BRIDGE_SUIT_ORDER[:3]])
def test_suit_order_refuses_incomplete(suit_order: SuitOrder) -> None:
    with pytest.raises(ValueError):
        value("AS", suit_order=suit_order)


# --- fewer than five cards ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "category", "ranks"),
    [
        ("7D", C.HIGH_CARD, (7,)),
        ("AS KD", C.HIGH_CARD, (14, 13)),
        ("9S 9D", C.PAIR, (9,)),
        ("KS KD 9C", C.PAIR, (13, 9)),
        ("5S 5D 5C", C.THREE_OF_A_KIND, (5,)),
        ("5S 5D 5C AS", C.THREE_OF_A_KIND, (5, 14)),
        ("5S 5D 4C 4S", C.TWO_PAIR, (5, 4)),
        ("5S 5D 5C 5S", C.FOUR_OF_A_KIND, (5,)),
        ("AS KS QS JS", C.HIGH_CARD, (14, 13, 12, 11)),  # four to a straight flush is nothing
        ("2H 5H 9H JH", C.HIGH_CARD, (11, 9, 5, 2)),
    ],
)
def test_short_hands(text: str, category: Category, ranks: tuple[int, ...]) -> None:
    assert reads(text) == (category, ranks)
    assert reads(text, FULL_OF_DOLLARS_ORDER) == (category, ranks)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("KS KD 9C", "KS KD"),  # a missing kicker loses to any kicker (docs/games/deadmoney.md#poker-hands)
        ("KS KD 2C", "KH KC"),
        ("AS 2D", "AS"),
        ("AS", "KS QD JC 9H 7S"),  # one ace beats king-high
        ("2S 2D", "AS KD QC JH 9S"),  # any pair beats any high card
        ("KS KD KC KH", "AS 2D 3C 4H 5S"),  # four of a kind in four cards beats a straight
        ("5S 5D 5C", "AS AD KC KH QS"),
        ("5S 5D 5C 2H", "5S 5D 5C"),
        ("9S 9D 9C 9H", "AS AD AC KH KS"),
        ("9S 9D 9C 9H 2S", "9S 9D 9C 9H"),
        ("3S 3D 2C 2H", "AS AD KC QH JS"),
    ],
)
def test_short_hand_comparisons(better: str, worse: str) -> None:
    assert value(better) > value(worse)


def test_short_hands_cannot_be_straights_or_flushes() -> None:
    assert value("AS KS QS JS") < value("2S 2D")
    assert value("AS AD KC KH") < value("AS KD QC JH 10S")


def test_describe_is_category_and_ranks() -> None:
    hand = value("KS KD 2C 2H 9S", suit_order=BRIDGE_SUIT_ORDER)
    assert describe(hand) == (C.TWO_PAIR, (13, 2, 9))
    assert hand.category is C.TWO_PAIR
    assert hand.strength == STANDARD_ORDER.strength(C.TWO_PAIR)


def test_an_order_builds_its_tables_when_first_used_and_pickles_as_its_categories() -> None:
    order = CategoryOrder(reversed(list(Category)))  # high card strongest, five of a kind weakest
    again = pickle.loads(pickle.dumps(order))  # its categories only: no table is sent
    assert again == order
    assert value("AS KS 2H 3C 4D", again).category is C.HIGH_CARD
    assert value("AS KS 2H 3C 4D", again) > value("AS AH 2H 3C 4D", again)
