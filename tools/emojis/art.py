"""The drawings of the card faces (Pillow): 128×128 RGBA images that read at Discord's 20-22 px inline size.

Everything is drawn at `SCALE`× and scaled down once, so the polygon edges are smooth. Letters and digits
come from Pillow's bundled font (`ImageFont.load_default(size=…)`, Pillow ≥ 10.1, so nothing depends on
the fonts of the machine), emboldened with a stroke and fitted to their box from their inked pixels; the
suit pips are polygons and circles. On Discord's dark and light themes alike: cards are white (Italian
cards cream, Brains pink, the Pairs deck tinted per rank, Oh My Brain's blue or pink) with a thin dark border;
hearts and diamonds are red, spades and clubs black; Blackstone's black stone has a light rim.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from cogs.decks import Face
from cogs.decks.poker import BRAIN_PREFIX, FRENCH_COURT
from cogs.games.blackstone.deck import BLACK_STONE
from cogs.games.ilmorto.deck import FACE_LETTERS as ITALIAN_FACES
from cogs.games.ohmybrain.deck import MARSHMALLOW_MARK

SIZE = 128  # Discord shows emojis at up to 128 px (jumbo), inline at 22 px
SCALE = 4  # drawn at 512 px, then scaled down
Colour = tuple[int, int, int]
Box = tuple[float, float, float, float]  # left, top, right, bottom, in 128 px units
Point = tuple[float, float]

INK = (22, 24, 28)  # black suits, borders
RED = (214, 38, 50)
PAPER = (255, 255, 255)
CREAM = (255, 247, 226)
BORDER = (43, 45, 49)
BORDER_WIDTH = 5
CARD_BOX: Box = (11, 1, 117, 127)
CARD_RADIUS = 14
GLYPH_SIZE = 320  # the font size letters are rasterised at before fitting
GLYPH_STROKE = 14  # the stroke that emboldens them

# The Pairs-family deck has no suits: each rank gets its own colour (a clean palette; the physical deck's
# colours are not documented in the rulebooks), dark enough on its light tint.
PAIRS_COLOURS: dict[int, Colour] = {
    1: (183, 28, 28),
    2: (216, 84, 0),
    3: (158, 116, 0),
    4: (46, 125, 50),
    5: (0, 121, 107),
    6: (21, 101, 192),
    7: (69, 39, 160),
    8: (173, 20, 87),
    9: (109, 76, 65),
    10: (55, 71, 79),
}
POKER_COLOURS: dict[str, Colour] = {"C": INK, "S": INK, "D": RED, "H": RED}
BRAIN_PINK = (244, 143, 177)
BRAIN_DARK = (173, 20, 87)
BRAIN_PAPER = (253, 231, 239)
STONE_WHITE = (246, 243, 236)
STONE_BLACK = (23, 24, 26)
STONE_RIM = (214, 218, 224)
STONE_SHINE = (92, 97, 104)
GOLD = (232, 180, 0)
GOLD_DARK = (138, 101, 0)
CUP_RED = (198, 40, 40)
STEEL = (120, 170, 225)
STEEL_DARK = (27, 63, 102)
SWORD_BLUE = (21, 101, 192)
WOOD = (141, 90, 43)
WOOD_DARK = (78, 47, 18)
LEAF = (46, 125, 50)
ITALIAN_COLOURS: dict[str, Colour] = {"C": (183, 28, 28), "D": (150, 104, 0), "S": (21, 101, 192), "B": (46, 125, 50)}
# Oh My Brain: regular cards blue, the pink specials pink (docs/games/ohmybrain.md#the-cards); the marshmallow's die
# white and pink.
OMB_BLUE = (21, 87, 170)
OMB_BLUE_PAPER = (221, 236, 253)
OMB_PINK = (176, 18, 100)
OMB_PINK_PAPER = (251, 207, 229)
OMB_WING = (150, 200, 235)
MARSHMALLOW = (255, 246, 250)
MARSHMALLOW_EDGE = (214, 51, 132)


# ----- primitives ----------------------------------------------------------------------------------------------
def _px(value: float) -> int:
    return round(value * SCALE)


def _box(box: Box) -> tuple[int, int, int, int]:
    return (_px(box[0]), _px(box[1]), _px(box[2]), _px(box[3]))


def _canvas() -> Image.Image:
    return Image.new("RGBA", (SIZE * SCALE, SIZE * SCALE), (0, 0, 0, 0))


def _finish(image: Image.Image) -> Image.Image:
    return image.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def _card(image: Image.Image, paper: Colour) -> None:
    ImageDraw.Draw(image).rounded_rectangle(
        _box(CARD_BOX), radius=_px(CARD_RADIUS), fill=paper, outline=BORDER, width=_px(BORDER_WIDTH)
    )


@cache
def _font() -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=GLYPH_SIZE)


@cache
def _glyph(char: str) -> Image.Image:
    """The inked pixels of one character, emboldened, as a mask cropped to the ink."""
    font = _font()
    pad = GLYPH_STROKE * 2
    left, top, right, bottom = font.getbbox(char, stroke_width=GLYPH_STROKE)
    mask = Image.new("L", (int(right - left) + 2 * pad, int(bottom - top) + 2 * pad), 0)
    ImageDraw.Draw(mask).text(
        (pad - left, pad - top), char, fill=255, font=font, stroke_width=GLYPH_STROKE, stroke_fill=255
    )
    bbox = mask.getbbox()
    assert bbox is not None, f"the bundled font has no ink for {char!r}"
    return mask.crop(bbox)


def _label_mask(text: str, gap: float = 0.05) -> Image.Image:
    """`text` as one mask: its glyphs side by side, `gap` × their height apart, bottoms aligned."""
    glyphs = [_glyph(char) for char in text]
    height = max(glyph.height for glyph in glyphs)
    space = round(height * gap)
    width = sum(glyph.width for glyph in glyphs) + space * (len(glyphs) - 1)
    mask = Image.new("L", (width, height), 0)
    x = 0
    for glyph in glyphs:
        mask.paste(glyph, (x, height - glyph.height))
        x += glyph.width + space
    return mask


def _label(image: Image.Image, text: str, box: Box, colour: Colour) -> None:
    """Draw `text` as large as fits in `box` (in 128 px units), centred."""
    mask = _label_mask(text)
    left, top, right, bottom = _box(box)
    ratio = min((right - left) / mask.width, (bottom - top) / mask.height)
    size = (max(1, round(mask.width * ratio)), max(1, round(mask.height * ratio)))
    fitted = mask.resize(size, Image.Resampling.LANCZOS)
    x = left + (right - left - size[0]) // 2
    y = top + (bottom - top - size[1]) // 2
    image.paste(Image.new("RGBA", size, (*colour, 255)), (x, y), fitted)


class Pen:
    """Draws shapes given in unit coordinates ([-1, 1] on both axes) into a square box of the image."""

    def __init__(self, draw: ImageDraw.ImageDraw, box: Box) -> None:
        left, top, right, bottom = box
        self.draw = draw
        self.cx = (left + right) / 2
        self.cy = (top + bottom) / 2
        self.unit = min(right - left, bottom - top) / 2

    def point(self, x: float, y: float) -> tuple[int, int]:
        return _px(self.cx + x * self.unit), _px(self.cy + y * self.unit)

    def length(self, value: float) -> int:
        return _px(value * self.unit)

    def polygon(self, points: Sequence[Point], fill: int | Colour) -> None:
        self.draw.polygon([self.point(x, y) for x, y in points], fill=fill)

    def circle(self, x: float, y: float, radius: float, fill: int | Colour) -> None:
        left, top = self.point(x - radius, y - radius)
        right, bottom = self.point(x + radius, y + radius)
        self.draw.ellipse((left, top, right, bottom), fill=fill)

    def ellipse(self, box: Box, fill: int | Colour) -> None:
        left, top = self.point(box[0], box[1])
        right, bottom = self.point(box[2], box[3])
        self.draw.ellipse((left, top, right, bottom), fill=fill)

    def rectangle(self, box: Box, fill: int | Colour) -> None:
        left, top = self.point(box[0], box[1])
        right, bottom = self.point(box[2], box[3])
        self.draw.rectangle((left, top, right, bottom), fill=fill)

    def line(self, points: Sequence[Point], fill: int | Colour, width: float) -> None:
        self.draw.line([self.point(x, y) for x, y in points], fill=fill, width=self.length(width))

    def arc(self, box: Box, start: float, end: float, fill: Colour, width: float) -> None:
        left, top = self.point(box[0], box[1])
        right, bottom = self.point(box[2], box[3])
        self.draw.arc((left, top, right, bottom), start, end, fill=fill, width=self.length(width))


Shape = Callable[[Pen, int], None]  # draws a shape into a mask with the given fill


def _shape(image: Image.Image, box: Box, shape: Shape, colour: Colour, outline: Colour | None = None) -> None:
    """Paint `shape` in `colour` within `box`, with a dark `outline` around it if given."""
    mask = Image.new("L", image.size, 0)
    shape(Pen(ImageDraw.Draw(mask), box), 255)
    if outline is not None:
        ring = mask
        for _ in range(2):
            ring = ring.filter(ImageFilter.MaxFilter(9))
        image.paste(Image.new("RGBA", image.size, (*outline, 255)), (0, 0), ring)
    image.paste(Image.new("RGBA", image.size, (*colour, 255)), (0, 0), mask)


# ----- French suits --------------------------------------------------------------------------------------------
def heart(pen: Pen, fill: int) -> None:
    pen.circle(-0.47, -0.42, 0.5, fill)
    pen.circle(0.47, -0.42, 0.5, fill)
    pen.polygon([(-0.95, -0.3), (0.95, -0.3), (0.0, 0.98)], fill)


def diamond(pen: Pen, fill: int) -> None:
    pen.polygon([(0.0, -1.0), (0.78, 0.0), (0.0, 1.0), (-0.78, 0.0)], fill)


def spade(pen: Pen, fill: int) -> None:
    pen.circle(-0.46, 0.2, 0.46, fill)
    pen.circle(0.46, 0.2, 0.46, fill)
    pen.polygon([(-0.9, 0.08), (0.0, -1.0), (0.9, 0.08)], fill)
    pen.polygon([(0.0, 0.25), (0.32, 0.98), (-0.32, 0.98)], fill)


def club(pen: Pen, fill: int) -> None:
    pen.circle(0.0, -0.52, 0.42, fill)
    pen.circle(-0.5, 0.16, 0.42, fill)
    pen.circle(0.5, 0.16, 0.42, fill)
    pen.circle(0.0, -0.02, 0.3, fill)
    pen.polygon([(0.0, 0.05), (0.32, 0.98), (-0.32, 0.98)], fill)


FRENCH_SUITS: dict[str, Shape] = {"C": club, "D": diamond, "H": heart, "S": spade}


# ----- Italian suits -------------------------------------------------------------------------------------------
def cup_body(pen: Pen, fill: int) -> None:
    pen.draw.pieslice((*pen.point(-0.78, -1.05), *pen.point(0.78, 0.35)), 0, 180, fill=fill)
    pen.rectangle((-0.84, -0.46, 0.84, -0.3), fill)
    pen.rectangle((-0.13, 0.3, 0.13, 0.72), fill)
    pen.ellipse((-0.55, 0.6, 0.55, 0.95), fill)


def cup_rim(pen: Pen, fill: int) -> None:
    pen.rectangle((-0.84, -0.46, 0.84, -0.3), fill)
    pen.ellipse((-0.55, 0.6, 0.55, 0.95), fill)


def coin(pen: Pen, fill: int) -> None:
    pen.circle(0.0, 0.0, 0.95, fill)


def coin_mark(pen: Pen, fill: int) -> None:
    pen.draw.ellipse((*pen.point(-0.55, -0.55), *pen.point(0.55, 0.55)), outline=fill, width=pen.length(0.13))
    pen.circle(0.0, 0.0, 0.18, fill)


def sword_blade(pen: Pen, fill: int) -> None:
    pen.polygon([(-0.22, -0.55), (0.22, -0.55), (0.22, 0.66), (0.0, 1.0), (-0.22, 0.66)], fill)


def sword_hilt(pen: Pen, fill: int) -> None:
    pen.rectangle((-0.66, -0.7, 0.66, -0.48), fill)
    pen.rectangle((-0.13, -0.95, 0.13, -0.6), fill)
    pen.circle(0.0, -0.95, 0.16, fill)


def sword(pen: Pen, fill: int) -> None:
    sword_blade(pen, fill)
    sword_hilt(pen, fill)


def baton(pen: Pen, fill: int) -> None:
    pen.line([(-0.5, 0.82), (0.5, -0.82)], fill, 0.46)
    pen.circle(-0.5, 0.82, 0.23, fill)
    pen.circle(0.5, -0.82, 0.26, fill)


def leaves(pen: Pen, fill: int) -> None:
    pen.ellipse((-0.62, -0.28, -0.12, -0.02), fill)
    pen.ellipse((0.12, 0.05, 0.62, 0.31), fill)


def _italian_pip(image: Image.Image, suit: str, box: Box) -> None:
    if suit == "C":
        _shape(image, box, cup_body, CUP_RED, INK)
        _shape(image, box, cup_rim, GOLD)
    elif suit == "D":
        _shape(image, box, coin, GOLD, GOLD_DARK)
        _shape(image, box, coin_mark, GOLD_DARK)
    elif suit == "S":
        _shape(image, box, sword, STEEL, STEEL_DARK)
        _shape(image, box, sword_hilt, SWORD_BLUE)
    else:
        _shape(image, box, baton, WOOD, WOOD_DARK)
        _shape(image, box, leaves, LEAF)


# ----- the brain -----------------------------------------------------------------------------------------------
BRAIN_LOBES = (
    (-0.5, -0.28, 0.36),
    (-0.12, -0.45, 0.38),
    (0.3, -0.4, 0.38),
    (0.6, -0.08, 0.34),
    (-0.62, 0.14, 0.32),
    (-0.22, 0.2, 0.36),
    (0.22, 0.2, 0.36),
    (0.52, 0.32, 0.28),
)


def brain(pen: Pen, fill: int) -> None:
    for x, y, radius in BRAIN_LOBES:
        pen.circle(x, y, radius, fill)


def brain_folds(pen: Pen, fill: Colour) -> None:
    pen.line([(0.02, -0.78), (-0.05, -0.4), (0.06, -0.05), (-0.02, 0.5)], fill, 0.07)
    pen.arc((-0.75, -0.45, -0.25, 0.05), 200, 340, fill, 0.07)
    pen.arc((0.2, -0.6, 0.7, -0.1), 160, 320, fill, 0.07)
    pen.arc((-0.55, 0.05, -0.05, 0.55), 190, 330, fill, 0.07)
    pen.arc((0.18, 0.02, 0.68, 0.52), 210, 350, fill, 0.07)


# ----- the faces -----------------------------------------------------------------------------------------------
def _tint(colour: Colour, white: float) -> Colour:
    r, g, b = colour
    return (round(r + (255 - r) * white), round(g + (255 - g) * white), round(b + (255 - b) * white))


def pairs_card(rank: int) -> Image.Image:
    """A Pairs-deck card: its rank, big, in the rank's colour on a light tint of it."""
    image = _canvas()
    colour = PAIRS_COLOURS[rank]
    _card(image, _tint(colour, 0.86))
    _label(image, str(rank), (17, 14, 111, 114), colour)
    return _finish(image)


