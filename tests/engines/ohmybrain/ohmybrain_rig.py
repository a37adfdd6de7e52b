"""Test helpers for Oh My Brain: stack the deck, lay out a table, rig the die, play on.

Every helper keeps the 50 cards whole, so rigged tables are real tables: the cards not placed anywhere are in
the Réserve (top first, in ascending order unless given).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from engines import registry
from engines.core import Rng
from engines.ohmybrain import OhMyBrainAction, OhMyBrainEngine, OhMyBrainOptions, OhMyBrainState
from engines.ohmybrain.engine import begin_game, setup
from engines.ohmybrain.state import DIE_FACES, PlayStep, Step
from tests.engines.family_support import event_keys, event_params, without

ENGINE = cast(OhMyBrainEngine, registry.get("ohmybrain"))
DECK = ENGINE.deck
DEFAULT = OhMyBrainOptions()
FACE = {effect: number for number, effect in enumerate(DIE_FACES, start=1)}  # "steal" -> 3


def full_deck() -> list[int]:
    return DECK.full_deck()


def stacked(top: Sequence[int]) -> list[int]:
    """The whole deck, top first: `top`, then the rest in ascending order."""
    return [*top, *without(full_deck(), top)]


def new_rigged(
    players: int, top: Sequence[int], starter: int = 0, options: OhMyBrainOptions = DEFAULT, seed: int = 0
) -> OhMyBrainState:
    """A new game whose shuffle came out as `top` + the rest: lot 1 is dealt from `starter` clockwise, 3 cards
    each, then lot 2, then lot 3 (each lot from the top of what is left)."""
    state = setup(players, options, seed, DECK)
    begin_game(state, starter, stacked(top))
    return state


def table(players: int, options: OhMyBrainOptions = DEFAULT, seed: int = 0) -> OhMyBrainState:
    """A seated table to `arrange` (the deal of round 1 done with an ordinary shuffle, then laid out anew)."""
    state = setup(players, options, seed, DECK)
    begin_game(state, 0)
    return state


def arrange(
    state: OhMyBrainState,
    hands: Sequence[Sequence[int]],
    cemeteries: Sequence[Sequence[int]] | None = None,
    horde: Sequence[int] = (),
    active: int = 0,
    brains: Sequence[int] | None = None,
    reserve: Sequence[int] | None = None,
    defausse: Sequence[int] | None = None,
    step: Step | None = None,
) -> OhMyBrainState:
    """Lay the table out as given, in the middle of round 1, `active` to play (step A unless `step` is given).
    The cards not placed fill the Réserve (ascending, if not given), else the Défausse."""
    players = state.players
    deck = sorted(state.all_cards())  # the game's own cards (the data file's deck, or a test's corrected one)
    cems = cemeteries if cemeteries is not None else [[] for _ in range(players)]
    placed = [*horde, *[card for cards in [*hands, *cems] for card in cards]]
    if reserve is None:
        reserve = without(deck, [*placed, *(defausse or [])])
    elif defausse is None:
        defausse = without(deck, [*placed, *reserve])
    state.hands = [list(cards) for cards in hands]
    state.cemeteries = [list(cards) for cards in cems]
    state.lots = [[] for _ in range(players)]
    state.buried = [None] * players
    state.lot = 0
    state.horde = list(horde)
    state.reserve = list(reserve)
    state.defausse = list(defausse or [])
    state.brains = list(brains) if brains is not None else [state.options.brains] * players
    state.active = active
    state.starter = active
    state.round = max(state.round, 1)
    state.step = step if step is not None else PlayStep()
    state.spider_next = False
    state.last_roll = None
    state.fresh = [[] for _ in range(players)]
    state.fresh_cemetery = [[] for _ in range(players)]
    state.events = []
    assert sorted(state.all_cards()) == deck
    return state


def rig_die(state: OhMyBrainState, *faces: int) -> OhMyBrainState:
    """Seed the state's RNG so that its next die rolls are `faces` (the first seed found that does)."""
    for seed in range(100_000):
        rng = Rng.from_seed(seed)
        if all(rng.roll(6) == face for face in faces):
            state.rng = Rng.from_seed(seed)
            return state
    raise AssertionError(f"no seed rolls {faces}")


def keys(state: OhMyBrainState) -> list[str]:
    """The event keys, without the `ohmybrain.event.` prefix."""
    return event_keys(state, "ohmybrain")


def events(state: OhMyBrainState, key: str) -> list[dict[str, int | str]]:
    """The params of every `ohmybrain.event.<key>` event."""
    return event_params(state, "ohmybrain", key)


def act(state: OhMyBrainState, action: OhMyBrainAction, seat: int | None = None) -> OhMyBrainState:
    """`seat` (the active player by default) does `action`."""
    return ENGINE.apply(state, state.active if seat is None else seat, action)


def quiet(state: OhMyBrainState) -> OhMyBrainState:
    """The same state with no events, to see just what the next action causes."""
    return state.model_copy(update={"events": []})


def kinds(state: OhMyBrainState, seat: int) -> list[Any]:
    return [action.kind for action in ENGINE.legal_actions(state, seat)]
