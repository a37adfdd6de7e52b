"""Full of Dollars' own words for event params and measures: money with its unit, counts with their noun."""

from __future__ import annotations

from typing import Any

from bot.i18n import t

MONEY_PARAMS = frozenset({"amount", "money", "pot", "paid", "rest", "fines", "price", "fine", "cost"})
COUNT_PARAMS = frozenset({"uzis", "police"})  # a hold-up's totals, each with its noun: "1 uzi", "4 police"


def money_amount(amount: int, lang: str) -> str:
    """Money (counted in thousands) as the language writes it: "$1,250k", "1 250 k$"."""
    digits = f"{amount:,}".replace(",", "\u202f" if lang == "fr" else ",")
    return t(lang, "fullofdollars.money", amount=digits)


def event_param(key: str, value: Any, lang: str) -> str | None:
    """An event param as the language names it: a business ("casino") or a special ("fbi") by its name, an amount
    of money with its unit, a hold-up's total of uzis or police with its noun in the plural its number calls for
    ("1 uzi", "3 uzis"); None for any other param."""
    if key == "business" and isinstance(value, str) and value:
        return t(lang, f"fullofdollars.business.{value}")
    if key == "special" and isinstance(value, str) and value:
        return t(lang, f"fullofdollars.card.{value}")
    if key in MONEY_PARAMS and isinstance(value, int) and not isinstance(value, bool):
        return money_amount(value, lang)
    if key in COUNT_PARAMS and isinstance(value, int) and not isinstance(value, bool):
        return t(lang, f"fullofdollars.count.{key}", count=value)
    return None
