"""The Dead Money card data (`data/cards/dead_money.json`) and its validator (`engines.deadmoney.cards`).

Expected values are quoted from the French rulebook (SEED-DM, pages "TRADUCTION DES CARTES"), whose
card lines end in a code: one `*` per hand of cost, one `•` per coin, `gg` = the brain-required icon
(decoded in docs/games/deadmoney.md#the-cards), with the suit glyphs ¨=♣ ©=♦ ª=♥ «=♠.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engines.deadmoney.cards import (
    CARDS_FILE,
    DECK_SIZE,
    RANKS,
    SUITS,
    CardDataError,
    DeadMoneyDeck,
    card_id,
    parse_cards,
)

DATA_DIR = Path(__file__).resolve().parents[3] / "data"
TEXT = (DATA_DIR / CARDS_FILE).read_text(encoding="utf-8")
RAW: dict[str, Any] = json.loads(TEXT)
DECK = parse_cards(TEXT)


# --- the shipped file --------------------------------------------------------------------------


def test_the_shipped_file_parses() -> None:
    assert isinstance(DECK, DeadMoneyDeck)
    assert "_about" in RAW
    for field in ("hands", "coins", "needs_brain", "text", "rulebook_glyph", "copies"):
        assert field in RAW["_about"], field


def test_composition_is_two_copies_of_56_cards() -> None:
    # Rulebook: "Le jeu est composé de 112 cartes ... 2 jeux de poker complets, plus 8 cartes Cerveau."
    assert DECK.copies == 2
    assert len(DECK.cards) == 56
    ids = {card_id(rank, suit) for rank in RANKS for suit in SUITS}
    assert len(ids) == 56
    assert set(DECK.by_id) == ids
    assert {"2S", "KH", "10D", "AC", "BRAIN-D"} <= ids
    full = DECK.full_deck()
    assert len(full) == DECK_SIZE == 112
    assert set(Counter(full).values()) == {2}
    assert sum(card.is_brain for card in DECK.cards) * DECK.copies == 8  # "il y en a 8 au total"
    assert Counter(card.suit for card in DECK.cards) == dict.fromkeys(SUITS, 14)


def test_suits_as_decoded_in_rules_1_2() -> None:
    # docs/games/deadmoney.md#the-cards: ¨=♣, ©=♦, ª=♥, «=♠; the rulebook's note names them Pique, Carreau, Cœur,
    # Trèfle.
    decoded = {spec.rulebook_glyph: (spec.suit, spec.symbol, spec.name.fr, spec.name.en) for spec in DECK.suits}
    assert decoded == {
        "¨": ("C", "♣", "Trèfle", "Clubs"),
        "©": ("D", "♦", "Carreau", "Diamonds"),
        "ª": ("H", "♥", "Cœur", "Hearts"),
        "«": ("S", "♠", "Pique", "Spades"),
    }


def test_exactly_ranks_2_to_7_need_a_brain() -> None:
    # A check of the decoding: `gg` (needs a Brain) appears on exactly ranks 2–7 in all four suits, nowhere else.
    for card in DECK.cards:
        assert card.needs_brain == (card.rank in ("2", "3", "4", "5", "6", "7")), card.id
        assert card.roll_target == (int(card.rank) if card.needs_brain else None), card.id


def test_brains() -> None:
    # Rulebook: "Poser un Cerveau coûte 2 mains ... vous devez ensuite piocher 2 cartes et jouer immédiatement
    # un nouveau tour"; every "B" line reads "Fin du tour. Piochez 2 cartes et rejouez.**" (2 hands, no coin).
    brains = [card for card in DECK.cards if card.is_brain]
    assert [card.id for card in brains] == ["BRAIN-D", "BRAIN-C", "BRAIN-H", "BRAIN-S"]
    for card in brains:
        assert (card.hands, card.coins, card.needs_brain) == (2, 0, False), card.id
        assert card.text.fr == "Fin du tour. Piochez 2 cartes et rejouez."
        assert card.text.en == "End of turn; draw 2 and play another turn."


def test_end_of_turn_cards_cost_two_hands() -> None:
    # A check of the decoding: every card that says "Fin du tour" (J♦, Q♦, A♥, Brains) costs 2 hands.
    ending = {card.id for card in DECK.cards if card.text.fr.startswith("Fin du tour")}
    assert ending == {"JD", "QD", "AH", "BRAIN-C", "BRAIN-D", "BRAIN-H", "BRAIN-S"}
    assert all(DECK.card(card).hands == 2 for card in ending)


def test_totals_match_rules_1_2() -> None:
    # A check of the decoding: 29 one-hand / 23 two-hand, 32 one-coin / 20 two-coin over the 52 non-Brains.
    poker = [card for card in DECK.cards if not card.is_brain]
    assert Counter(card.hands for card in poker) == {1: 29, 2: 23}
    assert Counter(card.coins for card in poker) == {1: 32, 2: 20}


def test_showdown_example_pair_of_kings_and_a_nine_is_four_coins() -> None:
    # Rulebook: "une paire de Rois et un 9 seul ... il devra payer 4 cartes, une pour chaque pièce."
    # A check of the decoding: K♠ and 9♥ carry 2 coins, the other Kings and 9s carry 1.
    assert {card.id: card.coins for card in DECK.cards if card.rank in ("K", "9")} == {
        "KC": 1, "KD": 1, "KH": 1, "KS": 2, "9C": 1, "9D": 1, "9H": 2, "9S": 1,
    }  # fmt: skip
    assert DECK.card("KS").coins + DECK.card("KD").coins + DECK.card("9C").coins == 4


@pytest.mark.parametrize(
    ("card", "hands", "coins", "needs_brain", "fr", "en"),
    [
        # "A© Le cerveau de votre choix retourne dans la main de son propriétaire.**••"
        ("AD", 2, 2, False, "Le cerveau de votre choix retourne dans la main de son propriétaire.",
         "Choose any Brain on the table; it goes back into the hand of the player it is in front of."),
        # "Q© Fin du tour. En commençant par vous, le pre-/mier joueur à lancer un 6 vole 1 cerveau et
        #  joue immédiatement.**•"  (hyphenation at the line end joined)
        ("QD", 2, 1, False,
         "Fin du tour. En commençant par vous, le premier joueur à lancer un 6 vole 1 cerveau et joue immédiatement.",
         "End of turn. Starting with you, players take turns rolling; the first to roll a 6 steals 1 Brain and "
         "takes a turn at once."),
        # "3¨ Défaussez toutes vos cartes et piochez en 6.**••gg"
        ("3C", 2, 2, True, "Défaussez toutes vos cartes et piochez en 6.", "Discard your hand and draw 6."),
        # "10¨ Appliquez les effets de la première carte de la / pioche (pas besoin de cerveau ni de dé).*••"
        ("10C", 1, 2, False, "Appliquez les effets de la première carte de la pioche (pas besoin de cerveau ni de dé).",
         "Resolve the top card of the draw pile as if you had played it (no Brain or roll needed)."),
        # "7ª Volez tous les cerveaux sur la table.**•gg"
        ("7H", 2, 1, True, "Volez tous les cerveaux sur la table.", "Steal every Brain on the table."),
        # "Kª Choisissez 1 cerveau sur la table et défaussez-/le (un des vôtres si nécessaire).*•"
        ("KH", 1, 1, False, "Choisissez 1 cerveau sur la table et défaussez-le (un des vôtres si nécessaire).",
         "Choose a Brain on the table and discard it (one of your own if need be)."),
        # "7« Donnez cette carte à un adversaire.*••gg"
        ("7S", 1, 2, True, "Donnez cette carte à un adversaire.",
         "Give this card to an opponent (it goes into their hand)."),
        # "6« Tout le monde défausse une carte (en com-/mençant par vous).**•gg"
        ("6S", 2, 1, True, "Tout le monde défausse une carte (en commençant par vous).",
         "Starting with you, everyone discards 1 card."),
    ],
)  # fmt: skip
def test_spot_checks_against_the_rulebook(
    card: str, hands: int, coins: int, needs_brain: bool, fr: str, en: str
) -> None:
    spec = DECK.card(card)
    assert (spec.hands, spec.coins, spec.needs_brain) == (hands, coins, needs_brain)
    assert spec.text.fr == fr
    assert spec.text.en == en


def test_3s_text_reassembled_from_three_hyphenated_lines() -> None:
    # "3« Retournez la première carte de la pioche ; si c'est un / chiffre, comptez (en commençant par vous) et don-/
    #  nez-la au joueur désigné, puis recommencez. Si c'est / une lettre, gardez-la et continez votre tour.**••gg"
    # ("continez" is the rulebook's own typo, kept.)
    spec = DECK.card("3S")
    assert (spec.hands, spec.coins, spec.needs_brain) == (2, 2, True)
    assert spec.text.fr == (
        "Retournez la première carte de la pioche ; si c’est un chiffre, comptez (en commençant par vous) et "
        "donnez-la au joueur désigné, puis recommencez. Si c’est une lettre, gardez-la et continez votre tour."
    )


def test_texts_carry_no_extraction_artefacts() -> None:
    for card in DECK.cards:
        for text in (card.text.fr, card.text.en):
            assert text == text.strip() and "  " not in text and "\n" not in text, card.id
            assert "- " not in text, card.id  # an end-of-line hyphenation left unjoined
            assert not any(code in text for code in ("*", "•", "gg")), card.id  # the rulebook's cost code
            assert not any(glyph in text for glyph in "¨©ª«"), card.id
        assert card.text.en != "as above.", card.id


# --- corrupted copies are refused, naming the card ---------------------------------------------


def _corrupt(mutate: Callable[[dict[str, Any]], None]) -> str:
    data = copy.deepcopy(RAW)
    mutate(data)
    return json.dumps(data, ensure_ascii=False)


def _cards(data: dict[str, Any], suit: str) -> list[dict[str, Any]]:
    return next(group["cards"] for group in data["suits"] if group["suit"] == suit)


def _card(data: dict[str, Any], suit: str, rank: str) -> dict[str, Any]:
    return next(card for card in _cards(data, suit) if card["rank"] == rank)


def _refused(text: str, card: str | None, *fragments: str) -> None:
    with pytest.raises(CardDataError) as caught:
        parse_cards(text)
    message = str(caught.value)
    assert caught.value.card_id == card, message
    if card is not None:
        assert message.startswith(f"card {card}: "), message
    for fragment in fragments:
        assert fragment in message, message


def test_a_missing_card_is_refused() -> None:
    def drop_7s(data: dict[str, Any]) -> None:
        _cards(data, "S").remove(_card(data, "S", "7"))

    _refused(_corrupt(drop_7s), "7S", "missing")


def test_a_duplicate_id_is_refused() -> None:
    def second_qh(data: dict[str, Any]) -> None:
        _card(data, "H", "K")["rank"] = "Q"  # the K line mislabelled: QH twice, KH missing

    _refused(_corrupt(second_qh), "QH", "duplicate")

    def extra_brain(data: dict[str, Any]) -> None:
        _cards(data, "D").append(copy.deepcopy(_card(data, "D", "BRAIN")))

    _refused(_corrupt(extra_brain), "BRAIN-D", "duplicate")


@pytest.mark.parametrize("hands", [0, 3, "2", True])
def test_a_bad_cost_is_refused(hands: object) -> None:
    _refused(_corrupt(lambda data: _card(data, "H", "K").update(hands=hands)), "KH", "hands")


def test_a_brain_must_cost_two_hands_and_carry_no_coins() -> None:
    _refused(_corrupt(lambda data: _card(data, "C", "BRAIN").update(hands=1)), "BRAIN-C", "2 hands")
    _refused(_corrupt(lambda data: _card(data, "C", "BRAIN").update(coins=1)), "BRAIN-C", "coins")


def test_bad_coins_are_refused() -> None:
    _refused(_corrupt(lambda data: _card(data, "D", "9").update(coins=3)), "9D", "coins")


def test_only_a_number_card_can_need_a_brain() -> None:
    _refused(_corrupt(lambda data: _card(data, "S", "J").update(needs_brain=True)), "JS", "number card")


def test_a_missing_french_text_is_refused() -> None:
    _refused(_corrupt(lambda data: _card(data, "S", "2")["text"].pop("fr")), "2S", "text.fr")
    _refused(_corrupt(lambda data: _card(data, "S", "2")["text"].update(fr="  ")), "2S", "text.fr", "empty")
    _refused(_corrupt(lambda data: _card(data, "D", "10")["text"].update(en="")), "10D", "text.en")


def test_a_misspelt_field_is_refused() -> None:
    def typo(data: dict[str, Any]) -> None:
        card = _card(data, "C", "A")
        card["hand"] = card.pop("hands")

    _refused(_corrupt(typo), "AC", "hand")


def test_an_unknown_rank_is_refused_naming_its_place() -> None:
    _refused(_corrupt(lambda data: _card(data, "H", "10").update(rank="11")), "#10 of suit H (rank '11')", "rank")


def test_deck_level_errors() -> None:
    _refused(_corrupt(lambda data: data.update(copies=1)), None, "copies")
    _refused(_corrupt(lambda data: data["suits"].pop()), None, "suit(s) S missing")
    _refused(_corrupt(lambda data: data["suits"][0].update(suit="C")), None, "suit")
    _refused("{not json", None, "not valid JSON")


def test_comments_are_ignored() -> None:
    def annotate(data: dict[str, Any]) -> None:
        data["_note"] = "checked against my copy"
        _card(data, "S", "K")["_note"] = "photo 2024-05"

    assert parse_cards(_corrupt(annotate)) == DECK
