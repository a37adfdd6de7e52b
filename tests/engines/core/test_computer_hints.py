"""The games' evaluation hints for the computer players (`Engine.evaluate`, built on
engines/core/computer/hints.py): in [0, 1], above 0.5 for the seat clearly ahead by the game's own measure, below for
the seat behind, 0.5 when everyone stands level."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engines import registry
from engines.core import GameState
from engines.core.computer import choose_easy, choose_hard
from engines.core.computer.hints import standing
from engines.pairs.state import PairsOptions
from tests.conformance.toy_engine import ToyEngine, ToyState
from tests.engines.core.test_computer import toy_state

# ----- standing ----------------------------------------------------------------------------------------------------


def test_standing_is_even_when_level_and_grows_with_the_margin() -> None:
    assert standing([5, 5, 5], 1, 2.0) == 0.5
    assert standing([7, 5], 0, 2.0) == pytest.approx(0.75)  # one scale ahead: three to one
    assert standing([7, 5], 1, 2.0) == pytest.approx(0.25)
    assert standing([9, 5], 0, 2.0) > standing([7, 5], 0, 2.0) > 0.5
    assert 0.0 <= standing([1e9, 0], 1, 1.0) < 1e-6 and standing([1e9, 0], 0, 1.0) > 1 - 1e-6


def test_standing_places_seats_that_left_last_and_needs_a_positive_scale() -> None:
    assert standing([0, 100, 50], 0, 10.0, withdrawn=[1]) == pytest.approx((1.0 + standing([0, 50], 0, 10.0)) / 2)
    assert standing([100, 0], 0, 10.0, withdrawn=[0]) == 0.0
    assert standing([7], 0, 1.0) == 0.5  # nobody to compare with
    with pytest.raises(ValueError, match="scale"):
        standing([1, 2], 0, 0.0)


# ----- every game: the seat ahead above 0.5, the one behind below ---------------------------------------------------


def _pairs(state: Any) -> None:
    state.score_cards = [[9, 8, 7], [2]]  # seat 1 far from the losing score, seat 0 near it


def _pairs_betting(state: Any) -> None:
    state.chips.stacks = [35, 65]


def _blackstone(state: Any) -> None:
    state.chips.stacks = [60, 130]


def _hawthorn(state: Any) -> None:
    state.chips.stacks = [80, 110]


def _zombie(state: Any) -> None:
    state.points = [2, 17]


def _ilmorto(state: Any) -> None:
    state.lives = [1, 3, 2]


def _ohmybrain(state: Any) -> None:
    state.brains = [3, 9]


def _deadmoney(state: Any) -> None:
    state.hands[1] = state.hands[1][:2]  # seat 1 has 2 cards left, the others their whole hand
    state.brains = [[], [], []]


def _fullofdollars(state: Any) -> None:
    state.money = [1_000, 3_000]


# (game, options, players, rig, the seat ahead, the seat behind)
RIGS: list[tuple[str, dict[str, Any], int, Callable[[Any], None], int, int]] = [
    ("pairs", {}, 2, _pairs, 1, 0),
    ("pairs", PairsOptions(ending="downspear").model_dump(), 2, _pairs_betting, 1, 0),
    ("blackstone", {}, 2, _blackstone, 1, 0),
    ("hawthorn", {}, 2, _hawthorn, 1, 0),
    ("zombie", {}, 2, _zombie, 1, 0),
    ("ilmorto", {}, 3, _ilmorto, 1, 0),
    ("ohmybrain", {}, 2, _ohmybrain, 1, 0),
    ("deadmoney", {}, 3, _deadmoney, 1, 0),
    ("fullofdollars", {}, 2, _fullofdollars, 1, 0),
]


def _fresh(game: str, options: dict[str, Any], players: int) -> GameState:
    engine = registry.get(game)
    state: GameState = engine.new(players, engine.parse_options(options), 7)
    return state


def hint(game: str, state: GameState, seat: int) -> float:
    value = registry.get(game).evaluate(state, seat)
    assert value is not None, f"{game} gives no hint"
    return value


@pytest.mark.parametrize(("game", "options", "players", "rig", "ahead", "behind"), RIGS, ids=lambda v: str(v)[:12])
def test_the_hint_favours_the_seat_ahead_by_the_games_own_measure(
    game: str, options: dict[str, Any], players: int, rig: Callable[[Any], None], ahead: int, behind: int
) -> None:
    state = _fresh(game, options, players)
    rig(state)
    hints = [hint(game, state, seat) for seat in range(players)]
    assert all(0.0 <= value <= 1.0 for value in hints)
    assert hints[ahead] > 0.6
    assert hints[behind] < 0.4
    if players == 2:
        assert hints[0] + hints[1] == pytest.approx(1.0)


def _level_holdings(state: Any) -> None:
    """Every seat holding the same (the games whose hint counts what a seat holds, not only a public score)."""
    players = state.players
    if game_of(state) == "deadmoney":
        state.hands = [hand[:5] for hand in state.hands]
        state.brains = [[]] * players
    elif game_of(state) == "ohmybrain":
        state.hands = [[1, 2, 3]] * players
        state.cemeteries = [[4, 5, 6]] * players
    elif game_of(state) == "fullofdollars":
        state.businesses = [[]] * players


def game_of(state: GameState) -> str:
    return next(name for name in registry.names() if isinstance(state, registry.get(name).state_model))


@pytest.mark.parametrize("game", sorted({rig[0] for rig in RIGS}))
def test_the_hint_is_even_when_every_seat_stands_level(game: str) -> None:
    players = 3 if game in ("ilmorto", "deadmoney") else 2
    state = _fresh(game, {}, players)
    _level_holdings(state)
    assert [hint(game, state, seat) for seat in range(players)] == [0.5] * players


def test_a_share_of_the_pot_counts_for_the_seats_still_in_the_hand() -> None:
    blackstone = _fresh("blackstone", {}, 2)
    blackstone.chips.pot = 30  # type: ignore[attr-defined]
    blackstone.status = ["in", "passed"]  # type: ignore[attr-defined]
    assert hint("blackstone", blackstone, 0) > 0.75  # the whole pot may still come to seat 0
    hawthorn = _fresh("hawthorn", {}, 2)
    hawthorn.chips.pot = 8  # type: ignore[attr-defined]
    hawthorn.status = ["folded", "in"]  # type: ignore[attr-defined]
    assert hint("hawthorn", hawthorn, 1) > 0.75


# ----- who weighs the hint --------------------------------------------------------------------------------------


class Hinted(ToyEngine):
    """The toy game with a hint (any number in [0, 1] that depends on the state), counting the times it is asked."""

    def __init__(self) -> None:
        self.asked = 0

    def evaluate(self, state: ToyState, seat: int) -> float | None:
        self.asked += 1
        return (len(state.deck) + seat) % 3 / 2


def test_the_hard_player_cuts_its_rollouts_on_the_hint_and_the_easy_one_never_asks() -> None:
    state = toy_state([[1, 2, 3], [4, 5, 6]])
    hinted = Hinted()
    choose_hard(hinted, state, 0, seed=2, playouts=40)
    assert hinted.asked > 0
    hinted.asked = 0
    for seed in range(30):
        assert choose_easy(hinted, state, 0, seed) == choose_easy(ToyEngine(), state, 0, seed)
    assert hinted.asked == 0
