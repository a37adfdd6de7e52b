"""The engine contract, checked on every registered game (and on a toy game with hidden information).

Nothing here knows any game's rules. Each engine gets a corpus of random legal
playouts (`PLAYOUTS`, raised by CARDROOM_LONG_FUZZ=1); the tests below look at
those games from different sides. Every failure message names the engine and
the driver seed of the playout: `random_playout(engine, random.Random(<seed>))`
plays the same game again.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import pickle
import random
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from bot import i18n
from engines import registry
from engines.core import EVENT_LOG_LIMIT, Event, GameState, IllegalActionError, Perspective, Rng, Withdraw
from engines.core import option_choices as option_choices_of
from engines.core.computer import LEVELS
from tests.conformance.computers import CHOOSERS, blindness_failures, computer_game
from tests.conformance.playout import (
    AnyEngine,
    LogEntry,
    PlayoutError,
    describe,
    live_seats,
    random_playout,
    sample_steps,
    viewers,
)
from tests.conformance.toy_engine import ToyEngine
from tests.engines.family_support import golden_opening, golden_step

LONG_FUZZ = os.environ.get("CARDROOM_LONG_FUZZ", "") not in ("", "0")
# The default run keeps the suite quick on two cores; the long campaign plays the full count.
PLAYOUTS = 3_000 if LONG_FUZZ else 30
# States kept per playout for the per-state checks, besides the first and the last.
SAMPLES_PER_PLAYOUT = 2
# Playouts whose kept states get the costly checks (perspectives, refusals) and which are replayed and reloaded.
DEEP_GAMES = 1_000 if LONG_FUZZ else 15
# Legal actions actually applied per acting seat in a sampled state (apply must accept every legal action).
LEGAL_APPLIED = 2
# Log actions (from other moments of the game) added to the candidate actions when testing refusals.
LOG_ACTIONS_TRIED = 8
# Playouts per engine in which the actions taken out of turn are counted.
OFF_TURN_GAMES = 40
# reshuffle_unseen must change the state in at least this share of (state, viewer) samples.
MIN_RESHUFFLE_CHANGED = 1 / 3
HYPOTHESIS_EXAMPLES = 200 if LONG_FUZZ else 10
HYPOTHESIS_MAX_STEPS = 300
BASE_SEED = 1_000_000
SHOWN_FAILURES = 8

TESTS_DIR = Path(__file__).resolve().parent
REPO = TESTS_DIR.parents[1]
DATA_LOCALES = REPO / "data" / "locales"
TOY_LOCALES = TESTS_DIR / "locales"
LANGUAGES = ("en", "fr")
CORE_KEYS = (
    "error.game_over",
    "error.not_your_turn",
    "error.not_a_player",
    "error.too_few_players",
    "error.too_many_players",
)


TOY = ToyEngine()
ENGINES: list[AnyEngine] = [*registry.all_engines(), TOY]
by_engine = pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.name)


def locale_roots(engine: AnyEngine) -> list[Path]:
    return [DATA_LOCALES, TOY_LOCALES] if engine is TOY else [DATA_LOCALES]


# ----- the corpus of random playouts ---------------------------------------------------------------------------


@dataclass
class Game:
    """One random playout, kept small: the whole log, a few of the states."""

    engine: AnyEngine
    driver_seed: int
    players: int
    options: BaseModel
    seed: int
    log: list[LogEntry]
    # step -> the state before log[step]; always holds 0 and len(log) (the final state).
    states: dict[int, GameState]
    # Counted while every state of the playout was at hand (`off_turn_counts`), for the first OFF_TURN_GAMES games.
    off_turn: tuple[int, int, int] | None = None
    # (step, viewer, seed) -> reshuffle_unseen(states[step], viewer, seed), shared by the checks that rearrange alike.
    rearranged: dict[tuple[int, int | None, int], GameState] = field(default_factory=dict, repr=False)

    @property
    def final(self) -> GameState:
        return self.states[len(self.log)]

    def reshuffled(self, step: int, viewer: int | None, seed: int) -> GameState:
        """`reshuffle_unseen(states[step], viewer, seed)`, worked out once for every check that needs it (the
        perspective check and the determinization check both rearrange with seed `seed + step`)."""
        key = (step, viewer, seed)
        if key not in self.rearranged:
            self.rearranged[key] = self.engine.reshuffle_unseen(self.states[step], viewer, seed)
        return self.rearranged[key]

    def where(self, step: int | None = None) -> str:
        where = describe(self.engine, self.players, self.options, self.seed, step)
        return f"{where} [playout: random_playout(engine, random.Random({self.driver_seed}))]"


@dataclass
class Corpus:
    games: list[Game] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    actions: int = 0
    # Catalogue key -> the sets of parameter names it was emitted with (events and result measure keys).
    messages: dict[str, set[frozenset[str]]] = field(default_factory=lambda: defaultdict(set))


def build_corpus(engine: AnyEngine, base_seed: int, count: int) -> Corpus:
    corpus = Corpus()
    for driver_seed in range(base_seed, base_seed + count):
        try:
            playout = random_playout(engine, random.Random(driver_seed), check=True)
        except PlayoutError as exc:
            corpus.failures.append(f"{exc} [playout: random_playout(engine, random.Random({driver_seed}))]")
            if len(corpus.failures) >= SHOWN_FAILURES - 1:
                corpus.failures.append(f"(stopped after {len(corpus.failures)} broken playouts)")
                break
            continue
        steps = sample_steps(playout, random.Random(driver_seed + 10**12), SAMPLES_PER_PLAYOUT, ends=True)
        game = Game(
            engine=engine,
            driver_seed=driver_seed,
            players=playout.players,
            options=playout.options,
            seed=playout.seed,
            log=playout.log,
            states={step: playout.states[step] for step in steps},
        )
        if len(corpus.games) < OFF_TURN_GAMES:
            game.off_turn = off_turn_counts(engine, playout.log, playout.states)
        corpus.games.append(game)
        corpus.actions += len(playout.log)
        _collect_events(corpus, game, playout.states)
        result = engine.result(playout.states[-1])
        if result is not None:
            corpus.messages[result.measure_key].add(frozenset())
    return corpus


def _collect_events(corpus: Corpus, game: Game, states: list[GameState]) -> None:
    """Every event emitted during the game (the state keeps the last EVENT_LOG_LIMIT, or all of the last action's)."""
    previous: list[Event] = []
    for step, state in enumerate(states):
        events = state.events
        start = 0
        if previous:
            # New events come after the previous state's last event (older ones may have been trimmed off the front).
            start = next((i + 1 for i in range(len(events) - 1, -1, -1) if events[i] == previous[-1]), 0)
        for event in events[start:]:
            corpus.messages[event.key].add(frozenset(event.params))
            if event.audience is not None and any(not 0 <= seat < state.players for seat in event.audience):
                corpus.failures.append(f"{game.where(step)}: event {event!r} has an audience seat out of range")
        if step > 0 and len(events) > EVENT_LOG_LIMIT:
            # Allowed only when every kept event was caused by the last action: replay it on a quiet copy.
            seat, action = game.log[step - 1]
            quiet = states[step - 1].model_copy(update={"events": []})
            caused = len(game.engine.apply(quiet, seat, action).events)
            if len(events) > max(EVENT_LOG_LIMIT, caused):
                corpus.failures.append(f"{game.where(step)}: {len(events)} events kept, more than {EVENT_LOG_LIMIT}")
        previous = events


@functools.cache
def corpus_of(name: str) -> Corpus:
    engine = next(engine for engine in ENGINES if engine.name == name)
    return build_corpus(engine, BASE_SEED, PLAYOUTS)


def games_of(engine: AnyEngine) -> list[Game]:
    return corpus_of(engine.name).games


def deep_games_of(engine: AnyEngine) -> list[Game]:
    """The games whose kept states get the costly per-state checks, and which are replayed."""
    return corpus_of(engine.name).games[:DEEP_GAMES]


def report(engine: AnyEngine, failures: list[str], what: str) -> None:
    """Fail with the first few failures, one per line."""
    if failures:
        shown = "\n".join(f"- {failure}" for failure in failures[:SHOWN_FAILURES])
        more = f"\n... and {len(failures) - SHOWN_FAILURES} more" if len(failures) > SHOWN_FAILURES else ""
        pytest.fail(f"{engine.name}: {len(failures)} {what}:\n{shown}{more}", pytrace=False)


def guarded(game: Game, check: Callable[[Game], list[str]]) -> list[str]:
    """Run a per-game check; an unexpected exception becomes a failure that says where."""
    try:
        return check(game)
    except Exception as exc:
        name = getattr(check, "func", check).__name__
        return [f"{game.where()}: {name} raised {type(exc).__name__}: {exc}"]


# ----- 1. random legal playouts end ----------------------------------------------------------------------------


@by_engine
def test_random_playouts_end(engine: AnyEngine) -> None:
    """Every playout ends within the step bound, and every step keeps the per-step rules (see `random_playout`)."""
    corpus = corpus_of(engine.name)
    report(engine, corpus.failures, f"problems in {PLAYOUTS} random playouts")
    assert corpus.games, f"{engine.name}: no playout finished"
    withdrew = sum(1 for game in corpus.games if any(isinstance(a, Withdraw) for _, a in game.log))
    assert withdrew, f"{engine.name}: no playout exercised a withdrawal"
    assert withdrew <= len(corpus.games) // 2, f"{engine.name}: withdrawals in {withdrew} playouts, too many"
    for game in corpus.games:
        check_withdrawn_never_act(game)


def off_turn_counts(engine: AnyEngine, log: list[LogEntry], states: list[GameState]) -> tuple[int, int, int]:
    """In a playout's log, with the state before each action (`states[step]`, before `log[step]`): actions taken
    by a seat not due, reported actions, and steps at which some seat had a reported action to take."""
    offstage = reported = reportable = 0
    for (seat, action), state in zip(log, states, strict=False):
        if not isinstance(action, Withdraw):
            offstage += seat not in engine.to_act(state)
            reported += action in engine.reported_actions(state, seat)
        reportable += any(engine.reported_actions(state, other) for other in live_seats(state))
    return offstage, reported, reportable


@by_engine
def test_actions_out_of_turn_only_where_the_engine_has_them(engine: AnyEngine) -> None:
    """Engines with anytime actions get random actions out of turn and reported actions in their playouts (so the
    checks above cover them); the others never see a seat act out of turn. (The counts are taken while the corpus
    is played, on its states, rather than by playing its games again.)"""
    games = games_of(engine)[:OFF_TURN_GAMES]
    counts = [game.off_turn for game in games if game.off_turn is not None]
    assert len(counts) == len(games), f"{engine.name}: the corpus did not count the actions out of turn"
    offstage, reported, reportable = (sum(column) for column in zip(*counts, strict=True))
    if engine.has_anytime_actions:
        assert offstage > 0, f"{engine.name}: no playout took an action out of turn"
        assert reported > 0 or reportable == 0, f"{engine.name}: no playout took a reported action"
    else:
        assert offstage == reported == reportable == 0, f"{engine.name}: {offstage} actions out of turn"


def check_withdrawn_never_act(game: Game) -> None:
    gone: list[int] = []
    for step, (seat, action) in enumerate(game.log):
        assert seat not in gone, f"{game.where(step)}: seat {seat} acts ({action!r}) after withdrawing"
        if isinstance(action, Withdraw):
            gone.append(seat)
    assert game.final.withdrawn == gone, f"{game.where()}: final withdrawn {game.final.withdrawn}, log says {gone}"


# ----- 2. JSON round-trip ----------------------------------------------------------------------------------------


def check_round_trip(game: Game) -> list[str]:
    engine, failures = game.engine, []
    for step, state in game.states.items():
        dump = engine.dump_state(state)
        loaded = engine.load_state(dump)
        if type(loaded) is not type(state) or loaded != state:
            failures.append(f"{game.where(step)}: load_state(dump_state(s)) != s")
        elif engine.dump_state(loaded) != dump:
            failures.append(f"{game.where(step)}: dump_state(load_state(d)) != d")
    # Go on from a reloaded mid-game state with the same actions, each from a reloaded state (what a restarted
    # table service holds): the same states follow, RNG included.
    middle = [step for step in game.states if step < len(game.log)]
    if not middle:
        return failures
    start = middle[len(middle) // 2]
    state = engine.load_state(engine.dump_state(game.states[start]))
    for step in range(start, len(game.log)):
        seat, action = game.log[step]
        try:
            state = engine.apply(engine.load_state(engine.dump_state(state)), seat, action)
        except IllegalActionError as exc:
            failures.append(f"{game.where(step)}: after reloading step {start}, {action!r} was refused ({exc})")
            break
        expected = game.states.get(step + 1)
        if expected is not None and (state != expected or engine.dump_state(state) != engine.dump_state(expected)):
            failures.append(f"{game.where(step + 1)}: going on from reloaded step {start} gives a different state")
            break
    return failures


@by_engine
def test_json_round_trip(engine: AnyEngine) -> None:
    failures = [f for game in deep_games_of(engine) for f in guarded(game, check_round_trip)]
    report(engine, failures, "JSON round-trip failures")


# ----- 3. replay is exact --------------------------------------------------------------------------------------


def check_replay(game: Game) -> list[str]:
    """Replay through JSON, as the bot stores it: options and every action serialised and parsed back."""
    engine, failures = game.engine, []
    log: list[LogEntry] = []
    for step, (seat, action) in enumerate(game.log):
        text = action.model_dump_json()
        from_text = engine.parse_action(text)
        for parsed in (from_text, engine.parse_action(json.loads(text))):
            if type(parsed) is not type(action) or parsed != action:
                failures.append(f"{game.where(step)}: {action!r} comes back from JSON {text} as {parsed!r}")
        log.append((seat, from_text))
    options = engine.parse_options(json.loads(game.options.model_dump_json()))
    if options != game.options:
        failures.append(f"{game.where()}: options come back from JSON as {options!r}")
    replayed = engine.replay(game.players, options, game.seed, log)
    if replayed != game.final or engine.dump_state(replayed) != engine.dump_state(game.final):
        failures.append(f"{game.where()}: replay of the {len(log)} logged actions differs from the playout's end")
    return failures


@by_engine
def test_replay_is_exact(engine: AnyEngine) -> None:
    failures = [f for game in deep_games_of(engine) for f in guarded(game, check_replay)]
    report(engine, failures, "replay failures")


def check_advance_in_place(game: Game) -> list[str]:
    """The game played again on one state changed in place (`Engine.advance`, as a computer player's playouts do)
    reaches the same end as `apply`'s copies. Each action is the very object the engine offered at that moment
    (`candidate_actions`), so an action that shares a list with the state it changes is caught too."""
    engine = game.engine
    state = engine.new(game.players, game.options, game.seed)
    for seat, logged in game.log:
        offered = () if isinstance(logged, Withdraw) else engine.candidate_actions(state, seat)
        engine.advance(state, seat, next((a for a in offered if a == logged), logged))
    if engine.dump_state(state) != engine.dump_state(game.final):
        return [f"{game.where()}: played in place, the {len(game.log)} actions reach another end than apply's"]
    return []


@by_engine
def test_advance_in_place_is_apply(engine: AnyEngine) -> None:
    failures = [f for game in deep_games_of(engine) for f in guarded(game, check_advance_in_place)]
    report(engine, failures, "in-place play differs")


# ----- 3b. one pass tells the UI the decision -------------------------------------------------------------------


def _reference_token(engine: AnyEngine, state: GameState, seat: int) -> str:
    """The decision token as documented: a fingerprint of `[seat, own moves, [[action, legal now], ...]]`, with
    legality from `refusal`, the one check."""
    own = state.moves[seat] if seat < len(state.moves) else 0
    choices = [
        [action.model_dump(mode="json"), engine.refusal(state, seat, action) is None]
        for action in engine.candidate_actions(state, seat)
    ]
    text = json.dumps([seat, own, choices], sort_keys=True)
    return hashlib.blake2s(text.encode(), digest_size=4).hexdigest()


def check_pending_decisions(game: Game) -> list[str]:
    """Every seat's `decision` at every kept state: its candidates, legal exactly where `refusal` lets them
    through, and the token the buttons already drawn carry (unchanged by the one-pass computation); its legal
    actions, which a perspective given them shows as it shows those it works out."""
    engine, failures = game.engine, []
    for step, state in game.states.items():
        for seat in range(game.players):
            decision = engine.decision(state, seat)
            candidates = list(engine.candidate_actions(state, seat))
            legal = tuple(engine.refusal(state, seat, action) is None for action in candidates)
            if list(decision.candidates) != candidates or decision.legal != legal:
                failures.append(f"{game.where(step)}: seat {seat}'s decision differs from its candidates' refusals")
            if decision.token != _reference_token(engine, state, seat):
                failures.append(f"{game.where(step)}: seat {seat}'s token is not the fingerprint of its decision")
            if engine.decision_token(state, seat) != decision.token:
                failures.append(f"{game.where(step)}: decision_token and decision disagree for seat {seat}")
            if list(decision.actions) != engine.legal_actions(state, seat):
                failures.append(f"{game.where(step)}: seat {seat}'s decision's actions are not its legal actions")
            if not decision.actions:
                continue  # nothing to show but what the seat's legal actions, checked equal above, give anyway
            given = engine.perspective(state, seat, legal_now=decision.actions).model_dump(mode="json")
            if given != engine.perspective(state, seat).model_dump(mode="json"):
                failures.append(f"{game.where(step)}: seat {seat}'s perspective changes when given its legal actions")
    return failures


@by_engine
def test_a_decision_is_legal_where_refusal_says_so(engine: AnyEngine) -> None:
    failures = [f for game in deep_games_of(engine) for f in guarded(game, check_pending_decisions)]
    report(engine, failures, "decision failures")


# ----- 4. no perspective shows what its viewer may not see -----------------------------------------------------


@dataclass
class ReshuffleTally:
    samples: int = 0
    changed: int = 0


def check_perspectives(game: Game, tally: ReshuffleTally) -> list[str]:
    engine, failures = game.engine, []
    for step, state in game.states.items():
        dump = engine.dump_state(state)
        for viewer in viewers(game.players):
            where = f"{game.where(step)}, viewer {viewer}"
            reshuffled = game.reshuffled(step, viewer, game.seed + step)
            failures += _check_view(engine, state, viewer, game.seed + step, reshuffled, where, tally)
        if engine.dump_state(state) != dump:
            failures.append(f"{game.where(step)}: perspective or reshuffle_unseen changed the state")
    return failures


def _check_view(
    engine: AnyEngine,
    state: GameState,
    viewer: int | None,
    seed: int,
    reshuffled: GameState,
    where: str,
    tally: ReshuffleTally,
) -> list[str]:
    """The viewer's perspective of `state`; `reshuffled` is `reshuffle_unseen(state, viewer, seed)`."""
    view = engine.perspective(state, viewer)
    if not isinstance(view, Perspective):
        return [f"{where}: perspective is a {type(view).__name__}, not a Perspective"]
    shown = view.model_dump(mode="json")
    json.loads(view.model_dump_json())
    failures = []
    expected = {
        "viewer": viewer,
        "players": state.players,
        "to_act": tuple(engine.to_act(state)),
        "finished": engine.is_over(state),
        "withdrawn": state.withdrawn,
    }
    actual = {name: getattr(view, name) for name in expected}
    actual["to_act"] = tuple(actual["to_act"])
    if actual != expected:
        failures.append(f"{where}: perspective base fields {actual}, expected {expected}")
    visible = [event for event in state.events if event.visible_to(viewer)]
    if view.events != visible:
        for event in view.events:
            if not event.visible_to(viewer) or event not in state.events:
                failures.append(f"{where}: perspective shows {event!r}, which is not a visible event of the state")

    # What the viewer cannot see rearranged: the view must not change, nor what the viewer may do.
    tally.samples += 1
    if type(reshuffled) is not type(state):
        return [*failures, f"{where}: reshuffle_unseen returned a {type(reshuffled).__name__}"]
    if engine.dump_state(reshuffled) != engine.dump_state(state):
        tally.changed += 1
    if engine.load_state(engine.dump_state(reshuffled)) != reshuffled:
        failures.append(f"{where}: reshuffle_unseen gives a state that does not survive JSON")
    seen_there = engine.perspective(reshuffled, viewer).model_dump(mode="json")
    if seen_there != shown:
        failures.append(f"{where}: perspective shows hidden information: {_diff(shown, seen_there)}")
    if engine.to_act(reshuffled) != engine.to_act(state):
        failures.append(f"{where}: to_act depends on hidden information")
    if viewer is not None and engine.legal_actions(reshuffled, viewer) != engine.legal_actions(state, viewer):
        failures.append(f"{where}: the viewer's legal_actions depend on what they cannot see")

    # Neither the RNG nor events hidden from the viewer may show through.
    other_rng = state.model_copy(update={"rng": Rng.from_seed(seed ^ 0x5EED)})
    if engine.perspective(other_rng, viewer).model_dump(mode="json") != shown:
        failures.append(f"{where}: perspective depends on the RNG state")
    if len(visible) < len(state.events):
        stripped = state.model_copy(update={"events": visible})
        if engine.perspective(stripped, viewer).model_dump(mode="json") != shown:
            failures.append(f"{where}: perspective depends on events the viewer cannot see")
    return failures


def _diff(before: dict[str, Any], after: dict[str, Any]) -> str:
    fields = [name for name in before if before.get(name) != after.get(name)]
    return "; ".join(f"{name}: {before.get(name)!r} became {after.get(name)!r}" for name in fields)


@by_engine
def test_perspectives_show_nothing_hidden(engine: AnyEngine) -> None:
    tally = ReshuffleTally()
    failures = [
        f for game in deep_games_of(engine) for f in guarded(game, functools.partial(check_perspectives, tally=tally))
    ]
    report(engine, failures, "perspective failures")
    share = tally.changed / max(tally.samples, 1)
    assert share >= MIN_RESHUFFLE_CHANGED, (
        f"{engine.name}: reshuffle_unseen changed the state in only {tally.changed} of {tally.samples} "
        f"(state, viewer) samples ({share:.0%}, need {MIN_RESHUFFLE_CHANGED:.0%}): it must really rearrange "
        "the deck and hidden cards, or the perspective check proves nothing"
    )


# ----- 5. an illegal action is refused and changes nothing -----------------------------------------------------


def _key(action: BaseModel) -> str:
    return f"{type(action).__qualname__}:{action.model_dump_json()}"


def action_pool(game: Game, state: GameState, rng: random.Random) -> list[BaseModel]:
    """Candidate actions of every live seat, plus game actions from other moments of the same game."""
    engine = game.engine
    pool: dict[str, BaseModel] = {}
    if not engine.is_over(state):
        for seat in live_seats(state):
            for action in [*engine.candidate_actions(state, seat), *engine.reported_actions(state, seat)]:
                pool.setdefault(_key(action), action)
    logged = {_key(action): action for _, action in game.log if not isinstance(action, Withdraw)}
    for key in rng.sample(sorted(logged), min(LOG_ACTIONS_TRIED, len(logged))):
        pool.setdefault(key, logged[key])
    return list(pool.values())


@dataclass
class RefusalTally:
    # Catalogue key -> the sets of parameter names it was emitted with.
    messages: dict[str, set[frozenset[str]]] = field(default_factory=lambda: defaultdict(set))


def check_refusals(game: Game, tally: RefusalTally) -> list[str]:
    engine, failures = game.engine, []
    rng = random.Random(game.driver_seed)
    for step, state in game.states.items():
        where = game.where(step)
        dump = engine.dump_state(state)
        pool = action_pool(game, state, rng)
        for action in pool:
            text = action.model_dump_json()
            if engine.parse_action(text) != action:
                failures.append(f"{where}: candidate {action!r} does not survive parse_action({text})")
        for seat in range(-1, state.players + 1):
            failures += _check_seat(engine, state, seat, pool, f"{where}, seat {seat}", tally, rng)
        if engine.dump_state(state) != dump:
            failures.append(f"{where}: refusal, legal_actions, candidate_actions or apply changed the state")
        # Withdrawing is allowed to any seat still playing, at any moment, acting or not.
        live = live_seats(state) if not engine.is_over(state) else []
        if live:
            seat = rng.choice(live)
            new = engine.apply(state, seat, Withdraw())
            if seat not in new.withdrawn or seat in engine.to_act(new) or engine.legal_actions(new, seat):
                failures.append(
                    f"{where}: after seat {seat} withdrew, withdrawn={new.withdrawn}, to_act={engine.to_act(new)}"
                )
    return failures


def _expected_refusal(engine: AnyEngine, state: GameState, seat: int, action: BaseModel) -> str | None:
    """The core refusal key the contract dictates, "" when the game's own `check` decides, None when legal."""
    if engine.is_over(state):
        return "error.game_over"
    if not 0 <= seat < state.players or seat in state.withdrawn:
        return "error.not_a_player"
    if isinstance(action, Withdraw):
        return None
    if seat not in engine.to_act(state) and not (engine.has_anytime_actions and engine.anytime(state, seat, action)):
        return "error.not_your_turn"
    return ""


def _check_seat(
    engine: AnyEngine,
    state: GameState,
    seat: int,
    pool: list[BaseModel],
    where: str,
    tally: RefusalTally,
    rng: random.Random,
) -> list[str]:
    failures = []
    legal = engine.legal_actions(state, seat)
    live = not engine.is_over(state) and seat in live_seats(state)
    acting = live and seat in engine.to_act(state)
    # A seat not due may still take the engine's anytime actions (never a withdrawn seat, never after the end).
    offstage = live and not acting and engine.has_anytime_actions
    if not acting and not offstage and legal:
        failures.append(f"{where}: may not act now, yet legal_actions is {legal}")
    if offstage and any(not engine.anytime(state, seat, action) for action in legal):
        failures.append(f"{where}: not due, yet legal_actions {legal} hold an action that is not an anytime one")
    candidates = {_key(a) for a in engine.candidate_actions(state, seat)} if acting or offstage else set()
    legal_keys = {_key(a) for a in legal}
    if not legal_keys <= candidates:
        failures.append(f"{where}: legal_actions {legal} are not all candidate_actions")
    for action in [*pool, Withdraw()]:
        expected = _expected_refusal(engine, state, seat, action)
        refusal = engine.refusal(state, seat, action)
        if refusal is not None:
            tally.messages[refusal.key].add(frozenset(refusal.params))
            failures += _check_refused_apply(engine, state, seat, action, refusal.key, where)
        if expected and (refusal is None or refusal.key != expected):
            failures.append(f"{where}: {action!r} should be refused with {expected}, got {refusal!r}")
        elif expected is None and refusal is not None:
            failures.append(f"{where}: {action!r} should be allowed, got {refusal!r}")
        elif expected == "":
            if refusal is not None and _key(action) in legal_keys:
                failures.append(f"{where}: legal_actions holds {action!r}, which is refused: {refusal!r}")
            if refusal is None and _key(action) in candidates and _key(action) not in legal_keys:
                failures.append(f"{where}: candidate {action!r} is allowed but missing from legal_actions")
    # Every legal action must go through (the playout only ever tries one per step).
    for action in rng.sample(legal, min(LEGAL_APPLIED, len(legal))):
        new = engine.apply(state, seat, action)
        if type(new) is not type(state):
            failures.append(f"{where}: apply({action!r}) returned a {type(new).__name__}")
    return failures


def _check_refused_apply(
    engine: AnyEngine, state: GameState, seat: int, action: BaseModel, key: str, where: str
) -> list[str]:
    try:
        engine.apply(state, seat, action)
    except IllegalActionError as exc:
        if exc.refusal.key != key:
            return [f"{where}: apply({action!r}) raised {exc.refusal.key}, refusal said {key}"]
        return []
    return [f"{where}: apply({action!r}) went through although refused with {key}"]


@functools.cache
def refusal_outcome(name: str) -> tuple[list[str], RefusalTally]:
    """The refusal checks over the deep-checked games: (failures, the refusal messages seen)."""
    engine = next(engine for engine in ENGINES if engine.name == name)
    tally = RefusalTally()
    failures = [
        f for game in deep_games_of(engine) for f in guarded(game, functools.partial(check_refusals, tally=tally))
    ]
    return failures, tally


@by_engine
def test_illegal_actions_are_refused_and_change_nothing(engine: AnyEngine) -> None:
    failures, _ = refusal_outcome(engine.name)
    report(engine, failures, "refusal failures")


def example_actions(engine: AnyEngine) -> dict[str, BaseModel]:
    """One logged action of each kind (by `kind`, else by class)."""
    examples: dict[str, BaseModel] = {}
    for game in games_of(engine):
        for _, action in game.log:
            if not isinstance(action, Withdraw):
                examples.setdefault(str(getattr(action, "kind", type(action).__qualname__)), action)
    return examples


GARBAGE_ACTIONS: list[str | bytes | dict[str, Any]] = [
    "",
    "not json",
    b"\xff\xfe",
    "[]",
    "42",
    "null",
    '"withdraw"',
    "{}",
    {},
    {"kind": "no_such_kind"},
    {"kind": 42},
    {"kind": None},
    {"kind": ["withdraw"]},
    {"nonsense": True},
    {"kind": "withdraw", "nonsense": 1},
    '{"kind": "withdraw", "seat": 0}',
    '{"kind": "no_such_kind", "card": 1}',
]


@by_engine
def test_parse_action_rejects_garbage(engine: AnyEngine) -> None:
    for garbage in GARBAGE_ACTIONS:
        with pytest.raises(ValidationError):
            parsed = engine.parse_action(garbage)
            pytest.fail(f"{engine.name}: parse_action({garbage!r}) accepted it as {parsed!r}")
    examples = example_actions(engine)
    assert examples, f"{engine.name}: the playouts logged no game action"
    for kind, action in examples.items():
        data = action.model_dump(mode="json")
        wrong: list[dict[str, Any]] = [{**data, "nonsense": [1, 2]}]
        for name, value in data.items():
            if name != "kind":
                # A value of another JSON type than the real one (a string for a number, a list for a string ...).
                wrong.append({**data, name: [["nonsense"]] if isinstance(value, str) else "nonsense!"})
                wrong.append({key: v for key, v in data.items() if key != name})
        for bad in wrong:
            if bad == data or (len(bad) < len(data) and _field_has_default(action, bad, data)):
                continue
            for form in (bad, json.dumps(bad)):
                with pytest.raises(ValidationError):
                    parsed = engine.parse_action(form)
                    pytest.fail(f"{engine.name}: parse_action({form!r}) (kind {kind}) accepted it as {parsed!r}")


def _field_has_default(action: BaseModel, bad: dict[str, Any], data: dict[str, Any]) -> bool:
    missing = next(name for name in data if name not in bad)
    info = type(action).model_fields.get(missing)
    return info is None or not info.is_required()


@by_engine
def test_parse_options(engine: AnyEngine) -> None:
    defaults = engine.parse_options({})
    assert defaults == engine.options_model(), f"{engine.name}: parse_options({{}}) differs from the defaults"
    for name, values in option_choices_of(engine.options_model).items():
        assert values, f"{engine.name}: option {name} offers no value"
        for value in values:
            parsed = engine.parse_options({name: value})
            assert getattr(parsed, name) == value, f"{engine.name}: option {name}={value!r} parses as {parsed!r}"
            assert engine.parse_options(json.loads(parsed.model_dump_json())) == parsed
        for bad in ("nonsense!", None, [1], {"a": 1}, 10**9, -(10**9), 0.5):
            if any(bad == value and type(bad) is type(value) for value in values):
                continue
            with pytest.raises(ValidationError):
                parsed = engine.parse_options({name: bad})
                pytest.fail(f"{engine.name}: parse_options({{{name!r}: {bad!r}}}) accepted it as {parsed!r}")


@by_engine
def test_player_counts_are_checked(engine: AnyEngine) -> None:
    assert 1 <= engine.min_players <= engine.max_players, f"{engine.name}: bad player range"
    too_few = engine.check_players(engine.min_players - 1)
    too_many = engine.check_players(engine.max_players + 1)
    assert too_few is not None and too_few.key == "error.too_few_players", f"{engine.name}: {too_few!r}"
    assert too_many is not None and too_many.key == "error.too_many_players", f"{engine.name}: {too_many!r}"
    for players in range(engine.min_players, engine.max_players + 1):
        assert engine.check_players(players) is None, f"{engine.name}: {players} players refused"
    counts = {game.players for game in games_of(engine)}
    assert counts == set(range(engine.min_players, engine.max_players + 1)), (
        f"{engine.name}: the playouts only covered player counts {sorted(counts)}"
    )


# ----- 6. catalogue completeness -------------------------------------------------------------------------------


def load_catalogue(roots: Iterable[Path], language: str) -> dict[str, str]:
    """All `<root>/<language>/*.json` files merged (flat key -> text); a key defined twice is an error."""
    merged: dict[str, str] = {}
    for root in roots:
        for path in sorted((root / language).glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            assert isinstance(data, dict), f"{path}: a catalogue file must hold one flat JSON object"
            for key, text in data.items():
                problems = i18n.message_problems(key, text)  # a text, or a plural object (see bot.i18n)
                assert not problems, f"{path}: {problems}"
                assert key not in merged, f"{path}: {key!r} is already defined in another {language} file"
                merged[key] = text
    return merged


def placeholders(text: Any) -> set[str]:
    """`{name}` fields of a str.format template (`{name.attr}`, `{name[0]}`, `{name:fmt}` count as `name`), or of
    every form of a plural object (`bot.i18n.fields`)."""
    return i18n.fields(text)


def engine_keys(engine: AnyEngine) -> list[str]:
    keys = [f"{engine.name}.name", f"{engine.name}.rules", f"{engine.name}.summary"]
    for name, values in option_choices_of(engine.options_model).items():
        keys.append(f"{engine.name}.option.{name}")
        keys += [f"{engine.name}.option.{name}.{_option_value(value)}" for value in values]
    return keys


def _option_value(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


@by_engine
def test_catalogue_is_complete(engine: AnyEngine) -> None:
    _, tally = refusal_outcome(engine.name)
    # Emitted messages: key -> the sets of parameter names they came with. Static texts take no parameters.
    messages: dict[str, set[frozenset[str]]] = defaultdict(set)
    for source in (corpus_of(engine.name).messages, tally.messages):
        for key, param_sets in source.items():
            messages[key] |= param_sets
    for players in (engine.min_players - 1, engine.max_players + 1):
        refusal = engine.check_players(players)
        assert refusal is not None
        messages[refusal.key].add(frozenset(refusal.params))
    for key in [*CORE_KEYS, *engine_keys(engine)]:
        messages.setdefault(key, set())

    catalogues = {language: load_catalogue(locale_roots(engine), language) for language in LANGUAGES}
    failures = []
    for key in sorted(messages):
        for language, catalogue in catalogues.items():
            if key not in catalogue:
                roots = " + ".join(str(root.relative_to(REPO)) for root in locale_roots(engine))
                failures.append(f"{key!r} is missing from the {language} catalogue ({roots})")
        texts = {language: catalogue[key] for language, catalogue in catalogues.items() if key in catalogue}
        fields = {language: placeholders(text) for language, text in texts.items()}
        if len({frozenset(names) for names in fields.values()}) > 1:
            failures.append(f"{key!r} has different placeholders per language: {fields}")
        for language, text in texts.items():
            names = i18n.placeholders(text)  # a plural object also needs its number param
            for params in messages[key]:
                if not names <= params:
                    failures.append(
                        f"{key!r} ({language}) uses {sorted(names - params)}, but it is emitted with only "
                        f"{sorted(params)}"
                    )
    report(engine, failures, "catalogue problems")


# ----- 7. apply then dump is deterministic ---------------------------------------------------------------------


@by_engine
@settings(
    max_examples=HYPOTHESIS_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_apply_then_dump_is_deterministic(engine: AnyEngine, data: st.DataObject) -> None:
    players = data.draw(st.integers(engine.min_players, engine.max_players), label="players")
    choices = option_choices_of(engine.options_model)
    options = engine.parse_options(
        {name: data.draw(st.sampled_from(values), label=name) for name, values in choices.items()}
    )
    seed = data.draw(st.integers(0, 2**64 - 1), label="seed")
    # The global `random` is put in a different state before each run, so an engine that uses it differs.
    random.seed("first run")
    first = engine.new(players, options, seed)
    random.seed("second run")
    second = engine.new(players, options, seed)
    assert engine.dump_state(first) == engine.dump_state(second), f"{engine.name}: new() is not deterministic"
    for step in range(HYPOTHESIS_MAX_STEPS):
        to_act = engine.to_act(first)
        if not to_act:
            break
        if data.draw(st.integers(0, 30), label="withdraw?") == 0:
            seat, action = data.draw(st.sampled_from(live_seats(first)), label="seat"), Withdraw()
        else:
            seat = data.draw(st.sampled_from(to_act), label="seat")
            legal = engine.legal_actions(first, seat)
            assert legal == engine.legal_actions(second, seat), f"{engine.name} step {step}: legal_actions differ"
            action = data.draw(st.sampled_from(legal), label="action")
        random.seed(f"first run {step}")
        first = engine.apply(first, seat, action)
        random.seed(f"second run {step}")
        second = engine.apply(second, seat, action)
        assert engine.dump_state(first) == engine.dump_state(second), (
            f"{describe(engine, players, options, seed, step)}: two identical runs differ after {action!r}"
        )


REPLAY_SCRIPT = """
import json, pickle, sys
sys.path[:0] = json.loads(sys.argv[1])
spec = pickle.load(sys.stdin.buffer)
engine = spec["engine"]  # unpickled here: this process imports the engine's own modules and nothing else
dumps = []
for game in spec["games"]:
    options = engine.parse_options(game["options"])
    log = [(seat, engine.parse_action(action)) for seat, action in game["log"]]
    dumps.append(engine.dump_state(engine.replay(game["players"], options, game["seed"], log)))
json.dump(dumps, sys.stdout)
"""
CROSS_PROCESS_GAMES = 8


def replayed_in_subprocess(engine: AnyEngine, games: list[Game], hash_seed: str) -> list[str]:
    """Final dumps of `games`, replayed in a fresh interpreter with PYTHONHASHSEED=hash_seed. The engine goes over
    pickled (its card data with it), so the interpreter imports the engine's modules and nothing else."""
    spec = {
        "engine": engine,
        "games": [
            {
                "players": game.players,
                "options": game.options.model_dump(mode="json"),
                "seed": game.seed,
                "log": [(seat, action.model_dump_json()) for seat, action in game.log],
            }
            for game in games
        ],
    }
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", REPLAY_SCRIPT, json.dumps([str(REPO)])],
        input=pickle.dumps(spec),
        capture_output=True,
        env=env,
    )
    assert done.returncode == 0, f"{engine.name}: replay in a subprocess failed:\n{done.stderr.decode()}"
    dumps: list[str] = json.loads(done.stdout)
    return dumps


@by_engine
def test_replay_is_identical_in_another_process(engine: AnyEngine) -> None:
    """No hidden dependence on set/dict order of strings (hash randomisation) or anything else in the process."""
    games = games_of(engine)[:CROSS_PROCESS_GAMES]
    # One fresh interpreter whose string hashing differs from this one's (the corpus was played here); the long
    # run tries two more.
    ours = os.environ.get("PYTHONHASHSEED", "")
    seeds = [seed for seed in ("1", "2", "3") if seed != ours]
    for hash_seed in seeds if LONG_FUZZ else seeds[:1]:
        dumps = replayed_in_subprocess(engine, games, hash_seed)
        for game, dump in zip(games, dumps, strict=True):
            assert dump == engine.dump_state(game.final), (
                f"{game.where()}: replay under PYTHONHASHSEED={hash_seed} gives another final state"
            )


def own_catalogue(engine: AnyEngine, language: str) -> dict[str, Any]:
    """The game's own catalogue file, `<root>/<language>/<name>.json`."""
    (path,) = [
        root / language / f"{engine.name}.json"
        for root in locale_roots(engine)
        if (root / language / f"{engine.name}.json").is_file()
    ]
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@by_engine
def test_the_games_own_catalogue_is_the_same_in_every_language(engine: AnyEngine) -> None:
    """The game's catalogue file holds the same keys in every language, all of the game's own (`<name>.`), with
    the same placeholders."""
    catalogues = {language: own_catalogue(engine, language) for language in LANGUAGES}
    first, *others = LANGUAGES
    for language in others:
        assert catalogues[language].keys() == catalogues[first].keys(), (
            f"{engine.name}: keys only in {first}: {sorted(catalogues[first].keys() - catalogues[language].keys())}, "
            f"only in {language}: {sorted(catalogues[language].keys() - catalogues[first].keys())}"
        )
    foreign = [key for key in catalogues[first] if not key.startswith(f"{engine.name}.")]
    assert not foreign, f"{engine.name}: keys of another namespace in its catalogue: {foreign}"
    differ = {
        key: {language: sorted(placeholders(catalogues[language][key])) for language in LANGUAGES}
        for key in catalogues[first]
        if len({frozenset(placeholders(catalogues[language][key])) for language in LANGUAGES}) > 1
    }
    assert not differ, f"{engine.name}: placeholders differ between languages: {differ}"


RULES_LIMIT = 4096  # `/rules` shows them in an embed's description


@by_engine
@pytest.mark.parametrize("language", LANGUAGES)
def test_name_summary_and_rules_are_written(engine: AnyEngine, language: str) -> None:
    catalogue = load_catalogue(locale_roots(engine), language)
    for key in (f"{engine.name}.name", f"{engine.name}.summary", f"{engine.name}.rules"):
        assert isinstance(catalogue.get(key), str) and catalogue[key].strip(), f"{key} is empty in {language}"
    assert len(catalogue[f"{engine.name}.rules"]) <= RULES_LIMIT, f"{engine.name}.rules is too long in {language}"


# ----- every game's golden playthrough replays ----------------------------------------------------------------

GOLDENS = sorted((REPO / "tests" / "engines").glob("*/golden/*.json"))


def goldens_of(engine: AnyEngine) -> list[dict[str, Any]]:
    found = [json.loads(path.read_text(encoding="utf-8")) for path in GOLDENS]
    return [golden for golden in found if golden.get("engine") == engine.name]


@pytest.mark.parametrize("engine", registry.all_engines(), ids=lambda engine: engine.name)
def test_every_games_golden_playthrough_replays_to_the_same_game(engine: AnyEngine) -> None:
    """Each game has a stored golden playthrough (`tests/engines/<game>/golden/`, written by its `*_golden.py`):
    played again step by step from its seed it deals the same opening and emits the same events at every step, and
    its log replayed in one go (`Engine.replay`) reaches the same state (but for the events it keeps). The game's
    own test compares the final state's key facts, and that the stored game shows the situations it pins down."""
    goldens = goldens_of(engine)
    assert goldens, f"{engine.name}: no golden playthrough under tests/engines/*/golden/"
    for golden in goldens:
        options = engine.parse_options(golden["options"])
        state = engine.new(golden["players"], options, golden["seed"])
        assert golden_opening(engine, state) == golden["opening"], f"{engine.name}: the opening differs"
        log = []
        for number, entry in enumerate(golden["log"]):
            action = engine.parse_action(entry["action"])
            state, emitted = golden_step(engine, state, entry["seat"], action)
            assert emitted == entry["events"], f"{engine.name}: the events of step {number} differ"
            log.append((entry["seat"], action))
        replayed = engine.replay(golden["players"], options, golden["seed"], log)
        quiet = {"events": []}  # the events a state keeps depend on how it was reached, one step or many
        assert engine.dump_state(replayed.model_copy(update=quiet)) == engine.dump_state(
            state.model_copy(update=quiet)
        ), f"{engine.name}: Engine.replay reaches another state"


# ----- the long fuzz ----------------------------------------------------------------------------------------------


@pytest.mark.slow
@by_engine
def test_long_fuzz_with_fresh_seeds(engine: AnyEngine) -> None:
    """The checks above on games nobody has played before, in the long campaign only (CARDROOM_LONG_FUZZ=1; the
    `slow` mark leaves it out of other runs): PLAYOUTS fresh playouts (driver seeds from a random base, named in
    any failure), the costly checks on DEEP_GAMES of them."""
    base = random.SystemRandom().randrange(2**40)
    corpus = build_corpus(engine, base, PLAYOUTS)
    report(engine, corpus.failures, f"fresh playouts (driver seeds from {base}) broke the contract")
    reshuffles, refusals = ReshuffleTally(), RefusalTally()
    failures = []
    for game in corpus.games:
        check_withdrawn_never_act(game)
    for game in corpus.games[:DEEP_GAMES]:
        for check in (
            check_round_trip,
            check_replay,
            functools.partial(check_perspectives, tally=reshuffles),
            functools.partial(check_refusals, tally=refusals),
            check_determinization,
        ):
            failures += guarded(game, check)
    report(engine, failures, f"failures in fresh playouts (driver seeds from {base})")


# ----- 8. a click is valid only for the decision it was drawn for; costs are named; the log rebuilds --------


DECISION_GAMES = 6  # playouts checked per engine: each step computes every seat's token


def check_decisions(game: Game, keys: list[set[str]]) -> list[str]:
    """Replay the game and check, at every step:

    * a seat's decision token while it cannot act (its buttons drawn disabled) never equals its token once
      its turn comes with the same own move count, so a forged or late click from a disabled button is stale;
    * every consequence reported for a legal move names a catalogue text in both languages;
    * a replay whose event list is emptied before each step (how `/log` rebuilds the public log) reaches the
      same state but for the events: events never feed back into the rules.

    `keys`: the English and French catalogue keys.
    """
    engine, failures = game.engine, []
    state = engine.new(game.players, game.options, game.seed)
    quiet = state
    offstage: dict[tuple[int, int], str] = {}
    for step, (seat, action) in enumerate(game.log):
        to_act = engine.to_act(state)
        for other in range(state.players):
            own = state.moves[other] if other < len(state.moves) else 0
            token = engine.decision_token(state, other)
            if other not in to_act:
                offstage[(other, own)] = token
            elif offstage.get((other, own)) == token and engine.legal_actions(state, other):
                failures.append(f"{game.where(step)}: seat {other}'s token {token} is the one it had off turn")
        for legal in engine.legal_actions(state, seat)[:12]:
            consequence = engine.consequence(state, seat, legal)
            if consequence is not None and not all(consequence.key in known for known in keys):
                failures.append(f"{game.where(step)}: consequence key {consequence.key!r} is not in both catalogues")
        state = engine.apply(state, seat, action)
        quiet.events = []
        quiet = engine.apply(quiet, seat, action)
    if quiet.model_dump(exclude={"events"}) != state.model_dump(exclude={"events"}):
        failures.append(f"{game.where()}: a replay with emptied event lists ends elsewhere")
    return failures


@by_engine
def test_decisions_tokens_consequences_and_quiet_replay(engine: AnyEngine) -> None:
    keys = [set(load_catalogue(locale_roots(engine), lang)) for lang in ("en", "fr")]
    check = functools.partial(check_decisions, keys=keys)
    failures = [f for game in games_of(engine)[:DECISION_GAMES] for f in guarded(game, check)]
    report(engine, failures, "decision failures")


# ----- 9. a determinization depends only on what its viewer sees ----------------------------------------------


def check_determinization(game: Game) -> list[str]:
    """For every kept state and viewer: rearranging what the viewer cannot see, then rearranging again with
    seed b, gives exactly what rearranging once with seed b gives. So `reshuffle_unseen(s, v, b)` depends only
    on what v sees and on b, never on how the hidden cards lay, and a computer player that samples only through
    it cannot learn anything hidden. The RNG is reseeded too: the future draws are hidden as well."""
    engine, failures = game.engine, []
    for step, state in game.states.items():
        for viewer in viewers(game.players):
            where = f"{game.where(step)}, viewer {viewer}"
            first, second = game.seed + step, (game.seed + step) ^ 0xD37E
            once = engine.dump_state(engine.reshuffle_unseen(state, viewer, second))
            twice = engine.reshuffle_unseen(game.reshuffled(step, viewer, first), viewer, second)
            if engine.dump_state(twice) != once:
                failures.append(
                    f"{where}: reshuffle_unseen(reshuffle_unseen(s, v, {first}), v, {second}) differs from "
                    f"reshuffle_unseen(s, v, {second}): the rearrangement depends on how the hidden cards lay"
                )
            other_rng = state.model_copy(update={"rng": Rng.from_seed(second ^ 0x5EED)})
            if engine.dump_state(engine.reshuffle_unseen(other_rng, viewer, second)) != once:
                failures.append(f"{where}: reshuffle_unseen keeps something of the RNG state (it must reseed it)")
    return failures


@by_engine
def test_determinization_depends_only_on_what_the_viewer_sees(engine: AnyEngine) -> None:
    failures = [f for game in deep_games_of(engine) for f in guarded(game, check_determinization)]
    report(engine, failures, "determinization failures")


# ----- 10. computer players: legal moves to the end, blind to what their seat cannot see ------------------------


COMPUTER_GAMES = 6 if LONG_FUZZ else 2  # per engine; every second one has a seat leaving mid-game
BLIND_STATES = 4  # mid-game decisions checked per engine, each under BLIND_REARRANGEMENTS rearrangements
BLIND_REARRANGEMENTS = 3


@by_engine
def test_computer_players_finish_games_with_legal_moves(engine: AnyEngine) -> None:
    """Every seat a computer player (easy with normal, or easy with hard in the game with a withdrawal; the thinking
    ones on a small playout budget): every action chosen is legal and the game ends."""
    failures: list[str] = []
    choices = {level: 0 for level in LEVELS}
    for index in range(COMPUTER_GAMES):
        driver_seed, withdrawal = 3 * BASE_SEED + index, index % 2 == 1
        game = computer_game(engine, random.Random(driver_seed), withdrawal=withdrawal)
        again = f"[computer_game(engine, random.Random({driver_seed}), withdrawal={withdrawal})]"
        failures += [f"{failure} {again}" for failure in game.failures]
        for level in LEVELS:
            choices[level] += game.choices[level]
    report(engine, failures, "computer game failures")
    assert all(choices.values()), f"{engine.name}: a level never had a real choice to make: {choices}"


def blind_decisions(engine: AnyEngine, count: int) -> list[tuple[Game, int, int]]:
    """(game, step, seat): mid-game decisions with two legal actions or more where the seat cannot see
    everything (`reshuffle_unseen` moves something), one per game, from the deep-checked games."""
    found = []
    for game in deep_games_of(engine):
        for step, state in sorted(game.states.items()):
            if step in (0, len(game.log)):
                continue
            seats = [seat for seat in engine.to_act(state) if len(engine.legal_actions(state, seat)) > 1]
            hidden = [
                seat
                for seat in seats
                if engine.dump_state(engine.reshuffle_unseen(state, seat, step).model_copy(update={"rng": state.rng}))
                != engine.dump_state(state)
            ]
            if hidden:
                found.append((game, step, hidden[0]))
                break
        if len(found) == count:
            break
    return found


@by_engine
def test_computer_players_see_only_what_their_seat_sees(engine: AnyEngine) -> None:
    """A computer player's choice does not change when what its seat cannot see is rearranged (same seed)."""
    decisions = blind_decisions(engine, BLIND_STATES)
    assert decisions, f"{engine.name}: no mid-game decision with hidden information in the corpus"
    failures: list[str] = []
    for game, step, seat in decisions:
        seeds = range(game.seed, game.seed + BLIND_REARRANGEMENTS)
        for level, chooser in CHOOSERS.items():
            failures += blindness_failures(
                engine, game.states[step], seat, chooser, seeds, where=f"{game.where(step)}, {level} player"
            )
    report(engine, failures, "computer players that saw hidden information")