def poker_card(rank: str, suit: str) -> Image.Image:
    """A poker card: the rank on top and the suit pip below, red or black."""
    image = _canvas()
    colour = POKER_COLOURS[suit]
    _card(image, PAPER)
    _label(image, rank, (18, 9, 110, 64), colour)
    _shape(image, (26, 68, 102, 123), FRENCH_SUITS[suit], colour)
    return _finish(image)


def brain_card(suit: str) -> Image.Image:
    """A Brain: a pink brain on a pink card, and its suit pip."""
    image = _canvas()
    _card(image, BRAIN_PAPER)
    box: Box = (16, 6, 112, 82)
    _shape(image, box, brain, BRAIN_PINK, BRAIN_DARK)
    canvas = ImageDraw.Draw(image)
    brain_folds(Pen(canvas, box), BRAIN_DARK)
    _shape(image, (42, 84, 86, 122), FRENCH_SUITS[suit], POKER_COLOURS[suit])
    return _finish(image)


def white_stone(rank: int) -> Image.Image:
    """A white stone of Blackstone: an off-white disc with a dark rim, numbered."""
    image = _canvas()
    ImageDraw.Draw(image).ellipse(_box((5, 5, 123, 123)), fill=STONE_WHITE, outline=BORDER, width=_px(6))
    _label(image, str(rank), (30, 28, 98, 100), INK)
    return _finish(image)


