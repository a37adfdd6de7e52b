"""Message catalogues: `data/locales/<lang>/*.json`, flat `key -> text` with `{param}` placeholders.

English is the fallback for a missing key; a key missing everywhere renders as
itself so a gap is visible rather than fatal.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from bot.settings import DATA_DIR

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
LOCALES_DIR = DATA_DIR / "locales"


def language_of(locale: object) -> str:
    """`fr`, `en-US`, `discord.Locale.french` ... -> a supported language code."""
    value = str(getattr(locale, "value", locale) or "").lower()
    for lang in LANGUAGES:
        if value == lang or value.startswith(lang + "-"):
            return lang
    return DEFAULT_LANGUAGE


class _SafeDict(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalogue:
    """All languages' messages, loaded once from disk."""

    def __init__(self, directory: Path = LOCALES_DIR) -> None:
        self.messages: dict[str, dict[str, str]] = {}
        for lang in LANGUAGES:
            merged: dict[str, str] = {}
            for path in sorted((directory / lang).glob("*.json")):
                merged.update(json.loads(path.read_text(encoding="utf-8")))
            self.messages[lang] = merged

    def has(self, lang: str, key: str) -> bool:
        return key in self.messages.get(lang, {})

    def text(self, lang: str, key: str) -> str:
        return self.messages.get(lang, {}).get(key) or self.messages[DEFAULT_LANGUAGE].get(key) or key

    def format(self, lang: str, key: str, params: Mapping[str, Any] | None = None) -> str:
        template = self.text(lang, key)
        if not params:
            return template
        return template.format_map(_SafeDict(params))


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    return Catalogue()


def t(lang: str, key: str, /, **params: Any) -> str:
    """The text of `key` in `lang`, with its placeholders filled."""
    return catalogue().format(lang, key, params)
