"""A turn of Zombie Life: draw and place, take from the Horde, hide; eliminations; a player leaving."""

from __future__ import annotations

from collections import Counter

from engines.pairs_deck import RANKS
from engines.zombie.dealing import draw, emit
from engines.zombie.endings import end_round, finish
from engines.zombie.state import ZombieState


def fits_refuge(state: ZombieState, seat: int, card: int) -> bool:
    return card not in state.refuge[seat]


def fits_horde(state: ZombieState, card: int) -> bool:
    return card not in state.horde


def takeable(state: ZombieState, seat: int) -> list[int]:
    """Horde values `seat`'s Refuge lacks, lowest first (before the last-player rule)."""
    return sorted(card for card in state.horde if fits_refuge(state, seat, card))


def pass_turn(state: ZombieState, seat: int) -> None:
    """Play passes to the next player in play on the left (the last one in play goes on); none left ends the round."""
    following = state.next_in_play(seat)
    if following is None:
        end_round(state)
    else:
        state.to_move = following


def left_play(state: ZombieState, seat: int) -> None:
    """`seat` has just hidden, been overrun or left: announce a last player in play, or end the round."""
    remaining = state.in_play()
    if len(remaining) == 1:
        emit(state, "last_in_play", seat=remaining[0])
    if state.to_move == seat or not remaining:
        pass_turn(state, seat)


def turn_up_for_hiders(state: ZombieState) -> None:
    """A player in play is gone: every hidden player turns one face-down card face up again (the highest)."""
    for seat in range(state.players):
        if state.status[seat] == "hidden" and state.face_down[seat]:
            card = max(state.face_down[seat])
            state.face_down[seat].remove(card)
            state.refuge[seat].append(card)
            state.note_fresh(seat, card)
            emit(state, "turn_up", seat=seat, card=card)


def clear_refuge(state: ZombieState, seat: int) -> None:
    """Discard every card of `seat`'s Refuge, both faces."""
    state.discard.extend(state.refuge[seat] + state.face_down[seat])
    state.refuge[seat] = []
    state.face_down[seat] = []


def overrun(state: ZombieState, seat: int, card: int) -> None:
    """The drawn card is already in the Horde and in the Refuge: eliminated for the round, Refuge discarded."""
    state.discard.append(card)
    clear_refuge(state, seat)
    state.status[seat] = "eliminated"
    state.eliminated.append(seat)
    emit(state, "overrun", seat=seat, card=card)
    turn_up_for_hiders(state)
    left_play(state, seat)


def draw_card(state: ZombieState, seat: int) -> None:
    """Draw a card. Two places for it: the player chooses (`pending`); one: it goes there; none: overrun."""
    card = draw(state)
    if card is None:  # cannot happen: a 10 is always left in the deck or the discard pile (see `draw`)
        raise ValueError("no card to draw")
    refuge, horde = fits_refuge(state, seat, card), fits_horde(state, card)
    if refuge and horde:
        state.pending = card
        emit(state, "draw", seat=seat, card=card)
    elif refuge:
        state.refuge[seat].append(card)
        state.note_fresh(seat, card)
        emit(state, "forced_refuge", seat=seat, card=card)
        pass_turn(state, seat)
    elif horde:
        state.horde.append(card)
        emit(state, "forced_horde", seat=seat, card=card)
        pass_turn(state, seat)
    else:
        overrun(state, seat, card)


def place(state: ZombieState, seat: int, zone: str) -> None:
    """Put the pending drawn card in the Refuge or the Horde; play passes on."""
    card = state.pending
    if card is None:  # refused by the engine's check before we get here
        raise ValueError("no drawn card to place")
    state.pending = None
    if zone == "refuge":
        state.refuge[seat].append(card)
        state.note_fresh(seat, card)
        emit(state, "place_refuge", seat=seat, card=card)
    else:
        state.horde.append(card)
        emit(state, "place_horde", seat=seat, card=card)
    pass_turn(state, seat)


def take(state: ZombieState, seat: int, card: int) -> None:
    """Move a card from the Horde into the Refuge; play passes on."""
    state.horde.remove(card)
    state.refuge[seat].append(card)
    state.note_fresh(seat, card)
    emit(state, "take", seat=seat, card=card)
    pass_turn(state, seat)


def surely_overrun(state: ZombieState, seat: int) -> bool:
    """Whether a draw by `seat` overruns them whatever the card, as far as they can see.

    Every value with a copy they cannot see (in the deck, the discard pile or someone else's face-down
    cards) is already both in their Refuge and in the Horde, so the hidden card drawn matches both.
    """
    refuge, horde = set(state.refuge[seat]), set(state.horde)
    seen = Counter([*state.horde, *state.face_down[seat], *(card for cards in state.refuge for card in cards)])
    if state.pending is not None:
        seen[state.pending] += 1
    unseen = [rank for rank in RANKS if seen[rank] < rank]
    return bool(unseen) and all(rank in refuge and rank in horde for rank in unseen)


def hide_count(state: ZombieState, seat: int) -> int:
    """How many Refuge cards hiding turns face down: one per other player still in play, at most all of them."""
    others = sum(1 for other in state.in_play() if other != seat)
    return min(others, len(state.refuge[seat]))


def hide(state: ZombieState, seat: int) -> None:
    """Hide: out of play for the round; the lowest Refuge cards are turned face down, one per player still in play."""
    count = hide_count(state, seat)
    down = sorted(state.refuge[seat])[:count]
    for card in down:
        state.refuge[seat].remove(card)
    state.face_down[seat] = sorted(down)
    state.status[seat] = "hidden"
    state.hid.append(seat)
    emit(state, "hide", seat=seat, count=count)
    left_play(state, seat)


def withdraw(state: ZombieState, seat: int) -> None:
    """`seat` (already listed as withdrawn) leaves: their cards are discarded, play goes on without them.

    Their points stay on record for the standings. A player who leaves while
    still in play counts as gone for the hidden players (each turns a card face
    up, as for an elimination). With fewer than two players left the game ends
    and the last one wins.
    """
    was_in_play = state.status[seat] == "in_play"
    if state.to_move == seat and state.pending is not None:
        state.discard.append(state.pending)
        state.pending = None
    clear_refuge(state, seat)
    state.status[seat] = "left"
    emit(state, "left", seat=seat)
    active = state.active()
    if len(active) < 2:
        if active:
            emit(state, "last_player", seat=active[0])
        finish(state, active)
        return
    if was_in_play:
        turn_up_for_hiders(state)
        left_play(state, seat)
