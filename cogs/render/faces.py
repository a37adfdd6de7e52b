"""Card faces of every deck: the card's application emoji when the bot has it, else a text face.

The emojis are those `bot.emojis` installed at start (`bot.emojis.registry()`); without them (unit tests,
`CARDROOM_EMOJIS=0`, Discord refused the uploads) every face is text:

* Pairs-family deck (Pairs, Hawthorn, Zombie Life): the rank as a tile, `` `7` `` (keycaps read as phone keys).
* poker deck (Dead Money): rank and suit, the suits in emoji presentation so that Discord shows ♥️ ♦️ red
  and ♠️ ♣️ black; in French the court cards are R (roi), D (dame), V (valet); a Brain is 🧠 and its suit.
* Blackstone: a white stone as a tile, `` `7` ``; the black stone ⚫.
* Italian deck (Il Morto): A, 2-7, F, C, R and the suit: 🏆 Coppe, 🪙 Denari, 🗡️ Spade, 🪵 Bastoni.
* Oh My Brain: the number as a tile, `` `7` ``, a pink special after its animal (🦟 0, 🕷️ 8, 🐭 11), a marshmallow
  card followed by the die, `` `17`🎲 `` (which numbers carry it: the card data, `ohmybrain_face_id`).

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

from bot import games as games_with_data
from bot.emojis import EmojiRegistry, card_key, registry
from cogs.emojis.cards import (
    BLACK_STONE,
    BRAIN_PREFIX,
    COURT_RANKS,
    FRENCH_COURT,
    ITALIAN_FACES,
    MARSHMALLOW_MARK,
    blackstone_faces,
    fullofdollars_cards,
    fullofdollars_faces,
    italian_faces,
    ohmybrain_faces,
    pairs_faces,
    poker_faces,
)
from engines import registry as engines
from engines.ohmybrain import OhMyBrainEngine
from engines.ohmybrain.cards import SPECIALS

POKER_SUITS = {"C": "♣️", "D": "♦️", "H": "♥️", "S": "♠️"}  # emoji presentation (U+FE0F): red ♥️ ♦️
BRAIN = "🧠"
BLACK_STONE_TEXT = "⚫"
ITALIAN_SUITS = {"C": "🏆", "D": "🪙", "S": "🗡️", "B": "🪵"}
OMB_ANIMALS = dict(zip(sorted(SPECIALS), ("🦟", "🕷️", "🐭"), strict=True))  # Mosquito 0, Spider 8, Mouse 11
OMB_DIE = "🎲"  # the marshmallow's die
GAME_DECKS = {
    "pairs": "pairs",
    "hawthorn": "pairs",
    "zombie": "pairs",
    "blackstone": "blackstone",
    "deadmoney": "poker",
    "ohmybrain": "ohmybrain",
    "ilmorto": "italian",
}
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


@cache
def _cards(deck: str) -> frozenset[str]:
    faces = {
        "pairs": pairs_faces,
        "poker": poker_faces,
        "blackstone": blackstone_faces,
        "italian": italian_faces,
        "ohmybrain": ohmybrain_faces,
        "fullofdollars": fullofdollars_faces,
    }
    return frozenset(face.card for face in faces[deck]())


def _emoji_key(deck: str, card: str, lang: str) -> str | None:
    """The registry key of the emoji a card shows, or None when it has none right now."""
    current = registry()
    if deck == "poker" and lang == "fr" and card[:-1] in COURT_RANKS:
        french = card_key("poker_fr", card)
        if french in current:
            return french
    key = card_key(deck, card)
    return key if key in current else None


# ----- text faces --------------------------------------------------------------------------------------------------
def pairs_text(rank: int) -> str:
    return f"`{rank}`"


def poker_text(card_id: str, lang: str = "en") -> str:
    """ "KS" -> "K♠️" ("R♠️" in French), "10D" -> "10♦️", "BRAIN-H" -> "🧠♥️"; an unknown id unchanged."""
    if card_id not in _cards("poker"):
        return card_id
    suit = POKER_SUITS[card_id[-1]]
    if card_id.startswith(BRAIN_PREFIX):
        return BRAIN + suit
    rank = card_id[:-1]
    if lang == "fr":
        rank = FRENCH_COURT.get(rank, rank)
    return rank + suit


def stone_text(rank: int) -> str:
    return BLACK_STONE_TEXT if rank == BLACK_STONE else f"`{rank}`"


def italian_text(card_id: str) -> str:
    """ "1C" -> "A🏆", "9S" -> "C🗡️"; an unknown id unchanged."""
    if card_id not in _cards("italian"):
        return card_id
    rank = int(card_id[:-1])
    return ITALIAN_FACES.get(rank, str(rank)) + ITALIAN_SUITS[card_id[-1]]


def ohmybrain_text(face_id: str) -> str:
    """ "7" -> "`7`", a special with its animal ("🕷️`8`"), a marshmallow card with the die ("`17`🎲")."""
    if face_id not in _cards("ohmybrain"):
        return face_id
    number = int(face_id.removesuffix(MARSHMALLOW_MARK))
    tile = OMB_ANIMALS.get(number, "") + f"`{number}`"
    return tile + OMB_DIE if face_id.endswith(MARSHMALLOW_MARK) else tile


def text(deck: str, card: str, lang: str = "en") -> str:
    """The text face of any card of any deck (`deck` as in `cogs.emojis.cards`; "poker_fr" is "poker" in French)."""
    if deck == "pairs":
        return pairs_text(int(card)) if card.isdigit() else card
    if deck == "blackstone":
        return stone_text(int(card)) if card.isdigit() else card
    if deck == "italian":
        return italian_text(card)
    if deck == "ohmybrain":
        return ohmybrain_text(card)
    if deck in ("poker", "poker_fr"):
        return poker_text(card, "fr" if deck == "poker_fr" else lang)
    if deck == "fullofdollars":
        return fullofdollars_face_text(card)
    raise ValueError(f"unknown deck {deck!r}")


# ----- faces: the emoji when there is one ----------------------------------------------------------------------------
def face(deck: str, card: str, lang: str = "en") -> str:
    """A card as shown in message text and embeds: its emoji's markup, or its text face.

    Every rendering shows dozens of cards: each face is worked out once per emoji registry (`_Faces`).
    """
    known = _faces.of(registry())
    with_markup = _markup.get()
    found = known.get((deck, card, lang, with_markup))
    if found is None:
        found = _face(deck, card, lang, with_markup)
        if card in _cards("poker" if deck == "poker_fr" else deck):  # any other text passes through, unkept
            known[deck, card, lang, with_markup] = found
    return found


def faces(deck: str, cards: Iterable[str], lang: str = "en") -> list[str]:
    """`face` of each of `cards`, the style looked up once: a hand or a pile is many cards of one deck."""
    known = _faces.of(registry())
    with_markup = _markup.get()
    shown = []
    for card in cards:
        found = known.get((deck, card, lang, with_markup))
        shown.append(face(deck, card, lang) if found is None else found)
    return shown


Style = tuple[EmojiRegistry, bool]


def style() -> Style:
    """What faces are drawn with here and now: the emoji registry in use, and whether markup may show."""
    return registry(), _markup.get()


def _face(deck: str, card: str, lang: str, with_markup: bool) -> str:
    if deck == "poker_fr":
        deck, lang = "poker", "fr"
    key = _emoji_key(deck, card, lang) if with_markup and card in _cards(deck) else None
    markup = registry().markup(key) if key is not None else None
    return markup if markup is not None else text(deck, card, lang)


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


def pairs_face(rank: int) -> str:
    return face("pairs", str(rank))


def poker_face(card_id: str, lang: str = "en") -> str:
    return face("poker", card_id, lang)


def stone_face(rank: int) -> str:
    return face("blackstone", str(rank))


def italian_face(card_id: str, lang: str = "en") -> str:
    return face("italian", card_id, lang)


@cache
def ohmybrain_marshmallow() -> frozenset[int]:
    """The Oh My Brain numbers that carry the marshmallow, as the card data the engine was built from says."""
    games_with_data.install()
    engine = engines.get("ohmybrain")
    return frozenset(engine.deck.marshmallow) if isinstance(engine, OhMyBrainEngine) else frozenset()


def ohmybrain_face_id(card: int | str) -> str:
    """The face an Oh My Brain card shows: its number, marked when it carries the marshmallow ("17" -> "17m")."""
    number = str(card)
    if number.isdigit() and int(number) in ohmybrain_marshmallow():
        return number + MARSHMALLOW_MARK
    return number


def ohmybrain_face(card: int) -> str:
    return face("ohmybrain", ohmybrain_face_id(card))


# ----- Full of Dollars: faces drawn from the card data ------------------------------------------------------------
FOD_SYMBOLS = {"uzi": "🔫", "police": "🚓", "business": "🏢", "fbi": "🕵️", "jugement": "⚖️", "bombe": "💣"}


def fullofdollars_face_text(face_id: str) -> str:
    """A Full of Dollars face id as text: its kind's symbol and its poker values ("uzi3-7H" -> "🔫3 7♥️")."""
    head, *values = face_id.split("-")
    kind = head.rstrip("0123456789")
    number = head[len(kind) :]
    symbol = FOD_SYMBOLS.get(kind, FOD_SYMBOLS["business"])
    shown = "/".join(poker_text(value) for value in values)
    return f"{symbol}{number if kind in ('uzi', 'police') else ''} {shown}".strip()


