"""The end of a hand, the vote between hands, the end of the session and its standings.

House decisions (the sources are silent): every hand is a full Hawthorn hand,
the button re-decided by the secret starting cards (or, with the `button`
option "left", passed to the left after the first hand). After a hand, unless
the hand cap is reached or fewer than two seated players have chips, every
seated player with chips votes secretly "next hand" or "stop"; a strict
majority of stop votes ends the session, a tie plays on.
"""

from __future__ import annotations

from engines.core import Result
from engines.hawthorn.dealing import emit, start_hand
from engines.hawthorn.state import HandRecord, HawthornState

MEASURE_KEY = "hawthorn.measure.chips"


def end_hand(state: HawthornState, winner: int) -> None:
    """`winner` is the last player in: they take the pot. Then a vote, or the end of the session."""
    amount = state.chips.take_pot(winner)
    emit(state, "wins_pot", seat=winner, amount=amount)
    state.history.append(HandRecord(hand=state.hand, winner=winner, pot=amount))
    for seat in state.seated():
        if state.chips.stacks[seat] == 0 and state.status[seat] != "idle":
            emit(state, "broke", seat=seat)
    if len(state.with_chips()) < 2 or state.hand >= state.options.hands:
        end_session(state)
        return
    state.phase = "vote"
    state.votes = [None] * state.players
    emit(state, "vote_start", hand=state.hand, hands=state.options.hands)


def vote(state: HawthornState, seat: int, stop: bool) -> None:
    state.votes[seat] = "stop" if stop else "next"
    emit(state, "voted", seat=seat)
    if all(state.votes[voter] is not None for voter in state.with_chips()):
        tally(state)


def tally(state: HawthornState) -> None:
    """Everyone with chips has voted: a strict majority of stops ends the session, else the next hand is dealt."""
    voters = state.with_chips()
    stops = [seat for seat in voters if state.votes[seat] == "stop"]
    emit(state, "votes", stop=len(stops), next=len(voters) - len(stops))
    if 2 * len(stops) > len(voters):
        state.end_reason = "vote"
        end_session(state)
    else:
        start_hand(state)


def end_session(state: HawthornState) -> None:
    """The session is over (the reason is the vote if already set, else the cap, the leavers or empty stacks)."""
    if state.end_reason is None:
        if len(state.seated()) < 2:
            state.end_reason = "left"
        elif len(state.with_chips()) < 2:
            state.end_reason = "broke"
        else:
            state.end_reason = "cap"
    state.phase = "over"
    state.votes = [None] * state.players
    emit(state, f"over_{state.end_reason}", hands=len(state.history))


def result(state: HawthornState) -> Result | None:
    """Standings by chips; seats that left share the last place. The measure is each seat's net chips."""
    if state.phase != "over":
        return None
    seated = state.seated()
    stacks = state.chips.stacks
    best = max(stacks[seat] for seat in seated)
    winners = tuple(seat for seat in seated if stacks[seat] == best)
    places = tuple(
        1 + sum(1 for other in seated if stacks[other] > stacks[seat]) if seat in seated else len(seated) + 1
        for seat in range(state.players)
    )
    return Result(places=places, winners=winners, measure=tuple(state.chips.nets()), measure_key=MEASURE_KEY)
