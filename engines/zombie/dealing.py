"""Shuffling, drawing and dealing: how cards leave the deck, who deals and who starts a round.

There is no burn in Zombie Life: when a card must be drawn and the deck is
empty, the discard pile is shuffled into a new deck.
"""

from __future__ import annotations

from engines import pairs_deck
from engines.core.messages import Param
from engines.zombie.state import ZombieState

GAME = "zombie"  # the event prefix


def emit(state: ZombieState, key: str, **params: Param) -> None:
    """Append a public table event `zombie.event.<key>`."""
    pairs_deck.emit(state, GAME, key, **params)


def reshuffle(state: ZombieState) -> bool:
    """The deck is empty: the discard pile, shuffled, becomes the deck. False when there is nothing to shuffle."""
    return pairs_deck.reshuffle_discards(state, GAME)


def draw(state: ZombieState) -> int | None:
    """The top card of the deck (reshuffling first if it is empty), or None if no card is left to draw.

    A draw on a player's turn always finds a card: there are ten 10s but at most
    nine places for them on the table (eight Refuges and the Horde).
    """
    return pairs_deck.draw(state, reshuffle)


def drawable(state: ZombieState) -> list[int]:
    """The cards a draw could still bring: the deck, then the discard pile a reshuffle would use."""
    return state.deck + state.discard


def begin_game(state: ZombieState, order: list[int] | None = None) -> None:
    """Shuffle the 55 cards and deal round 1.

    `order` (top card first, a permutation of the 55 cards) replaces the
    shuffle; it exists so tests can stack the deck.
    """
    state.deck = pairs_deck.starting_deck(state.rng, order, "Zombie Life")
    state.discard = []
    emit(state, "game_start", target=state.options.target)
    start_round(state)


def next_dealer(state: ZombieState) -> int:
    """Who deals the next round: the fewest points; among tied players the first eliminated, else the first hidden.

    (docs/games/zombie.md#house-defaults.) Seats that left the game never deal; a tie nothing settles goes to the first
    tied seat.
    """
    active = state.active()
    low = min(state.points[seat] for seat in active)
    tied = [seat for seat in active if state.points[seat] == low]
    for order in (state.eliminated, state.hid):
        for seat in order:
            if seat in tied:
                return seat
    return tied[0]


def discard_tie_match(state: ZombieState, seat: int, card: int) -> None:
    """A tie-break card matching a value already in `seat`'s Refuge is discarded (and replaced)."""
    state.discard.append(card)
    emit(state, "tie_discard", seat=seat, card=card)


def start_round(state: ZombieState) -> None:
    """Deal one card face up into each Refuge; the lowest card starts.

    Round 1 is dealt from seat 0. Later rounds are dealt by `next_dealer`,
    starting on their left and ending with themselves. Players tied for the
    lowest card each get one more card (the Pairs tie-break): only those newest
    cards break the tie, repeating as needed; tie-break cards stay in the Refuge.
    """
    active = state.active()
    if state.round == 0:
        state.dealer = None
        order = active
    else:
        dealer = next_dealer(state)
        state.dealer = dealer
        order = [(dealer + step) % state.players for step in range(1, state.players + 1)]
        order = [seat for seat in order if seat in active]
    state.round += 1
    state.eliminated = []
    state.hid = []
    state.pending = None
    for seat in range(state.players):
        state.status[seat] = "in_play" if seat in active else "left"
    emit(state, "round_start", round=state.round)
    if state.dealer is not None:
        emit(state, "dealer", seat=state.dealer, points=state.points[state.dealer])
    contenders: list[int] = []
    for seat in order:
        card = draw(state)
        if card is None:  # cannot happen: every card is back in the deck or the discard pile
            continue
        state.refuge[seat].append(card)
        contenders.append(seat)
        emit(state, "deal", seat=seat, card=card)
    if not contenders:
        state.to_move = order[0]
        return
    first = pairs_deck.lowest_card_seat(state, GAME, state.refuge, contenders, draw, drawable, discard_tie_match)
    state.fresh = [list(cards) for cards in state.refuge]  # every card of a new round is new to its owner
    state.to_move = first
    emit(state, "first_player", seat=first, card=state.refuge[first][-1])
