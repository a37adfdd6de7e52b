"""The round of Il Morto: the deal, the knock, keeping and swapping in turn, the reveal, deaths and the deal
passing right; and the end of the game.

Seats are in table order, clockwise: "to the right" is seat - 1. Play goes anticlockwise from the dealer's
right, the dealer last (docs/games/ilmorto.md#how-a-game-goes).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import Event
from engines.core.messages import Param
from engines.ilmorto.cards import CAVALLO, RE, full_deck, rank, shows_face_up
from engines.ilmorto.state import IlMortoState

GAME = "ilmorto"


def emit(state: IlMortoState, key: str, **params: Param) -> None:
    """Append a public table event `ilmorto.event.<key>`."""
    state.events.append(Event(key=f"{GAME}.event.{key}", params=params))


def seats_param(seats: list[int]) -> str:
    return ",".join(str(seat) for seat in seats)


# ----- the deal ---------------------------------------------------------------------------------------------------
def deal_round(state: IlMortoState, order: list[str] | None = None) -> None:
    """A fresh shuffle of all 40 cards (house default), one card face down to each living player, from the
    dealer's right, the dealer last. `order` (top card first, the 40 cards) replaces the shuffle: tests stack
    the deck with it."""
    if order is None:
        cards = full_deck()
        state.rng.shuffle(cards)
    else:
        if sorted(order) != sorted(full_deck()):
            raise ValueError("a stacked Il Morto deck must hold the 40 cards once each")
        cards = list(order)
    players = state.players
    state.round += 1
    state.hands = [None] * players
    state.face_up = [False] * players
    state.known = [[] for _ in range(players)]
    state.looked = [False] * players
    state.knocked = False
    state.to_move = None
    state.discard = []
    state.aside = []
    emit(state, "round_start", round=state.round, seat=state.dealer)
    for seat in state.play_order():
        if state.alive(seat):
            state.hands[seat] = cards.pop(0)
    state.stock = cards


def next_dealer(state: IlMortoState) -> int:
    """The next living player on the dealer's right (the dead never deal)."""
    for step in range(1, state.players + 1):
        seat = (state.dealer - step) % state.players
        if state.alive(seat):
            return seat
    return state.dealer


# ----- before the knock -------------------------------------------------------------------------------------------
def look(state: IlMortoState, seat: int) -> None:
    """`seat` looks at their card: free for the dealer; anyone else loses a life (maybe their last)."""
    state.looked[seat] = True
    if seat not in state.known[seat]:
        state.known[seat].append(seat)
    if seat == state.dealer:
        emit(state, "look_dealer", seat=seat)
        return
    state.lives[seat] -= 1
    emit(state, "look_early", seat=seat, lives=state.lives[seat])
    if state.lives[seat] == 0:
        die(state, [seat])
        check_end(state)


def knock(state: IlMortoState) -> None:
    """Everyone now knows their own card; Cavalli and Re go face up. The dealer's right plays first."""
    state.knocked = True
    emit(state, "knock", seat=state.dealer)
    for seat in state.holders():
        if seat not in state.known[seat]:
            state.known[seat].append(seat)
        card = state.hands[seat]
        if card is not None and shows_face_up(card):
            state.face_up[seat] = True
            emit(state, "face_up", seat=seat, card=card)
    state.to_move = state.holders()[0]


# ----- the turns after the knock ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Target:
    """Whom a swap of `seat` would reach: a seat, the deck (`seat` None and no `blocker`), or nobody (a
    face-up Re `blocker` stops it). `skipped`: the face-up Cavalli jumped on the way."""

    seat: int | None
    blocker: int | None
    skipped: tuple[int, ...]

    @property
    def deck(self) -> bool:
        return self.seat is None and self.blocker is None


def swap_target(state: IlMortoState, seat: int) -> Target:
    """The next player after `seat` in play order who holds a card, face-up Cavalli jumped (several in a row
    too); a face-up Re blocks; nobody left after them: the deck."""
    order = state.play_order()
    skipped: list[int] = []
    for other in order[order.index(seat) + 1 :]:
        if not state.holds(other):
            continue  # the dead, and the players brought back since the deal, are skipped
        if state.face_up[other] and state.card_rank(other) == CAVALLO:
            skipped.append(other)
            continue
        if state.face_up[other] and state.card_rank(other) == RE:
            return Target(seat=None, blocker=other, skipped=tuple(skipped))
        return Target(seat=other, blocker=None, skipped=tuple(skipped))
    return Target(seat=None, blocker=None, skipped=tuple(skipped))


def keep(state: IlMortoState, seat: int) -> None:
    emit(state, "keep", seat=seat)
    advance(state, seat)


def swap(state: IlMortoState, seat: int) -> None:
    """Swap with the next player (Cavalli jumped), or with the deck when nobody is left after them."""
    target = swap_target(state, seat)
    if target.skipped:
        emit(state, "jump", seat=seat, seats=seats_param(list(target.skipped)))
    if target.seat is not None:
        exchange(state, seat, target.seat)
        emit(state, "swap", seat=seat, with_seat=target.seat)
    else:
        swap_with_deck(state, seat)
    advance(state, seat)


def swap_deck(state: IlMortoState, seat: int) -> None:
    swap_with_deck(state, seat)
    advance(state, seat)


def exchange(state: IlMortoState, seat: int, other: int) -> None:
    """Two face-down cards change hands. Whoever knew a card knows where it went; both players know both."""
    state.hands[seat], state.hands[other] = state.hands[other], state.hands[seat]
    for viewer in range(state.players):
        known = set(state.known[viewer])
        had_seat, had_other = seat in known, other in known
        known.discard(seat)
        known.discard(other)
        if had_seat:
            known.add(other)
        if had_other:
            known.add(seat)
        if viewer in (seat, other):
            known |= {seat, other}
        state.known[viewer] = sorted(known)


