"""How ratings read: a rating and a rating change to one decimal, in the language's own way."""

from __future__ import annotations

from babel.numbers import format_decimal

from bot.i18n import babel_locale


def rating_value(value: float, lang: str) -> str:
    """A rating to one decimal: "12.3", "12,3", "-0.4"."""
    return format_decimal(round(value, 1) + 0.0, format="#,##0.0", locale=babel_locale(lang))


def rating_change(value: float, lang: str) -> str:
    """A rating change to one decimal, always signed: "+1.3", "-0.4", "±0.0" (a change that rounds to nothing)."""
    rounded = round(value, 1) + 0.0  # + 0.0: no "-0.0"
    if rounded == 0:
        return "±" + format_decimal(0, format="0.0", locale=babel_locale(lang))
    return format_decimal(rounded, format="+#,##0.0;-#,##0.0", locale=babel_locale(lang))
