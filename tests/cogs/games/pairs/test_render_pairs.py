"""Pairs on Discord, as the player reads it: the decision first, then their own cards (the new ones apart after a
🆕), then one compact line per other player; buttons coloured by what they cost; a fold that loses the game
labelled with it, in red, and asking first. Both languages."""

from __future__ import annotations

import discord
import pytest

from bot.services.tables import Table
from cogs.render.frame import hand_embed
from cogs.tables._views import confirm_question
from engines.pairs import ENGINE, Fold, PairsOptions, PairsState
from engines.pairs.engine import setup
from tests.cogs import render_support
from tests.cogs.render_support import NB, lines, moves, plain
from tests.engines.pairs.pairs_rig import arrange, hit, new_rigged


def table_of(state: PairsState) -> Table:
    return render_support.table_of(ENGINE, state, table_id=41)


@pytest.mark.parametrize(
    ("lang", "decision", "yours", "table", "others"),
    [
        (
            "en",
            "**Draw a card or fold. If you fold, you take the `3` and your score becomes 3/21.**",
            ("Your cards", "In front of you: 🆕 `3`"),
            "Table",
            ["Ann: `5` · points: 0/21", "Cyd: `8` · points: 0/21"],
        ),
        (
            "fr",
            "**Piochez une carte ou couchez-vous. En vous couchant, vous prendriez le `3` et votre score passerait "
            "à 3/21.**",
            ("Vos cartes", f"Devant vous{NB}: 🆕 `3`"),
            "Table",
            [f"Ann{NB}: `5` · points{NB}: 0/21", f"Cyd{NB}: `8` · points{NB}: 0/21"],
        ),
    ],
)
def test_the_hand_reads_decision_then_your_cards_then_the_table(
    lang: str, decision: str, yours: tuple[str, str], table: str, others: list[str]
) -> None:
    state = new_rigged(3, [5, 3, 8])  # Bob's 3 is lowest: Bob plays first
    embed = hand_embed(table_of(state), 1, lang)
    assert (embed.description or "").split("\n")[0] == decision
    assert [field.name for field in embed.fields] == [yours[0], table]
    assert (embed.fields[0].value or "").split("\n")[0] == yours[1]
    table_lines = (embed.fields[1].value or "").split("\n")
    assert table_lines[1:] == others  # one line per other player, after one line about the table
    assert len(lines(embed)) < 20


def test_the_card_you_just_drew_is_marked_new_apart_from_the_others() -> None:
    state = hit(new_rigged(3, [5, 3, 8, 6]))  # Bob draws a 6
    own = hand_embed(table_of(state), 1, "en").fields[0].value or ""
    assert own.split("\n")[0] == "In front of you: `3` 🆕 `6`"
    ann = hand_embed(table_of(state), 0, "en").fields[0].value or ""
    assert ann.split("\n")[0] == "In front of you: 🆕 `5`"  # Ann has not moved since the deal


def test_an_eight_player_hand_stays_short() -> None:
    state = new_rigged(8, [9, 3, 8, 7, 6, 5, 4, 10], PairsOptions(ending="norland", games=3, chips=20))
    embed = hand_embed(table_of(state), 1, "fr")
    assert len(lines(embed)) < 20


@pytest.mark.parametrize(
    ("lang", "hit", "fold"), [("en", "Hit: draw a card", "Fold and take the 3"), ("fr", "Piocher une carte", None)]
)
def test_folding_costs_points_and_is_red_drawing_is_a_plain_choice(lang: str, hit: str, fold: str | None) -> None:
    table = table_of(new_rigged(3, [5, 3, 8]))
    (hit_label, hit_style), (fold_label, fold_style) = moves(table, 1, lang)
    assert hit_label == hit and hit_style == discord.ButtonStyle.primary
    assert fold_style == discord.ButtonStyle.danger
    assert fold_label == (fold or "Se coucher et prendre le 3")
    assert confirm_question(table, 1, 1, lang) is None  # an ordinary fold asks nothing
    assert all(style == discord.ButtonStyle.secondary for _, style in moves(table, 0, lang))  # not Ann's turn


@pytest.mark.parametrize(
    ("lang", "label", "question"),
    [
        (
            "en",
            "Fold and take the 3 (you reach 21 points and lose the game)",
            "⚠️ Fold and take the 3: you reach 21 points and lose the game. Are you sure?",
        ),
        (
            "fr",
            "Se coucher et prendre le 3 (à 21 points, vous perdez la partie)",
            "⚠️ Se coucher et prendre le 3 : à 21 points, vous perdez la partie. Vous confirmez ?",
        ),
    ],
)
def test_a_fold_that_loses_the_game_says_so_and_asks_first(lang: str, label: str, question: str) -> None:
    state = arrange(setup(3, PairsOptions(), 0), [[4, 7], [3], [9]], to_move=0, score_cards=[[10, 8], [], []])
    table = table_of(state)
    fold = list(ENGINE.candidate_actions(state, 0)).index(Fold())
    assert moves(table, 0, lang)[fold] == (label, discord.ButtonStyle.danger)
    assert plain(confirm_question(table, 0, fold, lang) or "") == question


def test_in_a_betting_match_the_warning_says_what_losing_pays() -> None:
    options = PairsOptions(ending="downspear", games=3, chips=20)
    state = arrange(new_rigged(3, [5, 3, 8], options), [[4, 7], [3], [9]], to_move=0, score_cards=[[10, 8], [], []])
    label, style = moves(table_of(state), 0, "en")[1]
    assert label == "Fold and take the 3 (you reach 21 points, lose this game and pay 2)"
    assert style == discord.ButtonStyle.danger
    french = "Se coucher et prendre le 3 (à 21 points, vous perdez la partie et payez 2)"
    assert moves(table_of(state), 0, "fr")[1][0] == french
