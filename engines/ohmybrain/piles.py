"""Events, the Réserve and the Défausse: how cards are drawn, and how brains come and go."""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import Event
from engines.core.messages import Param
from engines.ohmybrain.state import OhMyBrainState

GAME = "ohmybrain"


def emit(state: OhMyBrainState, key: str, **params: Param) -> None:
    """Append a public table event `ohmybrain.event.<key>`."""
    state.events.append(Event(key=f"{GAME}.event.{key}", params=params))


def tell(state: OhMyBrainState, seats: Sequence[int], key: str, **params: Param) -> None:
    """Append an event `ohmybrain.event.<key>` only `seats` see (what is in a hand or a Cemetery)."""
    audience = tuple(sorted(set(seats)))
    state.events.append(Event(key=f"{GAME}.event.{key}", params=params, audience=audience))


def listed(cards: Sequence[int]) -> str:
    """Cards as an event parameter: "3, 7, 12" (lowest first)."""
    return ", ".join(str(card) for card in sorted(cards))


def reshuffle(state: OhMyBrainState) -> bool:
    """The Réserve is empty: the Défausse, shuffled, becomes the Réserve. False when the Défausse is empty too."""
    if not state.defausse:
        return False
    state.reserve = list(state.defausse)
    state.defausse = []
    state.rng.shuffle(state.reserve)
    emit(state, "reshuffle", cards=len(state.reserve))
    return True


def draw(state: OhMyBrainState) -> int | None:
    """The top card of the Réserve (the Défausse reshuffled first if it is empty), or None if no card is left."""
    if not state.reserve and not reshuffle(state):
        return None
    return state.reserve.pop(0)


def discard_horde(state: OhMyBrainState) -> None:
    """The whole Horde goes to the Défausse."""
    state.defausse.extend(state.horde)
    state.horde = []


def finish(state: OhMyBrainState) -> None:
    """The game is over: the most brains among the players still in win (a tie shares the win)."""
    state.over = True
    state.step = None
    state.lot = 0
    alive = state.alive()
    if not alive:
        state.winners = []
        return
    top = max(state.brains[seat] for seat in alive)
    state.winners = [seat for seat in alive if state.brains[seat] == top]
    for seat in state.winners:
        emit(state, "winner", seat=seat, brains=top)


def lose_brain(state: OhMyBrainState, seat: int) -> bool:
    """`seat` loses a brain; True when it was their last: the game is over at once."""
    state.brains[seat] = max(0, state.brains[seat] - 1)
    if state.brains[seat] == 0:
        emit(state, "last_brain", seat=seat)
        finish(state)
        return True
    return False
