"""The Pairs catalogues: both languages, every key the engine emits, placeholders that match the params."""

from __future__ import annotations

import re

import pytest
from pairs_rig import random_action

from engines.core import Rng, Withdraw, option_choices
from engines.pairs import ENGINE, PairsOptions
from tests.engines import family_support as family

CATALOGUES = family.catalogues("pairs")
SOURCE = family.engine_source("pairs")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_names_options_and_rules(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    for key in ("pairs.name", "pairs.summary", "pairs.rules", "pairs.measure.chips"):
        assert catalogue[key].strip(), key
    assert len(catalogue["pairs.rules"]) <= 1500
    for field, values in option_choices(PairsOptions).items():
        assert f"pairs.option.{field}" in catalogue
        for value in values:
            assert f"pairs.option.{field}.{value}" in catalogue


def test_every_key_in_the_engine_source_is_catalogued() -> None:
    emitted = family.emitted_keys("pairs", SOURCE)
    refusals = set(re.findall(r'"(pairs\.refusal\.[a-z_]+)"', SOURCE))
    assert emitted and refusals
    family.assert_catalogued_exactly("pairs", CATALOGUES, emitted | refusals)


def test_event_params_fill_every_placeholder() -> None:
    seen: dict[str, set[str]] = {}
    for seed, ending in enumerate(["forfeit", "downspear", "norland", "cutchfeld"] * 2):
        options = PairsOptions.model_validate({"ending": ending, "games": 3, "chips": 20})
        state = ENGINE.new(2 + seed % 7, options, seed)
        rng = Rng.from_seed(seed)
        while not ENGINE.is_over(state):
            for event in state.events:
                seen.setdefault(event.key, set(event.params))
            quiet = state.model_copy(update={"events": []})  # see every event, untrimmed
            state = ENGINE.apply(quiet, quiet.to_move, random_action(quiet, rng))
        state = ENGINE.apply(ENGINE.new(3, options, seed), 0, Withdraw())
        for event in state.events:
            seen.setdefault(event.key, set(event.params))
    assert len(seen) > 15
    family.assert_placeholders_filled(CATALOGUES, seen)
