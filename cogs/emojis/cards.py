"""Every card face Cardroom draws as an application emoji: its face set, its card id and its emoji code.

Face sets (the `deck` of a manifest entry) and their card ids, as the engines write them:

* `pairs`: the 55-card Pairs-family deck (Pairs, Hawthorn, Zombie Life): ranks "1".."10".
* `poker`: Dead Money's deck: "AC".."KS" (rank A, 2-10, J, Q, K + suit letter C/D/H/S) and the four
  Brains "BRAIN-C".."BRAIN-S".
* `poker_fr`: the French faces of the poker court cards, keyed by the same ids ("JS", "QS", "KS") and
  drawn V (valet), D (dame), R (roi), because French text names them so.
* `blackstone`: Blackstone's stones: white stones "1".."9" (numbered) and the black stone "10".
* `italian`: the 40-card Italian deck (Il Morto, the next game): rank 1-10 + suit letter, "1C".."10B"
  (C Coppe, D Denari, S Spade, B Bastoni; 1 the Asso, 8 the Fante, 9 the Cavallo, 10 the Re, the order
  of the Cucù family), drawn A, 2-7, F, C, R.
* `ohmybrain`: Oh My Brain's cards, numbered "0".."19" (blue, the pink specials 0 Mosquito, 8 Spider and
  11 Mouse with their animal), and the same numbers marked with the marshmallow's die, "1m".."19m" (not the
  specials). Which numbers carry the marshmallow is card data (`data/cards/oh_my_brain.json`): both faces
  are drawn, and the table shows the one the data calls for, so a corrected file needs no new drawing.
* `fullofdollars`: Full of Dollars' cards, one face per distinct card of its card data, named by what it shows:
  "uzi3-7H" (an Uzi card of 3 icons, poker value 7♥), "police2-9D", "casino400-QH-KH" (a business with two poker
  values), "fbi-AH", "jugement-7S", "bombe-KS-AS". Drawn from the card data: correcting it calls for a redraw
  (the faces a corrected card shows are then new; until then it shows as text).

An emoji is named as the card reads (`Face.name`), because a screen reader reads an emoji by its name:
"queen_of_hearts", "brain_of_spades", "dame_de_coeur" (the French court cards), "card_7" (the Pairs-family deck),
"white_stone_7", "asso_di_coppe", "ohmybrain_8_spider", "uzi_3_7_hearts". Each name holds its face set's word where
two sets share a card, so the names are unique across every set; all are 2-32 characters of `[A-Za-z0-9_]`, as
Discord wants (`EMOJI_NAME`). The name says nothing of the drawing: redrawn art keeps its name, and the manifest's
content hash tells the sync (`bot.emojis`) that the emoji uploaded under that name is of older art.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot import games as games_with_data
from bot.emojis import card_key
from engines import registry as engines
from engines.ohmybrain.cards import NUMBERS, SPECIALS

POKER_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
POKER_SUITS = ("C", "D", "H", "S")
COURT_RANKS = ("J", "Q", "K")
FRENCH_COURT = {"J": "V", "Q": "D", "K": "R"}  # valet, dame, roi
BRAIN_PREFIX = "BRAIN-"
ITALIAN_SUITS = ("C", "D", "S", "B")  # Coppe, Denari, Spade, Bastoni
ITALIAN_RANKS = tuple(range(1, 11))  # 1 Asso, 2-7, 8 Fante, 9 Cavallo, 10 Re
ITALIAN_FACES = {1: "A", 8: "F", 9: "C", 10: "R"}  # the letters drawn for the Asso and the figures
PAIRS_RANKS = tuple(range(1, 11))
BLACK_STONE = 10  # Blackstone's black stones are the Pairs deck's 10s
MARSHMALLOW_MARK = "m"  # an Oh My Brain face id ending so shows the marshmallow: "17m"
EMOJI_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")  # Discord's rule for an emoji's name
POKER_RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
POKER_SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
FRENCH_COURT_WORDS = {"J": "valet", "Q": "dame", "K": "roi"}
FRENCH_SUIT_WORDS = {"C": "trefle", "D": "carreau", "H": "coeur", "S": "pique"}
ITALIAN_RANK_WORDS = {1: "asso", 8: "fante", 9: "cavallo", 10: "re"}
ITALIAN_SUIT_WORDS = {"C": "coppe", "D": "denari", "S": "spade", "B": "bastoni"}
OHMYBRAIN_ANIMALS = dict(zip(sorted(SPECIALS), ("mosquito", "spider", "mouse"), strict=True))


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


def emoji_name(face: Face) -> str:
    """The face's emoji name: the card as it reads ("queen_of_hearts"), whatever its drawing."""
    return face.name


def poker_name(card: str) -> str:
    """ "QH" -> "queen_of_hearts", "7C" -> "7_of_clubs", "BRAIN-S" -> "brain_of_spades"."""
    suit = POKER_SUIT_WORDS[card[-1]]
    rank = "brain" if card.startswith(BRAIN_PREFIX) else POKER_RANK_WORDS.get(card[:-1], card[:-1])
    return f"{rank}_of_{suit}"


