"""Card faces of every deck: the card's application emoji when the bot has it, else the deck's text face.

The emojis are those `bot.emojis` installed at start (`bot.emojis.registry()`); without them (unit tests,
`CARDROOM_EMOJIS=0`, Discord refused the uploads) every face is text. What a face looks like as text, and which
face a game's card shows, is the deck's (`cogs.decks.Deck`); this module knows no deck by name.

Emoji markup (`<:king_of_spades:123…>`) shows only in message text and embeds. Button labels and select
options cannot show it: they carry the emoji in `emoji=` (`emoji_for`, `card_emoji`) and their text is
computed inside `plain_faces()`, or cleaned with `strip_markup`.

A player may choose text cards for their own hands (`/cards`, `PlayerSettings.cards`): their hand is drawn inside
`text_faces()`, where every card is its text face, and no card emoji shows on a button or an option either.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

import discord

from bot.emojis import EmojiRegistry, registry
from cogs import decks
from cogs.decks import Deck
from cogs.games import catalog

MARKUP = re.compile(r"<:([A-Za-z0-9_]{2,32}):(\d+)>")  # a custom emoji's markup (the card emojis' among them)

_markup: ContextVar[bool] = ContextVar("card_face_markup", default=True)
_text_only: ContextVar[bool] = ContextVar("card_face_text_only", default=False)


@contextmanager
def plain_faces() -> Iterator[None]:
    """Within it, faces are text even where the bot has emojis: for button labels and select options."""
    token = _markup.set(False)
    try:
        yield
    finally:
        _markup.reset(token)


@contextmanager
def text_faces(on: bool = True) -> Iterator[None]:
    """Within it (when `on`), every card is its text face, in text and on buttons and options alike: the hand of a
    player who chose text cards. Outside it, nothing changes."""
    if not on:
        yield
        return
    markup, text_only = _markup.set(False), _text_only.set(True)
    try:
        yield
    finally:
        _text_only.reset(text_only)
        _markup.reset(markup)


def _deck(deck: Deck | str) -> Deck:
    if isinstance(deck, Deck):
        return deck
    catalog.specs()  # the declared games' decks
    return decks.get(deck)


def _emoji_key(deck: Deck, face_id: str, lang: str) -> str | None:
    """The registry key of the emoji a face shows, or None when the bot has none right now."""
    current = registry()
    return next((key for key in deck.emoji_keys(face_id, lang) if key in current), None)


def text(deck: Deck | str, card: str, lang: str = "en") -> str:
    """The text face of a face id of `deck` (a face set drawn for one language is in that language)."""
    shown = _deck(deck)
    return shown.text(card, shown.lang or lang)


# ----- faces: the emoji when there is one ----------------------------------------------------------------------------
def face(deck: Deck | str, card: str, lang: str = "en") -> str:
    """A game's card as shown in message text and embeds: its emoji's markup, or its text face.

    Every rendering shows dozens of cards: each face is worked out once per emoji registry (`_Faces`).
    """
    shown = _deck(deck)
    known = _faces.of(registry())
    with_markup = _markup.get()
    found = known.get((shown.name, card, lang, with_markup))
    if found is None:
        found = _face(shown, card, lang, with_markup)
        if shown.face_id(card) is not None:  # any other text passes through, unkept
            known[shown.name, card, lang, with_markup] = found
    return found


def faces(deck: Deck | str, cards: Iterable[str], lang: str = "en") -> list[str]:
    """`face` of each of `cards`, the style looked up once: a hand or a pile is many cards of one deck."""
    shown = _deck(deck)
    known = _faces.of(registry())
    with_markup = _markup.get()
    out = []
    for card in cards:
        found = known.get((shown.name, card, lang, with_markup))
        out.append(face(shown, card, lang) if found is None else found)
    return out


Style = tuple[EmojiRegistry, bool]


def style() -> Style:
    """What faces are drawn with here and now: the emoji registry in use, and whether markup may show."""
    return registry(), _markup.get()


def _face(deck: Deck, card: str, lang: str, with_markup: bool) -> str:
    lang = deck.lang or lang
    face_id = deck.face_id(card) if with_markup and not _text_only.get() else None
    key = _emoji_key(deck, face_id, lang) if face_id is not None else None
    markup = registry().markup(key) if key is not None else None
    return markup if markup is not None else deck.card_text(card, lang)


class _Faces:
    """The faces worked out so far, for the registry in use (a new registry, a new set of faces)."""

    def __init__(self) -> None:
        self._registry: EmojiRegistry | None = None
        self._faces: dict[tuple[str, str, str, bool], str] = {}

    def of(self, current: EmojiRegistry) -> dict[tuple[str, str, str, bool], str]:
        if current is not self._registry:
            self._registry, self._faces = current, {}
        return self._faces


_faces = _Faces()


def emoji_for(deck: Deck | str, card: str, lang: str = "en") -> discord.PartialEmoji | None:
    """A game's card's emoji for a button's or a select option's `emoji=`, or None when the bot has none."""
    shown = _deck(deck)
    face_id = shown.face_id(card)
    if face_id is None or _text_only.get():
        return None
    key = _emoji_key(shown, face_id, shown.lang or lang)
    return registry().partial(key) if key is not None else None


def card_emoji(game: str, card: str, lang: str = "en") -> discord.PartialEmoji | None:
    """The picture of a card id of `game` (a picker value, a move's card) on a button: its emoji, else its deck's
    symbol for it (a text emoji), else None."""
    cards = catalog.cards_deck(game)
    return None if cards is None else deck_emoji(cards, card, lang)


def deck_emoji(deck: Deck | str, card: str, lang: str = "en") -> discord.PartialEmoji | None:
    """The picture of a card of `deck` on a button: its emoji, else the deck's symbol for it, else None."""
    shown = _deck(deck)
    face_id = shown.face_of(card)
    emoji = emoji_for(shown, face_id, lang) if face_id is not None else None
    if emoji is not None:
        return emoji
    symbol = shown.symbol(card)
    return discord.PartialEmoji(name=symbol) if symbol is not None else None


@cache
def _text_by_name(names: frozenset[str]) -> dict[str, str]:
    del names  # the cache key: the registry's emoji names
    current = registry()
    shown: dict[str, str] = {}
    for key in current:
        emoji = current.get(key)
        if emoji is not None:
            deck, card = key.split("/", 1)
            try:
                shown[emoji.name] = text(deck, card)
            except ValueError:  # a face set no declared game shows
                continue
    return shown


def strip_markup(value: str) -> str:
    """`value` with the card emojis' markup replaced by their text faces: for places that show no emoji."""
    if "<:" not in value or not len(registry()):
        return value
    names = _text_by_name(frozenset(registry().by_name()))
    return MARKUP.sub(lambda match: names.get(match[1], match[0]), value)
