"""Localised text for tables: names, cards, events, game and option labels."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import discord

from bot.i18n import catalogue, list_of, t
from bot.seating import level_of
from bot.services.clock import paces
from cogs.decks.pairs import pairs_face
from cogs.decks.poker import POKER, poker_face
from cogs.games import catalog
from cogs.render import faces
from engines.core import Event


def card_face(rank: int) -> str:
    """A card of the 55-card Pairs-family deck (ranks 1-10): its emoji, else its rank as a tile `7` (`faces`)."""
    return pairs_face(rank)


def card_faces(ranks: Sequence[int]) -> str:
    """Ranks as faces separated by spaces, or a dash for none."""
    return " ".join(card_face(rank) for rank in ranks) or "—"


# Poker-deck card ids (Dead Money): rank + suit letter ("KS", "10D"), or a Brain ("BRAIN-H"): `POKER.cards`.
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
BRAIN_FACE = "🧠"


def is_poker_card_id(value: str) -> bool:
    return value in POKER.cards


def poker_card_face(card_id: str, *, lang: str = "en") -> str:
    """The card's emoji, else its text: "KS" -> "K♠️" (French "R♠️"), "10D" -> "10♦️", "BRAIN-H" -> "🧠♥️";
    anything else unchanged (`cogs.render.faces`)."""
    if not is_poker_card_id(card_id):
        return card_id
    return poker_face(card_id, lang)


def poker_card_faces(card_ids: Sequence[str], *, lang: str = "en") -> str:
    """Card ids as faces separated by spaces, or a dash for none."""
    if POKER.cards.issuperset(card_ids):
        return " ".join(faces.faces(POKER, card_ids, lang)) or "—"
    return " ".join(poker_card_face(card, lang=lang) for card in card_ids) or "—"


def card_label(rank: int) -> str:
    """A Pairs-deck card as plain text, for a button or select label (no emoji markup: labels cannot show it;
    a button's or option's `emoji=` carries the picture)."""
    return str(rank)


def poker_card_label(card_id: str, lang: str = "en") -> str:
    """A poker-deck card as plain text for a button or select label ("K♥", "R♥" in French)."""
    if not is_poker_card_id(card_id):
        return card_id
    suit = SUIT_SYMBOLS[card_id[-1]]
    if card_id.startswith("BRAIN-"):
        return BRAIN_FACE + suit
    rank = card_id[:-1]
    if lang == "fr":
        rank = {"K": "R", "Q": "D", "J": "V"}.get(rank, rank)
    return rank + suit


def _card_ids_param(value: str) -> list[str] | None:
    """The ids of a comma-joined card parameter ("KS,9H"), or None if it is not one."""
    parts = [part.strip() for part in value.split(",")]
    return parts if parts and all(is_poker_card_id(part) for part in parts) else None


def is_card_param(key: str) -> bool:
    return key in ("card", "cards") or key.endswith(("_card", "_cards"))


@lru_cache(maxsize=4096)
def display_name(name: str) -> str:
    """A player name safe to put in an embed (no markdown, no mentions). Cached: names repeat every move."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def player_name(user_id: int, name: str, lang: str) -> str:
    """A player as boards and histories show them: a person by their name, a computer by its level."""
    level = level_of(user_id)
    if level is None:
        return display_name(name)
    return t(lang, "computer.player", level=t(lang, f"computer.level.{level}"))


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """A seat as its player's name in bold, or "?" for no seat."""
    return f"**{display_name(names[seat])}**" if seat is not None and 0 <= seat < len(names) else "?"


def unbolded_name(names: Sequence[str], seat: int | None) -> str:
    """A player's name without bold, for a decision (the hand shows it in bold, and bold does not nest)."""
    return display_name(names[seat]) if seat is not None and 0 <= seat < len(names) else "?"


def label_name(names: Sequence[str], seat: object, lang: str, game: str) -> str:
    """A player for a button label (no markdown there): the name, or the game's "Player N" without names."""
    if not isinstance(seat, int):
        return "?"
    if 0 <= seat < len(names):
        return names[seat]
    return t(lang, f"{game}.table.player", number=seat + 1)


