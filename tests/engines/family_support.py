"""Test helpers shared by the Pairs-family games (Pairs, Zombie Life, Hawthorn, Blackstone), and the golden
playthroughs of every game."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from pydantic import BaseModel

from bot import i18n
from engines.core import Event, GameState, IllegalActionError, Withdraw
from engines.pairs_deck import full_deck

S = TypeVar("S", bound=GameState)

ROOT = Path(__file__).resolve().parents[2]


def engine_source(game: str) -> str:
    """The game's engine package, plus the Pairs-family deck functions it shares (they emit under its name)."""
    paths = [*(ROOT / "engines" / game).glob("*.py"), ROOT / "engines" / "pairs_deck.py"]
    return "\n".join(path.read_text("utf-8") for path in paths)


def catalogues(game: str) -> dict[str, dict[str, Any]]:
    """The game's English and French message catalogues."""
    locales = ROOT / "data" / "locales"
    return {lang: json.loads((locales / lang / f"{game}.json").read_text("utf-8")) for lang in ("en", "fr")}


def placeholders(text: Any) -> set[str]:
    """The fields a message shows: of its text, or of every form of a plural object (`bot.i18n.fields`)."""
    return i18n.fields(text)


def without(cards: Iterable[int], taken: Iterable[int]) -> list[int]:
    """`cards` minus the multiset `taken` (raises if `taken` is not there)."""
    left = Counter(cards)
    left.subtract(Counter(taken))
    if any(n < 0 for n in left.values()):
        raise ValueError(f"not enough cards for {sorted(taken)}")
    return sorted(left.elements())


def stacked_deck(top: Sequence[int]) -> list[int]:
    """A full 55-card deck, top first: `top`, then the rest in ascending order (the 10s last)."""
    return [*top, *without(full_deck(), top)]


def describe_event(event: Event, game: str) -> str:
    """An event as one short golden-file line: `key a=1 b=2`, then `@seats` for an event only some seats see."""
    params = " ".join(f"{k}={v}" for k, v in event.params.items())
    line = f"{event.key.removeprefix(f'{game}.event.')} {params}".strip()
    if event.audience is not None:
        line += " @" + ",".join(str(seat) for seat in event.audience)
    return line


def golden_opening(engine: Any, state: GameState) -> list[str]:
    """The events of a fresh game, described."""
    return [describe_event(e, engine.name) for e in state.events]


def golden_step(engine: Any, state: S, seat: int, action: BaseModel) -> tuple[S, list[str]]:
    """Apply one action and return the new state with the events that action caused, described."""
    quiet = state.model_copy(update={"events": []})
    after: S = engine.apply(quiet, seat, action)
    return after, [describe_event(e, engine.name) for e in after.events]


def golden_play(
    engine: Any,
    *,
    seed: int,
    players: int,
    options: BaseModel,
    choose: Callable[[S, int], tuple[int, BaseModel]],
    facts: Callable[[S], Any],
    record_to_act: bool = False,
    max_steps: int | None = None,
) -> dict[str, Any]:
    """Play a golden game from scratch and return the contents of its golden file.

    `choose(state, step_number)` names who acts and how: the game's policy, withdrawals included. With
    `record_to_act`, each step also records the seats that were due to act; `max_steps` bounds the game.
    """
    state: S = engine.new(players, options, seed)
    opening = golden_opening(engine, state)
    log: list[dict[str, Any]] = []
    while not engine.is_over(state) and (max_steps is None or len(log) < max_steps):
        to_act = list(engine.to_act(state))
        seat, action = choose(state, len(log))
        state, emitted = golden_step(engine, state, seat, action)
        entry: dict[str, Any] = {"to_act": to_act} if record_to_act else {}
        entry |= {"seat": seat, "action": action.model_dump(mode="json"), "events": emitted}
        log.append(entry)
    return golden_record(engine, seed, players, options, opening, log, facts(state))


