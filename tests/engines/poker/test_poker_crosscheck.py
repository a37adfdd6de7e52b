"""Every one of the 2,598,960 five-card hands of one deck, ranked by us and by treys (standard order, no suits).

Both rankings must induce the same total preorder: the same order and the same
ties. treys numbers its 7,462 classes 1 (best) to 7,462. We check that every hand
of one treys class gets the same value of ours, and that the classes sorted from
worst to best get strictly increasing values of ours: so our ties are exactly
treys's ties and our order is treys's order.
"""

from __future__ import annotations

from itertools import combinations, pairwise

from treys import Card as TreysCard
from treys import Evaluator

from engines.poker import STANDARD_DECK, Card, Category, evaluate

HANDS = 2_598_960
CLASSES = 7_462
TREYS_CLASS_NAMES = {
    "Royal Flush": Category.STRAIGHT_FLUSH,
    "Straight Flush": Category.STRAIGHT_FLUSH,
    "Four of a Kind": Category.FOUR_OF_A_KIND,
    "Full House": Category.FULL_HOUSE,
    "Flush": Category.FLUSH,
    "Straight": Category.STRAIGHT,
    "Three of a Kind": Category.THREE_OF_A_KIND,
    "Two Pair": Category.TWO_PAIR,
    "Pair": Category.PAIR,
    "High Card": Category.HIGH_CARD,
}


def treys_card(card: Card) -> int:
    return int(TreysCard.new("??23456789TJQKA"[card.rank] + card.suit.value.lower()))


def test_every_five_card_hand_ranks_as_in_treys() -> None:
    evaluator = Evaluator()
    five = evaluator._five  # treys's own 5-card evaluator, which its evaluate() dispatches to
    theirs = list(map(five, combinations([treys_card(card) for card in STANDARD_DECK], 5)))
    ours = list(map(evaluate, combinations(STANDARD_DECK, 5)))  # same enumeration order, card for card
    assert len(ours) == len(theirs) == HANDS

    ours_by_class = dict(zip(theirs, ours, strict=True))
    assert len(ours_by_class) == CLASSES
    # Same treys class -> same value of ours (checked for every hand).
    assert list(map(ours_by_class.__getitem__, theirs)) == ours
    # Worse treys class (higher number) -> strictly lower value of ours, so distinct classes never tie with us.
    ranked = [ours_by_class[number] for number in sorted(ours_by_class, reverse=True)]
    assert all(lower < higher for lower, higher in pairwise(ranked))
    # And the categories agree.
    for number, value in ours_by_class.items():
        assert TREYS_CLASS_NAMES[evaluator.class_to_string(evaluator.get_rank_class(number))] is value.category
