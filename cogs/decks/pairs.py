"""The Pairs-family deck (Pairs, Hawthorn, Zombie Life): 55 cards, one 1, two 2s ... ten 10s; face ids "1".."10".

Its text face is the rank as a tile, `` `7` `` (keycap emojis read as phone keys).
"""

from __future__ import annotations

from cogs.decks import Deck, Face
from cogs.render.faces import face

PAIRS_RANKS = tuple(range(1, 11))


def tile(rank: int | str) -> str:
    return f"`{rank}`"


class PairsDeck(Deck):
    name = "pairs"

    def faces(self) -> list[Face]:
        return [Face(self.name, str(rank), f"card_{rank}") for rank in PAIRS_RANKS]

    def text(self, face_id: str, lang: str) -> str:
        return tile(face_id) if face_id.isdigit() else face_id


PAIRS = PairsDeck()


def pairs_face(rank: int) -> str:
    return face(PAIRS, str(rank))
