"""A turn of Hawthorn: add a card (drawn or from the hand) or fold; the laps; a player leaving."""

from __future__ import annotations

from typing import Literal

from engines.hawthorn.dealing import draw, emit, reveal
from engines.hawthorn.session import end_hand, end_session, tally
from engines.hawthorn.state import HawthornState


def pay(state: HawthornState, seat: int, owed: int) -> int:
    """`seat` pays `owed` into the pot, or all they have. Returns what was paid."""
    paid = state.chips.pay_to_pot(seat, owed)
    if paid < owed:
        emit(state, "short", seat=seat, owed=owed, amount=paid)
    return paid


def turn_down(state: HawthornState, seat: int, status: Literal["folded", "out"]) -> None:
    """`seat` leaves the round: their face-up cards are turned face down (their hand stays theirs)."""
    state.face_down[seat].extend(state.face_up[seat])
    state.face_up[seat] = []
    state.status[seat] = status


def pairing_cards(state: HawthornState, seat: int) -> list[int]:
    """The ranks of `seat`'s hand that pair one of their face-up cards (playing one knocks them out), while
    they are in the hand."""
    if state.status[seat] != "in":
        return []
    return sorted({card for card in state.hands[seat] if card in state.face_up[seat]})


def add_card(state: HawthornState, seat: int, card: int, *, from_hand: bool) -> None:
    """`seat` adds `card` face up; a card pairing one of theirs eliminates them at the cost of its rank."""
    if card in state.face_up[seat]:
        paid = pay(state, seat, card)
        emit(state, "paired_play" if from_hand else "paired_draw", seat=seat, card=card, paid=paid)
        state.face_up[seat].append(card)
        turn_down(state, seat, "out")
    else:
        state.face_up[seat].append(card)
        if not from_hand:
            state.note_fresh(seat, card)
        emit(state, "play" if from_hand else "draw", seat=seat, card=card)
    next_turn(state, seat)


def draw_card(state: HawthornState, seat: int) -> None:
    card = draw(state)
    if card is None:  # refused by the engine's check before we get here
        raise ValueError("no card to draw")
    add_card(state, seat, card, from_hand=False)


def play_card(state: HawthornState, seat: int, card: int) -> None:
    state.hands[seat].remove(card)
    add_card(state, seat, card, from_hand=True)


def fold(state: HawthornState, seat: int) -> None:
    """Pay the lowest face-up card of the players still in (your own count), turn your cards face down."""
    cost = state.fold_cost()
    if cost is None:  # the folder always has a face-up card
        raise ValueError("nothing to fold on")
    paid = pay(state, seat, cost)
    emit(state, "fold", seat=seat, card=cost, paid=paid)
    turn_down(state, seat, "folded")
    next_turn(state, seat)


def next_turn(state: HawthornState, after: int) -> None:
    """Play passes to the next player still in after `after`; passing the button starts a new lap.

    A lap starts with the button holder, or the next player still in clockwise
    from the button. The last player left takes the pot.
    """
    still_in = state.in_round()
    if len(still_in) == 1:
        end_hand(state, still_in[0])
        return
    button = state.button if state.button is not None else 0
    nxt = state.next_in(after)
    if nxt is None:  # cannot happen with two players in
        raise ValueError("no player to move")

    def position(seat: int) -> int:
        return (seat - button) % state.players

    if position(nxt) <= position(after):
        state.lap += 1
        emit(state, "lap_deck" if state.odd_lap() else "lap_hand", lap=state.lap, seat=nxt)
    state.to_move = nxt


def withdraw(state: HawthornState, seat: int) -> None:
    """`seat` (already listed as withdrawn) leaves: their cards go face down out of play, their chips stay theirs.

    The hand goes on without them while two players are still in it; the session
    goes on while two seated players have chips.
    """
    was_in = state.status[seat] == "in"
    pending = state.choices[seat]
    state.discard.extend([*state.hands[seat], *state.face_up[seat], *state.face_down[seat]])
    if pending is not None:
        state.discard.append(pending)
    state.hands[seat], state.face_up[seat], state.face_down[seat] = [], [], []
    state.choices[seat] = None
    state.votes[seat] = None
    state.status[seat] = "left"
    emit(state, "left", seat=seat)
    if state.phase == "vote":
        if len(state.with_chips()) < 2:
            end_session(state)
        elif all(state.votes[voter] is not None for voter in state.with_chips()):
            tally(state)
        return
    if not was_in:
        return
    still_in = state.in_round()
    if len(still_in) == 1:
        end_hand(state, still_in[0])
    elif state.phase == "choose":
        if all(state.choices[other] is not None for other in still_in):
            reveal(state)
    elif state.to_move == seat:
        next_turn(state, seat)
