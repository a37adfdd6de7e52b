"""The Il Morto catalogues: both languages, every key the engine emits, placeholders that match the params, a
real /rules summary that keeps the Italian names."""

from __future__ import annotations

import random
import re

import pytest

from engines.core import option_choices
from engines.ilmorto import ENGINE, IlMortoOptions
from tests.conformance.playout import random_playout
from tests.engines import family_support as family

CATALOGUES = family.catalogues("ilmorto")
SOURCE = "\n".join(path.read_text("utf-8") for path in (family.ROOT / "engines" / "ilmorto").glob("*.py"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_names_options_and_rules(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    assert catalogue["ilmorto.name"] == "Il Morto"
    for key in ("ilmorto.summary", "ilmorto.rules", "ilmorto.measure.rounds", "ilmorto.measure.name"):
        assert catalogue[key].strip(), key
    rules = catalogue["ilmorto.rules"]
    assert len(rules) <= 4096
    for word in ("Asso", "Fante", "Cavallo", "Re", "Coppe", "Denari", "Spade", "Bastoni", "/accuse"):
        assert word in rules, word
    for field, values in option_choices(IlMortoOptions).items():
        assert f"ilmorto.option.{field}" in catalogue
        for value in values:
            assert f"ilmorto.option.{field}.{str(value).lower()}" in catalogue


def test_every_key_in_the_engine_source_is_catalogued() -> None:
    emitted = {f"ilmorto.event.{name}" for name in re.findall(r'emit\(\s*state,\s*"([a-z_]+)"', SOURCE)}
    refusals = set(re.findall(r'"(ilmorto\.refusal\.[a-z_]+)"', SOURCE))
    assert len(emitted) > 20 and len(refusals) > 15
    family.assert_catalogued_exactly("ilmorto", CATALOGUES, emitted | refusals)


def test_event_params_fill_every_placeholder() -> None:
    seen: dict[str, set[str]] = {}
    rng = random.Random(3)
    for _ in range(40):
        for state in random_playout(ENGINE, rng).states:
            for event in state.events:
                seen.setdefault(event.key, set(event.params))
    assert len(seen) > 18
    family.assert_placeholders_filled(CATALOGUES, seen)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_card_is_named_in_italian_as_printed_in_both_languages(lang: str) -> None:
    """A card reads "Fante di Coppe" everywhere, as the rules and events name the ranks (an Asso, a Cavallo, a Re):
    never half translated ("Fante of Coppe", "Fante de Coppe")."""
    catalogue = CATALOGUES[lang]
    assert catalogue["ilmorto.card"] == "{rank} di {suit}"
    assert [catalogue[f"ilmorto.rank.{rank}"] for rank in ("ace", "fante", "cavallo", "re")] == [
        "Asso",
        "Fante",
        "Cavallo",
        "Re",
    ]
    assert [catalogue[f"ilmorto.suit.{suit}"] for suit in "CDSB"] == ["Coppe", "Denari", "Spade", "Bastoni"]
