"""`bot.games.install`: Dead Money's engine is built from the card data file, and a bad file names the card."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot import games
from bot.settings import DATA_DIR
from engines import registry
from engines.deadmoney import CARDS_FILE
from engines.deadmoney.cards import CardDataError


def test_dead_money_is_registered_with_the_cards_of_the_data_file() -> None:
    games.install()
    engine = registry.get("deadmoney")
    raw = json.loads((DATA_DIR / CARDS_FILE).read_text("utf-8"))
    spades = next(group for group in raw["suits"] if group["suit"] == "S")
    king = next(card for card in spades["cards"] if card["rank"] == "K")
    assert engine.specs["KS"].coins == king["coins"]
    assert engine.specs["KS"].hands == king["hands"]


def test_a_corrected_card_changes_the_engine_without_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(DATA_DIR / "cards", tmp_path / "cards")
    path = tmp_path / CARDS_FILE
    raw = json.loads(path.read_text("utf-8"))
    spades = next(group for group in raw["suits"] if group["suit"] == "S")
    king = next(card for card in spades["cards"] if card["rank"] == "K")
    king["coins"] = 1 if king["coins"] == 2 else 2
    path.write_text(json.dumps(raw), "utf-8")
    monkeypatch.setattr(registry, "_ENGINES", {})
    games.install(tmp_path)
    assert registry.get("deadmoney").specs["KS"].coins == king["coins"]


def test_a_bad_card_file_is_refused_naming_the_card(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(DATA_DIR / "cards", tmp_path / "cards")
    path = tmp_path / CARDS_FILE
    raw = json.loads(path.read_text("utf-8"))
    hearts = next(group for group in raw["suits"] if group["suit"] == "H")
    queen = next(card for card in hearts["cards"] if card["rank"] == "Q")
    queen["hands"] = 3
    path.write_text(json.dumps(raw), "utf-8")
    monkeypatch.setattr(registry, "_ENGINES", {})
    with pytest.raises(CardDataError, match="QH"):
        games.install(tmp_path)
