"""The card data file: the placeholder of docs/games/fullofdollars.md#the-cards, validated with errors that name the
card."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot import games
from engines import registry
from engines.fullofdollars import CARDS_FILE, CardDataError, parse_cards

DATA = Path(__file__).resolve().parents[3] / "data"
TEXT = (DATA / CARDS_FILE).read_text(encoding="utf-8")


def test_the_file_holds_the_placeholder_of_the_house_defaults() -> None:
    deck = parse_cards(TEXT)
    assert len(deck.cards) == 160
    assert Counter(card.type for card in deck.cards) == {"uzi": 56, "police": 56, "business": 30, "special": 18}
    for side in ("uzi", "police"):
        icons = Counter(card.icons for card in deck.cards if card.type == side)
        assert icons == {1: 16, 2: 14, 3: 12, 4: 8, 5: 6}
    assert [business.value for business in deck.businesses] == [50, 100, 100, 150, 150, 200, 200, 250, 300, 400]
    assert [business.name.fr for business in deck.businesses][:2] == ["Casse", "Maquillage de voitures"]
    assert Counter(card.business for card in deck.cards if card.business) == {b.id: 3 for b in deck.businesses}
    assert Counter(card.special for card in deck.cards if card.special) == {"fbi": 6, "jugement": 6, "bombe": 6}
    duals = [card for card in deck.cards if card.dual]
    assert 0.15 <= len(duals) / 160 <= 0.25
    values = Counter(card.poker[0] for card in deck.cards)
    assert len(values) == 52 and set(values.values()) <= {3, 4}  # the 52 values dealt round-robin


def _broken(change: Any) -> str:
    data = json.loads(TEXT)
    change(data)
    with pytest.raises(CardDataError) as error:
        parse_cards(json.dumps(data))
    return str(error.value)


def _card(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    card: dict[str, Any] = next(card for card in data["cards"] if card["id"] == card_id)
    return card


def test_errors_name_the_card() -> None:
    assert _broken(lambda d: _card(d, "U07").update(icons=6)).startswith("card U07:")
    assert _broken(lambda d: _card(d, "B04").update(business="bakery")).startswith("card B04:")
    assert _broken(lambda d: _card(d, "S02").update(poker=["1X"])).startswith("card S02:")
    assert _broken(lambda d: _card(d, "U05").update(poker=["7C", "6C"])).startswith("card U05:")
    assert _broken(lambda d: _card(d, "P01").update(id="P02")).startswith("card P02: duplicate")
    assert _broken(lambda d: _card(d, "P01").update(type="uzi")).startswith("card ")
    assert "special" in _broken(lambda d: _card(d, "S01").pop("special"))
    assert "businesses" in _broken(lambda d: d["businesses"].pop())
    assert "thousands" in _broken(lambda d: d["businesses"][0].update(value=75))
    assert "unknown top-level" in _broken(lambda d: d.update(extra=1))


def test_not_json_is_an_error() -> None:
    with pytest.raises(CardDataError):
        parse_cards("{")


def test_the_bot_installs_the_engine_with_the_data_file() -> None:
    games.install()
    assert "fullofdollars" in registry.names()
    assert len(registry.get("fullofdollars").deck.cards) == 160
