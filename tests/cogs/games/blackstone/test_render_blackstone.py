"""Blackstone on Discord, as the player reads it: the decision first (take at least N cards, or pass and pay;
between hands, play on or stop), then their own chips, ante and stone, then the table in a few lines; "Take N"
plain choices, passing red for its price, a take that surely brings a second black stone red, labelled and
asking first; another hand green. Both languages."""

from __future__ import annotations

import discord
import pytest

from bot.services.tables import Table
from cogs.render import limits
from cogs.render.frame import hand_embed, table_embed
from cogs.tables._views import confirm_question
from engines.blackstone import ENGINE, BlackstoneState, Take
from engines.blackstone.deck import full_deck
from tests.cogs import render_support
from tests.cogs.render_support import NB, NN, lines, moves, plain
from tests.engines.blackstone.blackstone_rig import arrange, new_rigged, pass_, take, top
from tests.engines.family_support import without


def table_of(state: BlackstoneState) -> Table:
    return render_support.table_of(ENGINE, state, table_id=44)


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


# ----- text that must fit: eight 32-character names, a crowded middle, card emojis ---------------------------------
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
CROWDED = [1, 2, 2, *[3] * 3, *[4] * 4, *[5] * 5, *[6] * 6, 7, 8, 9]  # 24 white stones in the middle
IN_THE_HAND = {"en": "in the hand", "fr": "dans la donne"}


def long_table(state: BlackstoneState, lang: str) -> Table:
    return render_support.table_of(ENGINE, state, table_id=44, names=LONG_NAMES, locale=lang)


def whole(embed: discord.Embed) -> list[str]:
    """The embed's lines (plain spacing), once checked to be within Discord's limits with nothing cut."""
    assert len(embed) <= limits.EMBED_TOTAL and len(embed.fields) <= limits.FIELDS
    for field in embed.fields:
        assert len(field.name or "") <= limits.FIELD_NAME and len(field.value or "") <= limits.FIELD_VALUE
        assert "…" not in (field.name or "") + (field.value or ""), f"cut: {field.value!r}"
    return [plain(line) for line in lines(embed)]


def crowded_eight() -> BlackstoneState:
    """Eight players, 24 white stones in the middle, four black stones out; Bartholomew took 3 last."""
    state = new_rigged(8, [9, 3, 8, 7, 6, 5, 4, 2])
    return arrange(state, middle=CROWDED, blacks=[1, 0, 1, 0, 1, 0, 1, 0], to_move=2, last_take=3)


@pytest.mark.parametrize(
    ("lang", "middle"),
    [
        ("en", "Middle: **24** white stones `1` `2` `2` `3`×3 `4`×4 `5`×5 `6`×6 `7` `8` `9`"),
        ("fr", "Milieu : **24** pierres blanches `1` `2` `2` `3`×3 `4`×4 `5`×5 `6`×6 `7` `8` `9`"),
    ],
)
def test_a_crowded_middle_counts_three_stones_of_a_value_or_more(lang: str, middle: str) -> None:
    tab = long_table(crowded_eight(), lang)
    assert middle in whole(table_embed(tab, lang))
    assert middle in whole(hand_embed(tab, 2, lang))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_eight_long_names_and_a_crowded_middle_fit_whole_on_the_table_and_every_hand(
    lang: str, card_emojis: None
) -> None:
    tab = long_table(crowded_eight(), lang)
    table_lines = whole(table_embed(tab, lang))
    deck = "Deck: 27 cards (black stones: 6)" if lang == "en" else "Paquet : 27 cartes (pierres noires : 6)"
    assert deck in table_lines  # the summary's last line: nothing of it lost
    assert all(any(name in line for line in table_lines) for name in LONG_NAMES)
    for seat in range(8):
        read = whole(hand_embed(tab, seat, lang))
        assert any(line.endswith(deck) for line in read)  # after the minimum take, on the head's last line
        others = [line for line in read if line.lstrip("▶️ ").startswith(tuple(LONG_NAMES))]
        assert len(others) == 7, read  # every other player on their line, in full, to their status
        assert all(line.endswith(IN_THE_HAND[lang]) for line in others)
        assert not any(LONG_NAMES[seat] in line for line in others)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_seven_winners_of_a_lost_hand_are_all_named_between_hands(lang: str, card_emojis: None) -> None:
    state = arrange(new_rigged(8, [9, 3, 8, 7, 6, 5, 4, 2]), middle=CROWDED, blacks=[0, 0, 1, 0, 0, 0, 0, 0], to_move=2)
    state = take(top(state, 10), 1)  # Anastasia draws a second black stone: the seven others split the pot
    assert state.phase == "decide"
    tab = long_table(state, lang)
    for embed in [table_embed(tab, lang), *(hand_embed(tab, seat, lang) for seat in range(8))]:
        read = whole(embed)
        last = next(line for line in read if line.startswith(("Last hand:", "Donne précédente :")))
        assert f"**{LONG_NAMES[2]}**" in last
        assert all(f"**{name}**" in last for name in LONG_NAMES if name != LONG_NAMES[2])
        assert last.endswith(("each)", "par personne)"))
