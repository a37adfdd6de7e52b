"""The end of a round (scoring, the next deal) and of the game (winners, the result)."""

from __future__ import annotations

from engines.core import Result, places_from_scores
from engines.zombie.dealing import emit, start_round
from engines.zombie.state import RoundRecord, ZombieState

MEASURE_KEY = "zombie.measure.points"


def end_round(state: ZombieState) -> None:
    """Nobody is in play: each hidden player scores 1 point per face-up Refuge card; the eliminated score 0.

    Every table card goes to the discard pile. Reaching the target ends the game
    (highest score wins; a tie shares the win, or plays one more round with the
    `play_on` option); otherwise the next round is dealt.
    """
    gained = [0] * state.players
    for seat in state.hid:
        if seat in state.withdrawn:
            continue
        gained[seat] = len(state.refuge[seat])
        state.points[seat] += gained[seat]
        emit(state, "score", seat=seat, gained=gained[seat], points=state.points[seat])
    state.last_round = RoundRecord(
        round=state.round,
        gained=tuple(gained),
        eliminated=tuple(state.eliminated),
        hid=tuple(state.hid),
    )
    state.discard.extend(state.horde)
    state.horde = []
    for seat in range(state.players):
        state.discard.extend(state.refuge[seat] + state.face_down[seat])
        state.refuge[seat] = []
        state.face_down[seat] = []
    emit(state, "round_end", round=state.round)
    active = state.active()
    top = max(state.points[seat] for seat in active)
    leaders = [seat for seat in active if state.points[seat] == top]
    if top >= state.options.target:
        if len(leaders) == 1 or state.options.tie == "shared":
            finish(state, leaders)
            return
        emit(state, "tie_play_on", seats=",".join(str(seat) for seat in leaders), points=top)
    start_round(state)


def finish(state: ZombieState, winners: list[int]) -> None:
    """The game is over: `winners` won (several share a win)."""
    state.finished = True
    if state.pending is not None:  # a card drawn just before the game ended by a withdrawal
        state.discard.append(state.pending)
        state.pending = None
    state.winners = list(winners)
    for seat in winners:
        emit(state, "winner", seat=seat, points=state.points[seat])


def result(state: ZombieState) -> Result | None:
    """Standings by points (higher is better); seats that left share the last place. Measure: points scored."""
    if not state.finished:
        return None
    active = state.active()
    ranked = places_from_scores([state.points[seat] for seat in active], higher_is_better=True)
    place_of = dict(zip(active, ranked, strict=True))
    places = tuple(place_of.get(seat, len(active) + 1) for seat in range(state.players))
    return Result(
        places=places,
        winners=tuple(state.winners),
        measure=tuple(state.points),
        measure_key=MEASURE_KEY,
    )
