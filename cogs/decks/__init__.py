"""Decks: the face sets cards are shown with, as application emojis when the bot has them, else as text.

A deck is one face set of the emoji manifest (its `name`, the `deck` of a manifest entry): the faces drawn for it
(`faces`, each named as the card reads, for screen readers), the text face of each (`text`), and how a card id of
the games that use it maps to a face (`face_id`). Decks shared by several games live in this package (the
Pairs-family deck, the poker deck); a game's own deck lives with the game (`cogs.games.<game>`), and each game's
declaration (`GameSpec.decks`) names the decks it shows, so the platform knows every deck from the declarations.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from bot.emojis import card_key

EMOJI_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")  # Discord's rule for an emoji's name


@dataclass(frozen=True)
class Face:
    """One card face to draw: its face set, its card id, and its emoji's name (the card as it reads)."""

    deck: str
    card: str
    name: str  # its emoji's name: the card as it reads ("queen_of_hearts")

    @property
    def key(self) -> str:
        """The registry key of the face (`bot.emojis.card_key`)."""
        return card_key(self.deck, self.card)

    @property
    def file(self) -> str:
        """Its PNG, relative to `data/emojis/`."""
        return f"{self.deck}/{self.card}.png"


class Deck:
    """One face set. Subclasses give `name`, `faces` and `text`; the rest has defaults."""

    name: str = ""
    lang: str | None = None  # a face set drawn for one language only ("poker_fr"): its texts are in it

    def faces(self) -> list[Face]:
        """Every face drawn for this set, in a stable order."""
        raise NotImplementedError

    def text(self, face_id: str, lang: str) -> str:
        """The text face of `face_id` (shown where no emoji is); an unknown id unchanged."""
        raise NotImplementedError

    @cached_property
    def cards(self) -> frozenset[str]:
        """The face ids of this set."""
        return frozenset(face.card for face in self.faces())

    def face_id(self, card: str) -> str | None:
        """The face `card` names (a face id, or a card id a deck maps to its face); None: not of this deck."""
        return card if card in self.cards else None

    def face_of(self, card: str) -> str | None:
        """The face a game's card id shows on a button or a menu (a deck whose card ids and face ids differ, such
        as Oh My Brain's marshmallow cards, maps it)."""
        return self.face_id(card)

    def card_text(self, card: str, lang: str) -> str:
        """A game's card id as text, where its emoji is not shown."""
        face_id = self.face_id(card)
        return self.text(card if face_id is None else face_id, lang)

    def emoji_keys(self, face_id: str, lang: str) -> tuple[str, ...]:
        """The registry keys of the emojis that may show `face_id` in `lang`, the preferred first."""
        return (card_key(self.name, face_id),)

    def symbol(self, card: str) -> str | None:
        """A text emoji for a button showing `card` when the deck's picture is missing (None: no picture)."""
        return None


_DECKS: dict[str, Deck] = {}


def install(decks: Iterable[Deck]) -> None:
    """Know these decks (the games' declarations name them; a deck shared by several games is one object)."""
    for deck in decks:
        known = _DECKS.setdefault(deck.name, deck)
        if known is not deck and type(known) is not type(deck):
            raise ValueError(f"two different decks are named {deck.name!r}")


def get(name: str) -> Deck:
    """The deck of the face set `name` (ValueError: no declared game shows it)."""
    try:
        return _DECKS[name]
    except KeyError:
        raise ValueError(f"unknown deck {name!r}") from None


def all_decks() -> list[Deck]:
    """Every known deck, in the order they were declared."""
    return list(_DECKS.values())
