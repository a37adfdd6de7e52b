"""Reactive cards: FBI after a collection, Jugement and Bombe at the end of a turn (docs/games/fullofdollars.md).

A window asks every player concerned at once (FBI: everyone but the collector; end of turn: everyone), holding
such a card or not, so that nobody learns who holds one and an asynchronous table never waits on a silent
window. Each answers once, on their own clock: play one card or decline. Answers stay secret until the window
closes; the cards played are then carried out in the order of play from the collector (or from the player
whose turn ended). A played card leaves the hand then, so hand sizes tell nothing before.
"""

from __future__ import annotations

from engines.core import Refusal
from engines.fullofdollars.actions import Bomb, Decline, Fbi, Judge
from engines.fullofdollars.business import collect, played_card
from engines.fullofdollars.cards import FullOfDollarsDeck
from engines.fullofdollars.money import emit, pay
from engines.fullofdollars.state import FullOfDollarsState, Judgement, Window

WindowAction = Fbi | Judge | Bomb | Decline


def special_card(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, special: str) -> str | None:
    """One card of the kind `special` in the seat's hand (the first in id order), or None."""
    cards = sorted(card for card in state.hands[seat] if deck.card(card).special == special)
    return cards[0] if cards else None


def business_owner(state: FullOfDollarsState, card: str) -> int | None:
    for seat, cards in enumerate(state.businesses):
        if card in cards:
            return seat
    return None


def encode(action: WindowAction) -> str:
    if isinstance(action, Judge):
        return f"judge:{action.target}"
    if isinstance(action, Bomb):
        return f"bomb:{action.card}"
    return action.kind


def check_answer(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, action: WindowAction) -> Refusal | None:
    window = state.window
    if window is None or window.answers.get(seat, "") is not None:
        return Refusal(key="fullofdollars.refusal.no_window")
    if isinstance(action, Decline):
        return None
    if isinstance(action, Fbi):
        if window.kind != "fbi":
            return Refusal(key="fullofdollars.refusal.fbi_after_collection")
        if special_card(deck, state, seat, "fbi") is None:
            return Refusal(key="fullofdollars.refusal.no_such_card")
        return None
    if window.kind != "end":
        return Refusal(key="fullofdollars.refusal.end_of_turn_only")
    if isinstance(action, Judge):
        if special_card(deck, state, seat, "jugement") is None:
            return Refusal(key="fullofdollars.refusal.no_such_card")
        if action.target == seat or action.target >= state.players or action.target in state.withdrawn:
            return Refusal(key="fullofdollars.refusal.bad_target")
        return None
    if special_card(deck, state, seat, "bombe") is None:
        return Refusal(key="fullofdollars.refusal.no_such_card")
    owner = business_owner(state, action.card)
    if owner is None or owner == seat:
        return Refusal(key="fullofdollars.refusal.bad_target")
    return None


def answer(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, action: WindowAction) -> None:
    window = state.window
    assert window is not None
    window.answers[seat] = encode(action)
    settle_window(deck, state)


def settle_window(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    """Close the window once every player still in has answered."""
    window = state.window
    if window is None:
        return
    for seat in list(window.answers):
        if seat in state.withdrawn:
            del window.answers[seat]
    if any(answer is None for answer in window.answers.values()):
        return
    state.window = None
    if window.kind == "fbi":
        _close_fbi(deck, state, window)
    else:
        _close_end(deck, state, window)


def _close_fbi(deck: FullOfDollarsDeck, state: FullOfDollarsState, window: Window) -> None:
    players = [seat for seat in state.in_order_from(window.collector) if window.answers.get(seat) == "fbi"]
    for seat in players:
        card = special_card(deck, state, seat, "fbi")
        if card is None:
            continue
        state.hands[seat].remove(card)
        state.discard.append(card)
        emit(state, "fbi", seat=seat, collector_seat=window.collector)
        played_card(state, seat)
    if window.collector in state.withdrawn:
        state.stage = "turn_start"  # the collector left: the flow moves on (see flow.settle)
        return
    if players:
        emit(state, "collection_cancelled", seat=window.collector, amount=window.amount)
        state.stage = "turn"
    elif window.payer in state.withdrawn:
        state.stage = "turn"
    else:
        collect(deck, state, window.collector, window.payer, window.amount)


def _close_end(deck: FullOfDollarsDeck, state: FullOfDollarsState, window: Window) -> None:
    for seat in state.in_order_from(window.ended):
        answer = window.answers.get(seat)
        if answer is None or answer == "decline":
            continue
        kind, _, target = answer.partition(":")
        if kind == "judge":
            card = special_card(deck, state, seat, "jugement")
            if card is None:
                continue
            state.hands[seat].remove(card)
            state.discard.append(card)
            emit(state, "judge", seat=seat, target_seat=int(target))
            state.judgements.append(int(target))
        else:
            card = special_card(deck, state, seat, "bombe")
            if card is None:
                continue
            state.hands[seat].remove(card)
            state.discard.append(card)
            owner = business_owner(state, target)
            if owner is None:
                emit(state, "bomb_fizzles", seat=seat)
            else:
                state.businesses[owner].remove(target)
                state.discard.append(target)
                emit(state, "bomb", seat=seat, target_seat=owner, business=deck.card(target).business or "")
                if len(state.live()) > 2:
                    state.direction = -1 if state.direction == 1 else 1
                    emit(state, "reverse")
        played_card(state, seat)
    next_judgement(deck, state)


def next_judgement(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    """Carry out the next Jugement (closing at once what the target cannot pay for), or move on."""
    while True:
        judgement = state.judgement
        if judgement is not None and judgement.target not in state.withdrawn:
            while judgement.businesses:
                card = judgement.businesses[0]
                if state.money[judgement.target] >= 2 * deck.value(card):
                    state.stage = "judgement"
                    return
                _close(deck, state, judgement, forced=True)
        state.judgement = None
        if not state.judgements:
            state.stage = "after_end"
            return
        target = state.judgements.pop(0)
        if target in state.withdrawn:
            continue
        if not state.businesses[target]:
            emit(state, "judge_nothing", seat=target)
            continue
        state.judgement = Judgement(target=target, businesses=list(state.businesses[target]))


def _close(deck: FullOfDollarsDeck, state: FullOfDollarsState, judgement: Judgement, *, forced: bool) -> None:
    card = judgement.businesses.pop(0)
    state.businesses[judgement.target].remove(card)
    state.discard.append(card)
    business = deck.card(card).business or ""
    emit(state, "close_forced" if forced else "close", seat=judgement.target, business=business)


def keep(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    judgement = state.judgement
    assert judgement is not None
    card = judgement.businesses.pop(0)
    cost = 2 * deck.value(card)
    pay(state, judgement.target, cost, None)
    emit(state, "keep", seat=judgement.target, business=deck.card(card).business or "", amount=cost)
    next_judgement(deck, state)


def close(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    judgement = state.judgement
    assert judgement is not None
    _close(deck, state, judgement, forced=False)
    next_judgement(deck, state)
