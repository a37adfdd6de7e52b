"""Computer players against the engine contract, for the conformance suite and the computer player's own tests.

    import random
    from tests.conformance.computers import blindness_failures, computer_game, normal_chooser

    game = computer_game(engine, random.Random(7))  # every seat a computer player, easy and normal mixed
    assert not game.failures
    assert not blindness_failures(engine, state, seat, normal_chooser(), seeds=range(3))

Nothing here knows any game's rules: games are kept short by choosing, among a
few random configurations, the one whose random playout ended soonest.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from engines.core import GameState, IllegalActionError, Withdraw
from engines.core.computer import LEVELS, Level, choose
from tests.conformance.playout import MAX_STEPS, AnyEngine, describe, live_seats, random_playout

# Random configurations (players, options, seed) tried per computer game; the shortest random playout wins.
CONFIGURATIONS_TRIED = 6
# The normal and hard players' budget: this many playouts per legal action (the first round alone tries each once);
# more in the long run (CARDROOM_LONG_FUZZ=1).
PLAYOUTS_PER_ACTION = 2 if os.environ.get("CARDROOM_LONG_FUZZ", "") not in ("", "0") else 1

# (engine, state, seat, seed) -> the action a computer player takes.
Chooser = Callable[[AnyEngine, GameState, int, int], Any]


def thinking_chooser(level: Level, playouts_per_action: int = PLAYOUTS_PER_ACTION) -> Chooser:
    """The player of `level` (normal or hard, those a playout budget bounds) with a small budget:
    `playouts_per_action` playouts per legal action."""

    def chooser(engine: AnyEngine, state: GameState, seat: int, seed: int) -> Any:
        budget = playouts_per_action * len(engine.legal_actions(state, seat))
        return choose(engine, state, seat, level, seed, playouts=budget)

    return chooser


def normal_chooser(playouts_per_action: int = PLAYOUTS_PER_ACTION) -> Chooser:
    """The normal player with a small budget: `playouts_per_action` playouts per legal action."""
    return thinking_chooser("normal", playouts_per_action)


def easy_chooser(engine: AnyEngine, state: GameState, seat: int, seed: int) -> Any:
    return choose(engine, state, seat, "easy", seed)


CHOOSERS: dict[Level, Chooser] = {
    "easy": easy_chooser,
    "normal": normal_chooser(),
    "hard": thinking_chooser("hard"),
}
assert set(CHOOSERS) == set(LEVELS)


@dataclass
class ComputerGame:
    """A game played by computer players: where it was played, what went wrong (empty when nothing did)."""

    where: str
    levels: list[Level]
    state: GameState
    steps: int = 0
    # Decisions taken by each level, and those of them with a real choice (two legal actions or more).
    decisions: dict[Level, int] = field(default_factory=lambda: {level: 0 for level in LEVELS})
    choices: dict[Level, int] = field(default_factory=lambda: {level: 0 for level in LEVELS})
    failures: list[str] = field(default_factory=list)


def short_configuration(engine: AnyEngine, rng: random.Random) -> tuple[int, BaseModel, int]:
    """(players, options, seed) of the shortest of a few random playouts, so the thinking players' playouts
    (each to the end of the game) stay cheap."""
    tried = [
        random_playout(engine, random.Random(rng.randrange(2**32)), withdrawals=False, check=False)
        for _ in range(CONFIGURATIONS_TRIED)
    ]
    shortest = min(tried, key=lambda playout: len(playout.log))
    return shortest.players, shortest.options, shortest.seed


def computer_game(engine: AnyEngine, rng: random.Random, *, withdrawal: bool = False) -> ComputerGame:
    """A whole game where every seat is a computer player (one seat in three, at least one, thinks: normal, or hard
    in a game with a withdrawal, so two games cover every level; the others easy), every chosen action checked legal
    with `engine.refusal` first.

    With `withdrawal`, a random seat leaves at a random moment, so computer players also play on without it.
    """
    players, options, seed = short_configuration(engine, rng)
    # One seat in three thinks (the costly levels), one at least; the others play easy.
    thinking = set(rng.sample(range(players), max(1, players // 3)))
    thinker: Level = "hard" if withdrawal else "normal"
    levels: list[Level] = [thinker if seat in thinking else "easy" for seat in range(players)]
    where = describe(engine, players, options, seed)
    state = engine.new(players, options, seed)
    game = ComputerGame(where=f"{where}, levels {levels}", levels=levels, state=state)
    leave_at = rng.randrange(1, 40) if withdrawal else None
    for step in range(MAX_STEPS + 1):
        due = engine.to_act(state)
        if not due:
            break
        if step == MAX_STEPS:
            game.failures.append(f"{game.where}: the game did not end within {MAX_STEPS} actions")
            return game
        if step == leave_at and len(live_seats(state)) > 1:
            state = engine.apply(state, rng.choice(live_seats(state)), Withdraw())
            continue
        seat = rng.choice(due)
        level = levels[seat]
        choice = len(engine.legal_actions(state, seat)) > 1
        try:
            action = CHOOSERS[level](engine, state, seat, rng.randrange(2**63))
        except Exception as exc:
            game.failures.append(f"{game.where}, step {step}: the {level} player raised {type(exc).__name__}: {exc}")
            return game
        refusal = engine.refusal(state, seat, action)
        if refusal is not None:
            game.failures.append(f"{game.where}, step {step}: the {level} player chose {action!r}, refused: {refusal}")
            return game
        try:
            state = engine.apply(state, seat, action)
        except IllegalActionError as exc:
            game.failures.append(f"{game.where}, step {step}: apply refused the {level} player's {action!r}: {exc}")
            return game
        game.decisions[level] += 1
        game.choices[level] += choice
        game.steps = step + 1
        game.state = state
    if engine.result(state) is None:
        game.failures.append(f"{game.where}: nobody is to act but the game has no result")
    return game


def blindness_failures(
    engine: AnyEngine, state: GameState, seat: int, chooser: Chooser, seeds: Iterable[int], *, where: str = ""
) -> list[str]:
    """Whether `chooser` sees only what `seat` may see: its choice for `seat` must stay the same when what `seat`
    cannot see is rearranged (`engine.reshuffle_unseen(state, seat, x)` for each x of `seeds`).

    The chooser gets the same decision seed every time; a failure names the rearrangement that changed it.
    """
    decision_seed = 0x5EA7 + seat
    expected = chooser(engine, state, seat, decision_seed).model_dump(mode="json")
    failures = []
    for seed in seeds:
        rearranged = engine.reshuffle_unseen(state, seat, seed)
        chosen = chooser(engine, rearranged, seat, decision_seed).model_dump(mode="json")
        if chosen != expected:
            failures.append(
                f"{where or engine.name}, seat {seat}: chose {expected} but {chosen} once what it cannot see was "
                f"rearranged (reshuffle_unseen seed {seed})"
            )
    return failures
