"""Pre-moves leak nothing, and are offered only for decisions the seat could face (`Engine.premoves`,
`Engine.decision_kind`), over random legal playouts of every engine.

- Offered only to a seat that is not to act, still in a live game; a decision kind is only ever in hand for a
  seat that must act; every move offered ahead is legal whenever a decision of its kind comes.
- Every kind offered is one the seat really faced later in some playout (it is not offered for nothing).
- Nothing hidden decides an offer or a decision kind: both are the same once everything the seat cannot see is
  rearranged (`reshuffle_unseen`), and the decision kind of a seat is the same for every other viewer's
  rearrangement too, so when a pre-move plays (its timing) tells nobody anything hidden.
- A pre-move played is the click it stands for: every other viewer and spectator sees the same table after it
  as after that click, and the same table before it whether a pre-move was set or not (setting one changes
  no state: it is stored beside the table, `db.premoves`).
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest

from engines import registry
from engines.core import GameState
from engines.core.engine import PreMove
from tests.conformance.playout import AnyEngine, random_playout, viewers

PLAYOUTS = 5  # per engine that has pre-moves; one for an engine that says it has none (it must offer none)
RESHUFFLED_STATES = 25  # per playout, the states whose offers and decision kinds are checked against rearrangements

ENGINES = list(registry.all_engines())
by_engine = pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.name)


def _offers(engine: AnyEngine, state: GameState) -> dict[int, list[PreMove]]:
    return {seat: list(engine.premoves(state, seat)) for seat in range(state.players)}


def _kinds(engine: AnyEngine, state: GameState) -> list[str | None]:
    return [engine.decision_kind(state, seat) for seat in range(state.players)]


def _offer_failures(engine: AnyEngine, state: GameState, where: str) -> list[str]:
    failures = []
    over = engine.is_over(state)
    to_act = set(engine.to_act(state))
    for seat, offers in _offers(engine, state).items():
        if offers and (over or seat in to_act or seat in state.withdrawn):
            failures.append(f"{where}: seat {seat} offered {offers} while to act, out or over")
    for seat, kind in enumerate(_kinds(engine, state)):
        if kind is not None and seat not in to_act:
            failures.append(f"{where}: seat {seat} has a {kind!r} decision in hand but is not to act")
    return failures


def _hidden_failures(engine: AnyEngine, state: GameState, where: str, seed: int) -> list[str]:
    """Offers and decision kinds depend on nothing the seat (or any other viewer) cannot see."""
    failures = []
    offers, kinds = _offers(engine, state), _kinds(engine, state)
    for viewer in viewers(state.players):
        rearranged = engine.reshuffle_unseen(state, viewer, seed)
        if _kinds(engine, rearranged) != kinds:
            failures.append(f"{where}: decision kinds change with what viewer {viewer} cannot see")
        if viewer is not None and list(engine.premoves(rearranged, viewer)) != offers[viewer]:
            failures.append(f"{where}: the offer to seat {viewer} changes with what it cannot see")
    return failures


def _played_as_clicked(engine: AnyEngine, state: GameState, seat: int, action: Any, where: str) -> list[str]:
    """The pre-move's move, played when its decision comes, against the same click: what every other viewer
    sees is the same after both, and was the same before (no state holds a pre-move)."""
    failures = []
    clicked = engine.apply(state, seat, action)
    premoved = engine.apply(engine.load_state(engine.dump_state(state)), seat, action)
    for viewer in viewers(state.players):
        if viewer == seat:
            continue
        if engine.perspective(clicked, viewer) != engine.perspective(premoved, viewer):
            failures.append(f"{where}: viewer {viewer} tells seat {seat}'s pre-move from a click")
    return failures


def _check_playout(engine: AnyEngine, driver_seed: int, faced: dict[str, int]) -> tuple[list[str], set[str]]:
    playout = random_playout(engine, random.Random(driver_seed))
    states = playout.states
    failures: list[str] = []
    offered: set[str] = set()
    pending: dict[int, PreMove] = {}  # seat -> the first offer it got while waiting, followed to its next decision
    sampled = set(random.Random(driver_seed).sample(range(len(states)), min(RESHUFFLED_STATES, len(states))))
    for step, state in enumerate(states):
        where = f"{engine.name}, random_playout(engine, random.Random({driver_seed})), step {step}"
        failures += _offer_failures(engine, state, where)
        if step in sampled:
            failures += _hidden_failures(engine, state, where, driver_seed + step)
        to_act = set(engine.to_act(state))
        for seat in sorted(to_act):
            premove = pending.pop(seat, None)
            if premove is None or engine.decision_kind(state, seat) != premove.decision:
                continue
            faced[premove.decision] += 1
            for action in premove.actions:
                if not engine.can(state, seat, action):
                    failures.append(f"{where}: the {premove.decision!r} pre-move {action!r} is illegal when it comes")
                else:
                    failures += _played_as_clicked(engine, state, seat, action, where)
        for seat, offers in _offers(engine, state).items():
            for premove in offers:
                offered.add(premove.decision)
                pending.setdefault(seat, premove)
        for seat in state.withdrawn:
            pending.pop(seat, None)
    return failures, offered


@by_engine
def test_premoves_leak_nothing_and_come_true(engine: AnyEngine) -> None:
    failures: list[str] = []
    offered: set[str] = set()
    faced: dict[str, int] = defaultdict(int)
    for driver_seed in range(PLAYOUTS if engine.has_premoves else 1):
        found, kinds = _check_playout(engine, driver_seed, faced)
        failures += found
        offered |= kinds
    assert not failures, "\n".join(failures[:10])
    # an engine that says it has none offers none (the platform then never looks for them at its tables)
    assert engine.has_premoves or not offered, f"{engine.name}: offers pre-moves but says it has none"
    never = sorted(kind for kind in offered if not faced[kind])
    assert not never, f"{engine.name}: pre-moves offered for decisions never faced: {never}"


def test_some_games_offer_premoves() -> None:
    """The games whose rules have such decisions offer them (the rest keep the default, nothing)."""
    offering = set()
    for engine in ENGINES:
        playout = random_playout(engine, random.Random(0))
        if any(engine.premoves(state, seat) for state in playout.states for seat in range(state.players)):
            offering.add(engine.name)
    assert {"fullofdollars", "deadmoney"} <= offering
    assert offering <= {engine.name for engine in ENGINES if engine.has_premoves}
