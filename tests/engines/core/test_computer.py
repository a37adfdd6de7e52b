"""The computer players (engines/core/computer/): outcomes, budgets, determinism, a sensible choice, and a
player that peeks being caught by the conformance suite's blindness check. The hard player's tree has its own module
(test_computer_hard.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engines.core import GameState, Result, Rng
from engines.core.computer import LEVELS, Level, choose, choose_easy, choose_normal, outcome, outcomes
from engines.pairs import ENGINE as PAIRS
from engines.pairs import Fold, Hit, PairsState
from engines.pairs.engine import setup
from engines.pairs.state import PairsOptions
from tests.conformance.computers import blindness_failures
from tests.conformance.toy_engine import Draw, Pick, Stand, ToyEngine, ToyOptions, ToyState
from tests.engines.pairs.pairs_rig import arrange

TOY = ToyEngine()


def toy_state(
    hands: list[list[int]],
    *,
    deck: list[int] | None = None,
    phase: str = "turn",
    options: ToyOptions | None = None,
    withdrawn: list[int] | None = None,
    stood: list[bool] | None = None,
) -> ToyState:
    """A toy table as given: every card not in a hand or the deck is in the mucked pile."""
    options = options or ToyOptions()
    every = [rank for rank in range(1, options.ranks + 1) for _ in range(options.copies)]
    deck = deck if deck is not None else []
    mucked = list(every)
    for card in [*deck, *(card for hand in hands for card in hand)]:
        mucked.remove(card)
    if not deck:  # no deck given: the rest is the deck
        deck, mucked = mucked, []
    players = len(hands)
    return ToyState(
        players=players,
        rng=Rng.from_seed(1),
        options=options,
        deck=deck,
        hands=[list(hand) for hand in hands],
        picks=[None] * players,
        mucked=mucked,
        phase=phase,
        current=0,
        stood=stood or [False] * players,
        withdrawn=withdrawn or [],
        moves=[0] * players,
    )


def finished(places: tuple[int, ...]) -> ToyState:
    state = toy_state([[seat + 1] for seat in range(len(places))])
    state.phase = "over"
    state.outcome = Result(places=places, winners=(0,), measure=(0,) * len(places), measure_key="toy.measure.score")
    return state


class Spy(ToyEngine):
    """The toy game, noting every sample the player draws and every action it tries on one."""

    def __init__(self) -> None:
        self.samples: list[ToyState] = []
        self.tried: list[Any] = []

    def reshuffle_unseen(self, state: ToyState, viewer: int | None, seed: int) -> ToyState:
        sample = super().reshuffle_unseen(state, viewer, seed)
        self.samples.append(sample)  # kept alive, so `is` below never matches a later state
        return sample

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        if any(state is sample for sample in self.samples):
            self.tried.append(action)
        return super().apply(state, seat, action)


class Peeking(ToyEngine):
    """The toy game with a broken `reshuffle_unseen` that shows the real state: a computer player sampling
    through it peeks at everything (the deck order, the other hands)."""

    def reshuffle_unseen(self, state: ToyState, viewer: int | None, seed: int) -> ToyState:
        return state.model_copy(deep=True)


# ----- outcome --------------------------------------------------------------------------------------------------


def test_outcome_is_the_share_of_the_other_seats_finished_ahead_of_a_tie_counting_half() -> None:
    state = finished((1, 2, 2, 4))
    assert outcome(TOY, state, 0) == 1.0
    assert outcome(TOY, state, 1) == pytest.approx((0 + 0.5 + 1) / 3)
    assert outcome(TOY, state, 2) == pytest.approx((0 + 0.5 + 1) / 3)
    assert outcome(TOY, state, 3) == 0.0
    assert outcome(TOY, finished((1, 1)), 1) == 0.5  # a two-way tie
    assert outcomes(TOY, state) == [outcome(TOY, state, seat) for seat in range(4)]


def test_outcome_of_an_unfinished_game_or_of_a_lone_player_is_a_half() -> None:
    assert outcome(TOY, toy_state([[1], [2]]), 0) == 0.5
    assert outcome(TOY, finished((1,)), 0) == 0.5


# ----- easy -------------------------------------------------------------------------------------------------------


def test_the_easy_player_takes_a_legal_action_the_same_for_the_same_seed_and_not_always_the_same() -> None:
    state = toy_state([[1, 2, 3], [4]], phase="pass")
    legal = TOY.legal_actions(state, 0)
    chosen = [choose(TOY, state, 0, "easy", seed) for seed in range(40)]
    assert all(action in legal for action in chosen)
    assert {action.card for action in chosen} == {1, 2, 3}  # passing any card is as good here: any of them
    assert [choose_easy(TOY, state, 0, seed) for seed in range(40)] == chosen
    assert [choose(TOY, state, 0, "easy", seed, playouts=1, stop=lambda: True) for seed in range(40)] == chosen


def test_the_easy_player_mostly_avoids_a_move_that_loses_at_once_but_not_always() -> None:
    # Seat 0 (20 points) shows the only 1: folding takes it and reaches 21 (lost at once), a hit cannot pair.
    state = pairs_table([[10, 10], [9, 9], [9, 9]], [[1], [4], [6]])
    chosen = [choose(PAIRS, state, 0, "easy", seed) for seed in range(60)]
    hits = chosen.count(Hit())
    assert hits + chosen.count(Fold()) == 60
    assert 45 <= hits < 60  # a beginner, not a random player (about 30 of 60), yet it blunders now and then


# ----- normal: budget and determinism -------------------------------------------------------------------------


def test_a_single_legal_action_is_returned_without_any_playout() -> None:
    spy = Spy()
    state = toy_state([[1], [2]], stood=[True, False])  # seat 0 has stood once: it must draw
    asked: list[bool] = []

    def stop() -> bool:
        asked.append(True)
        return False

    assert spy.legal_actions(state, 0) == [Draw()]
    assert choose_normal(spy, state, 0, seed=3, playouts=50, stop=stop) == Draw()
    assert spy.samples == [] and spy.tried == [] and asked == []


def test_the_first_round_tries_every_action_even_on_a_smaller_budget() -> None:
    spy = Spy()
    state = toy_state([[1, 2, 3], [4, 5, 6]], phase="pass")
    legal = spy.legal_actions(state, 0)
    assert legal == [Pick(card=1), Pick(card=2), Pick(card=3)]
    choose_normal(spy, state, 0, seed=5, playouts=1)
    assert spy.tried == legal
    assert len(spy.samples) == 1


def test_the_budget_is_spent_in_rounds_of_every_action_on_one_sample() -> None:
    spy = Spy()
    state = toy_state([[1, 2, 3], [4, 5, 6]], phase="pass")
    legal = spy.legal_actions(state, 0)
    choose_normal(spy, state, 0, seed=5, playouts=7)
    assert spy.tried == [*legal, *legal, legal[0]]  # 7 playouts: two whole rounds and one more
    assert len(spy.samples) == 3


def test_stop_is_asked_only_after_the_first_round_and_honoured() -> None:
    spy = Spy()
    state = toy_state([[1, 2, 3], [4, 5, 6]], phase="pass")
    legal = spy.legal_actions(state, 0)
    asked_after: list[int] = []  # how many actions had been tried each time stop was asked

    def stop() -> bool:
        asked_after.append(len(spy.tried))
        return len(asked_after) > 4  # four more playouts, then stop

    choose_normal(spy, state, 0, seed=5, playouts=1_000, stop=stop)
    assert min(asked_after) == len(legal)
    assert spy.tried == [*legal, *legal, legal[0]]
    spy = Spy()
    choose_normal(spy, state, 0, seed=5, playouts=1_000, stop=lambda: True)
    assert spy.tried == legal  # stopped at once, yet every action was tried


def test_the_normal_player_chooses_the_same_for_the_same_seed() -> None:
    state = toy_state([[1, 2, 3], [4, 5, 6]], phase="pass")
    first = choose(TOY, state, 0, "normal", 11, playouts=30)
    reloaded = TOY.load_state(TOY.dump_state(state))
    assert all(choose(TOY, reloaded, 0, "normal", 11, playouts=30) == first for _ in range(3))
    assert TOY.dump_state(reloaded) == TOY.dump_state(state)  # the player changed nothing


def test_a_seat_with_nothing_to_do_is_refused() -> None:
    state = toy_state([[1], [2]])
    with pytest.raises(ValueError, match="no legal action"):
        choose_normal(TOY, state, 1, seed=0, playouts=4)


# ----- normal and hard: a sensible choice in a real game -------------------------------------------------------


def pairs_table(score_cards: list[list[int]], in_play: list[list[int]]) -> PairsState:
    """Three players (losing score 21), seat 0 to move; every other card in the deck."""
    state = arrange(setup(3, PairsOptions(), seed=4), in_play=in_play, to_move=0, score_cards=score_cards)
    assert state.losing_score == 21
    return state


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_thinking_players_fold_when_any_card_would_pair_and_lose(level: Level) -> None:
    # Seat 0 (19 points) shows one card of every rank but 1, and the only 1 is in front of seat 1: every
    # card left pairs, and a pair of 2 or more reaches 21. Folding takes the 1 (20 points) and plays on.
    state = pairs_table([[10, 9], [10, 10], [10, 10]], [[10, 9, 8, 7, 6, 5, 4, 3, 2], [1], [5]])
    assert PAIRS.legal_actions(state, 0) == [Hit(), Fold()]
    assert choose(PAIRS, state, 0, level, 1, playouts=60) == Fold()


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_thinking_players_hit_when_folding_would_lose_and_no_card_can_pair(level: Level) -> None:
    # Seat 0 (20 points) shows the only 1: folding takes it and reaches 21, a hit cannot pair.
    state = pairs_table([[10, 10], [9, 9], [9, 9]], [[1], [4], [6]])
    assert PAIRS.legal_actions(state, 0) == [Hit(), Fold()]
    assert choose(PAIRS, state, 0, level, 1, playouts=60) == Hit()


# ----- a player that peeks is caught -------------------------------------------------------------------------------


def peek_table() -> ToyState:
    """Toy, pairs lose, no passing: seat 0 holds a 3, seat 1 a 5, seat 2 left; one card is left in the deck: the
    other 3. Drawing it pairs and loses; after a stand seat 1 may draw it (the deck runs out: a tie) or stand
    (then seat 0 must draw it). A player that knows the card stands; one that does not sees a 3 as one card in 11.
    """
    options = ToyOptions(ranks=6, copies=2, pair_wins=False, pass_round=False)
    return toy_state([[3], [5], []], deck=[3], options=options, withdrawn=[2])


def player(engine: ToyEngine, level: Level = "normal") -> Callable[[Any, GameState, int, int], Any]:
    def chooser(_: Any, state: GameState, seat: int, seed: int) -> Any:
        return choose(engine, state, seat, level, seed, playouts=40)

    return chooser


def test_the_blindness_check_catches_a_player_that_peeks() -> None:
    state = peek_table()
    assert TOY.legal_actions(state, 0) == [Draw(), Stand()]
    for level in ("normal", "hard"):
        peeker = player(Peeking(), level)
        assert peeker(TOY, state, 0, 0) == Stand()  # it knows the last card is the other 3
        failures = blindness_failures(TOY, state, 0, peeker, range(12))
        assert failures, f"the check missed a {level} player that sees the deck order"
        assert "reshuffle_unseen seed" in failures[0]


@pytest.mark.parametrize("level", LEVELS)
def test_the_real_players_pass_the_blindness_check_on_the_same_table(level: Level) -> None:
    assert blindness_failures(TOY, peek_table(), 0, player(TOY, level), range(12)) == []


def test_the_blindness_check_passes_every_level_in_a_real_game_with_hands_and_a_deck() -> None:
    state = pairs_table([[10, 9], [10, 10], [10, 10]], [[10, 9, 8, 7, 6, 5, 4, 3, 2], [1], [5]])
    for level in LEVELS:
        chooser = lambda _, state, seat, seed, level=level: choose(PAIRS, state, seat, level, seed, playouts=20)  # noqa: E731
        assert blindness_failures(PAIRS, state, 0, chooser, range(4)) == [], level


# ----- every level, whole games -----------------------------------------------------------------------------------


def test_every_level_plays_whole_toy_games_with_legal_moves_only() -> None:
    """The conformance suite plays every level in every registered game; here the toy game, many times, cheaply:
    three and four seats, the levels in turn, simultaneous passes included."""
    for seed in range(6):
        players = 3 + seed % 2
        state = TOY.new(players, ToyOptions(), seed)
        levels = [LEVELS[(seed + seat) % len(LEVELS)] for seat in range(players)]
        for step in range(200):
            due = TOY.to_act(state)
            if not due:
                break
            seat = due[step % len(due)]
            action = choose(TOY, state, seat, levels[seat], seed * 1000 + step, playouts=12)
            assert TOY.refusal(state, seat, action) is None
            state = TOY.apply(state, seat, action)
        assert TOY.result(state) is not None
