"""A player leaving a running game: their cards go to the Défausse and the game goes on without them.

With one player left, the game is over and they win. A leaver in the middle of the deal only stops waiting for
their choice. A leaving active player abandons the rest of their turn (cards still to share and cards drawn go to
the Défausse) and the next player plays, free of any Spider. A choice of the active player that named the leaver
is asked again.
"""

from __future__ import annotations

from engines.ohmybrain import dealing, effects, turn
from engines.ohmybrain.piles import emit, finish
from engines.ohmybrain.state import GiveStep, KeepStep, OhMyBrainState, PlayStep, ShareStep, StealStep, SwapStep


def withdraw(state: OhMyBrainState, seat: int) -> None:
    """`seat` (already listed as withdrawn) leaves."""
    emit(state, "left", seat=seat)
    state.defausse.extend(state.hands[seat] + state.cemeteries[seat] + state.lots[seat])
    state.hands[seat] = []
    state.cemeteries[seat] = []
    state.lots[seat] = []
    state.buried[seat] = None
    alive = state.alive()
    if len(alive) < 2:
        if alive:
            emit(state, "last_player", seat=alive[0])
        abandon(state)
        finish(state)
        return
    if state.dealing:
        if not dealing.waiting(state):
            dealing.split_lots(state)
        return
    if state.active == seat:
        abandon(state)
        state.active = state.left_of(seat)
        state.turn += 1
        state.step = PlayStep()
        return
    renamed(state)


def abandon(state: OhMyBrainState) -> None:
    """The rest of the active player's turn is dropped: cards in the air go to the Défausse."""
    step = state.step
    if isinstance(step, KeepStep):
        state.defausse.extend(step.drawn)
    if isinstance(step, ShareStep):
        state.defausse.extend([step.card] * step.left)
    state.step = None
    state.spider_next = False


def renamed(state: OhMyBrainState) -> None:
    """The active player's pending choice no longer fits now that an opponent has left: ask it again."""
    step, seat = state.step, state.active
    if isinstance(step, GiveStep) and step.to in state.withdrawn:
        turn.after_effect(state, seat, effects.start_give(state, seat))
    elif isinstance(step, StealStep) and len(state.opponents(seat)) == 1:
        effects.steal(state, seat, state.opponents(seat)[0])
        turn.after_effect(state, seat, "done")
    elif isinstance(step, SwapStep) and len(effects.swaps(state, seat)) <= 1:
        turn.after_effect(state, seat, effects.start_swap(state, seat))
