"""The Il Morto golden playthrough: a fixed seed, a fixed policy, every step's events and the final facts.

Regenerate (only when a rule change is intended) from the repository root:

    python -m tests.engines.ilmorto.ilmorto_golden

`test_ilmorto_golden.py` replays the stored action log and checks it against the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.core import Withdraw
from engines.ilmorto import (
    ENGINE,
    Accuse,
    GiveLife,
    IlMortoAction,
    IlMortoOptions,
    IlMortoState,
    Keep,
    Knock,
    Look,
    Swap,
    SwapDeck,
)
from tests.engines.family_support import golden_play, write_golden

GOLDEN = Path(__file__).parent / "golden" / "ilmorto_6p_seed6.json"
SEED = 6
PLAYERS = 6
OPTIONS = IlMortoOptions()
LEAVER = 5  # this seat leaves the game ...
LEAVE_AT = 70  # ... at this step of the log (if still playing)
SWAP_BELOW = 5  # the policy swaps a card of this rank or lower


def policy(state: IlMortoState, step: int, spoken: set[int]) -> tuple[int, IlMortoAction | Withdraw]:
    """A plain, deterministic table: one player leaves at LEAVE_AT; once a round with someone dead, a player
    speaks to them (every third round) or the dealer accuses one (the next round); now and then a player peeks
    before the knock; the dealer looks every other round, then knocks; after the knock, a card below
    SWAP_BELOW is swapped when the rules allow."""
    if step == LEAVE_AT and LEAVER in state.living():
        return LEAVER, Withdraw()
    dead = state.dead()
    speakers = [seat for seat in state.living() if seat != state.dealer]
    if dead and speakers and state.round not in spoken and state.round % 3 != 2:
        spoken.add(state.round)
        if state.round % 3 == 0:
            return speakers[0], GiveLife(to=dead[0])
        return state.dealer, Accuse(accused=speakers[-1], dead=dead[-1])
    if not state.knocked:
        for seat in state.holders():
            if seat != state.dealer and not state.looked[seat] and (state.round * 3 + seat) % 11 == 0:
                return seat, Look()
        if state.round % 2 == 0 and not state.looked[state.dealer]:
            return state.dealer, Look()
        return state.dealer, Knock()
    mover = state.to_move
    assert mover is not None
    swap: IlMortoAction = SwapDeck() if mover == state.dealer else Swap()
    if state.card_rank(mover) < SWAP_BELOW and ENGINE.can(state, mover, swap):
        return mover, swap
    return mover, Keep()


def facts(state: IlMortoState) -> dict[str, Any]:
    """The final state's key facts."""
    result = ENGINE.result(state)
    return {
        "finished": state.finished,
        "round": state.round,
        "dealer": state.dealer,
        "lives": state.lives,
        "hands": state.hands,
        "stock": state.stock,
        "discard": state.discard,
        "aside": state.aside,
        "last_reveal": state.last_reveal,
        "survived": state.survived,
        "died_at": state.died_at,
        "withdrawn": state.withdrawn,
        "winners": state.winners,
        "result": result.model_dump(mode="json") if result else None,
        "rng_state": state.rng.state,
    }


def play() -> dict[str, Any]:
    """Play the golden game from scratch with `policy`."""
    spoken: set[int] = set()  # the rounds in which someone has spoken to the dead or accused

    def choose(state: IlMortoState, step: int) -> tuple[int, IlMortoAction | Withdraw]:
        return policy(state, step, spoken)

    return golden_play(ENGINE, seed=SEED, players=PLAYERS, options=OPTIONS, choose=choose, facts=facts)


def main() -> None:
    write_golden(GOLDEN, play())


if __name__ == "__main__":
    main()