def swap_with_deck(state: IlMortoState, seat: int) -> None:
    """The top card of the stock: a Re cancels the swap (the player keeps their card), a Cavallo is skipped and the next
    card drawn (docs/games/ilmorto.md#house-defaults). The card given up is put aside face up; the card drawn is known
    to its new holder only."""
    while state.stock:
        card = state.stock.pop(0)
        if rank(card) == RE:
            state.aside.append(card)
            emit(state, "deck_re", seat=seat, card=card)
            return
        if rank(card) == CAVALLO:
            state.aside.append(card)
            emit(state, "deck_cavallo", seat=seat, card=card)
            continue
        given = state.hands[seat]
        assert given is not None
        state.aside.append(given)
        state.hands[seat] = card
        for viewer in range(state.players):
            if viewer != seat and seat in state.known[viewer]:
                state.known[viewer].remove(seat)
        emit(state, "deck_swap", seat=seat, card=given)
        return
    emit(state, "deck_empty", seat=seat)  # cannot happen: at most 12 cards are dealt, 8 are Re or Cavalli


def advance(state: IlMortoState, after: int) -> None:
    """The turn passes to the next holder after `after` in play order; after the dealer, the reveal."""
    order = state.play_order()
    for seat in order[order.index(after) + 1 :]:
        if state.holds(seat):
            state.to_move = seat
            return
    reveal(state)


# ----- the reveal -------------------------------------------------------------------------------------------------
def reveal(state: IlMortoState) -> None:
    """Everyone shows their card; everyone holding the lowest loses a life. When every living player would
    die at once, the round is cancelled and dealt again by the same dealer (docs/games/ilmorto.md#house-defaults)."""
    holders = state.holders()
    low = min(state.card_rank(seat) for seat in holders)
    losers = [seat for seat in holders if state.card_rank(seat) == low]
    state.last_reveal = list(state.hands)
    state.last_losers = losers
    first = state.hands[losers[0]]
    assert first is not None
    if all(seat in losers and state.lives[seat] == 1 for seat in state.living()):
        emit(state, "cancelled", card=first, seats=seats_param(losers))
        deal_round(state)
        return
    emit(state, "reveal", card=first, seats=seats_param(losers))
    for seat in holders:  # every card is now face up: put aside until the next shuffle
        card = state.hands[seat]
        assert card is not None
        state.aside.append(card)
        state.hands[seat] = None
        state.face_up[seat] = False
    state.known = [[] for _ in range(state.players)]
    state.to_move = None
    dying = []
    for seat in losers:
        state.lives[seat] -= 1
        emit(state, "lose_life", seat=seat, lives=state.lives[seat])
        if state.lives[seat] == 0:
            dying.append(seat)
    if dying:
        die(state, dying)
    for seat in state.living():
        state.survived[seat] += 1
    if check_end(state):
        return
    state.dealer = next_dealer(state)
    deal_round(state)


# ----- death and life ---------------------------------------------------------------------------------------------
def die(state: IlMortoState, seats: list[int]) -> None:
    """`seats` have no life left: their cards are discarded and they are skipped until someone gives them a life."""
    state.deaths += 1
    for seat in seats:
        state.died_at[seat] = state.deaths
        emit(state, "death", seat=seat)
        drop_card(state, seat)


def drop_card(state: IlMortoState, seat: int) -> None:
    """`seat`'s card leaves play: face up to the cards put aside, face down to the discard. If it was their
    turn, the turn passes on."""
    drop_card_quietly(state, seat)
    if state.to_move == seat and not state.finished:
        advance(state, seat)


def transfer_life(state: IlMortoState, giver: int, dead: int) -> None:
    """`giver` gives one of their lives to the dead `dead`, who comes back with a card at the next deal;
    giving your last life kills you."""
    state.lives[giver] -= 1
    state.lives[dead] += 1
    if state.lives[giver] == 0:
        die(state, [giver])


# ----- the end ----------------------------------------------------------------------------------------------------
def withdraw(state: IlMortoState, seat: int) -> None:
    """`seat` left (already in `withdrawn`): their card leaves play. The dealer leaving abandons the round (no
    life lost), dealt again by the next living player on the right. One player left alive wins."""
    emit(state, "left", seat=seat)
    if len(state.living()) <= 1:
        drop_card_quietly(state, seat)
        check_end(state)
        return
    if seat == state.dealer:
        emit(state, "abandoned", seat=seat)
        state.dealer = next_dealer(state)
        deal_round(state)
        return
    drop_card(state, seat)


def drop_card_quietly(state: IlMortoState, seat: int) -> None:
    """`seat`'s card leaves play with the turn left where it is (the game is ending)."""
    card = state.hands[seat]
    if card is not None:
        (state.aside if state.face_up[seat] else state.discard).append(card)
        state.hands[seat] = None
        state.face_up[seat] = False
        state.known = [[other for other in known if other != seat] for known in state.known]


def check_end(state: IlMortoState) -> bool:
    """The game ends when one player (or none) is left alive: they win."""
    living = state.living()
    if len(living) > 1:
        return False
    finish(state, living)
    return True


def finish(state: IlMortoState, winners: list[int]) -> None:
    state.finished = True
    state.to_move = None
    state.winners = list(winners)
    for seat in winners:
        emit(state, "winner", seat=seat, lives=state.lives[seat])
