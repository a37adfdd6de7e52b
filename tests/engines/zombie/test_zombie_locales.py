"""The Zombie Life catalogues: both languages, every key the engine emits, placeholders that match the params."""

from __future__ import annotations

import re

import pytest
from zombie_rig import random_action

from engines.core import Rng, Withdraw, option_choices
from engines.zombie import ENGINE, ZombieOptions
from tests.engines import family_support as family

CATALOGUES = family.catalogues("zombie")
SOURCE = family.engine_source("zombie")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_names_options_and_rules(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    assert catalogue["zombie.name"] == "Zombie Life"
    for key in ("zombie.summary", "zombie.rules", "zombie.measure.points", "zombie.measure.name"):
        assert catalogue[key].strip(), key
    assert len(catalogue["zombie.rules"]) <= 1500
    for field, values in option_choices(ZombieOptions).items():
        assert f"zombie.option.{field}" in catalogue
        for value in values:
            assert f"zombie.option.{field}.{value}" in catalogue


def test_every_key_in_the_engine_source_is_catalogued() -> None:
    emitted = family.emitted_keys("zombie", SOURCE)
    refusals = set(re.findall(r'"(zombie\.refusal\.[a-z_]+)"', SOURCE))
    assert len(emitted) > 20 and refusals
    family.assert_catalogued_exactly("zombie", CATALOGUES, emitted | refusals)


def test_event_params_fill_every_placeholder() -> None:
    seen: dict[str, set[str]] = {}
    for seed in range(10):
        options = ZombieOptions(target=11, tie="play_on" if seed % 2 else "shared")
        state = ENGINE.new(2 + seed % 7, options, seed)
        rng = Rng.from_seed(seed)
        while not ENGINE.is_over(state):
            for event in state.events:
                seen.setdefault(event.key, set(event.params))
            quiet = state.model_copy(update={"events": []})  # see every event, untrimmed
            state = ENGINE.apply(quiet, quiet.to_move, random_action(quiet, rng))
        for event in state.events:
            seen.setdefault(event.key, set(event.params))
        state = ENGINE.apply(ENGINE.new(2, options, seed), 0, Withdraw())
        for event in state.events:
            seen.setdefault(event.key, set(event.params))
    assert len(seen) > 18
    family.assert_placeholders_filled(CATALOGUES, seen)
