"""More Dead Money test helpers, on top of `deadmoney_rig`: read the options offered and the table briefly."""

from __future__ import annotations

from collections import Counter

from deadmoney_rig import ENGINE, act, legal, with_rolls

from engines.deadmoney import Bid, Cards, DeadMoneyState, Decline, Pass, TakeBrain, Target
from engines.deadmoney.state import Decision, Showdown


def hand(state: DeadMoneyState, seat: int) -> list[str]:
    """`seat`'s hand, sorted (the order cards arrive in does not matter to the rules)."""
    return sorted(state.hands[seat])


def same_cards(cards: list[str], expected: list[str]) -> bool:
    return Counter(cards) == Counter(expected)


def pending(state: DeadMoneyState) -> Decision | None:
    return state.top_decision()


def showdown(state: DeadMoneyState) -> Showdown:
    step = state.top_decision()
    assert isinstance(step, Showdown), step
    return step


def targets(state: DeadMoneyState, seat: int) -> list[int]:
    """The players `seat` is offered to name."""
    return [action.seat for action in legal(state, seat) if isinstance(action, Target)]


def brain_spots(state: DeadMoneyState, seat: int) -> set[tuple[int | None, str]]:
    """The Brains `seat` is offered: (holder, Brain), holder None for the discard pile."""
    return {(action.seat, action.brain) for action in legal(state, seat) if isinstance(action, TakeBrain)}


def card_offers(state: DeadMoneyState, seat: int) -> set[tuple[str, ...]]:
    """The `Cards` answers offered to `seat` (single-card picks: every distinct card)."""
    return {action.cards for action in legal(state, seat) if isinstance(action, Cards)}


def may_decline(state: DeadMoneyState, seat: int) -> bool:
    return any(isinstance(action, Decline) for action in legal(state, seat))


def roll_ok(state: DeadMoneyState) -> DeadMoneyState:
    """Rig the next Brain roll to a 6 (enough for any card up to 6, and a 7 with a same-suit Brain)."""
    return with_rolls(state, [6])


def give(state: DeadMoneyState, seat: int, *cards: str) -> DeadMoneyState:
    return act(state, seat, Cards(cards=cards))


def bid(state: DeadMoneyState, seat: int, *cards: str) -> DeadMoneyState:
    return act(state, seat, Bid(cards=cards))


def pass_(state: DeadMoneyState, seat: int) -> DeadMoneyState:
    return act(state, seat, Pass())


def passes(state: DeadMoneyState, *seats: int) -> DeadMoneyState:
    for seat in seats:
        state = pass_(state, seat)
    return state


def coins(*cards: str) -> int:
    """The coins printed on `cards`, read from the card data."""
    return sum(ENGINE.specs[card].coins for card in cards)
