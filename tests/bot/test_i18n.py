"""Catalogues: both languages say everything, with the same placeholders, and every key the code names exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

import discord
import pytest

from bot.i18n import LANGUAGES, Catalogue, language_of, t

ROOT = Path(__file__).resolve().parents[2]
KEY_IN_CODE = re.compile(
    r"""(?:\bt\(\s*\w+,\s*|\bloc\(\s*"[^"]*",\s*|\bkey\s*=\s*|Error\(\s*|\.text\(\s*\w+,\s*)"([a-z_]+(?:\.[a-z_]+)+)\""""
)
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue()


def test_both_languages_have_the_same_keys_and_placeholders(catalogue: Catalogue) -> None:
    english, french = catalogue.messages["en"], catalogue.messages["fr"]
    assert set(english) == set(french), set(english) ^ set(french)
    for key in english:
        assert placeholders(english[key]) == placeholders(french[key]), key


def test_every_key_named_in_the_code_exists(catalogue: Catalogue) -> None:
    sources = [*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/**/*.py")]
    named = {key for path in sources for key in KEY_IN_CODE.findall(path.read_text(encoding="utf-8"))}
    assert len(named) > 40  # the scan really finds the keys
    for lang in LANGUAGES:
        missing = sorted(key for key in named if not catalogue.has(lang, key))
        assert missing == [], f"{lang}: {missing}"


def test_command_names_and_descriptions_fit_discord(catalogue: Catalogue) -> None:
    for lang in LANGUAGES:
        for key, text in catalogue.messages[lang].items():
            if key.startswith("command.") and key.endswith(".name"):
                assert COMMAND_NAME.match(text) and text == text.lower(), (lang, key, text)
            if key.startswith("command.") and key.endswith(".description"):
                assert 1 <= len(text) <= 100, (lang, key)


def test_locale_choice_and_formatting() -> None:
    assert language_of(discord.Locale.french) == "fr"
    assert language_of("fr") == "fr"
    assert language_of(discord.Locale.american_english) == "en"
    assert language_of(discord.Locale.german) == "en"  # fallback
    assert t("fr", "error.table_full", max=8) == "Cette table est complète (8 joueurs au plus)."
    assert t("en", "error.table_full") == "This table is full ({max} players at most)."  # a missing param stays visible
    assert t("en", "no.such.key") == "no.such.key"
