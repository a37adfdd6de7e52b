"""The Full of Dollars catalogues: both languages, every key the engine emits, placeholders that match the params,
a real /rules summary."""

from __future__ import annotations

import random
import re

import pytest
from fod_rig import ENGINE

from tests.conformance.playout import random_playout
from tests.engines import family_support as family

CATALOGUES = family.catalogues("fullofdollars")
SOURCE = "\n".join(path.read_text("utf-8") for path in (family.ROOT / "engines" / "fullofdollars").glob("*.py"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_name_measure_and_rules(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    assert catalogue["fullofdollars.name"] == "Full of Dollars"
    rules = catalogue["fullofdollars.rules"]
    assert 1500 < len(rules) <= 4096
    for word in ("FBI", "Jugement", "Bombe", "poker", "50"):
        assert word.lower() in rules.lower(), word
    for key in ("fullofdollars.summary", "fullofdollars.measure.money", "fullofdollars.measure.name"):
        assert catalogue[key].strip()
    for business in ENGINE.deck.businesses:
        assert f"fullofdollars.business.{business.id}" in catalogue
    for kind in re.findall(r'kind: Literal\["([a-z_]+)"\]', SOURCE):
        assert f"fullofdollars.action.{kind}" in catalogue, kind


def test_every_key_in_the_engine_source_is_catalogued() -> None:
    emitted = family.emitted_keys("fullofdollars", SOURCE)
    emitted |= {
        f"fullofdollars.event.{name}"
        for name in (
            "attack",
            "defend",
            "honest",
            "cheat_caught",
            "concede",
            "accuse",
            "close",
            "close_forced",
            "game_over",
        )
    }
    refusals = set(re.findall(r'"(fullofdollars\.refusal\.[a-z_]+)"', SOURCE))
    assert len(emitted) > 35 and len(refusals) > 15
    family.assert_catalogued_exactly("fullofdollars", CATALOGUES, emitted | refusals)


def test_event_params_fill_every_placeholder() -> None:
    seen: dict[str, set[str]] = {}
    rng = random.Random(5)
    for _ in range(40):
        for state in random_playout(ENGINE, rng).states:
            for event in state.events:
                seen.setdefault(event.key, set(event.params))
    assert len(seen) > 30
    family.assert_placeholders_filled(CATALOGUES, seen)
