"""A turn of Blackstone: pass or take cards, the two ways a hand ends, and a player leaving."""

from __future__ import annotations

from engines.blackstone.dealing import draw, emit
from engines.blackstone.deck import BLACK, is_black, pass_fine
from engines.blackstone.session import count_votes, end_hand, finish
from engines.blackstone.state import BlackstoneState


def next_in_hand(state: BlackstoneState, seat: int) -> int:
    """The next seat to the left (clockwise) of `seat` still in the hand."""
    for step in range(1, state.players + 1):
        other = (seat + step) % state.players
        if state.status[other] == "in":
            return other
    return seat


def pay_fine(state: BlackstoneState, seat: int, owed: int) -> int:
    """`seat` pays `owed` into the pot, or all they have if short. Returns what was paid."""
    paid = state.chips.pay_to_pot(seat, owed)
    if paid < owed:
        emit(state, "short", seat=seat, owed=owed, amount=paid)
    return paid


def out_of_hand(state: BlackstoneState, seat: int) -> None:
    """`seat` has just left the hand (passed or withdrew): the last one in wins, else play goes on to the left."""
    still_in = state.in_hand()
    if len(still_in) == 1:
        last_player_wins(state, still_in[0])
    elif state.to_move == seat:
        state.to_move = next_in_hand(state, seat)


def pass_turn(state: BlackstoneState, seat: int) -> None:
    """Forfeit your ante into the pot and pay half the white stones in the middle (rounded up); you are out."""
    owed = pass_fine(len(state.middle))
    ante = state.chips.forfeit_ante(seat)
    state.status[seat] = "passed"
    emit(state, "pass", seat=seat, ante=ante, fine=owed)
    pay_fine(state, seat, owed)
    out_of_hand(state, seat)


def surely_loses(state: BlackstoneState, seat: int, count: int) -> bool:
    """Whether taking `count` cards surely brings `seat` a second black stone, whatever the order of the deck.

    Anyone can count the white stones left to deal (45 minus the middle) and the black stones among
    them, so this is what the player sees: `count` is more than the white stones left can fill.
    """
    dealable = [*state.deck, *state.discard]
    whites = sum(1 for card in dealable if not is_black(card))
    blacks = len(dealable) - whites
    return state.blacks[seat] + min(max(count - whites, 0), blacks) >= 2


def take(state: BlackstoneState, seat: int, count: int) -> None:
    """Deal `count` cards one by one: white stones to the middle, a black stone stays; a second one loses."""
    state.last_take, state.last_taker = count, seat
    dealt: list[int] = []
    second_black = False
    for _ in range(count):
        card = draw(state)
        if card is None:  # refused by the engine's check before we get here
            break
        dealt.append(card)
        if not is_black(card):
            state.middle.append(card)
            continue
        state.blacks[seat] += 1
        if state.blacks[seat] > 1:
            second_black = True
            break
    whites = sum(1 for card in dealt if not is_black(card))
    emit(state, "take", seat=seat, count=count, cards=" ".join(str(card) for card in dealt), whites=whites)
    if second_black:
        lose(state, seat)
        return
    if any(is_black(card) for card in dealt):
        emit(state, "black_stone", seat=seat)
    state.to_move = next_in_hand(state, seat)


def lose(state: BlackstoneState, seat: int) -> None:
    """A second black stone: forfeit your ante and pay a fine of every white stone in the middle.

    The survivors take back their antes and split the pot equally; the remainder stays for the next hand.
    """
    state.status[seat] = "lost"
    state.loser = seat
    owed = len(state.middle)
    ante = state.chips.forfeit_ante(seat)
    emit(state, "second_black", seat=seat, ante=ante, fine=owed)
    pay_fine(state, seat, owed)
    survivors = state.in_hand()
    for survivor in survivors:
        state.chips.return_ante(survivor)
    share, remainder = state.chips.split_pot(survivors)
    emit(state, "split", seats=",".join(str(s) for s in survivors), share=share)
    if remainder:
        emit(state, "pot_carried", amount=remainder)
    end_hand(state, survivors, share)


def last_player_wins(state: BlackstoneState, seat: int) -> None:
    """Everyone else has passed (or left): the last player takes the whole pot and their own ante back."""
    ante = state.chips.return_ante(seat)
    pot = state.chips.take_pot(seat)
    emit(state, "hand_won", seat=seat, pot=pot, ante=ante)
    end_hand(state, [seat], pot)


def withdraw(state: BlackstoneState, seat: int) -> None:
    """`seat` (already listed as withdrawn) leaves: their ante is forfeited and their black stone set aside.

    The session goes on without them while two or more players remain;
    otherwise it ends (after the last player in a running hand takes it).
    """
    ante = state.chips.forfeit_ante(seat)
    was_in = state.status[seat] == "in"
    state.status[seat] = "left"
    state.choices[seat] = None
    state.discard.extend([BLACK] * state.blacks[seat])
    state.blacks[seat] = 0
    emit(state, "left", seat=seat, ante=ante)
    if state.phase == "play" and was_in:
        out_of_hand(state, seat)
    if state.phase == "over":
        return
    if len(state.active()) < 2:
        finish(state)
    elif state.phase == "decide":
        if len(state.with_chips()) < 2:
            emit(state, "too_few_chips", players=len(state.with_chips()))
            finish(state)
        elif not state.pending():
            count_votes(state)
