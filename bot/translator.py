"""Localised slash commands: names, descriptions and choices come from the same catalogues.

Each `app_commands.locale_str` carries its catalogue key in `extras["key"]`;
the default (English) text is the string itself.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import DEFAULT_LANGUAGE, catalogue, language_of


def loc(default: str, key: str) -> app_commands.locale_str:
    """A translatable command string with its catalogue key."""
    return app_commands.locale_str(default, key=key)


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        if not key:
            return None
        lang = language_of(locale)
        if lang == DEFAULT_LANGUAGE or not locale.value.startswith(lang):
            return None
        if not catalogue().has(lang, key):
            return None
        return catalogue().text(lang, key)
