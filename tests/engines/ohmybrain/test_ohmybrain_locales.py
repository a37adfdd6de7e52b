"""The Oh My Brain catalogues: both languages, every key the engine emits, placeholders that match the params, and a
real `/rules` summary."""

from __future__ import annotations

import json
import random
import re

import pytest
from ohmybrain_rig import ENGINE

from engines.core import Withdraw, option_choices
from engines.ohmybrain import OhMyBrainOptions
from engines.ohmybrain.state import DIE_FACES
from tests.conformance.playout import random_playout
from tests.engines import family_support as family

CATALOGUES = family.catalogues("ohmybrain")
SOURCE = family.engine_source("ohmybrain")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_names_options_rules_and_die_faces(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    assert catalogue["ohmybrain.name"] == "Oh My Brain"
    for key in ("ohmybrain.summary", "ohmybrain.measure.brains", "ohmybrain.measure.name"):
        assert catalogue[key].strip(), key
    rules = catalogue["ohmybrain.rules"]
    assert 1500 <= len(rules) <= 4096
    words = {
        "en": (
            "Cemetery",
            "Horde",
            "draw pile",
            "discard pile",
            "Mosquito",
            "Spider",
            "Mouse",
            "Marshmallow",
            "9 brains",
            "3 cards",
        ),
        "fr": ("Cimetière", "Horde", "Réserve", "Moustique", "Araignée", "Souris", "Marshmallow", "9 cerveaux"),
    }[lang]
    for word in words:
        assert word in rules, word
    for field, values in option_choices(OhMyBrainOptions).items():
        assert f"ohmybrain.option.{field}" in catalogue
        for value in values:
            assert f"ohmybrain.option.{field}.{value}" in catalogue
    for effect in DIE_FACES:
        assert catalogue[f"ohmybrain.die.{effect}"].strip()


def test_every_event_and_refusal_of_the_engine_source_is_catalogued() -> None:
    # emit(state, "key", ...), tell(state, [seats], "key", ...), and the other key of `"a" if ... else "b"`
    literal = r'(?:emit|tell)\(\s*state,\s*(?:\[[^\]]*\],\s*)?"([a-z_]+)"'
    alternative = r'(?:emit|tell)\(\s*state,\s*"[a-z_]+" if .*? else "([a-z_]+)"'
    emitted = {f"ohmybrain.event.{name}" for pattern in (literal, alternative) for name in re.findall(pattern, SOURCE)}
    refusals = {f"ohmybrain.refusal.{name}" for name in re.findall(r'refuse\(\s*"([a-z_]+)"', SOURCE)}
    refusals |= {f"ohmybrain.refusal.{name}" for name in re.findall(r'"(swap_empty_[a-z]+)"', SOURCE)}
    refusals |= {"ohmybrain.refusal.too_low", "ohmybrain.refusal.below_spider"}  # `turn.beats` names them
    assert len(emitted) > 30 and len(refusals) > 8
    family.assert_catalogued_exactly("ohmybrain", CATALOGUES, emitted | refusals)


def test_event_params_fill_every_placeholder() -> None:
    seen: dict[str, set[str]] = {}
    for seed in range(40):
        playout = random_playout(ENGINE, random.Random(seed), withdrawals=seed % 5 == 0)
        previous = 0
        for state in playout.states:
            for event in state.events[-max(len(state.events) - previous, 0) :] if previous else state.events:
                seen.setdefault(event.key, set(event.params))
            previous = len(state.events)
        last = ENGINE.apply(ENGINE.new(2, OhMyBrainOptions(), seed), 0, Withdraw())
        for event in last.events:
            seen.setdefault(event.key, set(event.params))
    assert len(seen) > 25
    family.assert_placeholders_filled(CATALOGUES, seen)


@pytest.mark.parametrize(
    ("lang", "foreign"),
    [("en", ("Réserve", "Défausse", "Cimetière", "cerveau")), ("fr", ("draw pile", "discard pile", "Cemetery"))],
)
def test_every_text_names_the_piles_in_its_own_language(lang: str, foreign: tuple[str, ...]) -> None:
    for key, value in CATALOGUES[lang].items():
        shown = re.sub(r"\{[a-z_]+\}", "", json.dumps(value, ensure_ascii=False)).lower()  # the words, not the fields
        for word in foreign:
            assert word.lower() not in shown, (key, word)
