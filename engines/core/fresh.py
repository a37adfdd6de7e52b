"""Cards that reached each seat during or since its own last move: the hand marks them new.

A state keeps them as `fresh: list[list[card]]`, one list per seat (empty lists in
states saved before the field existed); these functions are the one way to keep it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TypeVar

Card = TypeVar("Card")


def note_fresh(fresh: list[list[Card]], players: int, seat: int, card: Card) -> None:
    """`card` has just reached `seat`."""
    while len(fresh) < players:
        fresh.append([])
    fresh[seat].append(card)


def clear_fresh(fresh: list[list[Card]], seat: int) -> None:
    """`seat` moves: what reached them before is no longer new."""
    if seat < len(fresh):
        fresh[seat] = []


def fresh_among(fresh: list[list[Card]], seat: int, held: Collection[Card]) -> list[Card]:
    """The new cards of `seat` that it still holds in `held`."""
    mine = fresh[seat] if 0 <= seat < len(fresh) else []
    return [card for card in mine if card in held]
