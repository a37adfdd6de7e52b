"""Shuffling, burning, drawing and dealing: how cards leave the deck.

After every shuffle 5 cards are burned face down onto the discard pile; they
come back at the next reshuffle. A reshuffle happens when a card must be drawn
and the deck is empty.
"""

from __future__ import annotations

from engines import pairs_deck
from engines.core.messages import Param
from engines.pairs.deck import BURN
from engines.pairs.state import PairsState

GAME = "pairs"  # the event prefix


def emit(state: PairsState, key: str, **params: Param) -> None:
    """Append a public table event `pairs.event.<key>`."""
    pairs_deck.emit(state, GAME, key, **params)


def can_draw(state: PairsState) -> bool:
    """Whether a card can be drawn now, reshuffling if needed."""
    return bool(state.deck or state.discard)


def reshuffle(state: PairsState) -> bool:
    """The deck is empty: shuffle every card that is neither a score card nor in play, then burn 5.

    Those are exactly the discard pile (burned cards included), so this is both
    the rulebook's reshuffle of the discards and the house fallback ("everything
    except score cards and cards in play"). False when there is nothing to shuffle.
    """
    return pairs_deck.reshuffle_discards(state, GAME, burn_count=BURN)


def draw(state: PairsState) -> int | None:
    """The top card of the deck (reshuffling first if it is empty), or None if no card is left anywhere."""
    return pairs_deck.draw(state, reshuffle)


def drawable(state: PairsState) -> list[int]:
    """The cards a draw could still bring: the deck, then the discard pile a reshuffle would use."""
    return state.deck + state.discard


def discard_tie_pair(state: PairsState, seat: int, card: int) -> None:
    """A tie-break card pairing one of `seat`'s cards is discarded (and replaced)."""
    state.discard.append(card)
    emit(state, "tie_pair", seat=seat, card=card)


def begin_game(state: PairsState, order: list[int] | None = None) -> None:
    """Start the next game: all 55 cards back, shuffle, burn 5, deal the first round.

    `order` (top card first, a permutation of the 55 cards) replaces the
    shuffle; it exists so tests can stack the deck.
    """
    cards = pairs_deck.starting_deck(state.rng, order, "Pairs")
    state.game += 1
    state.round = 0
    state.discard = []
    state.in_play = [[] for _ in range(state.players)]
    state.score_cards = [[] for _ in range(state.players)]
    emit(state, "game_start", game=state.game, games=state.options.match_games, losing_score=state.losing_score)
    emit(state, "shuffle", burned=pairs_deck.burn(state, cards, BURN))
    start_round(state)


def start_round(state: PairsState) -> None:
    """Deal one card face up to each player; the lowest single card plays first.

    Players tied for the lowest each get one more card, and only those newest
    cards break the tie, repeating as needed. Tie-break cards stay in play.
    Every card of the new round is new to its owner (`fresh`).
    """
    state.round += 1
    emit(state, "round_start", round=state.round)
    contenders: list[int] = []
    for seat in state.active():
        card = draw(state)
        if card is None:
            continue
        state.in_play[seat].append(card)
        contenders.append(seat)
        emit(state, "deal", seat=seat, card=card)
    if not contenders:  # cannot happen with 55 cards; keeps the game total
        state.to_move = state.active()[0]
        return
    first = pairs_deck.lowest_card_seat(state, GAME, state.in_play, contenders, draw, drawable, discard_tie_pair)
    state.fresh = [list(cards) for cards in state.in_play]
    state.to_move = first
    emit(state, "first_player", seat=first, card=state.in_play[first][-1])
