"""The Hawthorn golden playthrough: a fixed seed, a fixed policy, every step's events and the final facts.

Regenerate (only when a rule change is intended) from the repository root:

    python -m tests.engines.hawthorn.hawthorn_golden

`test_hawthorn_golden.py` replays the stored action log and checks it against the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.core import Event, Withdraw
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
from tests.engines.family_support import describe_event, golden_record, golden_step, write_golden

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


def describe(event: Event) -> str:
    """An event as one short line: `key a=1 b=2`, with `@seats` for an event only some seats see."""
    return describe_event(event, "hawthorn", audience=True)


def step(state: HawthornState, seat: int, action: HawthornAction | Withdraw) -> tuple[HawthornState, list[str]]:
    """Apply one action and return the new state with the events that action caused."""
    return golden_step(ENGINE, state, seat, action, describe)


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
    state = ENGINE.new(PLAYERS, OPTIONS, SEED)
    opening = [describe(e) for e in state.events]
    log: list[dict[str, Any]] = []
    while not ENGINE.is_over(state):
        to_act = ENGINE.to_act(state)
        seat = to_act[0]
        action = policy(state, seat)
        state, emitted = step(state, seat, action)
        log.append({"to_act": list(to_act), "seat": seat, "action": action.model_dump(mode="json"), "events": emitted})
    return golden_record(ENGINE, SEED, PLAYERS, OPTIONS, opening, log, facts(state))


def main() -> None:
    write_golden(GOLDEN, play())


if __name__ == "__main__":
    main()
