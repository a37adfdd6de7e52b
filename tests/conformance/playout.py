"""Random legal playouts of any engine, for the conformance suite and any test that needs real game states.

    import random
    from tests.conformance.playout import random_playout, sampled_states, viewers

    players, options, seed, log, states = random_playout(engine, random.Random(7))
    for playout, step in sampled_states(engine, random.Random(0), playouts=50, per_playout=3):
        state = playout.states[step]
        for viewer in viewers(playout.players):
            view = engine.perspective(state, viewer)

Everything is driven by the `random.Random` passed in, so the same generator seed
gives the same playout again: a failure names that seed to reproduce it. With
`check=True` (the conformance suite's corpus) the driver also enforces the per-step rules of the
contract and raises `PlayoutError` naming the engine, seed and step.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from pydantic import BaseModel

from engines.core import Engine, GameState, Withdraw, option_choices

AnyEngine = Engine[Any, Any, Any, Any]
LogEntry = tuple[int, BaseModel]

# A playout that has not ended after this many actions (withdrawals included) is a failure.
MAX_STEPS = 20_000
# Share of playouts in which somebody withdraws, and of those with a second withdrawal. Each such playout
# draws how soon it happens: the chance per action is one of WITHDRAW_CHANCES (early, mid-game, late).
WITHDRAW_SHARE = 0.3
SECOND_WITHDRAW_SHARE = 0.3
WITHDRAW_CHANCES = (1 / 4, 1 / 16, 1 / 64)
# For engines with actions taken outside one's turn (`has_anytime_actions`): the chance per step that a seat
# not due takes one of its legal (anytime) candidate actions instead, and that a seat takes one of its legal
# reported actions (`reported_actions`: what the bot applies from what players do outside the buttons).
ANYTIME_CHANCE = 0.08
REPORTED_CHANCE = 0.04


class PlayoutError(AssertionError):
    """The engine broke the contract during a playout (the message says where)."""


Fail = Callable[[str], PlayoutError]


class Playout(NamedTuple):
    """A finished game: `states[0]` is `new(...)`, `states[i + 1]` is `states[i]` after `log[i]`."""

    players: int
    options: BaseModel
    seed: int
    log: list[LogEntry]
    states: list[GameState]


def random_options(engine: AnyEngine, rng: random.Random) -> BaseModel:
    """A random value for every table option (`option_choices`); other fields keep their defaults."""
    choices = option_choices(engine.options_model)
    options: BaseModel = engine.parse_options({field: rng.choice(values) for field, values in choices.items()})
    return options


def viewers(players: int) -> list[int | None]:
    """Everyone who can look at a table: each seat, then a spectator (None)."""
    return [*range(players), None]


def describe(engine: AnyEngine, players: int, options: BaseModel, seed: int, step: int | None = None) -> str:
    """Where something happened, in words that are enough to find it again."""
    where = f"engine {engine.name!r}, players={players}, options={options.model_dump()}, seed={seed}"
    return where if step is None else f"{where}, step {step}"


def live_seats(state: GameState) -> list[int]:
    return [seat for seat in range(state.players) if seat not in state.withdrawn]


def random_playout(
    engine: AnyEngine,
    rng: random.Random,
    *,
    players: int | None = None,
    options: BaseModel | None = None,
    seed: int | None = None,
    withdrawals: bool = True,
    max_steps: int = MAX_STEPS,
    check: bool = False,
) -> Playout:
    """Play a whole game with uniformly random legal actions (and now and then a withdrawal; for engines with
    `has_anytime_actions`, now and then an action out of turn or a reported action, see `_off_turn_action`).

    Player count, table options and game seed are drawn from `rng` unless given.
    With `check`, every step also verifies: `to_act` is empty exactly when the game
    is over, has no duplicates and no withdrawn or out-of-range seat; every seat in it
    has a legal action and its `default_action` is legal; the `apply` input is left
    unchanged; a withdrawn seat leaves `to_act` for good; and the final `Result` is well formed.
    """
    if players is None:
        players = rng.randint(engine.min_players, engine.max_players)
    if options is None:
        options = random_options(engine, rng)
    if seed is None:
        seed = rng.randrange(2**63)
    return _play(engine, rng, players, options, seed, withdrawals=withdrawals, max_steps=max_steps, check=check)


def _play(
    engine: AnyEngine,
    rng: random.Random,
    players: int,
    options: BaseModel,
    seed: int,
    *,
    withdrawals: bool,
    max_steps: int,
    check: bool,
) -> Playout:
    withdrawals_left, withdraw_chance = 0, 0.0
    if withdrawals and rng.random() < WITHDRAW_SHARE:
        withdrawals_left = 2 if rng.random() < SECOND_WITHDRAW_SHARE else 1
        withdraw_chance = rng.choice(WITHDRAW_CHANCES)

    def fail(step: int, message: str) -> PlayoutError:
        return PlayoutError(f"{describe(engine, players, options, seed, step)}: {message}")

    try:
        state: GameState = engine.new(players, options, seed)
    except Exception as exc:
        raise fail(0, f"new() raised {type(exc).__name__}: {exc}") from exc
    states = [state]
    log: list[LogEntry] = []
    for step in range(max_steps + 1):
        step_fail = functools.partial(fail, step)
        try:
            seat_action = _choose(
                engine, rng, state, step_fail, check=check, withdraw_chance=withdraw_chance if withdrawals_left else 0.0
            )
            if seat_action is None:
                break
            if step == max_steps:
                raise step_fail(f"the game did not end within {max_steps} actions")
            seat, action = seat_action
            if isinstance(action, Withdraw):
                withdrawals_left -= 1
            dump = engine.dump_state(state) if check else ""
            new = engine.apply(state, seat, action)
            if check:
                _check_applied(engine, state, dump, seat, action, new, step_fail)
        except PlayoutError:
            raise
        except Exception as exc:
            raise step_fail(f"the engine raised {type(exc).__name__}: {exc}") from exc
        log.append((seat, action))
        states.append(new)
        state = new

    if check:
        _check_result(engine, state, functools.partial(fail, len(log)))
    return Playout(players, options, seed, log, states)


def _choose(
    engine: AnyEngine, rng: random.Random, state: GameState, fail: Fail, *, check: bool, withdraw_chance: float
) -> tuple[int, BaseModel] | None:
    """The next (seat, action), or None when the game is over."""
    to_act = engine.to_act(state)
    over = engine.is_over(state)
    checked = _check_to_act(engine, state, to_act, over, fail) if check else {}
    if not to_act:
        if over:
            return None
        raise fail("nobody is to act but the game is not over (result is None)")
    live = live_seats(state)
    if withdraw_chance and len(live) > 1 and rng.random() < withdraw_chance:
        return rng.choice(live), Withdraw()
    if engine.has_anytime_actions:
        offstage = _off_turn_action(engine, rng, state, to_act, live, fail)
        if offstage is not None:
            return offstage
    seat = rng.choice(to_act)
    legal = checked[seat] if seat in checked else engine.legal_actions(state, seat)
    if not legal:
        raise fail(f"seat {seat} is in to_act {to_act} but has no legal action")
    return seat, rng.choice(legal)


def _off_turn_action(
    engine: AnyEngine, rng: random.Random, state: GameState, to_act: Sequence[int], live: list[int], fail: Fail
) -> tuple[int, BaseModel] | None:
    """Now and then, an action outside the turn order: a legal candidate action of a seat not due (which must
    be one the engine allows out of turn), or a legal reported action of any seat. None: the turn goes on."""
    draw = rng.random()
    if draw < ANYTIME_CHANCE:
        offstage = [
            (seat, action) for seat in live if seat not in to_act for action in engine.legal_actions(state, seat)
        ]
        for seat, action in offstage:
            if not engine.anytime(state, seat, action):
                raise fail(f"seat {seat} is not due, yet its legal actions hold {action!r}, not an anytime action")
        return rng.choice(offstage) if offstage else None
    if draw < ANYTIME_CHANCE + REPORTED_CHANCE:
        reported = [
            (seat, action)
            for seat in live
            for action in engine.reported_actions(state, seat)
            if engine.can(state, seat, action)
        ]
        return rng.choice(reported) if reported else None
    return None


def _check_applied(
    engine: AnyEngine, state: GameState, dump: str, seat: int, action: BaseModel, new: GameState, fail: Fail
) -> None:
    if engine.dump_state(state) != dump:
        raise fail(f"apply(seat {seat}, {action!r}) changed its input state")
    if type(new) is not type(state):
        raise fail(f"apply returned a {type(new).__name__}, not a {type(state).__name__}")
    if isinstance(action, Withdraw) and (seat not in new.withdrawn or seat in engine.to_act(new)):
        raise fail(f"after seat {seat} withdrew: withdrawn={new.withdrawn}, to_act={engine.to_act(new)}")


def _check_to_act(
    engine: AnyEngine, state: GameState, to_act: Sequence[int], over: bool, fail: Fail
) -> dict[int, list[Any]]:
    """Checks `to_act` and each of its seats' choices; the legal actions of each seat in it."""
    if over != (engine.result(state) is not None):
        raise fail(f"is_over says {over} but result is {engine.result(state)!r}")
    if over and to_act:
        raise fail(f"the game is over (result is set) but to_act is {to_act}")
    if len(set(to_act)) != len(to_act):
        raise fail(f"to_act {to_act} repeats a seat")
    legal_of: dict[int, list[Any]] = {}
    # An engine that keeps the contract's default, the first legal action (`Engine.default_action`), gets it from the
    # legal actions just worked out rather than from working them out again; an engine of its own default is asked.
    first_legal = type(engine).default_action is Engine.default_action
    for seat in to_act:
        if not 0 <= seat < state.players:
            raise fail(f"to_act {to_act} holds seat {seat}, out of range for {state.players} players")
        if seat in state.withdrawn:
            raise fail(f"to_act {to_act} holds seat {seat}, which has withdrawn ({state.withdrawn})")
        legal = engine.legal_actions(state, seat)
        if not legal:
            raise fail(f"seat {seat} is in to_act {to_act} but has no legal action")
        default = legal[0] if first_legal else engine.default_action(state, seat)
        if default not in legal or not engine.can(state, seat, default):
            raise fail(f"default_action for seat {seat} is {default!r}, which is not legal (legal: {legal})")
        legal_of[seat] = legal
    return legal_of


