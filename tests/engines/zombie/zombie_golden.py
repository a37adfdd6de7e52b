"""The Zombie Life golden playthrough: a fixed seed, a fixed policy, every step's events and the final facts.

Regenerate (only when a rule change is intended) from the repository root:

    python -m tests.engines.zombie.zombie_golden

`test_zombie_golden.py` replays the stored action log and checks it against the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.core import Withdraw
from engines.zombie import ENGINE, Draw, Hide, Place, Take, ZombieAction, ZombieOptions, ZombieState
from tests.engines.family_support import golden_play, write_golden

GOLDEN = Path(__file__).parent / "golden" / "zombie_4p_seed192.json"
SEED = 192
PLAYERS = 4
OPTIONS = ZombieOptions(target=15, tie="play_on")
LEAVER = 3  # this seat leaves the game ...
LEAVE_AT = 40  # ... at this step of the log


def policy(state: ZombieState) -> ZombieAction:
    """A plain, deterministic player: keep up to 4 cards (odd seats 3), send 9s and 10s to the Horde, take the
    highest card it can, then hide."""
    seat = state.to_move
    mine = state.refuge[seat]
    keep = 4 - seat % 2
    if state.pending is not None:
        to_refuge = Place(zone="refuge")
        wanted = len(mine) < keep and state.pending < 9
        return to_refuge if wanted and ENGINE.can(state, seat, to_refuge) else Place(zone="horde")
    takes = [action for action in ENGINE.legal_actions(state, seat) if isinstance(action, Take)]
    if takes and len(mine) < keep - 1:
        return takes[-1]
    if len(mine) >= keep:
        return Hide()
    return Draw()


def choose(state: ZombieState, step: int) -> tuple[int, ZombieAction | Withdraw]:
    """LEAVER leaves at step LEAVE_AT; otherwise the player to move follows `policy`."""
    if step == LEAVE_AT:
        return LEAVER, Withdraw()
    return state.to_move, policy(state)


def facts(state: ZombieState) -> dict[str, Any]:
    """The final state's key facts."""
    result = ENGINE.result(state)
    return {
        "finished": state.finished,
        "round": state.round,
        "points": state.points,
        "status": state.status,
        "refuge": state.refuge,
        "face_down": state.face_down,
        "horde": state.horde,
        "deck": state.deck,
        "discard": state.discard,
        "withdrawn": state.withdrawn,
        "last_round": state.last_round.model_dump(mode="json") if state.last_round else None,
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
