"""Every card face Cardroom draws as an application emoji: the faces of every deck the declared games show.

Each deck (`cogs.decks.Deck`) says which faces it draws and how each is named: as the card reads ("queen_of_hearts",
"card_7", "asso_di_coppe"), because a screen reader reads an emoji by its name. The names are unique across every
deck and are 2-32 characters of `[A-Za-z0-9_]`, as Discord wants (`EMOJI_NAME`). A name says nothing of the drawing:
redrawn art keeps its name, and the manifest's content hash tells the sync (`bot.emojis`) that the emoji uploaded
under that name is of older art.
"""

from __future__ import annotations

from cogs.decks import EMOJI_NAME, Face
from cogs.games import catalog

__all__ = ["EMOJI_NAME", "Face", "all_faces", "decks", "emoji_name"]


def emoji_name(face: Face) -> str:
    """The face's emoji name: the card as it reads ("queen_of_hearts"), whatever its drawing."""
    return face.name


def all_faces() -> list[Face]:
    """Every face of every deck the declared games show, in a stable order."""
    return [face for deck in catalog.all_decks() for face in deck.faces()]


def decks() -> list[str]:
    """The face sets, in the order their faces are drawn."""
    return [deck.name for deck in catalog.all_decks()]
