"""The committed card emojis (`data/emojis/`): one per card of every deck, valid for Discord, and the drawing
(`cardroom emojis draw`) reproduces them."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.emojis import EMOJI_DIR, MAX_IMAGE_BYTES, load_manifest
from cogs.emojis.cards import Face, all_faces, emoji_name
from cogs.games.deadmoney.render import card_specs
from engines.blackstone.deck import full_deck as blackstone_deck
from engines.blackstone.deck import is_black
from engines.pairs_deck import full_deck
from tools.emojis import art
from tools.emojis import draw as drawing
from tools.emojis.draw import drawing_tools, main, pixel_hash

DISCORD_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")


def committed() -> dict[tuple[str, str], str]:
    """(face set, card id) -> emoji name, from the committed manifest."""
    return {(entry.deck, entry.card): name for name, entry in load_manifest().emojis.items()}


def test_every_card_of_every_deck_has_an_emoji() -> None:
    faces = committed()
    pairs = {card for deck, card in faces if deck == "pairs"}
    poker = {card for deck, card in faces if deck == "poker"}
    assert pairs == {str(rank) for rank in full_deck()} == {str(rank) for rank in range(1, 11)}
    assert poker == set(card_specs())  # Dead Money's 52 cards and 4 Brains, as its engine knows them
    assert len(poker) == 56
    assert {card for deck, card in faces if deck == "poker_fr"} == {f"{r}{s}" for r in "JQK" for s in "CDHS"}
    stones = {card for deck, card in faces if deck == "blackstone"}
    assert stones == {str(rank) for rank in blackstone_deck()} and any(is_black(int(card)) for card in stones)
    italian = {card for deck, card in faces if deck == "italian"}
    assert italian == {f"{rank}{suit}" for rank in range(1, 11) for suit in "CDSB"} and len(italian) == 40
    assert set(faces) == {(face.deck, face.card) for face in all_faces()}  # and nothing else


def test_names_are_valid_for_discord_unique_and_read_as_the_card() -> None:
    manifest = load_manifest()
    names = list(manifest.emojis)
    assert len(set(names)) == len(names) == len(all_faces())
    assert len(names) <= 2000
    faces = {(face.deck, face.card): face.name for face in all_faces()}
    for name, entry in manifest.emojis.items():
        assert DISCORD_NAME.match(name), name
        assert faces[entry.deck, entry.card] == name  # the card as it reads, whatever the drawing (no hash in it)


def test_every_image_is_a_128_px_png_well_under_256_kib_matching_its_hash() -> None:
    raw = json.loads((EMOJI_DIR / "manifest.json").read_text(encoding="utf-8"))
    assert raw["size"] == 128
    for name, entry in load_manifest().emojis.items():
        path = EMOJI_DIR / entry.file
        size = path.stat().st_size
        assert 0 < size < MAX_IMAGE_BYTES // 8, f"{name}: {size} bytes"
        with Image.open(path) as image:
            assert image.format == "PNG" and image.size == (128, 128) and image.mode == "RGBA", name
            assert pixel_hash(image) == entry.hash, f"{name}: the PNG is not the drawing the manifest lists"


LONG = os.environ.get("CARDROOM_LONG_FUZZ", "") not in ("", "0")
SAMPLE_EVERY = 25  # the default run draws the first face of each deck and every 25th face; the long run all


def sample_faces() -> list[Face]:
    """The faces drawn again: a sample (each deck's first and every `SAMPLE_EVERY`-th), every face with
    CARDROOM_LONG_FUZZ=1. Each face is drawn on its own, so a sample checks the same code as the whole set."""
    faces = all_faces()
    if LONG:
        return faces
    firsts = {face.deck: face for face in reversed(faces)}.values()
    return list(dict.fromkeys([*firsts, *faces[::SAMPLE_EVERY]]))


def test_drawing_again_gives_the_committed_emojis(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pixels depend on Pillow's and FreeType's versions (font rasterisation): with the versions that drew the
    committed set, a fresh drawing is identical; with others, it still draws every face asked (and says so).
    `cardroom emojis draw` draws the sample here (`sample_faces`)."""
    faces = sample_faces()
    monkeypatch.setattr(drawing, "all_faces", lambda: faces)
    assert main(["draw", "--out", str(tmp_path)]) == 0
    fresh = load_manifest(tmp_path)
    assert {(entry.deck, entry.card) for entry in fresh.emojis.values()} == {(face.deck, face.card) for face in faces}
    assert {face.deck for face in faces} == {face.deck for face in all_faces()}
    committed = load_manifest().emojis
    raw = json.loads((EMOJI_DIR / "manifest.json").read_text(encoding="utf-8"))
    if {"pillow": raw["pillow"], "freetype": raw["freetype"]} == drawing_tools():
        assert fresh.emojis == {emoji_name(face): committed[emoji_name(face)] for face in faces}
    else:
        assert len(fresh.emojis) == len(faces)


def test_the_drawing_is_deterministic(tmp_path: Path) -> None:
    for face in sample_faces()[::2]:
        first, second = art.draw(face), art.draw(face)
        assert first.tobytes() == second.tobytes(), face
        _, entry = drawing.draw_face(face, tmp_path)
        assert entry["hash"] == pixel_hash(first)


def test_red_suits_are_red_and_black_suits_black() -> None:
    """At a glance: the pip area of a heart or a diamond is mostly red, that of a spade or a club mostly dark."""

    def pip_colour(card: str) -> tuple[int, int, int]:
        with Image.open(EMOJI_DIR / "poker" / f"{card}.png") as image:
            rgba = image.convert("RGBA")
        grid = [rgba.getpixel((x, y)) for x in range(30, 98) for y in range(72, 120)]
        pixels = [p for p in grid if isinstance(p, tuple) and p[3] > 200]
        inked = [p for p in pixels if min(p[:3]) < 200]
        return tuple(sum(p[i] for p in inked) // len(inked) for i in range(3))  # type: ignore[return-value]

    for card in ("AH", "10D", "KH", "2D"):
        red, green, blue = pip_colour(card)
        assert red > 150 and green < 90 and blue < 90, (card, red, green, blue)
    for card in ("AS", "10C", "KS", "2C"):
        assert max(pip_colour(card)) < 70, card


def test_the_black_stone_has_a_light_rim_for_the_dark_theme() -> None:
    with Image.open(EMOJI_DIR / "blackstone" / "10.png") as image:
        rgba = image.convert("RGBA")
        centre = rgba.getpixel((64, 64))
        rim = rgba.getpixel((64, 8))
    assert isinstance(centre, tuple) and isinstance(rim, tuple)
    assert max(centre[:3]) < 60 and min(rim[:3]) > 150 and rim[3] > 200
