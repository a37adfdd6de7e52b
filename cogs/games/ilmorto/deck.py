"""The 40-card Italian deck of Il Morto: rank 1-10 + suit letter, "1C".."10B" (C Coppe, D Denari, S Spade,
B Bastoni; 1 the Asso, 8 the Fante, 9 the Cavallo, 10 the Re), shown A, 2-7, F, C, R and the suit: 🏆 Coppe,
🪙 Denari, 🗡️ Spade, 🪵 Bastoni."""

from __future__ import annotations

from cogs.decks import Deck, Face
from cogs.render.faces import face

SUITS = ("C", "D", "S", "B")
RANKS = tuple(range(1, 11))
FACE_LETTERS = {1: "A", 8: "F", 9: "C", 10: "R"}  # the letters drawn for the Asso and the figures
SUIT_SYMBOLS = {"C": "🏆", "D": "🪙", "S": "🗡️", "B": "🪵"}
RANK_WORDS = {1: "asso", 8: "fante", 9: "cavallo", 10: "re"}
SUIT_WORDS = {"C": "coppe", "D": "denari", "S": "spade", "B": "bastoni"}


class ItalianDeck(Deck):
    name = "italian"

    def faces(self) -> list[Face]:
        return [
            Face(self.name, f"{rank}{suit}", f"{RANK_WORDS.get(rank, rank)}_di_{SUIT_WORDS[suit]}")
            for suit in SUITS
            for rank in RANKS
        ]

    def text(self, face_id: str, lang: str) -> str:
        """ "1C" -> "A🏆", "9S" -> "C🗡️"; an unknown id unchanged."""
        if face_id not in self.cards:
            return face_id
        rank = int(face_id[:-1])
        return FACE_LETTERS.get(rank, str(rank)) + SUIT_SYMBOLS[face_id[-1]]


ITALIAN = ItalianDeck()


def italian_face(card_id: str, lang: str = "en") -> str:
    return face(ITALIAN, card_id, lang)
