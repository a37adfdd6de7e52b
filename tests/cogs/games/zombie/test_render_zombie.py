"""Zombie Life on Discord, as the player reads it: the decision first, then their own Refuge (the cards that
reached it since their last move after a 🆕, what they may take, what hiding scores), then one compact line per
other player; every move an ordinary choice, except a draw that surely overruns you: red, labelled, asking
first. Both languages."""

from __future__ import annotations

import discord
import pytest

from bot.services.tables import Table
from cogs.render import limits
from cogs.render.frame import hand_embed, table_embed
from cogs.tables._views import confirm_question
from engines.zombie import ENGINE, Draw, ZombieState
from engines.zombie.state import RoundRecord, Status
from tests.cogs import render_support
from tests.cogs.render_support import NB, lines, moves, plain
from tests.engines.zombie.zombie_rig import arrange, draw, new_rigged, on_top, table, take


def table_of(state: ZombieState) -> Table:
    return render_support.table_of(ENGINE, state, table_id=43)


def turn() -> ZombieState:
    """Ann to move: Refuge 3 7, the Horde 4 10 (both takeable)."""
    return arrange(table(3), refuge=[[3, 7], [8], [1]], horde=[4, 10], to_move=0)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "**Draw a card, take one from the Horde, or hide.**",
                "Your Refuge",
                "Refuge: `3` `7` · Points: **0**/21",
                "You may take from the Horde: `4` `10`",
            ],
        ),
        (
            "fr",
            [
                "**Piochez une carte, prenez-en une dans la Horde, ou cachez-vous.**",
                "Votre Refuge",
                "Refuge : `3` `7` · Points : **0**/21",
                "Vous pouvez prendre dans la Horde : `4` `10`",
            ],
        ),
    ],
)
def test_the_hand_reads_decision_then_your_refuge_then_the_table(lang: str, expected: list[str]) -> None:
    embed = hand_embed(table_of(turn()), 0, lang)
    read = [plain(line) for line in lines(embed)]
    assert read[: len(expected)] == expected
    summary = read.index("Table")
    assert summary > len(expected)  # the table after your own cards
    assert [line.split(" ")[0].rstrip(":") for line in read[summary + 3 :]] == [
        "Bob",
        "Cyd",
    ]  # round, Horde, then the others
    assert len(lines(embed)) < 20


def test_a_card_that_reached_your_refuge_since_your_last_move_is_marked_new() -> None:
    state = take(turn(), 4)
    assert plain(lines(hand_embed(table_of(state), 0, "en"))[2]) == "Refuge: `3` `7` 🆕 `4` · Points: **0**/21"
    dealt = new_rigged(3, [5, 3, 8])  # a new round: every dealt card is new to its owner
    assert lines(hand_embed(table_of(dealt), 0, "fr"))[2].startswith(f"Refuge{NB}: 🆕 `5` · ")


def test_a_drawn_card_waiting_to_be_placed_is_the_decision() -> None:
    state = draw(on_top(turn(), 6))
    embed = hand_embed(table_of(state), 0, "en")
    assert lines(embed)[0] == "**You drew a `6`: put it in your Refuge or in the Horde.**"
    assert [label for label, _ in moves(table_of(state), 0, "en")] == ["Place in my Refuge", "Place in the Horde"]
    french = hand_embed(table_of(state), 0, "fr")
    assert lines(french)[0] == f"**Vous avez pioché un `6`{NB}: posez-le dans votre Refuge ou dans la Horde.**"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_ordinary_move_is_a_plain_choice(lang: str) -> None:
    tab = table_of(turn())
    assert {style for _, style in moves(tab, 0, lang)} == {discord.ButtonStyle.primary}
    assert all(confirm_question(tab, 0, index, lang) is None for index in range(4))


@pytest.mark.parametrize(
    ("lang", "label", "question"),
    [
        (
            "en",
            "Draw (you are sure to be overrun and lose your Refuge)",
            "⚠️ Draw: you are sure to be overrun and lose your Refuge. Are you sure?",
        ),
        (
            "fr",
            "Piocher (la Horde déferle à coup sûr et votre Refuge est perdu)",
            "⚠️ Piocher : la Horde déferle à coup sûr et votre Refuge est perdu. Vous confirmez ?",
        ),
    ],
)
def test_a_draw_that_surely_overruns_you_is_red_and_asks_first(lang: str, label: str, question: str) -> None:
    # Ann holds 2-10 and the Horde too; Bob has the only 1: whatever she draws is in both.
    state = arrange(table(3), refuge=[list(range(2, 11)), [1], []], horde=list(range(2, 11)), to_move=0)
    tab = table_of(state)
    candidates = list(ENGINE.candidate_actions(state, 0))
    draw_index = candidates.index(Draw())
    assert moves(tab, 0, lang)[draw_index] == (label, discord.ButtonStyle.danger)
    assert plain(confirm_question(tab, 0, draw_index, lang) or "") == question
    assert moves(tab, 0, lang)[-1][1] == discord.ButtonStyle.primary  # hiding is still a plain choice