def black_stone() -> Image.Image:
    """Blackstone's black stone: a black disc with a light rim (it shows on Discord's dark theme) and a shine."""
    image = _canvas()
    canvas = ImageDraw.Draw(image)
    canvas.ellipse(_box((5, 5, 123, 123)), fill=STONE_BLACK, outline=STONE_RIM, width=_px(8))
    canvas.arc(_box((26, 26, 102, 102)), 200, 260, fill=STONE_SHINE, width=_px(9))
    return _finish(image)


def italian_card(rank: int, suit: str) -> Image.Image:
    """An Italian card: A, 2-7, F, C, R on top in the suit's colour, its pip below, on cream."""
    image = _canvas()
    _card(image, CREAM)
    _label(image, ITALIAN_FACES.get(rank, str(rank)), (18, 8, 110, 62), ITALIAN_COLOURS[suit])
    _italian_pip(image, suit, (26, 65, 102, 124))
    return _finish(image)


# ----- Oh My Brain's animals and the marshmallow's die ------------------------------------------------------------
def mosquito(pen: Pen, fill: int) -> None:
    pen.line([(-0.1, 0.05), (-0.95, 0.55)], fill, 0.08)  # the proboscis
    pen.ellipse((-0.2, -0.15, 0.75, 0.25), fill)  # the body
    pen.circle(-0.18, 0.08, 0.2, fill)  # the head
    for x in (0.05, 0.3, 0.55):
        pen.line([(x, 0.2), (x - 0.2, 0.85)], fill, 0.07)
        pen.line([(x, 0.2), (x + 0.25, 0.85)], fill, 0.07)


