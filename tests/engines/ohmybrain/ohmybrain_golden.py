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
from engines.core import Withdraw
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
from tests.engines.family_support import golden_play, write_golden

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


def choose(state: OhMyBrainState, step: int) -> tuple[int, OhMyBrainAction | Withdraw]:
    """LEAVER leaves at step LEAVE_AT; otherwise the first of the seats due to act follows `policy`."""
    if step == LEAVE_AT and LEAVER not in state.withdrawn:
        return LEAVER, Withdraw()
    seat = ENGINE.to_act(state)[0]
    return seat, policy(state, seat)


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
    return golden_play(ENGINE, seed=SEED, players=PLAYERS, options=OPTIONS, choose=choose, facts=facts)


def main() -> None:
    write_golden(GOLDEN, play())


if __name__ == "__main__":
    main()
