"""The card data file (`data/cards/oh_my_brain.json`): the house default of docs/games/ohmybrain.md#the-cards, validated
at start with errors that name the card, installed by `bot.games.install`; a corrected file changes the game without
code."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot import games
from bot.settings import DATA_DIR
from engines import registry
from engines.ohmybrain import CARDS_FILE, CardDataError, OhMyBrainEngine, OhMyBrainOptions, parse_cards

RAW: dict[str, Any] = json.loads((DATA_DIR / CARDS_FILE).read_text("utf-8"))


def card(raw: dict[str, Any], number: int) -> dict[str, Any]:
    entry: dict[str, Any] = next(entry for entry in raw["cards"] if entry["number"] == number)
    return entry


def test_the_house_default_deck() -> None:
    deck = parse_cards(json.dumps(RAW))
    assert len(deck.full_deck()) == 50 and set(deck.full_deck()) == set(range(20))
    copies = [deck.copies(number) for number in range(20)]
    assert copies == [2, 1, 1, 1, 2, 3, 3, 4, 3, 4, 5, 3, 4, 4, 3, 2, 2, 1, 1, 1]
    assert sum(copies[6:13]) == 26  # "most cards are the middle numbers 6-12"
    assert deck.marshmallow == (1, 2, 3, 17, 18, 19)


def broken(change: Callable[[dict[str, Any]], None]) -> str:
    raw = json.loads(json.dumps(RAW))
    change(raw)
    return json.dumps(raw)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda raw: card(raw, 7).update(copies=0), "card 7: copies: copies must be at least 1"),
        (lambda raw: card(raw, 7).update(copies="4"), "card 7: copies"),
        (lambda raw: card(raw, 11).update(marshmallow=True), "card 11: a pink special (mouse) carries no marshmallow"),
        (lambda raw: card(raw, 12).update(colour="blue"), "card 12: colour"),
        (lambda raw: card(raw, 13).update(number=25), "card #14 (number 25)"),
        (lambda raw: raw["cards"].append({"number": 9, "copies": 1, "marshmallow": False}), "card 9: listed twice"),
        (lambda raw: raw["cards"].remove(card(raw, 15)), "card 15: missing"),
        (lambda raw: card(raw, 10).update(copies=6), "add up to 51 cards, but the game has 50"),
        (lambda raw: [entry.update(marshmallow=False) for entry in raw["cards"]], "no card carries the marshmallow"),
        (lambda raw: raw.update(extra=1), "unknown top-level key"),
    ],
)
def test_a_bad_file_is_refused_naming_the_card(change: Callable[[dict[str, Any]], None], message: str) -> None:
    with pytest.raises(CardDataError) as error:
        parse_cards(broken(change))
    assert message in str(error.value)


def test_comments_are_ignored() -> None:
    raw = json.loads(json.dumps(RAW))
    card(raw, 4)["_note"] = "checked against a real card"
    assert parse_cards(json.dumps(raw)) == parse_cards(json.dumps(RAW))


def test_install_registers_the_engine_with_the_data_file() -> None:
    games.install()
    engine = registry.get("ohmybrain")
    assert isinstance(engine, OhMyBrainEngine) and engine.deck == parse_cards(json.dumps(RAW))


def test_a_corrected_file_changes_the_game_without_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(DATA_DIR / "cards", tmp_path / "cards")
    path = tmp_path / CARDS_FILE
    raw = json.loads(path.read_text("utf-8"))
    card(raw, 16)["marshmallow"] = True
    card(raw, 1)["marshmallow"] = False
    path.write_text(json.dumps(raw), "utf-8")
    monkeypatch.setattr(registry, "_ENGINES", {})
    games.install(tmp_path)
    engine = registry.get("ohmybrain")
    assert engine.deck.marshmallow == (2, 3, 16, 17, 18, 19)
    assert engine.new(2, OhMyBrainOptions(), 1).marshmallow == [2, 3, 16, 17, 18, 19]


def test_a_bad_file_stops_the_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(DATA_DIR / "cards", tmp_path / "cards")
    (tmp_path / CARDS_FILE).write_text(broken(lambda raw: card(raw, 7).update(copies=-1)), "utf-8")
    monkeypatch.setattr(registry, "_ENGINES", {})
    with pytest.raises(CardDataError, match="card 7"):
        games.install(tmp_path)
