"""Pairs and Hawthorn on Discord with the longest names: the table and every hand whole (every player's name and
line in full, nothing cut), within Discord's limits, in both languages."""

from __future__ import annotations

import discord
import pytest

from cogs.render import limits
from cogs.render.frame import hand_embed, table_embed
from engines import hawthorn, pairs
from engines.pairs.engine import setup
from tests.cogs import render_support
from tests.cogs.render_support import lines, plain
from tests.engines.hawthorn.hawthorn_rig import started
from tests.engines.pairs.pairs_rig import arrange

LONG_NAMES = [  # 32 characters each, Discord's longest display name, in several words
    "Maximilian Alexander Wellingtons",
    "Bartholomew Christopher Anderson",
    "Anastasia Konstantinovna Petrova",
    "Jean-Baptiste Marie de la Fontai",
    "Guillermo Fernández de Castañeda",
    "Wilhelmina Josephine Rutherfordd",
    "Fitzgerald Montgomery Whitehouse",
    "Alessandra Valentina Bertoluccis",
]


def whole(embed: discord.Embed) -> list[str]:
    """The embed's lines (plain spacing), once checked to be within Discord's limits with nothing cut."""
    assert len(embed) <= limits.EMBED_TOTAL and len(embed.fields) <= limits.FIELDS
    for field in embed.fields:
        assert len(field.name or "") <= limits.FIELD_NAME and len(field.value or "") <= limits.FIELD_VALUE
        assert "…" not in (field.name or "") + (field.value or ""), f"cut: {field.value!r}"
    return [plain(line) for line in lines(embed)]


def others_of(read: list[str], seat: int, players: int) -> list[str]:
    """The lines of a hand that start with another player's name (after the turn's ▶️), checked one per player."""
    others = [line for line in read if line.lstrip("▶️ ").startswith(tuple(LONG_NAMES))]
    assert len(others) == players - 1, read
    assert not any(line.lstrip("▶️ ").startswith(LONG_NAMES[seat]) for line in others)
    return others


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_eight_long_names_with_five_cards_each_fit_whole_in_pairs(lang: str, card_emojis: None) -> None:
    refuges = [
        [6, 7, 8, 9, 10],
        [5, 7, 8, 9, 10],
        [4, 6, 8, 9, 10],
        [3, 6, 7, 9, 10],
        [2, 5, 7, 8, 10],
        [1, 4, 6, 8, 9],
        [3, 5, 7, 8, 9],
        [2, 4, 6, 8, 10],
    ]
    state = arrange(setup(8, pairs.PairsOptions(), 0), in_play=refuges, to_move=0)
    target = pairs.ENGINE.perspective(state, None).losing_score
    tab = render_support.table_of(pairs.ENGINE, state, table_id=41, names=LONG_NAMES, locale=lang)
    table_lines = whole(table_embed(tab, lang))
    assert all(any(name in line for line in table_lines) for name in LONG_NAMES)
    ending = f" · points{'' if lang == 'en' else ' '}: 0/{target}"
    for seat in range(8):
        others = others_of(whole(hand_embed(tab, seat, lang)), seat, 8)
        assert all(line.endswith(ending) for line in others)  # every line to its end: nothing of it lost


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_six_long_names_with_four_cards_up_each_fit_whole_in_hawthorn(lang: str, card_emojis: None) -> None:
    hands = [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [3, 4, 5, 6, 7], [4, 5, 6, 7, 8], [5, 6, 7, 8, 9], [6, 7, 8, 9, 10]]
    state = started(6, hands, [1, 2, 3, 4, 5, 6])  # each starts with their lowest card face up
    laid = [[7, 9, 10], [7, 9, 10], [7, 9, 10], [8, 9, 10], [8, 9, 10], [8, 9, 10]]  # three more each, from the deck
    for seat, cards in enumerate(laid):
        for card in cards:
            state.deck.remove(card)
            state.face_up[seat].append(card)
    tab = render_support.table_of(hawthorn.ENGINE, state, table_id=42, names=LONG_NAMES[:6], locale=lang)
    table_lines = whole(table_embed(tab, lang))
    assert all(any(name in line for line in table_lines) for name in LONG_NAMES[:6])
    ending = "hand: 4 cards" if lang == "en" else "main : 4 cartes"
    for seat in range(6):
        others = others_of(whole(hand_embed(tab, seat, lang)), seat, 6)
        assert all(line.endswith(ending) for line in others)  # every line to its end: nothing of it lost
