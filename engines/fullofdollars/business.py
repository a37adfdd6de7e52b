"""The Business phase turn: collecting, opening a business, passing and calling poker.

A turn starts with the collection (automatic: a bot does not forget): the next player owes the total value of
the player's businesses. The FBI window (`reactions`) opens first; if no FBI is played, the payer pays. Then
the player opens a business, starts a hold-up (`holdup`) or passes. Playing one's last card calls poker.
"""

from __future__ import annotations

from engines.core import Refusal
from engines.fullofdollars.cards import FullOfDollarsDeck
from engines.fullofdollars.money import business_total, emit, finish, pay
from engines.fullofdollars.state import FullOfDollarsState, Window


def start_turn(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    """The turn of `state.turn` begins: claim the collection (the FBI window opens), or go straight to the turn."""
    seat = state.turn
    amount = business_total(deck, state, seat)
    payer = state.next_seat(seat)
    emit(state, "turn", seat=seat)
    if amount > 0 and payer != seat:
        emit(state, "claim", seat=seat, payer_seat=payer, amount=amount)
        answers: dict[int, str | None] = {other: None for other in state.live() if other != seat}
        state.window = Window(kind="fbi", answers=answers, collector=seat, payer=payer, amount=amount)
        state.stage = "fbi"
        return
    state.stage = "turn"


def collect(deck: FullOfDollarsDeck, state: FullOfDollarsState, collector: int, payer: int, amount: int) -> None:
    """The collection goes through: the payer pays (everything, if short: the game then ends)."""
    paid = pay(state, payer, amount, collector)
    emit(state, "collect", seat=collector, payer_seat=payer, amount=paid)
    if state.ruined:
        finish(deck, state)
        return
    state.stage = "turn"


def played_card(state: FullOfDollarsState, seat: int) -> None:
    """After `seat` played a card: their last one calls poker (the first call of a turn deals)."""
    if not state.hands[seat] and state.caller is None and state.stage != "over":
        state.caller = seat
        emit(state, "call_poker_last", seat=seat)


def check_open(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, card: str) -> Refusal | None:
    if card not in state.hands[seat]:
        return Refusal(key="fullofdollars.refusal.not_in_hand")
    spec = deck.card(card)
    if spec.type != "business" or spec.business is None:
        return Refusal(key="fullofdollars.refusal.not_a_business")
    if any(deck.card(other).business == spec.business for other in state.businesses[seat]):
        return Refusal(key="fullofdollars.refusal.same_business")
    cost = 2 * deck.value(card)
    if state.money[seat] < cost:
        return Refusal(key="fullofdollars.refusal.cannot_afford", params={"amount": cost})
    return None


def open_business(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, card: str) -> None:
    cost = 2 * deck.value(card)
    state.hands[seat].remove(card)
    pay(state, seat, cost, None)
    state.businesses[seat].append(card)
    state.passes[seat] = 0
    emit(state, "open", seat=seat, business=deck.card(card).business or "", amount=cost)
    played_card(state, seat)
    state.stage = "turn_end"


def pass_turn(state: FullOfDollarsState, seat: int) -> None:
    state.passes[seat] += 1
    emit(state, "pass", seat=seat)
    state.stage = "call" if state.passes[seat] >= 2 and state.caller is None else "turn_end"


def call_poker(state: FullOfDollarsState, seat: int) -> None:
    if state.caller is None:
        state.caller = seat
    emit(state, "call_poker", seat=seat)
    state.stage = "turn_end"


def play_on(state: FullOfDollarsState, seat: int) -> None:
    emit(state, "play_on", seat=seat)
    state.stage = "turn_end"
