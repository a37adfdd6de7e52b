"""How ratings read: a rating and a rating change to one decimal, in the language's own way."""

from __future__ import annotations

from functools import lru_cache

from babel.numbers import format_decimal

from bot.i18n import babel_locale, t
from bot.ratings import PROVISIONAL_GAMES
from cogs.render.text import player_name

NUMBERS_KEPT = 4096  # (number, pattern, language) written once: Babel reads the pattern again on every call


@lru_cache(maxsize=NUMBERS_KEPT)
def _decimal(value: float, pattern: str, lang: str) -> str:
    return format_decimal(value, format=pattern, locale=babel_locale(lang))


def rating_value(value: float, lang: str) -> str:
    """A rating to one decimal: "12.3", "12,3", "-0.4"."""
    return _decimal(round(value, 1) + 0.0, "#,##0.0", lang)


def short_decimal(value: float, lang: str) -> str:
    """A number to one decimal at most, as the language writes it: "3.5", "3,5", "12" (an average, league points)."""
    return format_decimal(round(value, 1), format="#,##0.#", locale=babel_locale(lang))


def leader_line(rank: int, user_id: int, name: str, conservative: float, mu: float, games: int, lang: str) -> str:
    """One holder of a rating leaderboard, all-time or a season's: conservative rating, μ, rated games, and whether
    it is provisional (fewer than `PROVISIONAL_GAMES`)."""
    return t(
        lang,
        "leaderboard.line_rating",
        rank=rank,
        name=player_name(user_id, name, lang),
        rating=rating_value(conservative, lang),
        mu=rating_value(mu, lang),
        games=games,
        provisional=t(lang, "leaderboard.provisional") if games < PROVISIONAL_GAMES else "",
    )


def rating_change(value: float, lang: str) -> str:
    """A rating change to one decimal, always signed: "+1.3", "-0.4", "±0.0" (a change that rounds to nothing)."""
    rounded = round(value, 1) + 0.0  # + 0.0: no "-0.0"
    if rounded == 0:
        return "±" + _decimal(0.0, "0.0", lang)
    return _decimal(rounded, "+#,##0.0;-#,##0.0", lang)
