"""Between hands: the hand's record, the simultaneous next-hand decision, the end of the session, the result.

After each hand the session ends when the hand cap is reached or fewer than two
players at the table have chips. Otherwise every player with chips decides in
secret, in any order, "next hand" or "stop"; the session ends when a strict
majority of them asks to stop (a tie plays on). A pot remainder carries to the
next hand; one left when the session ends is reported as unclaimed.
"""

from __future__ import annotations

from engines.blackstone.dealing import begin_hand, emit
from engines.blackstone.state import BlackstoneState, Choice, HandRecord
from engines.core import Result

MEASURE_KEY = "blackstone.measure.chips"


def end_hand(state: BlackstoneState, winners: list[int], won: int) -> None:
    """The hand is settled (every ante returned or forfeited): record it, then finish or ask who plays on."""
    state.history.append(
        HandRecord(hand=state.hand, winners=tuple(winners), loser=state.loser, won=won, carried=state.chips.pot)
    )
    if state.hand >= state.options.hands:
        emit(state, "cap_reached", hands=state.options.hands)
        finish(state)
    elif len(state.with_chips()) < 2:
        emit(state, "too_few_chips", players=len(state.with_chips()))
        finish(state)
    else:
        state.phase = "decide"
        state.choices = [None] * state.players


def decide(state: BlackstoneState, seat: int, choice: Choice) -> None:
    """`seat` makes their secret choice; once everyone with chips has chosen, the votes are counted."""
    state.choices[seat] = choice
    emit(state, "decided", seat=seat)
    if not state.pending():
        count_votes(state)


def count_votes(state: BlackstoneState) -> None:
    """Everyone with chips has chosen: a strict majority for "stop" ends the session, else the next hand starts."""
    voters = [seat for seat in state.with_chips() if state.choices[seat] is not None]
    stops = sum(1 for seat in voters if state.choices[seat] == "stop")
    state.choices = [None] * state.players
    if 2 * stops > len(voters):
        emit(state, "vote_stop", stops=stops, voters=len(voters))
        finish(state)
    else:
        emit(state, "vote_next", stops=stops, voters=len(voters))
        begin_hand(state)


def finish(state: BlackstoneState) -> None:
    """The session is over; a pot nobody could claim is reported and left where it is."""
    state.phase = "over"
    emit(state, "session_over", hands=state.hand)
    if state.chips.pot:
        emit(state, "pot_unclaimed", amount=state.chips.pot)


def result(state: BlackstoneState) -> Result | None:
    """Final standings by chips; the largest stack(s) win; seats that left come last. Measure: net chips won."""
    if state.phase != "over":
        return None
    active = state.active()
    stacks = state.chips.stacks
    best = max((stacks[seat] for seat in active), default=0)
    winners = tuple(seat for seat in active if stacks[seat] == best)
    places = tuple(
        1 + sum(1 for other in active if stacks[other] > stacks[seat]) if seat in active else len(active) + 1
        for seat in range(state.players)
    )
    return Result(places=places, winners=winners, measure=tuple(state.chips.nets()), measure_key=MEASURE_KEY)