def mosquito_wings(pen: Pen, fill: int) -> None:
    pen.ellipse((-0.05, -0.95, 0.45, -0.05), fill)
    pen.ellipse((0.3, -0.85, 0.85, -0.05), fill)


def spider(pen: Pen, fill: int) -> None:
    for side in (-1, 1):
        for y, reach in ((-0.35, 0.95), (-0.1, 1.0), (0.15, 1.0), (0.4, 0.9)):
            knee = (side * 0.6, y - 0.35)
            pen.line([(0.0, 0.05), knee, (side * reach, y + 0.45)], fill, 0.09)
    pen.circle(0.0, 0.2, 0.42, fill)  # the abdomen
    pen.circle(0.0, -0.35, 0.26, fill)  # the head


def mouse(pen: Pen, fill: int) -> None:
    left, top = pen.point(0.2, -0.1)
    right, bottom = pen.point(1.0, 0.9)
    pen.draw.arc((left, top, right, bottom), 180, 330, fill=fill, width=pen.length(0.09))  # the tail
    pen.ellipse((-0.75, -0.3, 0.45, 0.55), fill)  # the body
    pen.polygon([(-0.55, -0.2), (-1.0, 0.25), (-0.5, 0.35)], fill)  # the snout
    pen.circle(-0.35, -0.4, 0.28, fill)  # the ear


