"""Dead Money's card menus (issue 28 item 8): a select option's description (Discord: 100 characters) holds a card's
cost and its whole effect, a long effect in its short form, never cut; the full text of such a card is in its
holder's hand while they have a card to play or to choose."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGUAGES
from cogs.games.deadmoney import render as render_dm
from cogs.render.frame import hand_embed
from cogs.render.games import pick_option
from cogs.render.limits import OPTION_TEXT
from cogs.render.text import poker_card_face
from cogs.tables._views import hand_view
from engines import registry
from engines.deadmoney import Play, Target
from engines.deadmoney.cards import card_id
from tests.cogs.games.deadmoney.test_render_deadmoney import table_of
from tests.cogs.render_support import lines, payload, plain
from tests.engines.deadmoney.deadmoney_rig import act, rig

ENGINE: Any = registry.get("deadmoney")
GAME = "deadmoney"
NUMBERS = [card_id(rank, suit) for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K") for suit in "CDHS"]
# The cards whose rulebook text, beside its cost, is over 100 characters in English or in French.
LONG = ["AC", "2C", "4C", "5C", "6C", "9C", "10C", "2D", "8D", "AD", "JD", "QD"]
LONG += ["2H", "3H", "6H", "8H", "AH", "KH", "QH", "2S", "3S"]


def option_descriptions(body: dict[str, Any]) -> list[str]:
    """Every select option's description in a message body, as Discord receives it."""
    return [
        option.get("description") or ""
        for row in body.get("components", [])
        for child in row["components"]
        if child["type"] == 3
        for option in child["options"]
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_menu_option_shows_its_cost_and_whole_effect_uncut(lang: str) -> None:
    # Ada holds one of every numbered and face card, a Brain in front of her: she may play any of them.
    state = rig(hands={0: NUMBERS}, brains={0: ["BRAIN-S"]})
    pick = ENGINE.card_pick(state, 0)
    assert pick is not None and pick.kind == "play" and set(pick.cards) == set(NUMBERS)
    bid = pick.model_copy(update={"kind": "bid"})  # a bid's menus show the same cards with their coins
    for card in pick.cards:
        description = pick_option(GAME, card, lang, pick)[1]
        assert description is not None and "…" not in description, (card, description)
        assert len(description) <= OPTION_TEXT, (card, description)
        assert description == f"{render_dm.card_stats(card, lang, brief=True)} — {render_dm.menu_effect(card, lang)}"
        coins = pick_option(GAME, card, lang, bid)[1]
        assert coins is not None and "…" not in coins and len(coins) <= OPTION_TEXT
    # The long ones in short, whole: the 3♠'s count and the letter that stops it, the J♦'s showdown.
    three = {
        "en": "2 actions · 2 coins · 🧠 — Flip: number N → Nth player (you = 1), flip again; letter/Brain → keep it.",
        "fr": "2 actions · 2 pièces · 🧠 — Révélez : chiffre N → Nᵉ joueur (vous = 1), encore ; lettre → gardez-la.",
    }
    assert plain(pick_option(GAME, "3S", lang, pick)[1] or "") == three[lang]
    jack = {
        "en": "2 actions · 1 coin — End of turn. Drop any Brain you choose; the showdown starts left of its holder.",
        "fr": "2 actions · 1 pièce — Fin du tour. 1 cerveau au choix est perdu ; enchères à gauche de la victime.",
    }
    assert plain(pick_option(GAME, "JD", lang, pick)[1] or "") == jack[lang]
    # A short effect does not replace one that fits: the K♦ still says "Draw 1." in full.
    assert render_dm.pick_option_text("KD", lang)[1].endswith(render_dm.card_text("KD", lang))
    # And in the menus themselves, as Discord receives them: the first page of long cards, none cut.
    table = table_of(rig(hands={0: LONG}, brains={0: ["BRAIN-S"]}))
    descriptions = option_descriptions(payload(hand_embed(table, 0, lang), hand_view(table, 0, lang)))
    assert len(descriptions) == len(LONG)
    assert all("…" not in text and len(text) <= OPTION_TEXT for text in descriptions), descriptions


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_shown_in_short_has_its_full_text_in_the_hand(lang: str) -> None:
    state = rig(hands={0: ["3S", "KD", "JD", "3S"], 1: ["2S", "QC"]}, brains={0: ["BRAIN-S"]})
    table = table_of(state)
    embed = hand_embed(table, 0, lang)
    title = {"en": "📖 Card texts in full", "fr": "📖 Textes complets des cartes"}
    names = [field.name for field in embed.fields]
    assert title[lang] in names and names[-1] == title[lang]  # last: the first to go if the embed is too long
    shown = [plain(line) for line in lines(embed)]
    start = shown.index(title[lang])
    expected = {
        "en": [
            f"{poker_card_face('3S', lang=lang)} (2 actions · 2 coins · needs a Brain): Turn over the top card of "
            "the draw pile. If it is a number (2–10), count that many players starting with you and give it to that "
            "player, then repeat. If it is a letter (A, J, Q, K, Brain), keep it and go on with your turn.",
            f"{poker_card_face('JD', lang=lang)} (2 actions · 1 coin): End of turn. A Brain of your choice is "
            "dropped; the showdown starts left of its holder.",
        ],
        "fr": [
            f"{poker_card_face('3S', lang=lang)} (2 actions · 2 pièces · cerveau obligatoire) : Retournez la "
            "première carte de la pioche ; si c’est un chiffre, comptez (en commençant par vous) et donnez-la au "
            "joueur désigné, puis recommencez. Si c’est une lettre, gardez-la et continez votre tour.",
            f"{poker_card_face('JD', lang=lang)} (2 actions · 1 pièce) : Fin du tour. 1 cerveau de votre choix est "
            "perdu ; les enchères commence à gauche de la victime.",
        ],
    }
    assert shown[start + 1 :] == expected[lang]  # once per card, the K♦ (whole in its menu) not repeated
    two_spades = {
        "en": f"{poker_card_face('2S', lang=lang)} (2 actions · 2 coins · needs a Brain): "
        + render_dm.card_text("2S", lang),
        "fr": f"{poker_card_face('2S', lang=lang)} (2 actions · 2 pièces · cerveau obligatoire) : "
        + render_dm.card_text("2S", lang),
    }
    # Bea's hand shows nothing of the kind while she has nothing to choose, and never Ada's cards.
    bea = hand_embed(table, 1, lang)
    assert title[lang] not in [field.name for field in bea.fields]
    # When a card asks her to choose one of her cards (Ada's Q♣: Bea discards 1), her 2♠'s full text is in her hand.
    state = act(act(rig(hands={0: ["QC", "KD"], 1: ["2S", "9S"]}), 0, Play(card="QC")), 0, Target(seat=1))
    assert ENGINE.to_act(state) == (1,)
    pick = ENGINE.card_pick(state, 1)
    assert pick is not None and pick.kind == "cards" and "2S" in pick.cards
    bea = hand_embed(table_of(state), 1, lang)
    assert [plain(line) for line in lines(bea)][-2:] == [title[lang], plain(two_spades[lang])]
    assert title[lang] not in [field.name for field in hand_embed(table_of(state), 0, lang).fields]  # Ada waits
