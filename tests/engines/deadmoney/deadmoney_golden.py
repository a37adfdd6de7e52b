"""The Dead Money golden game: a fixed seed, a fixed policy, every step's action and events, and the final facts.

Regenerate (only when a rule change is intended) from the repository root, either way:

    python -m tests.engines.deadmoney.deadmoney_golden
    DEADMONEY_GOLDEN_REGEN=1 python -m pytest tests/engines/deadmoney/test_deadmoney_golden.py

`test_deadmoney_golden.py` replays the stored action log step by step and checks it against the file.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot import games
from engines import registry
from engines.deadmoney import Bid, DeadMoneyAction, DeadMoneyOptions, DeadMoneyState, EndTurn, Pass, Play
from tests.engines.family_support import golden_play, write_golden

games.install()  # idempotent: the conftest did it already under pytest
ENGINE: Any = registry.get("deadmoney")
GOLDEN = Path(__file__).parent / "golden" / "deadmoney_4p_seed35.json"
REGEN_ENV = "DEADMONEY_GOLDEN_REGEN"
SEED = 35
PLAYERS = 4
OPTIONS = DeadMoneyOptions()
MAX_STEPS = 3000  # a bound on the recorded game, never reached by the stored one


def policy(state: DeadMoneyState, seat: int, step: int) -> DeadMoneyAction:
    """A plain, deterministic player: a `random.Random` seeded by the step number picks among the legal actions.

    On its turn it plays a card when it can (ending the turn 1 time in 6 after a first card); in a
    showdown it passes 2 times in 3; for any other decision every legal answer is equally likely.
    """
    rng = random.Random(SEED * 1_000_003 + step)
    legal: list[DeadMoneyAction] = ENGINE.legal_actions(state, seat)
    plays = [action for action in legal if isinstance(action, Play)]
    if plays or EndTurn() in legal:
        if plays and not (state.played > 0 and rng.random() < 1 / 6):
            return rng.choice(plays)
        return EndTurn()
    bids = [action for action in legal if isinstance(action, Bid)]
    if Pass() in legal:
        return rng.choice(bids) if bids and rng.random() < 1 / 3 else Pass()
    return rng.choice(legal)


def choose(state: DeadMoneyState, step: int) -> tuple[int, DeadMoneyAction]:
    """Of the seats due to act, the first follows `policy`."""
    seat = ENGINE.to_act(state)[0]
    return seat, policy(state, seat, step)


def facts(state: DeadMoneyState) -> dict[str, Any]:
    """The final state's key facts."""
    result = ENGINE.result(state)
    return {
        "over": state.over,
        "winner": state.winner,
        "turn": state.turn,
        "active": state.active,
        "hands": state.hands,
        "brains": state.brains,
        "deck": state.deck,
        "discard": state.discard,
        "last_roll": state.last_roll.model_dump(mode="json") if state.last_roll else None,
        "result": result.model_dump(mode="json") if result else None,
        "rng_state": state.rng.state,
    }


def play() -> dict[str, Any]:
    """Play the golden game from scratch with `policy`; of several seats to act, the first decides first."""
    return golden_play(
        ENGINE,
        seed=SEED,
        players=PLAYERS,
        options=OPTIONS,
        choose=choose,
        facts=facts,
        record_to_act=True,
        max_steps=MAX_STEPS,
    )


def main() -> None:
    GOLDEN.parent.mkdir(exist_ok=True)
    write_golden(GOLDEN, play())


if __name__ == "__main__":
    main()