def render_params(params: dict[str, Any], names: Sequence[str], lang: str, game: str | None = None) -> dict[str, Any]:
    """Seat indexes become player names and seat lists name lists; card ranks (ints) stay as numbers, poker-deck
    card ids ("KS", "KS,9H") become faces ("K♠ 9♥"); with `game`, a poker category `hand` ("pair") is named
    through `<game>.hand.<category>`."""
    rendered: dict[str, Any] = {}
    found = catalog.spec(game) if game else None
    renderer = found.renderer if found is not None else None
    for key, value in params.items():
        if (key == "seat" or key.endswith("_seat")) and isinstance(value, int):
            rendered[key] = seat_name(names, value)
        elif (key == "seats" or key.endswith("_seats")) and isinstance(value, str):
            seats = [int(s) for s in value.split(",") if s.strip().isdigit()]
            rendered[key] = list_of(lang, [f"**{display_name(names[s])}**" for s in seats if 0 <= s < len(names)])
        elif renderer is not None and (shown := renderer.event_param(key, value, lang)) is not None:
            rendered[key] = shown  # the game's own wording: its cards' faces, its money
        elif is_card_param(key) and isinstance(value, str) and (cards := _card_ids_param(value)) is not None:
            rendered[key] = poker_card_faces(cards, lang=lang)
        elif key == "hand" and isinstance(value, str) and game and catalogue().has("en", f"{game}.hand.{value}"):
            rendered[key] = t(lang, f"{game}.hand.{value}")
        else:
            rendered[key] = value
    return rendered


def measure_text(game: str, value: float, lang: str, plain: str) -> str:
    """A game's measure as that game writes it (money with its unit: the renderer's `measure`); `plain` (the number
    as the caller writes it) for a game that counts plain numbers."""
    found = catalog.spec(game)
    written = found.renderer.measure(value, lang) if found is not None else None
    return plain if written is None else written


def message(lang: str, key: str, params: dict[str, Any], names: Sequence[str]) -> str:
    game = key.split(".", 1)[0]
    return catalogue().format(lang, key, render_params(params, names, lang, game))


def event_line(event: Event, names: Sequence[str], lang: str) -> str:
    """An event in words. A table shows its latest events on every move: each line is worded once (`EVENT_LINES`
    lines are kept, with the faces' style they were drawn in)."""
    return _event_line(lang, event.key, tuple(event.params.items()), tuple(names), faces.style())


EVENT_LINES = 4096


@lru_cache(maxsize=EVENT_LINES)
def _event_line(
    lang: str, key: str, params: tuple[tuple[str, Any], ...], names: tuple[str, ...], style: faces.Style
) -> str:
    return message(lang, key, dict(params), names)


def game_name(game: str, lang: str) -> str:
    return t(lang, f"{game}.name")


def option_label(game: str, field: str, lang: str) -> str:
    return t(lang, f"{game}.option.{field}")


def option_value_label(game: str, field: str, value: str, lang: str) -> str:
    return t(lang, f"{game}.option.{field}.{value}")


def stamp(when: float, style: str = "R") -> str:
    """A Discord timestamp (`R`: relative, `f`: date and time), shown in each reader's own time zone."""
    return f"<t:{math.floor(when)}:{style}>"


def duration(seconds: float, lang: str) -> str:
    """A duration in at most two units: "36 h", "4 d 12 h", "5 min", "45 s" (localised units; hours below 2 days)."""
    total = max(0, round(seconds))
    units: tuple[tuple[str, int], ...] = (("day", 86_400), ("hour", 3_600), ("minute", 60), ("second", 1))
    if total < 2 * 86_400:
        units = units[1:]  # "36 h" reads better than "1 d 12 h"
    parts: list[str] = []
    for unit, size in units:
        count, total = divmod(total, size)
        if count and len(parts) < 2:
            parts.append(t(lang, f"unit.{unit}", n=count))
        elif parts:
            break
    return " ".join(parts) or t(lang, "unit.second", n=0)


def pace_summary(pace: str, timeouts: int, lang: str) -> str:
    """ "Daily: 36 h each, +12 h per move (up to 36 h); withdrawn after 3 missed turns" from the pace data."""
    preset = paces().get(pace)
    return t(
        lang,
        "clock.summary",
        pace=t(lang, f"pace.{pace}"),
        bank=duration(preset.bank, lang),
        increment=duration(preset.increment, lang),
        timeouts=timeouts,
    )
