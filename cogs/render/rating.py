"""How ratings read: a rating and a rating change to one decimal, in the language's own way."""

from __future__ import annotations

from functools import lru_cache

from babel.numbers import format_decimal

from bot.i18n import babel_locale

NUMBERS_KEPT = 4096  # (number, pattern, language) written once: Babel reads the pattern again on every call


@lru_cache(maxsize=NUMBERS_KEPT)
def _decimal(value: float, pattern: str, lang: str) -> str:
    return format_decimal(value, format=pattern, locale=babel_locale(lang))


def rating_value(value: float, lang: str) -> str:
    """A rating to one decimal: "12.3", "12,3", "-0.4"."""
    return _decimal(round(value, 1) + 0.0, "#,##0.0", lang)


def rating_change(value: float, lang: str) -> str:
    """A rating change to one decimal, always signed: "+1.3", "-0.4", "±0.0" (a change that rounds to nothing)."""
    rounded = round(value, 1) + 0.0  # + 0.0: no "-0.0"
    if rounded == 0:
        return "±" + _decimal(0.0, "0.0", lang)
    return _decimal(rounded, "+#,##0.0;-#,##0.0", lang)
