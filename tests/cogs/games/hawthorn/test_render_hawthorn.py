"""Hawthorn on Discord, as the player reads it: the decision first, then their own cards (the hand, the cards
that would pair one of theirs apart, their own face-up cards with the new ones after a 🆕), then one compact
line per other player; "Play 6" in red, labelled with what it costs and asking first, while a 6 is face up in
front of you; folding red, another hand green. Both languages."""

from __future__ import annotations

import discord
import pytest

from bot.services.tables import Table
from cogs.render.frame import hand_embed
from cogs.tables._views import confirm_question
from engines.hawthorn import ENGINE, Fold, HawthornState, Play
from tests.cogs import render_support
from tests.cogs.render_support import NB, NN, lines, moves, plain
from tests.engines.hawthorn.hawthorn_rig import draw, rigged, started

HANDS = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
STARTS = [5, 3, 8]  # Bob's 3 is lowest: Bob has the button


def table_of(state: HawthornState) -> Table:
    return render_support.table_of(ENGINE, state, table_id=42)


def hand_lap() -> HawthornState:
    """Lap 1 drew Bob a 6, Cyd a 1, Ann a 2; lap 2 (from the hand) is Bob's: his 6 pairs the 6 in front of him."""
    return draw(draw(draw(started(3, HANDS, STARTS, top=[6, 1, 2]))))


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "**Play a card from your hand, or fold and pay 1.**",
                "Your cards",
                "Hand: `8` `9` `10` · ⚠️ pairs one of yours: `6`",
                "In front of you: `3` 🆕 `6`",
                "Your chips: **99**",
                "Table",
            ],
        ),
        (
            "fr",
            [
                "**Jouez une carte de votre main, ou couchez-vous et payez 1.**",
                "Vos cartes",
                f"Main{NB}: `8` `9` `10` · ⚠️ fait paire avec une des vôtres{NB}: `6`",
                f"Devant vous{NB}: `3` 🆕 `6`",
                f"Vos jetons{NB}: **99**",
                "Table",
            ],
        ),
    ],
)
def test_the_hand_shows_your_own_face_up_cards_and_which_cards_would_pair(lang: str, expected: list[str]) -> None:
    embed = hand_embed(table_of(hand_lap()), 1, lang)
    assert lines(embed)[: len(expected)] == expected
    others = lines(embed)[len(expected) + 2 :]  # after a line on the hand, lap and pot, and one on button and deck
    assert [line.split(NB)[0].split(":")[0] for line in others] == ["Ann", "Cyd"]
    assert "`5` `2`" in others[0] and "`8` `1`" in others[1]  # their face-up cards, one line each
    assert len(lines(embed)) < 20


@pytest.mark.parametrize(
    ("lang", "play_6", "question", "play_8", "fold"),
    [
        (
            "en",
            "Play 6 (it pairs one of yours, so you are out and pay 6)",
            "⚠️ Play 6: it pairs one of yours, so you are out and pay 6. Are you sure?",
            "Play 8",
            "Fold (pay 1)",
        ),
        (
            "fr",
            "Jouer 6 (elle fait paire, vous quittez donc la donne et payez 6)",
            "⚠️ Jouer 6 : elle fait paire, vous quittez donc la donne et payez 6. Vous confirmez ?",
            "Jouer 8",
            "Se coucher (payer 1)",
        ),
    ],
)
def test_a_card_that_pairs_yours_is_red_labelled_and_asks_first(
    lang: str, play_6: str, question: str, play_8: str, fold: str
) -> None:
    state = hand_lap()
    table = table_of(state)
    candidates = list(ENGINE.candidate_actions(state, 1))
    buttons = dict(zip(candidates, moves(table, 1, lang), strict=True))
    assert buttons[Play(card=6)] == (play_6, discord.ButtonStyle.danger)
    assert plain(confirm_question(table, 1, candidates.index(Play(card=6)), lang) or "") == question
    assert buttons[Play(card=8)] == (play_8, discord.ButtonStyle.primary)
    assert confirm_question(table, 1, candidates.index(Play(card=8)), lang) is None
    assert buttons[Fold()] == (fold, discord.ButtonStyle.danger)  # folding costs chips: red, its price on it
    assert confirm_question(table, 1, candidates.index(Fold()), lang) is None


def test_a_new_hand_is_marked_new_and_its_choice_buttons_are_plain_choices() -> None:
    table = table_of(rigged(3, HANDS))
    embed = hand_embed(table, 0, "en")
    assert lines(embed)[:3] == [
        "**Choose your starting card in secret: the lowest takes the button.**",
        "Your cards",
        "Hand: 🆕 `2` `5` `7` `9` `10`",
    ]
    assert {style for _, style in moves(table, 0, "en")} == {discord.ButtonStyle.primary}


@pytest.mark.parametrize(
    ("lang", "decision", "next_hand", "stop"),
    [
        ("en", "**Another hand, or stop? A majority to stop ends the session.**", "Next hand", "Stop"),
        ("fr", f"**Une autre donne, ou on arrête{NN}? Une majorité pour arrêter clôt la séance.**", None, "Arrêter"),
    ],
)
def test_the_vote_after_a_hand(lang: str, decision: str, next_hand: str | None, stop: str) -> None:
    state = started(3, HANDS, STARTS)
    state = ENGINE.apply(ENGINE.apply(state, 1, Fold()), 2, Fold())  # Ann is the last one in: she takes the pot
    table = table_of(state)
    embed = hand_embed(table, 0, lang)
    assert lines(embed)[0] == decision
    assert lines(embed)[2] == ("You took the pot." if lang == "en" else "Vous avez ramassé le pot.")
    (next_label, next_style), (stop_label, stop_style) = moves(table, 0, lang)
    assert next_style == discord.ButtonStyle.success and stop_style == discord.ButtonStyle.primary
    assert stop_label == stop and (next_hand is None or next_label == next_hand)
    folded = hand_embed(table, 1, "en").fields[0].value or ""
    assert folded.split("\n")[0] == "You folded this hand."


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Hand: `8` `10` · ⚠️ each pairs one of yours: `3` `6`"),
        ("fr", f"Main{NB}: `8` `10` · ⚠️ chacune fait paire avec une des vôtres{NB}: `3` `6`"),
    ],
)
def test_several_cards_that_would_pair_are_grouped_apart(lang: str, line: str) -> None:
    hands = [[2, 5, 7, 9, 10], [3, 3, 6, 8, 10], [4, 6, 7, 8, 10]]
    state = draw(draw(draw(started(3, hands, STARTS, top=[6, 1, 2]))))  # Bob: 3 and 6 up, 3 6 8 10 in hand
    assert lines(hand_embed(table_of(state), 1, lang))[2] == line
    styles = dict(zip(ENGINE.candidate_actions(state, 1), moves(table_of(state), 1, lang), strict=True))
    assert styles[Play(card=3)][1] == styles[Play(card=6)][1] == discord.ButtonStyle.danger
    assert styles[Play(card=8)][1] == styles[Play(card=10)][1] == discord.ButtonStyle.primary
