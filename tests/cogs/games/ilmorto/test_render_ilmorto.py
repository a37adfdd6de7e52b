"""Il Morto on Discord, word by word in each language: a card is named in Italian as printed on it, "Fante di
Coppe", in both languages (never "Fante of Coppe" nor "Fante de Coppe", half translated), and no word of the
other language shows on a table, a hand, a button or an event line."""

from __future__ import annotations

import random
import re

import pytest

from bot.services.tables import Table
from cogs.render.frame import hand_embed, table_embed
from cogs.render.text import event_line
from engines.ilmorto import ENGINE, IlMortoState
from tests.cogs import render_support
from tests.cogs.render_support import component_texts, lines, plain
from tests.conformance.playout import sampled_states
from tests.engines.ilmorto.ilmorto_rig import act, knock, rigged

NAMES = ["Ann", "Bob", "Cyd", "Dov", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]
GAME_NAME = "Il Morto"
RANKS = r"(?:Asso|[2-7]|Fante|Cavallo|Re)"
SUITS = r"(?:Coppe|Denari|Spade|Bastoni)"
CARD_NAME = re.compile(rf"\b{RANKS} (\w+) {SUITS}\b")  # the word between rank and suit: "di", as printed
# What the other language would show: French words on an English table, and the reverse.
FOREIGN = {
    "en": re.compile(r"\b(?:de|du|des|la|le|les|vie|vies|Manche|donneur|[Pp]ioche|Toquer|Garder|Échanger|Regarder)\b"),
    "fr": re.compile(r"\b(?:of|the|lives?|Round|dealer|[Dd]eck|Knock|Keep|Swap|Look|[Ww]aiting)\b"),
}


def table_of(state: IlMortoState, lang: str) -> Table:
    return render_support.table_of(ENGINE, state, table_id=62, names=NAMES, locale=lang)


def everything(state: IlMortoState, lang: str) -> list[str]:
    """Every line a table shows in `lang`: the public table, every hand, their buttons, every event."""
    tbl = table_of(state, lang)
    public = table_embed(tbl, lang)
    shown = [public.title or "", *lines(public), public.footer.text or "", *component_texts(tbl, None, lang)]
    for seat in range(state.players):
        hand = hand_embed(tbl, seat, lang)
        shown += [hand.title or "", *lines(hand), *component_texts(tbl, seat, lang)]
    shown += [event_line(event, tbl.names, lang) for event in state.events]
    return [plain(line).replace(GAME_NAME, "") for line in shown]


def states() -> list[IlMortoState]:
    """Five players after the knock (every card shown in its hand), a swap told to both sides, and sampled games."""
    knocked = knock(rigged(["5C", "3D", "1S", "4B", "8C"]))
    swapped = act(knocked, 4, ENGINE.candidate_actions(knocked, 4)[1])
    found = [knocked, swapped]
    for playout, step in sampled_states(ENGINE, random.Random(13), playouts=4, per_playout=5, ends=True, players=5):
        state = playout.states[step]
        assert isinstance(state, IlMortoState)
        found.append(state)
    return found


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_cards_are_named_as_printed_and_no_word_of_the_other_language_shows(lang: str) -> None:
    named = 0
    for state in states():
        for line in everything(state, lang):
            assert not FOREIGN[lang].search(line), f"{lang}: {line!r}"
            for joiner in CARD_NAME.findall(line):
                assert joiner == "di", f"{lang}: {line!r}"
                named += 1
    assert named > 10


@pytest.mark.parametrize(
    ("lang", "known"),
    [("en", "You know: Dov: F🏆 Fante di Coppe"), ("fr", "Vous savez : Dov : F🏆 Fante di Coppe")],
)
def test_your_card_and_the_cards_you_know_read_fante_di_coppe_in_both_languages(lang: str, known: str) -> None:
    knocked = knock(rigged(["5C", "3D", "1S", "4B", "8C"]))
    assert "F🏆 Fante di Coppe" in [plain(line) for line in lines(hand_embed(table_of(knocked, lang), 4, lang))]
    assert "A🗡️ Asso di Spade" in [plain(line) for line in lines(hand_embed(table_of(knocked, lang), 2, lang))]
    swapped = act(knocked, 4, ENGINE.candidate_actions(knocked, 4)[1])  # Eli swaps his Fante with Dov's 4
    hand = [plain(line) for line in lines(hand_embed(table_of(swapped, lang), 4, lang))]
    assert "4🪵 4 di Bastoni" in hand and known in hand