def fullofdollars_text(card_id: str) -> str:
    """A Full of Dollars card's text face, its kind's symbol (the card's words follow it): 🔫 an Uzi card, 🚓 a
    Police card, 🏢 a business, 🕵️ the FBI, ⚖️ a Jugement, 💣 a Bombe; an unknown id unchanged."""
    known = fullofdollars_cards().get(card_id)
    if known is None:
        return card_id
    return FOD_SYMBOLS.get(known[0], "🃏")


def _fullofdollars_key(card_id: str) -> str | None:
    if _text_only.get():
        return None
    known = fullofdollars_cards().get(card_id)
    if known is None:
        return None
    key = card_key("fullofdollars", known[2])
    return key if key in registry() else None


def fullofdollars_face(card_id: str, lang: str = "en") -> str:
    """A Full of Dollars card in message text: its emoji's markup when the bot has its face, else its text face."""
    key = _fullofdollars_key(card_id) if _markup.get() else None
    markup = registry().markup(key) if key is not None else None
    return markup if markup is not None else fullofdollars_text(card_id)


def fullofdollars_emoji(card_id: str, lang: str = "en") -> discord.PartialEmoji | str | None:
    """The picture of a Full of Dollars card on a button: its emoji, else its symbol (a text emoji)."""
    key = _fullofdollars_key(card_id)
    emoji = registry().partial(key) if key is not None else None
    if emoji is not None:
        return emoji
    known = fullofdollars_cards().get(card_id)
    return FOD_SYMBOLS.get(known[0]) if known is not None else None


