"""The Hawthorn golden playthrough: a fixed seed, a fixed policy, every step's events and the final facts.

Regenerate (only when a rule change is intended) from the repository root:

    python -m tests.engines.hawthorn.hawthorn_golden

`test_hawthorn_golden.py` replays the stored action log and checks it against the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.hawthorn import (
    ENGINE,
    Draw,
    Fold,
    HawthornAction,
    HawthornOptions,
    HawthornState,
    NextHand,
    Play,
    Start,
    Stop,
)
from tests.engines.family_support import golden_play, write_golden

GOLDEN = Path(__file__).parent / "golden" / "hawthorn_4p_seed11.json"
SEED = 11
PLAYERS = 4
OPTIONS = HawthornOptions(hands=5, button="lowest", empty_hand="draw")


def policy(state: HawthornState, seat: int) -> HawthornAction:
    """A plain, deterministic player.

    Start with the middle card of the hand. On deck laps draw while you show
    fewer than 3 cards, then fold. On hand laps play your lowest card that does
    not pair, else fold. Seat 0 votes to stop, the others to play on.
    """
    hand = state.hands[seat]
    if state.phase == "choose":
        return Start(card=hand[len(hand) // 2])
    if state.phase == "vote":
        return Stop() if seat == 0 else NextHand()
    mine = state.face_up[seat]
    if state.odd_lap() or not hand:
        return Draw() if len(mine) < 3 and ENGINE.can(state, seat, Draw()) else Fold()
    safe = [card for card in hand if card not in mine]
    return Play(card=safe[0]) if safe else Fold()


def choose(state: HawthornState, step: int) -> tuple[int, HawthornAction]:
    """Of the seats due to act, the first follows `policy` (simultaneous decisions are taken in seat order)."""
    seat = ENGINE.to_act(state)[0]
    return seat, policy(state, seat)


def facts(state: HawthornState) -> dict[str, Any]:
    """The final state's key facts."""
    result = ENGINE.result(state)
    return {
        "phase": state.phase,
        "hand": state.hand,
        "end_reason": state.end_reason,
        "stacks": state.chips.stacks,
        "pot": state.chips.pot,
        "status": state.status,
        "face_up": state.face_up,
        "face_down": state.face_down,
        "hands": state.hands,
        "deck": state.deck,
        "discard": state.discard,
        "history": [record.model_dump(mode="json") for record in state.history],
        "result": result.model_dump(mode="json") if result else None,
        "rng_state": state.rng.state,
    }


def play() -> dict[str, Any]:
    """Play the golden session from scratch with `policy`; simultaneous decisions are taken in seat order."""
    return golden_play(
        ENGINE, seed=SEED, players=PLAYERS, options=OPTIONS, choose=choose, facts=facts, record_to_act=True
    )


def main() -> None:
    write_golden(GOLDEN, play())


if __name__ == "__main__":
    main()
