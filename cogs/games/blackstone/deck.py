"""Blackstone's stones: white stones "1".."9" (numbered) and the black stone "10" (the Pairs deck's 10s)."""

from __future__ import annotations

from cogs.decks import Deck, Face
from cogs.decks.pairs import PAIRS_RANKS, tile
from cogs.render.faces import face

BLACK_STONE = 10
BLACK_STONE_TEXT = "⚫"


def stone_text(rank: int) -> str:
    return BLACK_STONE_TEXT if rank == BLACK_STONE else tile(rank)


class StoneDeck(Deck):
    name = "blackstone"

    def faces(self) -> list[Face]:
        whites = [Face(self.name, str(rank), f"white_stone_{rank}") for rank in PAIRS_RANKS if rank != BLACK_STONE]
        return [*whites, Face(self.name, str(BLACK_STONE), "black_stone")]

    def text(self, face_id: str, lang: str) -> str:
        return stone_text(int(face_id)) if face_id.isdigit() else face_id


STONES = StoneDeck()


def stone_face(rank: int) -> str:
    return face(STONES, str(rank))