def pairs_faces() -> list[Face]:
    return [Face("pairs", str(rank), f"card_{rank}") for rank in PAIRS_RANKS]


def poker_faces() -> list[Face]:
    cards = [f"{rank}{suit}" for suit in POKER_SUITS for rank in POKER_RANKS]
    cards += [f"{BRAIN_PREFIX}{suit}" for suit in POKER_SUITS]
    return [Face("poker", card, poker_name(card)) for card in cards]


def poker_french_faces() -> list[Face]:
    return [
        Face("poker_fr", f"{rank}{suit}", f"{FRENCH_COURT_WORDS[rank]}_de_{FRENCH_SUIT_WORDS[suit]}")
        for suit in POKER_SUITS
        for rank in COURT_RANKS
    ]


def blackstone_faces() -> list[Face]:
    whites = [Face("blackstone", str(rank), f"white_stone_{rank}") for rank in PAIRS_RANKS if rank != BLACK_STONE]
    return [*whites, Face("blackstone", str(BLACK_STONE), "black_stone")]


def italian_faces() -> list[Face]:
    return [
        Face("italian", f"{rank}{suit}", f"{ITALIAN_RANK_WORDS.get(rank, rank)}_di_{ITALIAN_SUIT_WORDS[suit]}")
        for suit in ITALIAN_SUITS
        for rank in ITALIAN_RANKS
    ]


def ohmybrain_name(number: int, marshmallow: bool = False) -> str:
    """ "ohmybrain_7", "ohmybrain_8_spider", "ohmybrain_17_marshmallow"."""
    animal = OHMYBRAIN_ANIMALS.get(number)
    return f"ohmybrain_{number}" + (f"_{animal}" if animal else "") + ("_marshmallow" if marshmallow else "")


def ohmybrain_faces() -> list[Face]:
    plain = [Face("ohmybrain", str(number), ohmybrain_name(number)) for number in NUMBERS]
    marked = [
        Face("ohmybrain", f"{number}{MARSHMALLOW_MARK}", ohmybrain_name(number, marshmallow=True))
        for number in NUMBERS
        if number not in SPECIALS
    ]
    return plain + marked


@cache
def fullofdollars_cards() -> dict[str, tuple[str, int, str]]:
    """Each Full of Dollars card id -> (its kind: uzi, police, business or its special; its icons; its face id), as
    the card data the engine was built from says. The face id names what the card shows, its poker values included
    ("uzi3-7H", "casino400-QH-KH": a business with its value, "fbi-AH")."""
    games_with_data.install()
    deck = getattr(engines.get("fullofdollars"), "deck", None)
    cards: dict[str, tuple[str, int, str]] = {}
    for spec in getattr(deck, "cards", ()):
        icons = spec.icons if spec.type in ("uzi", "police") else 0
        value = deck.value(spec.id) if deck is not None and spec.type == "business" else 0
        head = f"{spec.type}{icons}" if icons else f"{spec.business}{value}" if value else str(spec.special)
        kind = "business" if spec.type == "business" else str(spec.special or spec.type)
        cards[spec.id] = (kind, icons, "-".join([head, *spec.poker]))
    return cards


def fullofdollars_faces() -> list[Face]:
    """Full of Dollars: one face per distinct card of the card data (what it shows: its uzis or police, its business
    or special, its poker values), named by what it shows ("uzi3-7H", "casino400-QH-KH", "fbi-AH"), so that a corrected
    card data file gets new faces rather than stale ones (`cogs.render.faces.fullofdollars_cards`)."""
    ids = sorted({face_id for _, _, face_id in fullofdollars_cards().values()})
    return [Face("fullofdollars", face_id, fullofdollars_name(face_id)) for face_id in ids]


def fullofdollars_name(face_id: str) -> str:
    """What a Full of Dollars face shows, as its emoji's name: its kind and number, then its poker values, rank
    and suit ("uzi3-7H" -> "uzi_3_7_hearts", "casino400-QH-KH" -> "casino_400_Q_hearts_K_hearts",
    "fbi-AH" -> "fbi_A_hearts"); if that is too long for Discord, a single suit said once after the ranks
    ("striptease_150_9_10_diamonds"), else the suits shortened to their letter."""
    head, *values = face_id.split("-")
    kind = head.rstrip("0123456789")
    words = [kind, head[len(kind) :]] if head != kind else [kind]
    name = "_".join([*words, *(f"{value[:-1]}_{POKER_SUIT_WORDS[value[-1]]}" for value in values)])
    if len(name) > 32 and len({value[-1] for value in values}) == 1:  # one suit: said once, after the ranks
        name = "_".join([*words, *(value[:-1] for value in values), POKER_SUIT_WORDS[values[0][-1]]])
    if len(name) > 32:
        name = "_".join([*words, *values])
    return name


def all_faces() -> list[Face]:
    """Every face of every face set, in a stable order."""
    return [
        *pairs_faces(),
        *poker_faces(),
        *poker_french_faces(),
        *blackstone_faces(),
        *italian_faces(),
        *ohmybrain_faces(),
        *fullofdollars_faces(),
    ]


DECKS = ("pairs", "poker", "poker_fr", "blackstone", "italian", "ohmybrain", "fullofdollars")
