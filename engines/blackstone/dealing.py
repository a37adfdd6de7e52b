"""Cards leaving the deck: the shuffle, the antes and the opening deal of a hand, and the defensive reshuffle.

Blackstone burns no cards (the Pairs burn does not apply). Every hand starts
from all 55 cards, freshly shuffled.
"""

from __future__ import annotations

from engines import pairs_deck
from engines.blackstone.deck import ANTE, is_black
from engines.blackstone.state import BlackstoneState
from engines.core.messages import Param

GAME = "blackstone"  # the event prefix


def emit(state: BlackstoneState, key: str, **params: Param) -> None:
    """Append a public table event `blackstone.event.<key>`."""
    pairs_deck.emit(state, GAME, key, **params)


def reshuffle(state: BlackstoneState) -> bool:
    """The deck is empty: the discards are shuffled into a new deck. False when there are none.

    With 8 players or fewer this cannot happen before somebody takes a second
    black stone; it keeps the engine total anyway.
    """
    return pairs_deck.reshuffle_discards(state, GAME)


def draw(state: BlackstoneState) -> int | None:
    """The top card of the deck (reshuffling the discards first if it is empty), or None if none is left."""
    return pairs_deck.draw(state, reshuffle)


def drawable(state: BlackstoneState) -> list[int]:
    """The cards a draw could still bring: the deck, then the discards a reshuffle would use."""
    return state.deck + state.discard


def begin_hand(state: BlackstoneState, order: list[int] | None = None) -> None:
    """Start the next hand: antes in front of the players, all 55 cards shuffled, the opening deal.

    `order` (top card first, a permutation of the 55 cards) replaces the
    shuffle; it exists so tests can stack the deck.
    """
    cards = pairs_deck.starting_deck(state.rng, order, "Pairs")
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
    if contenders:  # pairs are kept: no card is discarded during the tie-break
        starter = pairs_deck.lowest_card_seat(state, GAME, state.opening, contenders, draw, drawable, None)
    else:
        starter = state.in_hand()[0]
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
