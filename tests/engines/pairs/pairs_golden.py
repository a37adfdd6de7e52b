"""The Pairs golden playthrough: a fixed seed, a fixed policy, every step's events and the final facts.

Regenerate (only when a rule change is intended) from the repository root:

    python -m tests.engines.pairs.pairs_golden

`test_pairs_golden.py` replays the stored action log and checks it against the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.core import Event, Withdraw
from engines.pairs import ENGINE, Fold, Hit, PairsAction, PairsOptions, PairsState
from tests.engines.family_support import describe_event, golden_record, golden_step, write_golden

GOLDEN = Path(__file__).parent / "golden" / "pairs_3p_seed7.json"
SEED = 7
PLAYERS = 3
OPTIONS = PairsOptions(ending="cutchfeld", games=3, chips=20)


def policy(state: PairsState) -> PairsAction:
    """A plain, deterministic player: fold with 4 cards in front of you, or 2 when a 1 or 2 is showing."""
    mine = len(state.in_play[state.to_move])
    low = state.lowest_face_up() or 10
    if not ENGINE.can(state, state.to_move, Hit()) or mine >= 4 or (mine >= 2 and low <= 2):
        return Fold()
    return Hit()


def describe(event: Event) -> str:
    """An event as one short line: `key a=1 b=2`."""
    return describe_event(event, "pairs")


def step(state: PairsState, seat: int, action: PairsAction | Withdraw) -> tuple[PairsState, list[str]]:
    """Apply one action and return the new state with the events that action caused."""
    return golden_step(ENGINE, state, seat, action, describe)


def facts(state: PairsState) -> dict[str, Any]:
    """The final state's key facts."""
    result = ENGINE.result(state)
    return {
        "finished": state.finished,
        "game": state.game,
        "round": state.round,
        "scores": state.scores(),
        "score_cards": state.score_cards,
        "in_play": state.in_play,
        "deck": state.deck,
        "discard": state.discard,
        "stacks": state.chips.stacks if state.chips else None,
        "pot": state.chips.pot if state.chips else 0,
        "history": [record.model_dump(mode="json") for record in state.history],
        "result": result.model_dump(mode="json") if result else None,
        "rng_state": state.rng.state,
    }


def play() -> dict[str, Any]:
    """Play the golden game from scratch with `policy`."""
    state = ENGINE.new(PLAYERS, OPTIONS, SEED)
    opening = [describe(e) for e in state.events]
    log: list[dict[str, Any]] = []
    while not ENGINE.is_over(state):
        seat, action = state.to_move, policy(state)
        state, emitted = step(state, seat, action)
        log.append({"seat": seat, "action": action.model_dump(mode="json"), "events": emitted})
    return golden_record(ENGINE, SEED, PLAYERS, OPTIONS, opening, log, facts(state))


def main() -> None:
    write_golden(GOLDEN, play())


if __name__ == "__main__":
    main()
