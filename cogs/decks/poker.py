"""The poker deck (Dead Money; Full of Dollars' poker values): "AC".."KS" (rank A, 2-10, J, Q, K + suit letter C/D/H/S)
and Dead Money's four Brains "BRAIN-C".."BRAIN-S".

Its text face is rank and suit, the suits in emoji presentation so that Discord shows ♥️ ♦️ red and ♠️ ♣️ black; in
French the court cards are R (roi), D (dame), V (valet), and their pictures are a face set of their own, `poker_fr`
(`FrenchCourts`), keyed by the same ids; a Brain is 🧠 and its suit.
"""

from __future__ import annotations

from bot.emojis import card_key
from cogs.decks import Deck, Face
from cogs.render.faces import face

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
COURT_RANKS = ("J", "Q", "K")
FRENCH_COURT = {"J": "V", "Q": "D", "K": "R"}  # valet, dame, roi
BRAIN_PREFIX = "BRAIN-"
BRAIN = "🧠"
SUIT_SYMBOLS = {"C": "♣️", "D": "♦️", "H": "♥️", "S": "♠️"}  # emoji presentation (U+FE0F): red ♥️ ♦️
RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
FRENCH_COURT_WORDS = {"J": "valet", "Q": "dame", "K": "roi"}
FRENCH_SUIT_WORDS = {"C": "trefle", "D": "carreau", "H": "coeur", "S": "pique"}


def card_name(card: str) -> str:
    """ "QH" -> "queen_of_hearts", "7C" -> "7_of_clubs", "BRAIN-S" -> "brain_of_spades"."""
    suit = SUIT_WORDS[card[-1]]
    rank = "brain" if card.startswith(BRAIN_PREFIX) else RANK_WORDS.get(card[:-1], card[:-1])
    return f"{rank}_of_{suit}"


def card_text(card: str, lang: str = "en") -> str:
    """ "KS" -> "K♠️" ("R♠️" in French), "10D" -> "10♦️", "BRAIN-H" -> "🧠♥️"; an unknown id unchanged."""
    if card not in POKER.cards:
        return card
    suit = SUIT_SYMBOLS[card[-1]]
    if card.startswith(BRAIN_PREFIX):
        return BRAIN + suit
    rank = card[:-1]
    if lang == "fr":
        rank = FRENCH_COURT.get(rank, rank)
    return rank + suit


class PokerDeck(Deck):
    name = "poker"

    def faces(self) -> list[Face]:
        cards = [f"{rank}{suit}" for suit in SUITS for rank in RANKS]
        cards += [f"{BRAIN_PREFIX}{suit}" for suit in SUITS]
        return [Face(self.name, card, card_name(card)) for card in cards]

    def text(self, face_id: str, lang: str) -> str:
        return card_text(face_id, lang)

    def emoji_keys(self, face_id: str, lang: str) -> tuple[str, ...]:
        """A court card in French: the French face first (R D V), if the bot has it."""
        if lang == "fr" and face_id[:-1] in COURT_RANKS:
            return (card_key(FRENCH.name, face_id), card_key(self.name, face_id))
        return (card_key(self.name, face_id),)


class FrenchCourts(Deck):
    """The poker court cards as French text names them: V (valet), D (dame), R (roi)."""

    name = "poker_fr"
    lang = "fr"

    def faces(self) -> list[Face]:
        return [
            Face(self.name, f"{rank}{suit}", f"{FRENCH_COURT_WORDS[rank]}_de_{FRENCH_SUIT_WORDS[suit]}")
            for suit in SUITS
            for rank in COURT_RANKS
        ]

    def text(self, face_id: str, lang: str) -> str:
        return card_text(face_id, "fr")

    def face_id(self, card: str) -> str | None:
        return POKER.face_id(card)

    def emoji_keys(self, face_id: str, lang: str) -> tuple[str, ...]:
        return POKER.emoji_keys(face_id, "fr")


POKER = PokerDeck()
FRENCH = FrenchCourts()


def poker_face(card_id: str, lang: str = "en") -> str:
    return face(POKER, card_id, lang)


poker_text = card_text
