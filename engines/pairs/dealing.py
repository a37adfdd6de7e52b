"""Shuffling, burning, drawing and dealing: how cards leave the deck.

After every shuffle 5 cards are burned face down onto the discard pile; they
come back at the next reshuffle. A reshuffle happens when a card must be drawn
and the deck is empty.
"""

from __future__ import annotations

from engines.core import Event
from engines.core.messages import Param
from engines.pairs.deck import BURN, full_deck
from engines.pairs.state import PairsState


def emit(state: PairsState, key: str, **params: Param) -> None:
    """Append a public table event `pairs.event.<key>`."""
    state.events.append(Event(key=f"pairs.event.{key}", params=params))


def burn(state: PairsState, shuffled: list[int]) -> int:
    """Burn the top cards of a freshly shuffled pile onto the discard pile; the rest becomes the deck.

    Burns 5, but always leaves at least one card to draw (a tiny pile would
    otherwise be burned whole and reshuffled forever). Returns the number burned.
    """
    burned = min(BURN, max(len(shuffled) - 1, 0))
    state.discard.extend(shuffled[:burned])
    state.deck = shuffled[burned:]
    return burned


def can_draw(state: PairsState) -> bool:
    """Whether a card can be drawn now, reshuffling if needed."""
    return bool(state.deck or state.discard)


def reshuffle(state: PairsState) -> bool:
    """The deck is empty: shuffle every card that is neither a score card nor in play, then burn 5.

    Those are exactly the discard pile (burned cards included), so this is both
    the rulebook's reshuffle of the discards and the house fallback ("everything
    except score cards and cards in play"). False when there is nothing to shuffle.
    """
    pool = state.deck + state.discard
    if not pool:
        return False
    state.discard = []
    state.rng.shuffle(pool)
    burned = burn(state, pool)
    emit(state, "reshuffle", cards=len(pool), burned=burned)
    return True


def draw(state: PairsState) -> int | None:
    """The top card of the deck (reshuffling first if it is empty), or None if no card is left anywhere."""
    if not state.deck and not reshuffle(state):
        return None
    return state.deck.pop(0)


def begin_game(state: PairsState, order: list[int] | None = None) -> None:
    """Start the next game: all 55 cards back, shuffle, burn 5, deal the first round.

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
    state.game += 1
    state.round = 0
    state.discard = []
    state.in_play = [[] for _ in range(state.players)]
    state.score_cards = [[] for _ in range(state.players)]
    emit(state, "game_start", game=state.game, games=state.options.match_games, losing_score=state.losing_score)
    emit(state, "shuffle", burned=burn(state, cards))
    start_round(state)


def deal_tie_card(state: PairsState, seat: int) -> int | None:
    """Deal a tie-break card to `seat`; a card pairing one of theirs is discarded and replaced.

    None when no card that could break the tie is left (nothing to draw, or
    every drawable card would pair).
    """
    while any(card not in state.in_play[seat] for card in state.deck + state.discard):
        card = draw(state)
        if card is None:
            return None
        if card in state.in_play[seat]:
            state.discard.append(card)
            emit(state, "tie_pair", seat=seat, card=card)
            continue
        state.in_play[seat].append(card)
        emit(state, "tie_card", seat=seat, card=card)
        return card
    return None


def start_round(state: PairsState) -> None:
    """Deal one card face up to each player; the lowest single card plays first.

    Players tied for the lowest each get one more card, and only those newest
    cards break the tie, repeating as needed. Tie-break cards stay in play.
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
    while True:
        newest = {seat: state.in_play[seat][-1] for seat in contenders}
        low = min(newest.values())
        tied = [seat for seat in contenders if newest[seat] == low]
        if len(tied) == 1:
            break
        emit(state, "tie", card=low, count=len(tied))
        if any(deal_tie_card(state, seat) is None for seat in tied):
            break  # nothing left to break the tie with: the first tied seat starts
        contenders = tied
    state.to_move = tied[0]
    emit(state, "first_player", seat=tied[0], card=state.in_play[tied[0]][-1])
