"""Every game's table and hands, drawn at states of one shared set of random playouts per engine, and every check of
what they show: Discord's limits (`test_render_limits.py`), text cut only between words with the card emojis
installed (`test_text_fit.py`), and French and English typography (`test_typography.py`).

The playouts are played once per engine (`sampled`, a module fixture per engine: pytest runs an engine's tests one
after the other, and the whole module is one unit of work, tests/conftest.py), and each check draws what it
checks from them:

* the limits, at `PER_PLAYOUT` steps of each of the `PLAYOUTS` games (their ends included), the longest names;
* whole words, at the same steps of the first `FIT_PLAYOUTS` of those games, with names of several words and the
  longest emoji faces;
* typography, at every step (at most `STEPS_CHECKED`, spread evenly) of the first few of those games, with and
  without a clock, and every lobby.

A failure names the engine, the playout's seed and the step.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from bot.i18n import LANGUAGES
from bot.services.tables import Table
from cogs.render.frame import table_embed
from cogs.tables._views import hand_message, table_view
from engines import registry
from engines.core import Perspective
from tests.cogs.render.test_render_limits import payload, record
from tests.cogs.render.test_text_fit import BIG_ID, BIG_VERSION, LONG_NAMES, Cuts, problems_of, watch_clip
from tests.cogs.render.test_typography import PLAYOUTS as TYPOGRAPHY_PLAYOUTS
from tests.cogs.render.test_typography import (
    PLAYOUTS_DEFAULT,
    AnyEngine,
    checked_steps,
    lobby_texts,
    rendered_texts,
    text_problems,
)
from tests.cogs.render_support import table_of
from tests.conformance.playout import Playout, sampled_playouts
from tools.standin.limits import message_problems

pytestmark = pytest.mark.long_unit  # handed out before the other modules (tests/conftest.py)

SEED = 20261122
PLAYOUTS = 16
PER_PLAYOUT = 4  # steps per playout, besides its first and last
FIT_PLAYOUTS = 8  # the first playouts whose steps are drawn with names of several words and the emojis installed


@dataclass(frozen=True)
class Sampled:
    """An engine's random playouts, each with its sampled steps (`sampled_playouts`, ends included)."""

    engine: AnyEngine
    games: list[tuple[Playout, list[int]]]

    def states(self, playouts: int) -> Iterator[tuple[Playout, int]]:
        """(playout, step) of the first `playouts` games."""
        for playout, steps in self.games[:playouts]:
            for step in steps:
                yield playout, step


@pytest.fixture(scope="module", params=registry.all_engines(), ids=lambda engine: engine.name)
def sampled(request: pytest.FixtureRequest) -> Sampled:
    """Played once per engine for all the checks below (pytest groups the tests by this module-scoped fixture, so
    one engine's playouts are held at a time)."""
    engine: AnyEngine = request.param
    games = sampled_playouts(engine, random.Random(SEED), playouts=PLAYOUTS, per_playout=PER_PLAYOUT, ends=True)
    return Sampled(engine, list(games))


def seat_views(table: Table) -> dict[int, Perspective]:
    """Each seat's perspective of the table's state, worked out once for every language its hand is drawn in (the
    hand drawn from it, `hand_message`, is what the bot sends: the embed and the controls from one perspective)."""
    return {seat: table.perspective(seat) for seat in range(len(table.record.seats))}


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> Cuts:
    return watch_clip(monkeypatch)


# ----- Discord's limits, the longest names ---------------------------------------------------------------------------
def test_rendered_messages_fit_discord_limits(sampled: Sampled) -> None:
    engine = sampled.engine
    checked = 0
    for playout, step in sampled.states(PLAYOUTS):
        state = playout.states[step]
        options = playout.options.model_dump(mode="json")
        over = engine.result(state) is not None
        rec = record(engine.name, playout.players, "finished" if over else "active", engine.dump_state(state), options)
        table = Table(record=rec, engine=engine, state=state)
        views = seat_views(table)
        for lang in LANGUAGES:
            problems = message_problems(payload(table_embed(table, lang), table_view(table, lang)))
            for seat in range(playout.players):
                problems += message_problems(payload(*hand_message(table, seat, lang, perspective=views[seat])))
            assert problems == [], f"{engine.name} seed {playout.seed} step {step} ({lang}): {problems}"
            checked += 1
    assert checked >= 2 * PLAYOUTS


# ----- whole words and Discord's limits, names of several words, the card emojis ------------------------------------
@pytest.mark.usefixtures("card_emojis")
def test_every_text_fits_whole_words_and_discord_limits(sampled: Sampled, cuts: Cuts) -> None:
    engine = sampled.engine
    problems: list[str] = []
    checked = 0
    for playout, step in sampled.states(FIT_PLAYOUTS):
        state = playout.states[step]
        names = [LONG_NAMES[seat % len(LONG_NAMES)] for seat in range(playout.players)]
        over = engine.result(state) is not None
        views: dict[int, Perspective] = {}
        for lang in LANGUAGES:
            table = table_of(
                engine,
                state,
                table_id=BIG_ID,
                version=BIG_VERSION,
                names=names,
                status="finished" if over else "active",
                locale=lang,
            )
            where = f"{engine.name} seed {playout.seed} step {step} ({lang})"
            problems += problems_of(cuts, f"{where} table", payload(table_embed(table, lang), table_view(table, lang)))
            views = views or seat_views(table)  # the same state in every language: the same perspectives
            for seat in range(playout.players):
                body = payload(*hand_message(table, seat, lang, perspective=views[seat]))
                problems += problems_of(cuts, f"{where} hand {seat}", body)
            checked += 1
    assert checked >= 2 * FIT_PLAYOUTS
    unique = list(dict.fromkeys(problem.split(": ", 1)[1] for problem in problems))
    assert not problems, f"{len(problems)} problems ({len(unique)} distinct):\n" + "\n".join(unique[:40])


# ----- typography, every step of a few games, and the lobby ----------------------------------------------------------
def test_every_rendered_text(sampled: Sampled) -> None:
    engine = sampled.engine
    found: dict[str, str] = {}  # problem and text -> where it was first seen
    checked = 0
    for lang in LANGUAGES:
        for where, text in lobby_texts(engine, lang):
            checked += 1
            for problem in text_problems(text, lang):
                found.setdefault(f"{lang}: {problem}\n    {text!r}", where)
    for playout, _ in sampled.games[: TYPOGRAPHY_PLAYOUTS.get(engine.name, PLAYOUTS_DEFAULT)]:
        for step in checked_steps(len(playout.states)):
            for lang in LANGUAGES:
                for where, text in rendered_texts(engine, playout, step, lang):
                    checked += 1
                    for problem in text_problems(text, lang):
                        found.setdefault(f"{lang}: {problem}\n    {text!r}", f"seed {playout.seed} step {step} {where}")
    assert checked > 1000
    report = [f"{problem}\n    at {where}" for problem, where in found.items()]
    assert not report, f"{engine.name}: {len(report)} typography problems:\n" + "\n".join(report)


def test_the_checks_draw_from_enough_playouts() -> None:
    """Each check has as many playouts as it draws from."""
    assert FIT_PLAYOUTS <= PLAYOUTS and max(PLAYOUTS_DEFAULT, *TYPOGRAPHY_PLAYOUTS.values()) <= PLAYOUTS
    assert {engine.name for engine in registry.all_engines()} >= set(TYPOGRAPHY_PLAYOUTS)
