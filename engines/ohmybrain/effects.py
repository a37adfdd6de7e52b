"""The marshmallow cards: roll the die (the state's seeded RNG), apply its face if it applies, then the refill and the
end of the turn (SEED-OMB, Cartes spéciales; docs/games/ohmybrain.md#house-defaults: one effect per face, uniform, seed
order).

1. put a card of your hand into an opponent's Cemetery (you choose whose, then which card);
2. every player, you first, adds a card of the Réserve to their Cemetery;
3. steal a brain from an opponent (you choose whom);
4. take a brain from the supply;
5. swap your hand or your Cemetery with an opponent's, neither side empty (you choose which and with whom);
6. play again (if you cannot, it is the "do not play" case).

Each function says how the turn goes on (`Outcome`): "done" (refill, end of turn), "again" (step A once more)
or "wait" (a choice of the player's is pending; the turn goes on once it is made).
"""

from __future__ import annotations

from typing import Literal

from engines.ohmybrain.piles import draw, emit, lose_brain, tell
from engines.ohmybrain.state import (
    DIE_FACES,
    DIE_SIDES,
    GiveStep,
    GiveToStep,
    OhMyBrainState,
    Roll,
    StealStep,
    SwapStep,
)

Outcome = Literal["done", "again", "wait"]
ZoneName = Literal["hand", "cemetery"]
ZONES: tuple[ZoneName, ...] = ("hand", "cemetery")


def roll(state: OhMyBrainState, seat: int, card: int) -> Outcome:
    """Roll the die for the marshmallow `card` `seat` just played, and apply the face."""
    face = state.rng.roll(DIE_SIDES)
    state.last_roll = Roll(seat=seat, card=card, face=face)
    emit(state, "roll", seat=seat, card=card, face=face)
    effect = DIE_FACES[face - 1]
    if effect == "give":
        return start_give(state, seat)
    if effect == "reserve":
        return reserve_to_cemeteries(state, seat)
    if effect == "steal":
        return start_steal(state, seat)
    if effect == "gain":
        state.brains[seat] += 1
        emit(state, "gain", seat=seat, brains=state.brains[seat])
        return "done"
    if effect == "swap":
        return start_swap(state, seat)
    emit(state, "again", seat=seat)
    return "again"


def no_effect(state: OhMyBrainState, seat: int, face: int) -> Outcome:
    emit(state, "no_effect", seat=seat, face=face)
    return "done"


# ----- 1. a card of your hand into an opponent's Cemetery -------------------------------------------------------
def start_give(state: OhMyBrainState, seat: int) -> Outcome:
    opponents = state.opponents(seat)
    if not state.hands[seat] or not opponents:
        return no_effect(state, seat, 1)
    if len(opponents) == 1:
        return give_to(state, seat, opponents[0])
    state.step = GiveToStep()
    return "wait"


def give_to(state: OhMyBrainState, seat: int, to: int) -> Outcome:
    """The Cemetery is chosen; the card is too when the hand holds only one."""
    if len(state.hands[seat]) == 1:
        give(state, seat, to, state.hands[seat][0])
        return "done"
    state.step = GiveStep(to=to)
    return "wait"


def give(state: OhMyBrainState, seat: int, to: int, card: int) -> None:
    state.hands[seat].remove(card)
    state.cemeteries[to].append(card)
    state.note_cemetery(to, card)
    emit(state, "give", seat=seat, to_seat=to)
    tell(state, [seat, to], "given", seat=seat, to_seat=to, card=card)


# ----- 2. a card of the Réserve into every Cemetery --------------------------------------------------------------
def reserve_to_cemeteries(state: OhMyBrainState, seat: int) -> Outcome:
    """Every player, from the roller clockwise, adds the top card of the Réserve to their Cemetery (while any
    card is left to draw)."""
    dealt = []
    for other in state.clockwise_from(seat):
        card = draw(state)
        if card is None:
            break
        state.cemeteries[other].append(card)
        state.note_cemetery(other, card)
        dealt.append((other, card))
    emit(state, "reserve_each", seat=seat, count=len(dealt))
    for other, card in dealt:
        tell(state, [other], "reserve_card", seat=other, card=card)
    return "done"


# ----- 3. steal a brain -----------------------------------------------------------------------------------------
def start_steal(state: OhMyBrainState, seat: int) -> Outcome:
    opponents = state.opponents(seat)
    if not opponents:
        return no_effect(state, seat, 3)
    if len(opponents) == 1:
        steal(state, seat, opponents[0])
        return "done"
    state.step = StealStep()
    return "wait"


def steal(state: OhMyBrainState, seat: int, victim: int) -> None:
    """`seat` takes a brain of `victim`'s; their last one ends the game."""
    state.brains[seat] += 1
    emit(state, "steal", seat=seat, from_seat=victim, brains=state.brains[seat])
    lose_brain(state, victim)


# ----- 5. swap a hand or a Cemetery -----------------------------------------------------------------------------
def swaps(state: OhMyBrainState, seat: int) -> list[tuple[ZoneName, int]]:
    """The swaps `seat` may make: hand or Cemetery, with an opponent, neither side empty
    (docs/games/ohmybrain.md#house-defaults)."""
    options: list[tuple[ZoneName, int]] = []
    for zone in ZONES:
        piles = state.hands if zone == "hand" else state.cemeteries
        if not piles[seat]:
            continue
        options += [(zone, other) for other in state.opponents(seat) if piles[other]]
    return options


def start_swap(state: OhMyBrainState, seat: int) -> Outcome:
    options = swaps(state, seat)
    if not options:
        return no_effect(state, seat, 5)
    if len(options) == 1:
        swap(state, seat, *options[0])
        return "done"
    state.step = SwapStep()
    return "wait"


def swap(state: OhMyBrainState, seat: int, zone: str, other: int) -> None:
    """Exchange `seat`'s and `other`'s hands (or Cemeteries): everything received is new to its receiver."""
    piles = state.hands if zone == "hand" else state.cemeteries
    piles[seat], piles[other] = piles[other], piles[seat]
    for receiver in (seat, other):
        for card in piles[receiver]:
            if zone == "hand":
                state.note_hand(receiver, card)
            else:
                state.note_cemetery(receiver, card)
    emit(state, "swap_hand" if zone == "hand" else "swap_cemetery", seat=seat, with_seat=other)
