"""Blackstone on Discord, as the player reads it: the decision first (take at least N cards, or pass and pay;
between hands, play on or stop), then their own chips, ante and stone, then the table in a few lines; "Take N"
plain choices, passing red for its price, a take that surely brings a second black stone red, labelled and
asking first; another hand green. Both languages."""

from __future__ import annotations

import discord
import pytest

from bot.services.tables import Table
from cogs.render.frame import hand_embed
from cogs.tables._views import confirm_question
from engines.blackstone import ENGINE, BlackstoneState, Take
from engines.blackstone.deck import full_deck
from tests.cogs import render_support
from tests.cogs.render_support import NB, NN, lines, moves, plain
from tests.engines.blackstone.blackstone_rig import arrange, new_rigged, pass_, take, top
from tests.engines.family_support import without


def table_of(state: BlackstoneState) -> Table:
    return render_support.table_of(ENGINE, state, game_id=44)


@pytest.mark.parametrize(
    ("lang", "first", "second"),
    [
        (
            "en",
            "**Take at least 1 card, or pass: you give up your ante and pay 2.**",
            "**Take at least 2 cards, or pass: you give up your ante and pay 3.**",
        ),
        (
            "fr",
            f"**Prenez au moins 1 carte, ou passez{NB}: vous abandonnez votre ante et payez 2.**",
            f"**Prenez au moins 2 cartes, ou passez{NB}: vous abandonnez votre ante et payez 3.**",
        ),
    ],
)
def test_the_hand_starts_with_the_decision_then_your_stake_then_the_table(lang: str, first: str, second: str) -> None:
    state = new_rigged(3, [5, 3, 8])  # Bob's 3 is lowest: he starts; 3 white stones in the middle
    embed = hand_embed(table_of(state), 1, lang)
    read = lines(embed)
    assert read[0] == first
    assert [field.name for field in embed.fields] == [("You" if lang == "en" else "Vous"), "Table"]
    assert plain(read[2]) == ("Chips: **95** · ante: 5" if lang == "en" else "Jetons : **95** · ante : 5")
    assert len(read) < 20
    top(state, 2, 2)
    state = take(state, 2)  # Bob takes 2: the minimum is now 2, and 5 white stones lie in the middle
    assert lines(hand_embed(table_of(state), 2, lang))[0] == second


def test_an_eight_player_hand_stays_short() -> None:
    state = new_rigged(8, [9, 3, 8, 7, 6, 5, 4, 2])
    assert len(lines(hand_embed(table_of(state), 1, "fr"))) < 20


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_passing_is_red_for_its_price_and_the_takes_are_plain_choices(lang: str) -> None:
    state = new_rigged(3, [5, 3, 8])
    tab = table_of(state)
    buttons = moves(tab, 1, lang)
    assert buttons[0] == (("Pass (pay 2)" if lang == "en" else "Passer (payer 2)"), discord.ButtonStyle.danger)
    assert confirm_question(tab, 1, 0, lang) is None  # a pass's price is on its button: no question
    assert [style for _, style in buttons[1:]] == [discord.ButtonStyle.primary] * 10
    assert [label for label, _ in buttons[1:]][:2] == (
        ["Take 1", "Take 2"] if lang == "en" else ["Prendre 1", "Prendre 2"]
    )


@pytest.mark.parametrize(
    ("lang", "label", "question"),
    [
        (
            "en",
            "Take 6 (a second black stone is certain and you lose at least 45)",
            "⚠️ Take 6: a second black stone is certain and you lose at least 45. Are you sure?",
        ),
        (
            "fr",
            "Prendre 6 (une seconde pierre noire est certaine et vous perdez au moins 45)",
            "⚠️ Prendre 6 : une seconde pierre noire est certaine et vous perdez au moins 45. Vous confirmez ?",
        ),
    ],
)
def test_a_take_that_surely_loses_is_red_labelled_and_asks_first(lang: str, label: str, question: str) -> None:
    # 40 white stones in the middle, Ann holds a black stone: 5 white stones are left, so a sixth card is black.
    middle = without([card for card in full_deck() if card != 10], [1, 2, 3, 4, 5])
    state = arrange(new_rigged(3, [5, 3, 8]), middle=middle, blacks=[1, 0, 0], to_move=0)
    tab = table_of(state)
    candidates = list(ENGINE.candidate_actions(state, 0))
    buttons = dict(zip(candidates, moves(tab, 0, lang), strict=True))
    assert buttons[Take(count=6)] == (label, discord.ButtonStyle.danger)
    assert plain(confirm_question(tab, 0, candidates.index(Take(count=6)), lang) or "") == question
    assert buttons[Take(count=5)][1] == discord.ButtonStyle.primary
    assert confirm_question(tab, 0, candidates.index(Take(count=5)), lang) is None


@pytest.mark.parametrize(
    ("lang", "decision"),
    [
        ("en", "**Another hand, or stop? A majority to stop ends the session.**"),
        ("fr", f"**Une autre donne, ou on arrête{NN}? Une majorité pour arrêter clôt la séance.**"),
    ],
)
def test_between_hands_another_hand_is_green_and_stop_a_plain_choice(lang: str, decision: str) -> None:
    state = pass_(pass_(new_rigged(3, [5, 3, 8])))
    tab = table_of(state)
    assert lines(hand_embed(tab, 0, lang))[0] == decision
    (_, next_style), (_, stop_style) = moves(tab, 0, lang)
    assert next_style == discord.ButtonStyle.success and stop_style == discord.ButtonStyle.primary
