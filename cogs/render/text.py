"""Localised text for tables: names, cards, events, game and option labels."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import discord

from bot.i18n import catalogue, t
from engines.core import Event

# The 55-card Pairs-family deck's ranks 1-10, as keycap emoji.
CARD_FACES = {1: "1️⃣", 2: "2️⃣", 3: "3️⃣", 4: "4️⃣", 5: "5️⃣", 6: "6️⃣", 7: "7️⃣", 8: "8️⃣", 9: "9️⃣", 10: "🔟"}


def card_face(rank: int) -> str:
    return CARD_FACES.get(rank, str(rank))


def card_faces(ranks: Sequence[int]) -> str:
    """Ranks as keycaps, or a dash for none."""
    return " ".join(card_face(rank) for rank in ranks) or "—"


@lru_cache(maxsize=4096)
def display_name(name: str) -> str:
    """A player name safe to put in an embed (no markdown, no mentions). Cached: names repeat every move."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """A seat as its player's name in bold, or "?" for no seat."""
    return f"**{display_name(names[seat])}**" if seat is not None and 0 <= seat < len(names) else "?"


def render_params(params: dict[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    """Seat indexes become player names; card ranks stay as numbers; seat lists become name lists."""
    rendered: dict[str, Any] = {}
    for key, value in params.items():
        if (key == "seat" or key.endswith("_seat")) and isinstance(value, int):
            rendered[key] = seat_name(names, value)
        elif (key == "seats" or key.endswith("_seats")) and isinstance(value, str):
            seats = [int(s) for s in value.split(",") if s.strip().isdigit()]
            rendered[key] = ", ".join(f"**{display_name(names[s])}**" for s in seats if 0 <= s < len(names))
        else:
            rendered[key] = value
    return rendered


def message(lang: str, key: str, params: dict[str, Any], names: Sequence[str]) -> str:
    return catalogue().format(lang, key, render_params(params, names, lang))


def event_line(event: Event, names: Sequence[str], lang: str) -> str:
    return message(lang, event.key, dict(event.params), names)


def game_name(game: str, lang: str) -> str:
    return t(lang, f"{game}.name")


def option_label(game: str, field: str, lang: str) -> str:
    return t(lang, f"{game}.option.{field}")


def option_value_label(game: str, field: str, value: str, lang: str) -> str:
    return t(lang, f"{game}.option.{field}.{value}")
