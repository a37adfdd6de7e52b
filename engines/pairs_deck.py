"""The 55-card Pairs deck shared by the Pairs family (Pairs, Zombie Life, Hawthorn, Blackstone).

One 1, two 2s, ... ten 10s, no suits: a card is its rank (1-10). This module
holds what the four games do the same way with it: the stacked-or-shuffled
starting deck, drawing with a reshuffle of the discards (Pairs also burns), and
the "lowest card starts" tie-break. Each game keeps its own rules in its own
package and passes in its name (the event prefix) and its own piles.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from engines.core import Event, Rng
from engines.core.messages import Param

RANKS = tuple(range(1, 11))
DECK_SIZE = sum(RANKS)  # 55


class DeckState(Protocol):
    """The fields of a game state the shared deck functions use."""

    rng: Rng
    events: list[Event]
    deck: list[int]
    discard: list[int]


D = TypeVar("D", bound=DeckState)


def full_deck() -> list[int]:
    """The 55 cards in rank order (1, 2, 2, 3, 3, 3, ...), before shuffling."""
    return [rank for rank in RANKS for _ in range(rank)]


def emit(state: DeckState, game: str, key: str, /, **params: Param) -> None:
    """Append a public table event `<game>.event.<key>`."""
    state.events.append(Event(key=f"{game}.event.{key}", params=params))


def starting_deck(rng: Rng, order: list[int] | None, cards_name: str) -> list[int]:
    """All 55 cards shuffled, or `order` (top card first) when tests stack the deck.

    `cards_name` names the deck in the error for an order that is not a permutation of the 55 cards.
    """
    if order is None:
        cards = full_deck()
        rng.shuffle(cards)
        return cards
    if sorted(order) != full_deck():
        raise ValueError(f"a stacked deck must hold exactly the 55 {cards_name} cards")
    return list(order)


def burn(state: DeckState, shuffled: list[int], count: int) -> int:
    """Burn the top `count` cards of a freshly shuffled pile onto the discard pile; the rest becomes the deck.

    Always leaves at least one card to draw (a tiny pile would otherwise be
    burned whole and reshuffled forever). Returns the number burned.
    """
    burned = min(count, max(len(shuffled) - 1, 0))
    state.discard.extend(shuffled[:burned])
    state.deck = shuffled[burned:]
    return burned


def shuffle_in(state: DeckState, game: str, pool: list[int], burn_count: int | None = None) -> bool:
    """Shuffle `pool` into a new deck (burning `burn_count` if given) and announce it. False when `pool` is empty."""
    if not pool:
        return False
    state.rng.shuffle(pool)
    if burn_count is None:
        state.deck = pool
        emit(state, game, "reshuffle", cards=len(pool))
    else:
        burned = burn(state, pool, burn_count)
        emit(state, game, "reshuffle", cards=len(pool), burned=burned)
    return True


def reshuffle_discards(state: DeckState, game: str, burn_count: int | None = None) -> bool:
    """The deck is empty: the discard pile, shuffled, becomes the deck. False when there is nothing to shuffle."""
    pool = state.deck + state.discard
    if not pool:
        return False
    state.discard = []
    return shuffle_in(state, game, pool, burn_count)


def draw(state: D, reshuffle: Callable[[D], bool]) -> int | None:
    """The top card of the deck (after `reshuffle` if it is empty), or None if no card is left to draw."""
    if not state.deck and not reshuffle(state):
        return None
    return state.deck.pop(0)


def deal_tie_card(
    state: D,
    game: str,
    pile: list[int],
    seat: int,
    draw_card: Callable[[D], int | None],
    drawable: Callable[[D], list[int]],
    on_pair: Callable[[D, int, int], None] | None,
) -> int | None:
    """Deal a tie-break card onto `seat`'s `pile`.

    With `on_pair`, a card pairing one already in the pile is handed to it
    (`on_pair(state, seat, card)` discards and announces it) and replaced;
    without it, pairs are kept. None when no card that could break the tie is
    left (nothing to draw, or every drawable card would pair).
    """
    while any(on_pair is None or card not in pile for card in drawable(state)):
        card = draw_card(state)
        if card is None:
            return None
        if on_pair is not None and card in pile:
            on_pair(state, seat, card)
            continue
        pile.append(card)
        emit(state, game, "tie_card", seat=seat, card=card)
        return card
    return None


def lowest_card_seat(
    state: D,
    game: str,
    piles: list[list[int]],
    contenders: list[int],
    draw_card: Callable[[D], int | None],
    drawable: Callable[[D], list[int]],
    on_pair: Callable[[D, int, int], None] | None,
) -> int:
    """The seat whose newest card in `piles` is lowest; `contenders` must not be empty.

    Players tied for the lowest each get one more card (`deal_tie_card`), and
    only those newest cards break the tie, repeating as needed. Tie-break cards
    stay in the piles. When nothing is left to break a tie, the first tied seat wins.
    """
    while True:
        newest = {seat: piles[seat][-1] for seat in contenders}
        low = min(newest.values())
        tied = [seat for seat in contenders if newest[seat] == low]
        if len(tied) == 1:
            break
        emit(state, game, "tie", card=low, count=len(tied))
        if any(deal_tie_card(state, game, piles[seat], seat, draw_card, drawable, on_pair) is None for seat in tied):
            break  # nothing left to break the tie with: the first tied seat starts
        contenders = tied
    return tied[0]