def marshmallow_die(pen: Pen, fill: int) -> None:
    left, top = pen.point(-0.82, -0.82)
    right, bottom = pen.point(0.82, 0.82)
    pen.draw.rounded_rectangle((left, top, right, bottom), radius=pen.length(0.35), fill=fill)


def die_pips(pen: Pen, fill: int) -> None:
    for x, y in ((-0.42, -0.42), (0.0, 0.0), (0.42, 0.42), (0.42, -0.42), (-0.42, 0.42)):
        pen.circle(x, y, 0.15, fill)


OMB_ANIMALS: dict[int, tuple[Shape, ...]] = {0: (mosquito,), 8: (spider,), 11: (mouse,)}


def ohmybrain_card(face_id: str) -> Image.Image:
    """An Oh My Brain card: its number, big, blue on light blue; a pink special pink, its animal below the number;
    a marshmallow card (face id "17m") with the marshmallow's die below the number."""
    image = _canvas()
    marked = face_id.endswith(MARSHMALLOW_MARK)
    number = int(face_id.removesuffix(MARSHMALLOW_MARK))
    animal = OMB_ANIMALS.get(number)
    colour = OMB_PINK if animal else OMB_BLUE
    _card(image, OMB_PINK_PAPER if animal else OMB_BLUE_PAPER)
    if animal is None and not marked:
        _label(image, str(number), (17, 14, 111, 114), colour)
        return _finish(image)
    _label(image, str(number), (18, 8, 110, 74), colour)
    icon: Box = (34, 78, 94, 124)
    if animal is not None:
        if number == 0:
            _shape(image, icon, mosquito_wings, OMB_WING)
        for shape in animal:
            _shape(image, icon, shape, colour)
    else:
        _shape(image, (40, 79, 88, 124), marshmallow_die, MARSHMALLOW, MARSHMALLOW_EDGE)
        _shape(image, (40, 79, 88, 124), die_pips, MARSHMALLOW_EDGE)
    return _finish(image)


