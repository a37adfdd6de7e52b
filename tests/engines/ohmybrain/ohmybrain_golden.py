"""The Oh My Brain golden playthrough: a fixed seed, a fixed policy, every step's events (with who may see each
secret one) and the final facts.

Regenerate (only when a rule change is intended) from the repository root:

    python -m tests.engines.ohmybrain.ohmybrain_golden

`test_ohmybrain_golden.py` replays the stored action log and checks it against the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import games
from engines import registry
from engines.core import Event, Withdraw
from engines.ohmybrain import (
    Bury,
    Give,
    GiveTo,
    Keep,
    OhMyBrainAction,
    OhMyBrainEngine,
    OhMyBrainOptions,
    OhMyBrainState,
    Pass,
    Play,
    Share,
    Steal,
    Swap,
    Take,
)
from engines.ohmybrain.state import GiveStep, GiveToStep, KeepStep, PlayStep, ShareStep, StealStep, SwapStep
from tests.engines.family_support import describe_event, golden_record, golden_step, write_golden

games.install()
ENGINE = registry.get("ohmybrain")
assert isinstance(ENGINE, OhMyBrainEngine)

GOLDEN = Path(__file__).parent / "golden" / "ohmybrain_4p_seed359.json"
SEED = 359
PLAYERS = 4
OPTIONS = OhMyBrainOptions(brains=9)
LEAVER = 3  # this seat leaves the game ...
LEAVE_AT = 150  # ... at this step of the log


def policy(state: OhMyBrainState, seat: int) -> OhMyBrainAction:
    """A plain, deterministic player: bury the highest card of a lot (odd seats the lowest); play every copy of
    the lowest number it can, or not play; share out to, give to and steal from whoever has the most brains; keep
    and take the lowest card; make the swap that sheds the most cards."""
    if state.dealing:
        lot = sorted(state.lots[seat])
        return Bury(card=lot[0] if seat % 2 else lot[-1])
    step = state.step
    opponents = sorted(state.opponents(seat), key=lambda other: (-state.brains[other], other))
    legal = ENGINE.legal_actions(state, seat)
    if isinstance(step, PlayStep):
        plays = [action for action in legal if isinstance(action, Play)]
        if not plays:
            return Pass()
        lowest = plays[0].card
        return max((action for action in plays if action.card == lowest), key=lambda action: action.count)
    if isinstance(step, KeepStep):
        return Keep(card=min(step.drawn))
    if isinstance(step, ShareStep):
        return Share(seat=opponents[0])
    if isinstance(step, GiveToStep):
        return GiveTo(seat=opponents[0])
    if isinstance(step, GiveStep):
        return Give(card=max(state.hands[seat]))
    if isinstance(step, StealStep):
        return Steal(seat=opponents[0])
    if isinstance(step, SwapStep):
        swaps = [action for action in legal if isinstance(action, Swap)]
        return max(swaps, key=lambda action: gained(state, seat, action))
    return Take(card=min(state.cemeteries[seat]))


def gained(state: OhMyBrainState, seat: int, swap: Swap) -> int:
    """How many cards a swap sheds (the first such swap wins a tie)."""
    piles = state.hands if swap.zone == "hand" else state.cemeteries
    return len(piles[seat]) - len(piles[swap.seat])


def describe(event: Event) -> str:
    """An event as one short line: `key a=1 b=2`, `@seats` for a secret one."""
    return describe_event(event, "ohmybrain", audience=True)


def step(state: OhMyBrainState, seat: int, action: OhMyBrainAction | Withdraw) -> tuple[OhMyBrainState, list[str]]:
    """Apply one action and return the new state with the events that action caused."""
    return golden_step(ENGINE, state, seat, action, describe)


def facts(state: OhMyBrainState) -> dict[str, Any]:
    """The final state's key facts."""
    result = ENGINE.result(state)
    return {
        "over": state.over,
        "round": state.round,
        "brains": state.brains,
        "hands": state.hands,
        "cemeteries": state.cemeteries,
        "horde": state.horde,
        "reserve": state.reserve,
        "defausse": state.defausse,
        "withdrawn": state.withdrawn,
        "last_round": state.last_round.model_dump(mode="json") if state.last_round else None,
        "last_roll": state.last_roll.model_dump(mode="json") if state.last_roll else None,
        "result": result.model_dump(mode="json") if result else None,
        "rng_state": state.rng.state,
    }


def play() -> dict[str, Any]:
    """Play the golden game from scratch with `policy` (and one player leaving)."""
    state = ENGINE.new(PLAYERS, OPTIONS, SEED)
    opening = [describe(e) for e in state.events]
    log: list[dict[str, Any]] = []
    while not ENGINE.is_over(state):
        seat: int
        action: OhMyBrainAction | Withdraw
        if len(log) == LEAVE_AT and LEAVER not in state.withdrawn:
            seat, action = LEAVER, Withdraw()
        else:
            seat = ENGINE.to_act(state)[0]
            action = policy(state, seat)
        state, emitted = step(state, seat, action)
        log.append({"seat": seat, "action": action.model_dump(mode="json"), "events": emitted})
    return golden_record(ENGINE, SEED, PLAYERS, OPTIONS, opening, log, facts(state))


def main() -> None:
    write_golden(GOLDEN, play())


if __name__ == "__main__":
    main()