def golden_record(
    engine: Any, seed: int, players: int, options: BaseModel, opening: list[str], log: list[dict[str, Any]], final: Any
) -> dict[str, Any]:
    """The contents of a golden file."""
    return {
        "engine": engine.name,
        "seed": seed,
        "players": players,
        "options": options.model_dump(mode="json"),
        "opening": opening,
        "log": log,
        "final": final,
    }


def write_golden(path: Path, data: dict[str, Any]) -> None:
    """Write a golden file (only when a rule change is intended)."""
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}")


def load_golden(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def replay_golden_steps(
    engine: Any,
    golden: dict[str, Any],
    facts: Callable[[Any], Any],
    *,
    may_act: Callable[[Any, int, Any], bool] | None = None,
    after_step: Callable[[Any], None] | None = None,
) -> None:
    """Replay a golden file step by step and require the same game: the opening, each step's events, the final facts.

    Each step also checks the seats due to act when the file records them, and `may_act(state, seat, action)` for
    every action but a withdrawal (anyone may leave at any time); `after_step(state)` may check the new state.
    """
    state = engine.new(golden["players"], engine.parse_options(golden["options"]), golden["seed"])
    assert golden_opening(engine, state) == golden["opening"]
    for number, entry in enumerate(golden["log"]):
        seat, action = entry["seat"], engine.parse_action(entry["action"])
        if "to_act" in entry:
            assert list(engine.to_act(state)) == entry["to_act"], f"step {number}"
        if may_act is not None and not isinstance(action, Withdraw):
            assert may_act(state, seat, action), f"step {number}"
        state, emitted = golden_step(engine, state, seat, action)
        assert emitted == entry["events"], f"step {number}"
        if after_step is not None:
            after_step(state)
    assert facts(state) == golden["final"]


def golden_keys(golden: dict[str, Any], *, opening: bool = False) -> set[str]:
    """The event keys a golden game shows in its steps (and, with `opening`, as it is dealt)."""
    lines = [line for entry in golden["log"] for line in entry["events"]]
    if opening:
        lines += golden["opening"]
    return {line.split()[0] for line in lines}


def refused_by(engine: Any, state: GameState, seat: int, action: BaseModel) -> str:
    """Apply a refused action; assert the state did not change and return the refusal key."""
    before = state.model_dump_json()
    with pytest.raises(IllegalActionError) as error:
        engine.apply(state, seat, action)
    assert state.model_dump_json() == before
    assert engine.refusal(state, seat, action) == error.value.refusal
    key: str = error.value.refusal.key
    return key


def emitted_keys(game: str, source: str) -> set[str]:
    """The event keys the engine source emits with a literal name: `emit(state, "x")` or `emit(state, game, "x")`."""
    return {f"{game}.event.{name}" for name in re.findall(r'emit\(\s*state,\s*(?:game,\s*)?"([a-z_]+)"', source)}


def assert_catalogued_exactly(game: str, catalogues: dict[str, dict[str, Any]], keys: set[str]) -> None:
    """Every language holds `keys`, and the English events and refusals are exactly `keys` (no stale ones)."""
    for lang, catalogue in catalogues.items():
        assert not keys - catalogue.keys(), lang
    catalogued = {k for k in catalogues["en"] if k.startswith((f"{game}.event.", f"{game}.refusal."))}
    assert catalogued == keys  # no stale keys either


def assert_placeholders_filled(catalogues: dict[str, dict[str, Any]], seen: dict[str, set[str]]) -> None:
    """Every message's placeholders are among the params its events were seen with."""
    for key, params in seen.items():
        for lang, catalogue in catalogues.items():
            assert i18n.placeholders(catalogue[key]) <= params, (lang, key)  # with a plural's number param


def event_keys(state: GameState, game: str) -> list[str]:
    """The event keys, without the `<game>.event.` prefix."""
    return [e.key.removeprefix(f"{game}.event.") for e in state.events]


def event_params(state: GameState, game: str, key: str) -> list[dict[str, int | str]]:
    """The params of every `<game>.event.<key>` event."""
    return [dict(e.params) for e in state.events if e.key == f"{game}.event.{key}"]
