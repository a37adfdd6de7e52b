"""The Hawthorn catalogues: both languages, every key the engine emits, placeholders that match the params."""

from __future__ import annotations

import re
from typing import get_args

import pytest
from hawthorn_rig import random_action

from engines.core import Rng, Withdraw, option_choices
from engines.hawthorn import ENGINE, HawthornOptions
from engines.hawthorn.state import EndReason
from tests.engines import family_support as family

CATALOGUES = family.catalogues("hawthorn")
SOURCE = family.engine_source("hawthorn")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_names_options_and_rules(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    assert catalogue["hawthorn.name"] == "Hawthorn"
    for key in ("hawthorn.summary", "hawthorn.rules", "hawthorn.measure.chips", "hawthorn.measure.name"):
        assert catalogue[key].strip(), key
    assert len(catalogue["hawthorn.rules"]) <= 1500
    for field, values in option_choices(HawthornOptions).items():
        assert f"hawthorn.option.{field}" in catalogue
        for value in values:
            assert f"hawthorn.option.{field}.{value}" in catalogue


def test_every_key_in_the_engine_source_is_catalogued() -> None:
    emitted = family.emitted_keys("hawthorn", SOURCE)
    emitted |= {f"hawthorn.event.over_{reason}" for reason in get_args(EndReason)}
    emitted |= {"hawthorn.event.paired_play", "hawthorn.event.paired_draw", "hawthorn.event.play"}
    emitted |= {"hawthorn.event.draw", "hawthorn.event.lap_deck", "hawthorn.event.lap_hand"}
    refusals = {f"hawthorn.refusal.{name}" for name in re.findall(r'refuse\("([a-z_]+)"', SOURCE)}
    assert len(emitted) > 25 and len(refusals) == 6
    family.assert_catalogued_exactly("hawthorn", CATALOGUES, emitted | refusals)


def test_event_params_fill_every_placeholder() -> None:
    seen: dict[str, set[str]] = {}
    for seed in range(12):
        options = HawthornOptions(hands=5, button="left" if seed % 2 else "lowest")
        state = ENGINE.new(2 + seed % 5, options, seed)
        rng = Rng.from_seed(seed)
        while not ENGINE.is_over(state):
            for event in state.events:
                seen.setdefault(event.key, set(event.params))
            quiet = state.model_copy(update={"events": []})  # see every event, untrimmed
            seat = rng.choice(list(ENGINE.to_act(quiet)))
            state = ENGINE.apply(quiet, seat, random_action(quiet, seat, rng))
        for event in state.events:
            seen.setdefault(event.key, set(event.params))
        state = ENGINE.apply(ENGINE.new(3, options, seed), 0, Withdraw())
        for event in state.events:
            seen.setdefault(event.key, set(event.params))
    assert len(seen) > 20
    family.assert_placeholders_filled(CATALOGUES, seen)
