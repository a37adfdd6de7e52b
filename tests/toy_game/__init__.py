"""A toy game as a unit of its own files, declared in one line (`SPEC`): the proof that the platform learns a game
from its declaration alone (tests/test_toy_game.py). Its engine is the conformance suite's toy
(`tests/conformance/toy_engine.py`), its catalogues the toy's (`tests/conformance/locales/`), its cards the
Pairs-family deck's faces."""

from __future__ import annotations

from pathlib import Path

from cogs.decks.pairs import PAIRS
from cogs.games.spec import GameSpec, fixed
from tests.conformance.toy_engine import ToyEngine
from tests.toy_game.render import ToyRenderer

SPEC = GameSpec(
    name="toy",
    engine=fixed(ToyEngine()),
    renderer=ToyRenderer(),
    decks=(PAIRS,),
    locales=Path(__file__).resolve().parents[1] / "conformance" / "locales",
)
