"""The Blackstone golden playthrough: a fixed seed, a fixed policy, every step's events and the final facts.

Regenerate (only when a rule change is intended) from the repository root:

    python -m tests.engines.blackstone.blackstone_golden

`test_blackstone_golden.py` replays the stored action log and checks it against the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.blackstone import ENGINE, BlackstoneAction, BlackstoneOptions, BlackstoneState, NextHand, Pass, Stop, Take
from engines.core import Event, Withdraw
from tests.engines.family_support import describe_event, golden_record, golden_step, write_golden

GOLDEN = Path(__file__).parent / "golden" / "blackstone_4p_seed11.json"
SEED = 11
PLAYERS = 4
OPTIONS = BlackstoneOptions(hands=5)


def policy(state: BlackstoneState, seat: int) -> BlackstoneAction:
    """A plain, deterministic player.

    In a hand: with a black stone, take the minimum while it is below 3, else pass; without one, take one
    more than the minimum while that is below 5, else the minimum. Between hands: stop once behind after
    the second hand.
    """
    if state.phase == "decide":
        return Stop() if state.hand >= 2 and state.chips.net(seat) < 0 else NextHand()
    low = state.min_take()
    if state.blacks[seat]:
        return Take(count=low) if low < 3 else Pass()
    return Take(count=low + 1 if low < 4 else low)


def describe(event: Event) -> str:
    """An event as one short line: `key a=1 b=2`."""
    return describe_event(event, "blackstone")


def step(state: BlackstoneState, seat: int, action: BlackstoneAction | Withdraw) -> tuple[BlackstoneState, list[str]]:
    """Apply one action and return the new state with the events that action caused."""
    return golden_step(ENGINE, state, seat, action, describe)


def facts(state: BlackstoneState) -> dict[str, Any]:
    """The final state's key facts."""
    result = ENGINE.result(state)
    return {
        "phase": state.phase,
        "hand": state.hand,
        "stacks": state.chips.stacks,
        "antes": state.chips.antes,
        "pot": state.chips.pot,
        "middle": state.middle,
        "blacks": state.blacks,
        "deck": state.deck,
        "status": state.status,
        "history": [record.model_dump(mode="json") for record in state.history],
        "result": result.model_dump(mode="json") if result else None,
        "rng_state": state.rng.state,
    }


def play() -> dict[str, Any]:
    """Play the golden session from scratch with `policy`; simultaneous choices are made last seat first."""
    state = ENGINE.new(PLAYERS, OPTIONS, SEED)
    opening = [describe(e) for e in state.events]
    log: list[dict[str, Any]] = []
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[-1]
        action = policy(state, seat)
        state, emitted = step(state, seat, action)
        log.append({"seat": seat, "action": action.model_dump(mode="json"), "events": emitted})
    return golden_record(ENGINE, SEED, PLAYERS, OPTIONS, opening, log, facts(state))


def main() -> None:
    write_golden(GOLDEN, play())


if __name__ == "__main__":
    main()
