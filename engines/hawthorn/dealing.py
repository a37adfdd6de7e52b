"""Starting a hand: antes, the deal, the secret starting cards, the button; and drawing from the deck.

No burn (docs/games/hawthorn.md#house-defaults). When a card must be drawn and the deck is empty, the
face-down cards out of play (the discards and the cards of players who folded
or paired this hand) are shuffled into a new deck.
"""

from __future__ import annotations

from engines import pairs_deck
from engines.core import Event
from engines.core.messages import Param
from engines.hawthorn.deck import ANTE, HAND_SIZE
from engines.hawthorn.state import HawthornState

GAME = "hawthorn"  # the event prefix


def emit(state: HawthornState, key: str, audience: tuple[int, ...] | None = None, **params: Param) -> None:
    """Append an event `hawthorn.event.<key>`: public, or seen only by `audience`."""
    state.events.append(Event(key=f"hawthorn.event.{key}", params=params, audience=audience))


def reshuffle(state: HawthornState) -> bool:
    """The deck is empty: the face-down cards out of play become the new deck. False when there are none."""
    pool = list(state.discard)
    state.discard = []
    for seat in range(state.players):
        pool.extend(state.face_down[seat])
        state.face_down[seat] = []
    return pairs_deck.shuffle_in(state, GAME, pool)


def drawable(state: HawthornState) -> list[int]:
    """The cards a draw could still bring: the deck, then what a reshuffle would use."""
    return [*state.deck, *state.discard, *(card for cards in state.face_down for card in cards)]


def draw(state: HawthornState) -> int | None:
    """The top card of the deck (reshuffling first if it is empty), or None if no card can be drawn."""
    return pairs_deck.draw(state, reshuffle)


def start_hand(state: HawthornState, order: list[int] | None = None) -> None:
    """Begin the next hand: everyone with chips antes 1, and gets 5 cards from a fresh shuffled deck.

    `order` (top card first, a permutation of the 55 cards) replaces the shuffle
    so tests can stack the deck; the deal gives each player 5 cards in turn, seat 0 first.
    """
    cards = pairs_deck.starting_deck(state.rng, order, "Pairs")
    players = state.players
    state.hand += 1
    state.phase = "choose"
    state.lap = 0
    state.discard = []
    state.choices = [None] * players
    state.face_up = [[] for _ in range(players)]
    state.face_down = [[] for _ in range(players)]
    state.hands = [[] for _ in range(players)]
    state.votes = [None] * players
    state.fresh = [[] for _ in range(players)]
    playing = state.with_chips()
    state.status = [
        "in" if seat in playing else "left" if seat in state.withdrawn else "idle" for seat in range(players)
    ]
    for seat in playing:
        state.chips.ante(seat, ANTE, into_pot=True)
    emit(state, "hand_start", hand=state.hand, hands=state.options.hands, pot=state.chips.pot)
    for seat in playing:
        state.hands[seat] = sorted(cards[:HAND_SIZE])
        del cards[:HAND_SIZE]
    state.deck = cards
    emit(state, "dealt", cards=HAND_SIZE)


def choose(state: HawthornState, seat: int, card: int) -> None:
    """`seat` secretly sets `card` of their hand aside as their starting card; reveal once everyone has."""
    state.hands[seat].remove(card)
    state.choices[seat] = card
    emit(state, "chose", seat=seat)
    emit(state, "you_chose", audience=(seat,), card=card)
    if all(state.choices[seat] is not None for seat in state.in_round()):
        reveal(state)


def reveal(state: HawthornState) -> None:
    """Everyone has chosen: the starting cards are turned face up together, then the button is decided."""
    for seat in state.in_round():
        card = state.choices[seat]
        if card is None:  # everyone in has chosen before a reveal
            raise ValueError("a player still in has no starting card")
        state.face_up[seat] = [card]
        emit(state, "reveal", seat=seat, card=card)
    state.choices = [None] * state.players
    starting = [len(cards) for cards in state.face_up]
    previous = state.button
    if state.options.button == "left" and previous is not None:
        button = state.next_in(previous)
        state.button = previous if button is None else button
        emit(state, "button_left", seat=state.button)
    else:
        state.button = lowest_card_holder(state)
    for seat, count in enumerate(starting):
        for card in state.face_up[seat][count:]:  # tie-break cards
            state.note_fresh(seat, card)
    state.phase = "play"
    state.lap = 1
    state.to_move = state.button
    emit(state, "lap_deck", lap=1, seat=state.button)


def discard_tie_pair(state: HawthornState, seat: int, card: int) -> None:
    """A tie-break card pairing one of `seat`'s face-up cards is discarded (and replaced)."""
    state.discard.append(card)
    emit(state, "tie_pair", seat=seat, card=card)


def lowest_card_holder(state: HawthornState) -> int:
    """The player with the lowest starting card; ties broken as in Pairs (newest cards only, cards stay out)."""
    # When nothing is left to break a tie, the first tied seat takes the button.
    button = pairs_deck.lowest_card_seat(state, GAME, state.face_up, state.in_round(), draw, drawable, discard_tie_pair)
    emit(state, "button", seat=button, card=state.face_up[button][-1])
    return button
