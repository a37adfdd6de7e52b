"""The Pairs golden playthrough: a fixed seed, a fixed policy, every step's events and the final facts.

Regenerate (only when a rule change is intended) from the repository root:

    python -m tests.engines.pairs.pairs_golden

`test_pairs_golden.py` replays the stored action log and checks it against the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.pairs import ENGINE, Fold, Hit, PairsAction, PairsOptions, PairsState
from tests.engines.family_support import golden_play, write_golden

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


def choose(state: PairsState, step: int) -> tuple[int, PairsAction]:
    """The player to move follows `policy`."""
    return state.to_move, policy(state)


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
    return golden_play(ENGINE, seed=SEED, players=PLAYERS, options=OPTIONS, choose=choose, facts=facts)


def main() -> None:
    write_golden(GOLDEN, play())


if __name__ == "__main__":
    main()
