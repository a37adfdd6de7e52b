"""Cards leaving the deck: the shuffle, the antes and the opening deal of a hand, and the defensive reshuffle.

Blackstone burns no cards (the Pairs burn does not apply). Every hand starts
from all 55 cards, freshly shuffled.
"""

from __future__ import annotations

from engines.blackstone.deck import ANTE, full_deck, is_black
from engines.blackstone.state import BlackstoneState
from engines.core import Event
from engines.core.messages import Param


def emit(state: BlackstoneState, key: str, **params: Param) -> None:
    """Append a public table event `blackstone.event.<key>`."""
    state.events.append(Event(key=f"blackstone.event.{key}", params=params))


def reshuffle(state: BlackstoneState) -> bool:
    """The deck is empty: the discards are shuffled into a new deck. False when there are none.

    With 8 players or fewer this cannot happen before somebody takes a second
    black stone; it keeps the engine total anyway.
    """
    if not state.discard:
        return False
    state.deck, state.discard = state.discard, []
    state.rng.shuffle(state.deck)
    emit(state, "reshuffle", cards=len(state.deck))
    return True


def draw(state: BlackstoneState) -> int | None:
    """The top card of the deck (reshuffling the discards first if it is empty), or None if none is left."""
    if not state.deck and not reshuffle(state):
        return None
    return state.deck.pop(0)


def begin_hand(state: BlackstoneState, order: list[int] | None = None) -> None:
    """Start the next hand: antes in front of the players, all 55 cards shuffled, the opening deal.

    `order` (top card first, a permutation of the 55 cards) replaces the
    shuffle; it exists so tests can stack the deck.
    """
    if order is None:
        cards = full_deck()
        state.rng.shuffle(cards)
    else:
        if sorted(order) != full_deck():
            raise ValueError("a stacked deck must hold exactly the 55 Pairs cards")
        cards = list(order)
    players = state.players
    state.hand += 1
    state.phase = "play"
    state.deck = cards
    state.discard = []
    state.middle = []
    state.blacks = [0] * players
    state.opening = [[] for _ in range(players)]
    state.choices = [None] * players
    state.starter = state.last_take = state.last_taker = state.loser = None
    emit(state, "hand_start", hand=state.hand, hands=state.options.hands)
    post_antes(state)
    opening_deal(state)


def post_antes(state: BlackstoneState) -> None:
    """Every player with chips puts an ante in front of themselves (all they have if short); the rest sit out."""
    seated = 0
    for seat in range(state.players):
        if seat in state.withdrawn:
            state.status[seat] = "left"
        elif state.chips.stacks[seat] == 0:
            state.status[seat] = "out"
            emit(state, "sit_out", seat=seat)
        else:
            state.status[seat] = "in"
            paid = state.chips.ante(seat, ANTE, into_pot=False)
            seated += 1
            if paid < ANTE:
                emit(state, "ante_short", seat=seat, amount=paid)
    emit(state, "antes", count=seated, amount=ANTE)


def opening_deal(state: BlackstoneState) -> None:
    """One card each; the lowest starts. Tied players get further cards (pairs are kept) until one is lowest.

    A repeated tie compares only the newest cards. Then a player with several
    black stones keeps one and the others are shuffled back into the deck; every
    white stone goes to the middle.
    """
    contenders: list[int] = []
    for seat in state.in_hand():
        card = draw(state)
        if card is None:  # cannot happen: 55 cards, at most 8 players
            continue
        state.opening[seat].append(card)
        contenders.append(seat)
        emit(state, "deal", seat=seat, card=card)
    tied = contenders
    while len(contenders) > 1:
        low = min(state.opening[seat][-1] for seat in contenders)
        tied = [seat for seat in contenders if state.opening[seat][-1] == low]
        if len(tied) == 1:
            break
        emit(state, "tie", card=low, count=len(tied))
        complete = True
        for seat in tied:
            card = draw(state)
            if card is None:  # nothing left to break the tie with: the first tied seat starts
                complete = False
                break
            state.opening[seat].append(card)
            emit(state, "tie_card", seat=seat, card=card)
        if not complete:
            break
        contenders = tied
    starter = tied[0] if tied else state.in_hand()[0]
    state.starter = state.to_move = starter
    if state.opening[starter]:
        emit(state, "first_player", seat=starter, card=state.opening[starter][-1])
    settle_opening(state)


def settle_opening(state: BlackstoneState) -> None:
    """Extra black stones go back into the deck (shuffled); players keep one; the white stones go to the middle."""
    returned = 0
    for seat, cards in enumerate(state.opening):
        blacks = sum(1 for card in cards if is_black(card))
        state.blacks[seat] = min(blacks, 1)
        if blacks > 1:
            state.deck.extend([card for card in cards if is_black(card)][1:])
            returned += blacks - 1
            emit(state, "extra_black", seat=seat, count=blacks - 1)
        state.middle.extend(card for card in cards if not is_black(card))
    if returned:
        state.rng.shuffle(state.deck)
    emit(state, "to_middle", count=len(state.middle))
