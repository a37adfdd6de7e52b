"""The Full of Dollars golden playthrough: a fixed seed, a fixed policy, every step's events and the final facts.

Regenerate (only when a rule change is intended) from the repository root:

    python -m tests.engines.fullofdollars.fod_golden

`test_fod_golden.py` replays the stored action log and checks it against the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import games
from engines import registry
from engines.core import Withdraw
from engines.fullofdollars import (
    Abstain,
    Accuse,
    Attack,
    Bomb,
    CallPoker,
    Concede,
    Decline,
    Defend,
    Discard,
    Fbi,
    FullOfDollarsAction,
    FullOfDollarsOptions,
    FullOfDollarsState,
    HoldUp,
    Judge,
    KeepBusiness,
    Open,
    Reveal,
)
from tests.engines.family_support import golden_play, write_golden

games.install()
ENGINE: Any = registry.get("fullofdollars")
GOLDEN = Path(__file__).parent / "golden" / "fullofdollars_4p_seed5.json"
SEED = 5
PLAYERS = 4
OPTIONS = FullOfDollarsOptions()


def policy(state: FullOfDollarsState, step: int) -> tuple[int, FullOfDollarsAction | Withdraw]:
    """A plain, deterministic table: open what you can, rob the richest other player with your biggest Uzi every
    other turn, play reactive cards when you hold them (every third window), join hold-ups on the side of the
    first card you hold, keep businesses, discard poker values below 8, cheat with every two-valued card on
    odd steps, accuse on every third comparison."""
    seat = ENGINE.to_act(state)[0]
    legal = ENGINE.legal_actions(state, seat)
    kinds = {action.kind: action for action in reversed(legal)}

    def icons(action: Any) -> int:
        return int(ENGINE.deck.card(action.card).icons)

    if state.stage == "turn":
        opens = [a for a in legal if isinstance(a, Open)]
        if opens:
            return seat, opens[0]
        others = [o for o in state.live() if o != seat]
        richest = max(others, key=lambda o: (state.money[o], -o))
        holdups = [a for a in legal if isinstance(a, HoldUp) and a.victim == richest]
        if holdups and step % 2 == 0:
            return seat, max(holdups, key=icons)
        return seat, kinds["pass"]
    if state.stage == "call":
        return seat, CallPoker()
    if state.stage in ("fbi", "end"):
        plays = [a for a in legal if isinstance(a, (Fbi, Judge, Bomb))]
        return seat, plays[0] if plays and step % 3 == 0 else Decline()
    if state.stage == "holdup":
        fights = [a for a in legal if isinstance(a, (Attack, Defend))]
        return seat, max(fights, key=icons) if fights and step % 4 != 3 else Abstain()
    if state.stage == "judgement":
        return seat, KeepBusiness() if KeepBusiness() in legal else kinds["close_business"]
    if state.stage == "draw":
        low = tuple(c for c in state.hands[seat] if ENGINE.deck.card(c).poker[0][:-1] in {"2", "3", "4", "5", "6", "7"})
        return seat, Discard(cards=low)
    if state.stage == "reveal":
        reveals = [a for a in legal if isinstance(a, Reveal)]
        return seat, reveals[-1] if step % 2 else reveals[0]
    return seat, Accuse() if step % 3 == 0 else Concede()


def facts(state: FullOfDollarsState) -> dict[str, Any]:
    result = ENGINE.result(state)
    return {
        "finished": state.finished,
        "money": state.money,
        "pot": state.pot,
        "hands": state.hands,
        "businesses": state.businesses,
        "draw": len(state.draw),
        "discard": state.discard,
        "direction": state.direction,
        "phases": state.phases,
        "winners": state.winners,
        "result": result.model_dump(mode="json") if result else None,
        "rng_state": state.rng.state,
    }


def play() -> dict[str, Any]:
    """Play the golden game from scratch with `policy`."""
    return golden_play(ENGINE, seed=SEED, players=PLAYERS, options=OPTIONS, choose=policy, facts=facts)


def main() -> None:
    write_golden(GOLDEN, play())


if __name__ == "__main__":
    main()