def emoji_for(deck: str, card: str, lang: str = "en") -> discord.PartialEmoji | None:
    """The card's emoji for a button's or a select option's `emoji=`, or None when the bot has none."""
    if deck == "poker_fr":
        deck, lang = "poker", "fr"
    if card not in _cards(deck) or _text_only.get():
        return None
    key = _emoji_key(deck, card, lang)
    return registry().partial(key) if key is not None else None


def card_emoji(game: str, card: str, lang: str = "en") -> discord.PartialEmoji | None:
    """`emoji_for` a card id of `game` (a picker value, a move's card), or None."""
    if game == "fullofdollars":
        emoji = fullofdollars_emoji(card, lang)
        return discord.PartialEmoji(name=emoji) if isinstance(emoji, str) else emoji
    deck = GAME_DECKS.get(game)
    if deck == "ohmybrain":
        card = ohmybrain_face_id(card)
    return None if deck is None else emoji_for(deck, card, lang)


@cache
def _text_by_name(names: frozenset[str]) -> dict[str, str]:
    del names  # the cache key: the registry's emoji names
    current = registry()
    shown: dict[str, str] = {}
    for key in current:
        emoji = current.get(key)
        if emoji is not None:
            deck, card = key.split("/", 1)
            shown[emoji.name] = text(deck, card, "fr" if deck == "poker_fr" else "en")
    return shown


def strip_markup(value: str) -> str:
    """`value` with the card emojis' markup replaced by their text faces: for places that show no emoji."""
    if "<:" not in value or not len(registry()):
        return value
    names = _text_by_name(frozenset(registry().by_name()))
    return MARKUP.sub(lambda match: names.get(match[1], match[0]), value)
