"""Moving the game on between decisions: turns, windows, the Poker phase, withdrawals and the end.

Actions leave the state on a passing stage (`turn_start`, `turn_end`, `after_end`, `poker_done`); `settle`
carries it to the next decision. The game ends after the resolution in which someone had to pay more than
they held (at the next passing stage, or at once after a collection), or when one player is left.
"""

from __future__ import annotations

from engines.fullofdollars import business, holdup, pokerphase, reactions
from engines.fullofdollars.cards import FullOfDollarsDeck
from engines.fullofdollars.money import finish
from engines.fullofdollars.state import FullOfDollarsState, Window


def settle(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    while state.stage != "over":
        if len(state.live()) < 2:
            finish(deck, state)
            return
        stage = state.stage
        if stage in ("turn_start", "turn_end", "after_end", "poker_done") and state.ruined:
            finish(deck, state)
            return
        if stage == "turn_start":
            if state.turn in state.withdrawn:
                state.turn = state.next_seat(state.turn)
            business.start_turn(deck, state)
        elif stage == "turn_end":
            if state.caller is not None:
                pokerphase.start(deck, state)
            else:
                state.window = Window(kind="end", answers=dict.fromkeys(state.live()), ended=state.turn)
                state.stage = "end"
        elif stage == "after_end":
            if state.caller is not None:
                pokerphase.start(deck, state)
            else:
                state.turn = state.next_seat(state.turn)
                state.stage = "turn_start"
        elif stage == "poker_done":
            state.stage = "turn_start"
        else:
            return


def withdraw(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int) -> None:
    """`seat` has left: the game goes on without them (their turn ends, windows stop waiting for them)."""
    stage = state.stage
    if stage in ("turn", "call") and state.turn == seat:
        state.stage = "after_end"
    elif stage in ("fbi", "end"):
        reactions.settle_window(deck, state)
    elif stage == "holdup":
        holdup.advance(deck, state)
    elif stage == "judgement":
        reactions.next_judgement(deck, state)
    elif stage == "draw":
        pokerphase.advance_draw(deck, state)
    elif stage == "reveal":
        pokerphase.settle_reveal(deck, state)
    elif stage == "contest" and state.poker is not None and seat in state.poker.contenders:
        state.poker.contenders.remove(seat)
        pokerphase.next_contest(deck, state)
    settle(deck, state)
