"""The Blackstone catalogues: both languages, every key the engine and renderer use, matching placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from blackstone_rig import random_action

from engines.blackstone import ENGINE, BlackstoneOptions
from engines.core import Rng, Withdraw, option_choices
from tests.engines import family_support as family

ROOT = Path(__file__).resolve().parents[3]
CATALOGUES = family.catalogues("blackstone")
SOURCE = family.engine_source("blackstone")
RENDERER = (ROOT / "cogs" / "games" / "blackstone" / "render.py").read_text("utf-8")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_names_options_and_rules(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    assert catalogue["blackstone.name"] == "Blackstone"
    for key in ("blackstone.summary", "blackstone.rules", "blackstone.measure.chips", "blackstone.measure.name"):
        assert catalogue[key].strip(), key
    assert len(catalogue["blackstone.rules"]) <= 1500
    for field, values in option_choices(BlackstoneOptions).items():
        assert f"blackstone.option.{field}" in catalogue
        for value in values:
            assert f"blackstone.option.{field}.{value}" in catalogue


def test_every_key_in_the_engine_source_is_catalogued_and_none_is_stale() -> None:
    emitted = family.emitted_keys("blackstone", SOURCE)
    refusals = set(re.findall(r'"(blackstone\.refusal\.[a-z_]+)"', SOURCE))
    assert len(emitted) > 20 and len(refusals) == 5
    family.assert_catalogued_exactly("blackstone", CATALOGUES, emitted | refusals)


def test_every_key_the_renderer_names_is_catalogued() -> None:
    named = set(re.findall(r'"(blackstone\.(?:table|action)\.[a-z_.]+)"', RENDERER))
    prefixes = set(re.findall(r'f"(blackstone\.[a-z_.]+)\{', RENDERER))
    assert named and prefixes
    for lang, catalogue in CATALOGUES.items():
        assert not named - catalogue.keys(), lang
        for prefix in prefixes:
            assert any(key.startswith(prefix) for key in catalogue), (lang, prefix)


def test_event_params_fill_every_placeholder() -> None:
    seen: dict[str, set[str]] = {}
    for seed in range(12):
        state = ENGINE.new(2 + seed % 7, BlackstoneOptions(hands=3), seed)
        rng = Rng.from_seed(seed)
        while not ENGINE.is_over(state):
            for event in state.events:
                seen.setdefault(event.key, set(event.params))
            quiet = state.model_copy(update={"events": []})  # see every event, untrimmed
            if rng.below(40) == 0:
                state = ENGINE.apply(quiet, rng.choice(quiet.active()), Withdraw())
                continue
            seat = ENGINE.to_act(quiet)[0]
            state = ENGINE.apply(quiet, seat, random_action(quiet, seat, rng))
        for event in state.events:
            seen.setdefault(event.key, set(event.params))
    assert len(seen) > 15
    family.assert_placeholders_filled(CATALOGUES, seen)
