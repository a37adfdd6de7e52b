"""The end of a round (brains lost per card left, the next deal) and of the game (most brains win; the result).

SEED-OMB, Fin de la manche / Fin de la partie; docs/games/ohmybrain.md#house-defaults: the brains are removed one at a
time, everyone together, and the count stops the moment someone loses their last brain (then the game is over).
"""

from __future__ import annotations

from engines.core import Result, places_from_scores
from engines.ohmybrain.dealing import fewest_brains, start_round
from engines.ohmybrain.piles import emit, finish
from engines.ohmybrain.state import OhMyBrainState, RoundRecord

MEASURE_KEY = "ohmybrain.measure.brains"


def round_losses(state: OhMyBrainState, out: int) -> list[int]:
    """The brains each seat loses as the round ends: one per card in hand and Cemetery, every player but `out`
    together one brain at a time, stopping at the first count that takes someone's last brain."""
    owed = [0 if seat == out or seat in state.withdrawn else state.cards_of(seat) for seat in range(state.players)]
    lost = [0] * state.players
    left = list(state.brains)
    while any(lost[seat] < owed[seat] for seat in range(state.players)):
        for seat in range(state.players):
            if lost[seat] < owed[seat]:
                lost[seat] += 1
                left[seat] -= 1
        if any(left[seat] <= 0 for seat in state.alive()):
            break
    return lost


def end_round(state: OhMyBrainState, out: int) -> None:
    """`out` finished a turn with no card: the others lose their brains; the game ends if someone has none left,
    else the player with the fewest brains deals the next round (a tie drawn at random)."""
    lost = round_losses(state, out)
    emit(state, "round_end", round=state.round, seat=out)
    for seat in state.clockwise_from(out):
        if lost[seat]:
            state.brains[seat] -= lost[seat]
            emit(state, "round_loss", seat=seat, lost=lost[seat], brains=state.brains[seat])
    state.last_round = RoundRecord(round=state.round, out=out, lost=tuple(lost))
    state.step = None
    if any(state.brains[seat] <= 0 for seat in state.alive()):
        for seat in state.alive():
            if state.brains[seat] <= 0:
                emit(state, "last_brain", seat=seat)
        finish(state)
        return
    starter, drawn = fewest_brains(state)
    emit(state, "next_starter_tie" if drawn else "next_starter", seat=starter, brains=state.brains[starter])
    start_round(state, starter)


def result(state: OhMyBrainState) -> Result | None:
    """Standings by brains (more is better); players who left share the last place. Measure: brains at the end."""
    if not state.over:
        return None
    alive = state.alive()
    ranked = places_from_scores([state.brains[seat] for seat in alive], higher_is_better=True)
    place_of = dict(zip(alive, ranked, strict=True))
    places = tuple(place_of.get(seat, len(alive) + 1) for seat in range(state.players))
    return Result(
        places=places,
        winners=tuple(state.winners),
        measure=tuple(state.brains),
        measure_key=MEASURE_KEY,
    )
