"""Oh My Brain's cards, numbered "0".."19": the number as a tile, `` `7` ``, a pink special after its animal
(🦟 0 Mosquito, 🕷️ 8 Spider, 🐭 11 Mouse), and a marshmallow card followed by the die, `` `17`🎲 ``.

Both faces of a number that may carry the marshmallow are drawn ("17" and "17m"); which numbers carry it is card data
(`data/cards/oh_my_brain.json`), read from the engine the data built, so a corrected file needs no new drawing.
"""

from __future__ import annotations

from functools import cached_property

from cogs.decks import Deck, Face
from cogs.decks.pairs import tile
from cogs.render.faces import face
from engines import registry
from engines.ohmybrain import OhMyBrainEngine
from engines.ohmybrain.cards import NUMBERS, SPECIALS

GAME = "ohmybrain"
MARSHMALLOW_MARK = "m"  # a face id ending so shows the marshmallow: "17m"
ANIMALS = dict(zip(sorted(SPECIALS), ("🦟", "🕷️", "🐭"), strict=True))  # Mosquito 0, Spider 8, Mouse 11
ANIMAL_WORDS = dict(zip(sorted(SPECIALS), ("mosquito", "spider", "mouse"), strict=True))
DIE = "🎲"  # the marshmallow's die


def face_name(number: int, marshmallow: bool = False) -> str:
    """ "ohmybrain_7", "ohmybrain_8_spider", "ohmybrain_17_marshmallow"."""
    animal = ANIMAL_WORDS.get(number)
    return f"ohmybrain_{number}" + (f"_{animal}" if animal else "") + ("_marshmallow" if marshmallow else "")


class BrainDeck(Deck):
    name = "ohmybrain"

    def faces(self) -> list[Face]:
        plain = [Face(self.name, str(number), face_name(number)) for number in NUMBERS]
        marked = [
            Face(self.name, f"{number}{MARSHMALLOW_MARK}", face_name(number, marshmallow=True))
            for number in NUMBERS
            if number not in SPECIALS
        ]
        return plain + marked

    @cached_property
    def marshmallow(self) -> frozenset[int]:
        """The numbers that carry the marshmallow, as the card data the engine was built from says."""
        engine = registry.get(GAME)
        return frozenset(engine.deck.marshmallow) if isinstance(engine, OhMyBrainEngine) else frozenset()

    def face_of(self, card: str) -> str | None:
        """A card's number -> its face, marked when it carries the marshmallow ("17" -> "17m")."""
        if card.isdigit() and int(card) in self.marshmallow:
            card += MARSHMALLOW_MARK
        return card if card in self.cards else None

    def text(self, face_id: str, lang: str) -> str:
        """ "7" -> "`7`", a special with its animal ("🕷️`8`"), a marshmallow card with the die ("`17`🎲")."""
        if face_id not in self.cards:
            return face_id
        number = int(face_id.removesuffix(MARSHMALLOW_MARK))
        shown = ANIMALS.get(number, "") + tile(number)
        return shown + DIE if face_id.endswith(MARSHMALLOW_MARK) else shown


BRAINS = BrainDeck()


def face_id(card: int | str) -> str:
    """The face an Oh My Brain card shows: its number, marked when it carries the marshmallow ("17" -> "17m")."""
    return BRAINS.face_of(str(card)) or str(card)


def ohmybrain_face(card: int | str) -> str:
    return face(BRAINS, face_id(card))
