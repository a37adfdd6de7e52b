"""Catalogues: both languages say everything, with the same placeholders, every key the code names exists; plural
messages follow each language's CLDR rule (Babel); names are listed the way each language lists them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.i18n import (
    LANGUAGES,
    NBSP,
    NNBSP,
    Catalogue,
    CatalogueError,
    babel_locale,
    catalogue,
    fields,
    language_of,
    list_of,
    placeholders,
    plural_category,
    t,
    typeset,
)

ROOT = Path(__file__).resolve().parents[2]
KEY_IN_CODE = re.compile(
    r"""(?:\bt\(\s*\w+,\s*|\bloc\(\s*"[^"]*",\s*|\bkey\s*=\s*|Error\(\s*|\.text\(\s*\w+,\s*)"([a-z_]+(?:\.[a-z_]+)+)\""""
)
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
CARDS = {"one": "{count} card", "other": "{count} cards"}
CARTES = {"one": "{count} carte", "other": "{count} cartes", "many": "{count} de cartes"}


def write_catalogues(root: Path, english: dict[str, Any], french: dict[str, Any], name: str = "test") -> Path:
    for lang, messages in (("en", english), ("fr", french)):
        (root / lang).mkdir(parents=True, exist_ok=True)
        (root / lang / f"{name}.json").write_text(json.dumps(messages, ensure_ascii=False), encoding="utf-8")
    return root


@pytest.fixture
def plural_catalogue(tmp_path: Path) -> Catalogue:
    english = {
        "cards": CARDS,
        "paid": {"_by": "amount", "one": "{seat} pays {amount} chip.", "other": "{seat} pays {amount} chips."},
        "waiting": "Still to decide: {players}",
    }
    french = {
        "cards": CARTES,
        "paid": {"_by": "amount", "one": "{seat} paie {amount} jeton.", "other": "{seat} paie {amount} jetons."},
        "waiting": {"one": "Doit encore décider : {players}", "other": "Doivent encore décider : {players}"},
    }
    return Catalogue(write_catalogues(tmp_path, english, french))


# ----- the shipped catalogues ------------------------------------------------------------------------------------
def test_the_catalogues_load_without_a_problem() -> None:
    shipped = Catalogue(strict=False)
    assert shipped.problems() == []
    assert set(shipped.messages["en"]) == set(shipped.messages["fr"])
    assert len(shipped.messages["en"]) > 300


def test_both_languages_show_the_same_placeholders() -> None:
    english, french = catalogue().messages["en"], catalogue().messages["fr"]
    for key in english:
        assert fields(english[key]) == fields(french[key]), key


def test_plural_objects_are_well_formed_and_used() -> None:
    """Every plural object has "one" and "other" and only CLDR categories; the catalogues really use them."""
    plural_keys = 0
    for lang in LANGUAGES:
        for key, message in catalogue().messages[lang].items():
            if isinstance(message, dict):
                plural_keys += 1
                assert {"one", "other"} <= message.keys(), (lang, key)
                assert message.keys() <= {"zero", "one", "two", "few", "many", "other", "_by"}, (lang, key)
    assert plural_keys > 50


def test_no_plural_hack_is_left() -> None:
    for lang in LANGUAGES:
        for key, message in catalogue().messages[lang].items():
            for text in [message] if isinstance(message, str) else message.values():
                assert "(s)" not in text, (lang, key, text)


def test_every_key_named_in_the_code_exists() -> None:
    sources = [*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/**/*.py")]
    named = {key for path in sources for key in KEY_IN_CODE.findall(path.read_text(encoding="utf-8"))}
    assert len(named) > 40  # the scan really finds the keys
    for lang in LANGUAGES:
        missing = sorted(key for key in named if not catalogue().has(lang, key))
        assert missing == [], f"{lang}: {missing}"


def test_command_names_and_descriptions_fit_discord() -> None:
    for lang in LANGUAGES:
        for key, text in catalogue().messages[lang].items():
            if key.startswith("command.") and key.endswith(".name"):
                assert isinstance(text, str) and COMMAND_NAME.match(text) and text == text.lower(), (lang, key, text)
            if key.startswith("command.") and key.endswith(".description"):
                assert isinstance(text, str) and 1 <= len(text) <= 100, (lang, key)


def test_locale_choice_and_formatting() -> None:
    assert language_of(discord.Locale.french) == "fr"
    assert language_of("fr") == "fr"
    assert language_of(discord.Locale.american_english) == "en"
    assert language_of(discord.Locale.german) == "en"  # fallback
    assert t("fr", "error.table_full", max=8) == "Cette table est complète (8 places au plus)."
    assert t("en", "error.table_full") == "This table is full ({max} players at most)."  # a missing param stays visible
    # ... also when other params are given
    assert t("en", "error.table_full", seats=2) == "This table is full ({max} players at most)."
    assert t("en", "no.such.key") == "no.such.key"


def test_shipped_plural_messages() -> None:
    assert t("en", "pairs.table.deck", deck=1, discard=4) == "Deck: 1 card · discard pile: 4"
    assert t("en", "pairs.table.deck", deck=0, discard=4) == "Deck: 0 cards · discard pile: 4"
    assert t("fr", "pairs.table.deck", deck=0, discard=4) == f"Pioche{NBSP}: 0 carte · défausse{NBSP}: 4"
    assert t("fr", "pairs.table.deck", deck=2, discard=4) == f"Pioche{NBSP}: 2 cartes · défausse{NBSP}: 4"
    assert t("en", "pairs.event.paid", seat="**Ada**", to_seat="**Bea**", amount=1) == "**Ada** pays **Bea** 1 chip."
    assert t("fr", "deadmoney.table.waiting", players="**Ada**", count=1) == f"Doit encore décider{NBSP}: **Ada**"
    two = list_of("fr", ["**Ada**", "**Bea**"])
    assert (
        t("fr", "deadmoney.table.waiting", players=two, count=2) == f"Doivent encore décider{NBSP}: **Ada** et **Bea**"
    )
    assert t("en", "parlor.days", n=1) == "1 day"
    assert t("fr", "parlor.days", n=0) == "0 jour"  # French: 0 and 1 are singular


# ----- plurals ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "count", "text"),
    [
        ("en", 0, "0 cards"),
        ("en", 1, "1 card"),
        ("en", 2, "2 cards"),
        ("en", 1_000_000, "1000000 cards"),
        ("fr", 0, "0 carte"),
        ("fr", 1, "1 carte"),
        ("fr", 2, "2 cartes"),
        ("fr", 17, "17 cartes"),
        ("fr", 1_000_000, "1000000 de cartes"),  # CLDR "many": large round numbers
    ],
)
def test_plural_forms_follow_cldr(plural_catalogue: Catalogue, lang: str, count: int, text: str) -> None:
    assert plural_catalogue.format(lang, "cards", {"count": count}) == text


def test_a_missing_category_falls_back_to_other(tmp_path: Path) -> None:
    cards = Catalogue(
        write_catalogues(tmp_path, {"cards": CARDS}, {"cards": {"one": "{count} carte", "other": "{count} cartes"}})
    )
    assert plural_category("fr", 1_000_000) == "many"
    assert cards.format("fr", "cards", {"count": 1_000_000}) == "1000000 cartes"
    assert cards.format("fr", "cards", {"count": 1.5}) == "1.5 carte"


def test_the_number_param_is_named_by_by(plural_catalogue: Catalogue) -> None:
    assert plural_catalogue.format("en", "paid", {"seat": "Ada", "amount": 1}) == "Ada pays 1 chip."
    assert plural_catalogue.format("en", "paid", {"seat": "Ada", "amount": 3}) == "Ada pays 3 chips."
    assert plural_catalogue.format("fr", "paid", {"seat": "Ada", "amount": 0}) == "Ada paie 0 jeton."
    assert plural_catalogue.format("en", "paid", {"seat": "Ada", "amount": "1"}) == "Ada pays 1 chip."  # a numeric text


def test_without_its_number_a_plural_message_takes_other(plural_catalogue: Catalogue) -> None:
    assert plural_catalogue.format("en", "cards", {}) == "{count} cards"
    assert plural_catalogue.format("en", "paid", {"seat": "Ada"}) == "Ada pays {amount} chips."
    assert plural_catalogue.format("en", "paid", {"seat": "Ada", "amount": "some"}) == "Ada pays some chips."
    assert plural_catalogue.text("en", "cards") == "{count} cards"
    assert plural_catalogue.text("fr", "cards", count=1) == "{count} carte"


def test_a_language_may_need_a_plural_where_another_does_not(plural_catalogue: Catalogue) -> None:
    """ "Still to decide" agrees with nothing; "Doit"/"Doivent" agrees with the number of names."""
    assert plural_catalogue.problems() == []
    assert plural_catalogue.format("en", "waiting", {"players": "Ada", "count": 1}) == "Still to decide: Ada"
    assert plural_catalogue.format("fr", "waiting", {"players": "Ada", "count": 1}) == "Doit encore décider : Ada"
    assert plural_catalogue.format("fr", "waiting", {"players": "Ada et Bea", "count": 2}) == (
        "Doivent encore décider : Ada et Bea"
    )
    french = plural_catalogue.messages["fr"]["waiting"]
    assert fields(french) == {"players"}
    assert placeholders(french) == {"players", "count"}


def test_locales_are_parsed_once() -> None:
    assert babel_locale("fr") is babel_locale("fr")
    assert str(babel_locale("en")) == "en_GB"
    assert babel_locale("de") is babel_locale("en")  # an unknown language is read as English


# ----- validation at load ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("english", "french", "problem"),
    [
        ({"a": "A", "b": "B"}, {"a": "A"}, "fr lacks 'b'"),
        ({"a": "A"}, {"a": "A", "b": "B"}, "en lacks 'b'"),
        ({"a": "{x} and {y}"}, {"a": "{x} et {z}"}, "'a': placeholders differ"),
        ({"a": {"one": "{count} card", "other": "{count} cards"}}, {"a": {"one": "{count} carte"}}, "no 'other' form"),
        ({"a": {"other": "{count} cards"}}, {"a": {"one": "{n}", "other": "{n}"}}, "no 'one' form"),
        (
            {"a": {"one": "1", "other": "n", "plenty": "lots"}},
            {"a": {"one": "1", "other": "n"}},
            "'plenty' is not a CLDR",
        ),
        ({"a": {"one": "1", "other": "n", "_by": "two words"}}, {"a": {"one": "1", "other": "n"}}, "'_by' must name"),
        ({"a": ""}, {"a": "A"}, "'a' is empty"),
        ({"a": ["A"]}, {"a": "A"}, "must be a text or a plural object"),
        ({"a": "{unclosed"}, {"a": "A"}, "'a':"),
    ],
)
def test_a_broken_catalogue_is_refused_at_load(
    tmp_path: Path, english: dict[str, Any], french: dict[str, Any], problem: str
) -> None:
    root = write_catalogues(tmp_path, english, french)
    with pytest.raises(CatalogueError, match=re.escape(problem)):
        Catalogue(root)
    assert any(problem in line for line in Catalogue(root, strict=False).problems())


def test_a_key_defined_in_two_files_is_a_problem(tmp_path: Path) -> None:
    write_catalogues(tmp_path, {"a": "A"}, {"a": "A"}, name="one")
    write_catalogues(tmp_path, {"a": "A again"}, {"a": "A encore"}, name="two")
    with pytest.raises(CatalogueError, match="already defined in another en file"):
        Catalogue(tmp_path)


# ----- lists and typography ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "names", "text"),
    [
        ("en", ["alice", "bob", "carol"], "alice, bob and carol"),
        ("fr", ["alice", "bob", "carol"], "alice, bob et carol"),
        ("en", ["alice", "bob"], "alice and bob"),
        ("fr", ["alice", "bob"], "alice et bob"),
        ("fr", ["alice"], "alice"),
        ("en", [], ""),
    ],
)
def test_list_of_joins_names_as_the_language_does(lang: str, names: list[str], text: str) -> None:
    assert list_of(lang, names) == text


def test_typeset_gives_quoted_french_its_spaces() -> None:
    rulebook = "Fin du tour. 1 cerveau est perdu ; les enchères commencent: vite ! Vraiment? L'As."
    assert typeset("fr", rulebook) == (
        f"Fin du tour. 1 cerveau est perdu{NNBSP}; les enchères commencent{NBSP}: vite{NNBSP}! Vraiment{NNBSP}? L’As."
    )
    assert typeset("fr", "https://example.com/a?b=1 à 10:30") == "https://example.com/a?b=1 à 10:30"
    assert typeset("en", "Don't: ok!") == "Don't: ok!"
