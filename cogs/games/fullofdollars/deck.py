"""Full of Dollars' cards: one face per distinct card of its card data, named by what it shows.

A face id says what a card shows: "uzi3-7H" (an Uzi card of 3 icons, poker value 7♥), "police2-9D", "casino400-QH-KH"
(a business with its value and two poker values), "fbi-AH", "jugement-7S", "bombe-KS-AS". The faces are drawn from
the card data: correcting it calls for a redraw (until then a corrected card shows as text). In text, a card is its
kind's symbol (🔫 Uzi, 🚓 Police, 🏢 business, 🕵️ FBI, ⚖️ Jugement, 💣 Bombe); the card's words follow it.
"""

from __future__ import annotations

from functools import cached_property

import discord

from cogs.decks import Deck, Face
from cogs.decks.poker import SUIT_WORDS, card_text
from cogs.render.faces import deck_emoji, face
from engines import registry
from engines.fullofdollars import FullOfDollarsEngine

GAME = "fullofdollars"
SYMBOLS = {"uzi": "🔫", "police": "🚓", "business": "🏢", "fbi": "🕵️", "jugement": "⚖️", "bombe": "💣"}
UNKNOWN = "🃏"


def face_text(face_id: str) -> str:
    """A face id as text: its kind's symbol and its poker values ("uzi3-7H" -> "🔫3 7♥️")."""
    head, *values = face_id.split("-")
    kind = head.rstrip("0123456789")
    number = head[len(kind) :]
    symbol = SYMBOLS.get(kind, SYMBOLS["business"])
    shown = "/".join(card_text(value) for value in values)
    return f"{symbol}{number if kind in ('uzi', 'police') else ''} {shown}".strip()


def face_name(face_id: str) -> str:
    """What a face shows, as its emoji's name: its kind and number, then its poker values, rank and suit
    ("uzi3-7H" -> "uzi_3_7_hearts", "casino400-QH-KH" -> "casino_400_Q_hearts_K_hearts", "fbi-AH" -> "fbi_A_hearts");
    if that is too long for Discord, a single suit said once after the ranks ("striptease_150_9_10_diamonds"), else
    the suits shortened to their letter."""
    head, *values = face_id.split("-")
    kind = head.rstrip("0123456789")
    words = [kind, head[len(kind) :]] if head != kind else [kind]
    name = "_".join([*words, *(f"{value[:-1]}_{SUIT_WORDS[value[-1]]}" for value in values)])
    if len(name) > 32 and len({value[-1] for value in values}) == 1:  # one suit: said once, after the ranks
        name = "_".join([*words, *(value[:-1] for value in values), SUIT_WORDS[values[0][-1]]])
    if len(name) > 32:
        name = "_".join([*words, *values])
    return name


class DollarDeck(Deck):
    name = "fullofdollars"

    @cached_property
    def known(self) -> dict[str, tuple[str, int, str]]:
        """Each card id -> (its kind: uzi, police, business or its special; its icons; its face id), as the card data
        the engine was built from says."""
        engine = registry.get(GAME)
        deck = engine.deck if isinstance(engine, FullOfDollarsEngine) else None
        cards: dict[str, tuple[str, int, str]] = {}
        for spec in deck.cards if deck is not None else ():
            icons = spec.icons if spec.type in ("uzi", "police") else 0
            value = deck.value(spec.id) if deck is not None and spec.type == "business" else 0
            head = f"{spec.type}{icons}" if icons else f"{spec.business}{value}" if value else str(spec.special)
            kind = "business" if spec.type == "business" else str(spec.special or spec.type)
            cards[spec.id] = (kind, icons, "-".join([head, *spec.poker]))
        return cards

    def faces(self) -> list[Face]:
        ids = sorted({face_id for _, _, face_id in self.known.values()})
        return [Face(self.name, face_id, face_name(face_id)) for face_id in ids]

    def text(self, face_id: str, lang: str) -> str:
        return face_text(face_id)

    def face_id(self, card: str) -> str | None:
        """A card id ("U01") -> the face it shows ("uzi1-2C"); a face id is its own face."""
        known = self.known.get(card)
        if known is not None:
            return known[2]
        return card if card in self.cards else None

    def card_text(self, card: str, lang: str) -> str:
        """A card id in text: its kind's symbol (its words follow it); a face id as `face_text`; else unchanged."""
        known = self.known.get(card)
        if known is not None:
            return SYMBOLS.get(known[0], UNKNOWN)
        return face_text(card) if card in self.cards else card

    def symbol(self, card: str) -> str | None:
        known = self.known.get(card)
        return None if known is None else SYMBOLS.get(known[0])


DOLLARS = DollarDeck()


def fullofdollars_face(card_id: str, lang: str = "en") -> str:
    """A card in message text: its emoji's markup when the bot has its face, else its kind's symbol."""
    return face(DOLLARS, card_id, lang)


def fullofdollars_emoji(card_id: str, lang: str = "en") -> discord.PartialEmoji | None:
    """The picture of a card on a button: its emoji, else its kind's symbol."""
    return deck_emoji(DOLLARS, card_id, lang)


def fullofdollars_text(card_id: str) -> str:
    """A card's text face: its kind's symbol (🔫 🚓 🏢 🕵️ ⚖️ 💣); an unknown id unchanged."""
    return DOLLARS.card_text(card_id, "en")
