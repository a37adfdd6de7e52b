"""Oh My Brain on Discord, word by word in each language: the piles named in the reader's language (the draw pile
and the discard pile in English, the Réserve and the Défausse in French), never a word of the other language on
a table, a hand, a button, a select option or an event line; and the lot being chosen shown once in the hand."""

from __future__ import annotations

import random
import re

import pytest

from bot.i18n import LANGUAGES
from bot.services.tables import Table
from cogs.games.ohmybrain.render import faces
from cogs.render.frame import hand_embed, table_embed
from cogs.render.text import event_line
from engines.core import Event
from engines.ohmybrain import Bury, OhMyBrainState, Pass, Play
from tests.cogs import render_support
from tests.cogs.render_support import component_texts, lines, plain
from tests.conformance.playout import sampled_states
from tests.engines.ohmybrain.ohmybrain_rig import ENGINE, FACE, act, arrange, new_rigged, rig_die, table

GAME_NAME = "Oh My Brain"  # the game's name, the same in both languages
# What the other language would show: the French pile and game words on an English table, and the reverse.
FOREIGN = {
    "en": re.compile(r"Réserve|Défausse|Cimeti[eè]re|cerveau|Manche|Piochée|Jouer|Main\b|\bsur\b|\bdans\b"),
    "fr": re.compile(r"[Dd]raw pile|[Dd]iscard pile|Reserve|Cemetery|[Bb]rains?\b|Round|Hand\b|Play\b|\bof\b"),
}


def table_of(state: OhMyBrainState, lang: str) -> Table:
    return render_support.table_of(ENGINE, state, table_id=61, locale=lang)


def everything(state: OhMyBrainState, lang: str) -> list[str]:
    """Every line a table shows in `lang`: the public table, every hand, their buttons and menus, every event (the
    secret ones too, as their player reads them)."""
    tbl = table_of(state, lang)
    public = table_embed(tbl, lang)
    shown = [public.title or "", *lines(public), public.footer.text or "", *component_texts(tbl, None, lang)]
    for seat in range(state.players):
        hand = hand_embed(tbl, seat, lang)
        shown += [hand.title or "", *lines(hand), *component_texts(tbl, seat, lang)]
    shown += [event_line(event, tbl.names, lang) for event in state.events]
    return [plain(line).replace(GAME_NAME, "") for line in shown]


def rigged_states() -> list[OhMyBrainState]:
    """Where the piles are named: the deal (before and after seat 0's choice), a marshmallow dealing out the draw
    pile (die face 2), a pass drawing from an empty draw pile (the 46 cards of the discard pile reshuffled), a
    refill from the Cemetery (a select menu)."""
    deal = new_rigged(3, [5, 9, 12, 4, 6, 7, 10, 13, 14])
    buried = act(deal, Bury(card=12), 0)
    mid = arrange(table(3), hands=[[5, 9, 17], [4, 6], [10, 13]], cemeteries=[[2, 16], [8], [11, 14]], horde=[3, 7])
    reserve = act(rig_die(mid, FACE["reserve"]), Play(card=17))
    empty = arrange(table(3), hands=[[5, 6], [4], [10]], horde=[18], reserve=[])
    reshuffled = act(empty, Pass())
    refill = act(arrange(table(2), hands=[[14], [4, 5, 6]], cemeteries=[[2, 9, 11], [7]], horde=[10]), Play(card=14))
    return [deal, buried, reserve, reshuffled, refill]


def sampled() -> list[OhMyBrainState]:
    found = [
        playout.states[step]
        for playout, step in sampled_states(ENGINE, random.Random(11), playouts=4, per_playout=4, ends=True)
    ]
    return [state for state in found if isinstance(state, OhMyBrainState)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_word_of_the_other_language_on_tables_hands_menus_and_events(lang: str) -> None:
    checked = 0
    for state in [*rigged_states(), *sampled()]:
        for line in everything(state, lang):
            assert not FOREIGN[lang].search(line), f"{lang}: {line!r}"
            checked += 1
    assert checked > 500


@pytest.mark.parametrize(
    ("lang", "piles", "reshuffle", "reserve_card"),
    [
        (
            "en",
            "Draw pile: 44 · Discard pile: 0",
            "The draw pile is empty: the 46 cards of the discard pile are shuffled into a new draw pile.",
            "🦟`0` from the draw pile goes to your Cemetery",
        ),
        (
            "fr",
            "Réserve : 44 · Défausse : 0",
            "La Réserve est vide : les 46 cartes de la Défausse sont mélangées en une nouvelle Réserve.",
            "le 🦟`0` de la Réserve va dans votre Cimetière",
        ),
    ],
)
def test_the_piles_are_named_in_the_readers_language(lang: str, piles: str, reshuffle: str, reserve_card: str) -> None:
    _, _, reserve, reshuffled, _ = rigged_states()
    assert reshuffle in everything(reshuffled, lang)
    table_lines = [plain(line) for line in lines(table_embed(table_of(reshuffled, lang), lang))]
    assert [line for line in table_lines if line.startswith(piles.split(" ")[0])] == [piles]
    assert reserve_card in [plain(event_line(event, render_support.NAMES, lang)) for event in reserve.events]


@pytest.mark.parametrize(
    ("lang", "lot", "chosen"),
    [
        ("en", "Lot 1 of 3: `5` `9` `12`", "To your Cemetery: `12` (waiting for the others)"),
        ("fr", "Lot 1 sur 3 : `5` `9` `12`", "Pour votre Cimetière : `12` (en attente des autres)"),
    ],
)
def test_the_lot_being_chosen_shows_once_in_the_hand(lang: str, lot: str, chosen: str) -> None:
    deal, buried, *_ = rigged_states()
    for state, after in ((deal, None), (buried, chosen)):
        hand = [plain(line) for line in lines(hand_embed(table_of(state, lang), 0, lang))]
        yours = hand.index("Your cards" if lang == "en" else "Vos cartes")
        assert hand[yours + 1] == lot
        assert [line for line in hand if "`5`" in line] == [lot]  # the lot's cards, once
        assert [line for line in hand if line.startswith("Lot")] == [lot]
        if after is not None:
            assert hand[yours + 2] == after


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_hand_during_any_deal_shows_its_lot_once(lang: str) -> None:
    seen = 0
    for state in sampled():
        if not state.lot:
            continue
        tbl = table_of(state, lang)
        for seat in range(state.players):
            view = ENGINE.perspective(state, seat)
            if not view.my_lot:
                continue
            own = faces(view.my_lot)
            hand = [plain(line) for line in lines(hand_embed(tbl, seat, lang))]
            assert sum(1 for line in hand if line.startswith("Lot")) == 1, hand
            assert sum(1 for line in hand if line.endswith(own)) <= 1, hand
            seen += 1
    assert seen > 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_sent_to_the_cemetery_when_keeping_one_is_a_card_face(lang: str) -> None:
    kept = Event(key="ohmybrain.event.kept", params={"seat": 0, "card": 5, "other": 12}, audience=(0,))
    line = event_line(kept, ["Ada", "Bea"], lang)
    assert "`5`" in line and "`12`" in line, line  # both cards as tiles, the second no bare number