# ----- Full of Dollars ------------------------------------------------------------------------------------------
# Each kind of card its colour: Uzi red, Police blue, a business green, the FBI navy, a Jugement purple, a Bombe
# orange; the top shows what the card plays (its icons, a business's value, the special's sign), the bottom its
# poker value(s), small, in the suit's colour.
FOD_COLOURS: dict[str, tuple[Colour, Colour]] = {  # kind -> (ink, paper)
    "uzi": ((183, 28, 28), (255, 228, 224)),
    "police": ((21, 67, 150), (222, 233, 252)),
    "business": ((27, 94, 32), (226, 243, 228)),
    "fbi": ((26, 35, 126), (226, 229, 246)),
    "jugement": ((106, 27, 154), (240, 228, 247)),
    "bombe": ((191, 54, 12), (255, 236, 214)),
}


def uzi_gun(pen: Pen, fill: int) -> None:
    pen.rectangle((-1.0, -0.42, -0.55, -0.22), fill)  # the barrel
    pen.rectangle((-0.6, -0.55, 0.95, -0.05), fill)  # the body
    pen.polygon([(0.05, -0.1), (0.45, -0.1), (0.35, 0.9), (-0.05, 0.9)], fill)  # the grip and magazine


def police_star(pen: Pen, fill: int) -> None:
    from math import cos, pi, sin

    points = [
        (
            (0.95 if index % 2 == 0 else 0.42) * cos(pi / 2 + index * pi / 5),
            -(0.95 if index % 2 == 0 else 0.42) * sin(pi / 2 + index * pi / 5),
        )
        for index in range(10)
    ]
    pen.polygon(points, fill)


