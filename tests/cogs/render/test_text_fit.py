"""Text that must fit: every game's table, every hand (its buttons, select menus and options) and its lobby, drawn
with the longest names (32 characters, several words), the largest game id and version, in both languages, and the
card emojis installed (the longest faces); the tables and hands at states sampled from random playouts are drawn
in `test_rendered_states.py`, which plays them once for every check of what they show. It fails on any Discord limit
exceeded and on any text cut in the middle of a word: every cut goes through `cogs.render.limits.clip`, which is
watched here, and a cut must fall between two words."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

import pytest

from bot.i18n import LANGUAGES
from bot.services.tables import Table
from bot.storage import Seat, TableRecord
from cogs.render import limits
from cogs.render.frame import lobby_embed
from cogs.tables._views import lobby_view
from engines import registry
from tests.cogs.render_support import payload
from tools.standin.limits import message_problems

# 32 characters each, Discord's longest display name, in several words (a cut may fall inside one of them).
LONG_NAMES = [
    "Maximilian Alexander Wellington",
    "Bartholomew Christopher Anderson",
    "Anastasia Konstantinovna Petrova",
    "Jean-Baptiste Marie de la Fontai",
    "Guillermo Fernández de Castañeda",
    "Wilhelmina Josephine Rutherfordd",
    "Fitzgerald Montgomery Whitehouse",
    "Alessandra Valentina Bertolucci",
]
BIG_ID = 9_223_372_036_854_775_000
BIG_VERSION = 4_294_967_295


@dataclass(frozen=True)
class Cut:
    text: str
    limit: int
    shown: str

    def mid_word(self) -> bool:
        """Whether the cut fell inside a word: the last character kept and the first one dropped both belong to it."""
        kept = self.shown.removesuffix("…")
        if not kept or len(kept) >= len(self.text):
            return False
        return _in_word(kept[-1]) and _in_word(self.text[len(kept)])


def _in_word(char: str) -> bool:
    return char.isalnum() or char in "'’-"


class Cuts:
    """Every cut `clip` made while watched."""

    def __init__(self) -> None:
        self.made: list[Cut] = []
        self._clip = limits.clip

    def clip(self, text: str, limit: int) -> str:
        shown = self._clip(text, limit)
        if shown != text:
            self.made.append(Cut(text, limit, shown))
        return shown


def watch_clip(monkeypatch: pytest.MonkeyPatch) -> Cuts:
    """`clip` watched wherever it was imported (`from cogs.render.limits import clip`)."""
    watched = Cuts()
    original = limits.clip
    for module in list(sys.modules.values()):
        if module is not None and module.__name__.startswith("cogs") and getattr(module, "clip", None) is original:
            monkeypatch.setattr(module, "clip", watched.clip)
    return watched


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> Cuts:
    return watch_clip(monkeypatch)


# Every face an emoji with the longest id.
pytestmark = pytest.mark.usefixtures("card_emojis")


def problems_of(cuts: Cuts, where: str, body: dict[str, Any]) -> list[str]:
    found = [f"{where}: {problem}" for problem in message_problems(body)]
    found += [
        f"{where}: cut mid-word at {cut.limit}: {cut.shown!r} (from {cut.text!r})"
        for cut in cuts.made
        if cut.mid_word()
    ]
    cuts.made.clear()
    return found


@pytest.mark.parametrize("engine", registry.all_engines(), ids=lambda e: e.name)
def test_every_lobby_fits_whole_words_and_discord_limits(engine: Any, cuts: Cuts) -> None:
    seats = [Seat(1000 + seat, LONG_NAMES[seat % len(LONG_NAMES)]) for seat in range(engine.max_players)]
    for lang in LANGUAGES:
        record = TableRecord(
            id=BIG_ID,
            guild_id=1,
            channel_id=2,
            game=engine.name,
            status="lobby",
            host_id=1000,
            options=engine.options_model().model_dump(mode="json"),
            seats=seats,
            seed=1,
            state=None,
            version=BIG_VERSION,
            table_message_id=3,
            locale=lang,
            created_at=0.0,
            updated_at=0.0,
        )
        lobby = Table(record=record, engine=engine, state=None)
        body = payload(lobby_embed(lobby, lang), lobby_view(lobby, lang))
        assert problems_of(cuts, f"{engine.name} lobby ({lang})", body) == []


def test_clip_cuts_between_words() -> None:
    text = "Joue une carte de la même couleur que celle du dessus (si c'est possible, sinon une autre de ton choix)"
    shown = limits.clip(text, 100)
    assert len(shown) <= 100 and shown.endswith("…") and Cut(text, 100, shown).mid_word() is False
    assert shown == "Joue une carte de la même couleur que celle du dessus (si c'est possible, sinon une autre de ton…"
    assert limits.clip("Short enough", 100) == "Short enough"
    assert limits.clip("W" * 300, 100) == "W" * 99 + "…"  # one word longer than the limit: cut inside it
    assert limits.clip("Play <:queen_of_hearts:1300000000000000000> now", 30) == "Play…"  # no half emoji