def _check_result(engine: AnyEngine, state: GameState, fail: Fail) -> None:
    result = engine.result(state)
    if result is None:
        raise fail("the playout stopped but result is None")
    seats = range(state.players)
    if len(result.places) != state.players:
        raise fail(f"result.places {result.places} does not have one place per seat ({state.players})")
    if any(not 1 <= place <= state.players for place in result.places):
        raise fail(f"result.places {result.places} has a place outside 1..{state.players}")
    if any(seat not in seats for seat in result.winners) or len(set(result.winners)) != len(result.winners):
        raise fail(f"result.winners {result.winners} are not distinct seats of {state.players}")


def sample_steps(playout: Playout, rng: random.Random, per_playout: int, *, ends: bool = False) -> list[int]:
    """Up to `per_playout` distinct random indexes into `playout.states` (sorted); with `ends`, also first and last."""
    count = len(playout.states)
    steps = set(rng.sample(range(count), min(per_playout, count)))
    if ends:
        steps |= {0, count - 1}
    return sorted(steps)


def sampled_states(
    engine: AnyEngine,
    rng: random.Random,
    *,
    playouts: int = 20,
    per_playout: int = 3,
    ends: bool = False,
    **playout_options: Any,
) -> Iterator[tuple[Playout, int]]:
    """Random states from `playouts` random games: `(playout, step)` with the state at `playout.states[step]`.

    Extra keyword arguments go to `random_playout` (for example `players=4`).
    """
    for playout, steps in sampled_playouts(
        engine, rng, playouts=playouts, per_playout=per_playout, ends=ends, **playout_options
    ):
        for step in steps:
            yield playout, step


def sampled_playouts(
    engine: AnyEngine,
    rng: random.Random,
    *,
    playouts: int = 20,
    per_playout: int = 3,
    ends: bool = False,
    **playout_options: Any,
) -> Iterator[tuple[Playout, list[int]]]:
    """`sampled_states` a game at a time: `(playout, steps)`, the same games and steps from the same `rng`."""
    for _ in range(playouts):
        playout = random_playout(engine, rng, **playout_options)
        yield playout, sample_steps(playout, rng, per_playout, ends=ends)