def test_an_eight_player_hand_stays_short() -> None:
    status: list[Status] = ["hidden", "in_play", "in_play", "in_play", "in_play", "hidden", "in_play", "in_play"]
    state = arrange(
        table(8),
        refuge=[[9], [3, 7], [8], [1], [2], [], [4], [5]],
        face_down=[[2, 6], [], [], [], [], [6, 7], [], []],
        horde=[4, 10],
        status=status,
        hid=[0, 5],
        to_move=1,
    )
    for seat in (0, 1):
        for lang in ("en", "fr"):
            assert len(lines(hand_embed(table_of(state), seat, lang))) < 20


# ----- text that must fit: eight 32-character names, full Refuges, card emojis --------------------------------------
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
GAINED = (4, 3, 5, 2, 6, 3, 4, 5)  # what each of the eight scored last round, all of them hidden
HIDDEN_SIXTH: list[Status] = ["in_play", "in_play", "in_play", "in_play", "in_play", "hidden", "in_play", "in_play"]


def whole(embed: discord.Embed) -> list[str]:
    """The embed's lines (plain spacing), once checked to be within Discord's limits with nothing cut."""
    assert len(embed) <= limits.EMBED_TOTAL and len(embed.fields) <= limits.FIELDS
    for field in embed.fields:
        assert len(field.name or "") <= limits.FIELD_NAME and len(field.value or "") <= limits.FIELD_VALUE
        assert "…" not in (field.name or "") + (field.value or ""), f"cut: {field.value!r}"
    return [plain(line) for line in lines(embed)]


def crowded_eight() -> ZombieState:
    """Round 2 of eight players, five cards in each Refuge, Wilhelmina hidden with two face down; everyone hid
    in round 1 and scored `GAINED`."""
    state = arrange(
        table(8),
        refuge=[
            [6, 7, 8, 9, 10],
            [5, 7, 8, 9, 10],
            [4, 6, 8, 9, 10],
            [3, 6, 7, 9, 10],
            [2, 5, 7, 8, 10],
            [1, 4, 6, 8, 9],
            [3, 5, 7, 8, 9],
            [2, 4, 6, 8, 10],
        ],
        face_down=[[], [], [], [], [], [10, 7], [], []],
        horde=[3, 5, 9],
        status=HIDDEN_SIXTH,
        hid=[5],
        points=list(GAINED),
        to_move=0,
    )
    state.round = 2
    state.last_round = RoundRecord(round=1, gained=GAINED, eliminated=(), hid=tuple(range(8)))
    return state


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_eight_long_names_and_full_refuges_fit_whole_on_the_table_and_every_hand(lang: str, card_emojis: None) -> None:
    tab = render_support.table_of(ENGINE, crowded_eight(), table_id=43, names=LONG_NAMES, locale=lang)
    gains = ", ".join(f"{name} +{gained}" for name, gained in zip(LONG_NAMES, GAINED, strict=True))
    last_round = ("Last round: " if lang == "en" else "Manche précédente : ") + gains
    table_lines = whole(table_embed(tab, lang))
    assert last_round in table_lines  # the summary's last line, every name in it
    assert all(any(name in line for line in table_lines) for name in LONG_NAMES)
    for seat in range(8):
        read = whole(hand_embed(tab, seat, lang))
        assert read[-1] == last_round  # the end of the table: nothing of it lost
        others = [line for line in read if line.lstrip("▶️ ").startswith(tuple(LONG_NAMES))]
        assert len(others) == 7, read  # every other player on their line, in full, to their points
        for line in others:
            points = GAINED[next(index for index, name in enumerate(LONG_NAMES) if name in line)]
            assert line.endswith(f" · Points{'' if lang == 'en' else ' '}: **{points}**/21")
        assert not any(LONG_NAMES[seat] in line for line in others)