def bomb(pen: Pen, fill: int) -> None:
    pen.circle(-0.1, 0.2, 0.72, fill)
    pen.rectangle((0.25, -0.62, 0.62, -0.3), fill)  # the cap
    pen.line([(0.45, -0.6), (0.6, -0.9), (0.9, -0.95)], fill, 0.1)  # the fuse


def scales(pen: Pen, fill: int) -> None:
    pen.rectangle((-0.07, -0.8, 0.07, 0.75), fill)  # the post
    pen.rectangle((-0.5, 0.7, 0.5, 0.9), fill)  # the base
    pen.line([(-0.9, -0.6), (0.9, -0.6)], fill, 0.1)  # the beam
    for x in (-0.65, 0.65):
        pen.polygon([(x, -0.6), (x - 0.35, 0.15), (x + 0.35, 0.15)], fill)  # the pans (as their cords)


FOD_SIGNS: dict[str, Shape] = {"uzi": uzi_gun, "police": police_star, "bombe": bomb, "jugement": scales}


def fullofdollars_card(face_id: str) -> Image.Image:
    """A Full of Dollars card ("uzi3-7H", "casino400-QH-KH", "fbi-AH"): on top what it plays (an Uzi or Police card
    its icons and sign, a business its value in thousands, a special its sign or FBI), below its poker value(s)."""
    head, *values = face_id.split("-")
    kind = head.rstrip("0123456789")
    number = head[len(kind) :]
    if kind not in FOD_COLOURS:
        kind = "business"  # "casino400": a business and its value
    ink, paper = FOD_COLOURS[kind]
    image = _canvas()
    _card(image, paper)
    if kind == "business":
        _label(image, number, (18, 10, 110, 64), ink)
    elif number:
        _label(image, number, (18, 8, 60, 70), ink)
        _shape(image, (60, 12, 112, 66), FOD_SIGNS[kind], ink)
    elif kind == "fbi":
        _label(image, "FBI", (18, 12, 110, 64), ink)
    else:
        _shape(image, (36, 8, 92, 68), FOD_SIGNS[kind], ink)
    suit = values[-1][-1]
    ranks = "/".join(value[:-1] for value in values)
    colour = POKER_COLOURS[suit]
    _label(image, ranks, (18, 78, 80 if len(values) == 1 else 86, 121), colour)
    _shape(image, (84 if len(values) == 1 else 89, 82, 110, 120), FRENCH_SUITS[suit], colour)
    return _finish(image)


def draw(face: Face) -> Image.Image:
    """The drawing of one face."""
    if face.deck == "pairs":
        return pairs_card(int(face.card))
    if face.deck == "blackstone":
        return black_stone() if int(face.card) == BLACK_STONE else white_stone(int(face.card))
    if face.deck == "italian":
        return italian_card(int(face.card[:-1]), face.card[-1])
    if face.deck == "ohmybrain":
        return ohmybrain_card(face.card)
    if face.deck == "fullofdollars":
        return fullofdollars_card(face.card)
    if face.deck in ("poker", "poker_fr"):
        if face.card.startswith(BRAIN_PREFIX):
            return brain_card(face.card[-1])
        rank, suit = face.card[:-1], face.card[-1]
        return poker_card(FRENCH_COURT[rank] if face.deck == "poker_fr" else rank, suit)
    raise ValueError(f"no drawing for the face set {face.deck!r}")
