"""`cardroom emojis draw [--out DIR]`: draw every card face as a 128×128 PNG, with the manifest the bot uploads from.

Writes `<DIR>/<deck>/<card>.png` for every face of `cogs.emojis.cards.all_faces()` and `<DIR>/manifest.json`:
emoji name (the card as it reads) -> file, face set, card id and content hash (the start of the sha256 of
the pixels, so the PNG encoder's version does not matter), with the Pillow and FreeType versions that drew
them. Run it after changing the art and commit the result: at its next start the bot finds the hashes changed
(against the art it noted uploading) and uploads the new drawings under the same names.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path
from typing import Any

import PIL
from PIL import Image, features

from bot.emojis import EMOJI_DIR, MANIFEST_NAME
from cogs.emojis.cards import Face, all_faces, emoji_name
from tools.emojis import art

MANIFEST_VERSION = 1
DIGEST_LENGTH = 8


def pixel_hash(image: Image.Image) -> str:
    """The start of the sha256 of the image's mode, size and pixels."""
    header = f"{image.mode} {image.size[0]}x{image.size[1]}\n".encode()
    return hashlib.sha256(header + image.tobytes()).hexdigest()[:DIGEST_LENGTH]


def drawing_tools() -> dict[str, str]:
    """The versions the drawing depends on: the same versions draw the same pixels."""
    return {"pillow": PIL.__version__, "freetype": str(features.version("freetype2"))}


def draw_face(face: Face, out: Path) -> tuple[str, dict[str, str]]:
    """Draw `face` into `out`; returns its emoji name and manifest entry."""
    image = art.draw(face)
    digest = pixel_hash(image)
    path = out / face.file
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG", optimize=True)
    return emoji_name(face), {"file": face.file, "deck": face.deck, "card": face.card, "hash": digest}


def draw_all(out: Path) -> dict[str, Any]:
    """Draw every face into `out` and write its manifest; returns the manifest."""
    out.mkdir(parents=True, exist_ok=True)
    emojis = dict(draw_face(face, out) for face in all_faces())
    manifest = {"version": MANIFEST_VERSION, "size": art.SIZE, **drawing_tools(), "emojis": emojis}
    (out / MANIFEST_NAME).write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardroom emojis", description="The card faces as application emojis.")
    commands = parser.add_subparsers(dest="command", required=True)
    draw = commands.add_parser("draw", help="draw every card face as a PNG, with the manifest")
    draw.add_argument("--out", type=Path, default=EMOJI_DIR, help=f"where to write them (default {EMOJI_DIR})")
    args = parser.parse_args(argv)
    manifest = draw_all(args.out)
    decks: dict[str, int] = {}
    for entry in manifest["emojis"].values():
        decks[entry["deck"]] = decks.get(entry["deck"], 0) + 1
    summary = ", ".join(f"{deck} {count}" for deck, count in decks.items())
    print(f"cardroom: drew {len(manifest['emojis'])} card emojis ({summary}) into {args.out}")
    return 0
