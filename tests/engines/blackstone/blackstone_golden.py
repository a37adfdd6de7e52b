"""The Blackstone golden playthrough: a fixed seed, a fixed policy, every step's events and the final facts.

Regenerate (only when a rule change is intended) from the repository root:

    python -m tests.engines.blackstone.blackstone_golden

`test_blackstone_golden.py` replays the stored action log and checks it against the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.blackstone import ENGINE, BlackstoneAction, BlackstoneOptions, BlackstoneState, NextHand, Pass, Stop, Take
from tests.engines.family_support import golden_play, write_golden

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


def choose(state: BlackstoneState, step: int) -> tuple[int, BlackstoneAction]:
    """Of the seats due to act, the last follows `policy` (simultaneous choices are made last seat first)."""
    seat = ENGINE.to_act(state)[-1]
    return seat, policy(state, seat)


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
    return golden_play(ENGINE, seed=SEED, players=PLAYERS, options=OPTIONS, choose=choose, facts=facts)


def main() -> None:
    write_golden(GOLDEN, play())


if __name__ == "__main__":
    main()
