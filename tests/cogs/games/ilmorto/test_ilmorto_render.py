"""Il Morto on Discord: lives as ❤️ and the dead as 💀, the dealer 🎴, the face-up Cavalli and Re but never a
face-down card on the table; your card in your hand once you may see it, with its Italian name; the buttons
(Look in red before the knock, except for the dealer), decisions in the second person; both languages, within
Discord's limits with twelve players."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import discord
import pytest

from bot.services.tables import Table
from cogs.games.ilmorto.render import IlMortoRenderer, card_name, hearts
from cogs.render.frame import hand_embed, table_embed
from cogs.render.games import Field, renderer_for
from cogs.tables._views import confirm_question, hand_view, table_view
from engines.ilmorto import ENGINE, GiveLife, IlMortoState
from tests.cogs import render_support
from tests.cogs.render_support import lines, moves, plain
from tests.conformance.playout import sampled_states
from tests.engines.ilmorto.ilmorto_rig import act, keep, knock, look, rigged
from tools.standin.limits import message_problems

NAMES = ["Ann", "Bob", "Cyd", "Dov", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]
FIVE = ["5C", "3D", "7S", "2B", "6C"]


def table_of(state: IlMortoState, names: Sequence[str] = NAMES) -> Table:
    return render_support.table_of(ENGINE, state, table_id=47, names=names)


def text(fields: Sequence[Field]) -> str:
    return "\n".join(f"{field.name}\n{field.value}" for field in fields)


def table_text(state: IlMortoState, lang: str = "en") -> str:
    return plain("\n".join(lines(table_embed(table_of(state), lang))))


def hand_text(state: IlMortoState, seat: int, lang: str = "en") -> str:
    return plain("\n".join(lines(hand_embed(table_of(state), seat, lang))))


def test_the_renderer_is_registered() -> None:
    assert isinstance(renderer_for("ilmorto"), IlMortoRenderer)


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["Asso di Coppe", "7 di Denari", "Fante di Spade", "Cavallo di Bastoni", "Re di Coppe"]),
        ("fr", ["Asso di Coppe", "7 di Denari", "Fante di Spade", "Cavallo di Bastoni", "Re di Coppe"]),
    ],
)
def test_cards_keep_their_italian_names(lang: str, names: list[str]) -> None:
    assert [card_name(card, lang) for card in ("1C", "7D", "8S", "9B", "10C")] == names


def test_lives_as_hearts_the_dead_as_a_skull() -> None:
    assert hearts(3) == "❤️❤️❤️" and hearts(0) == "💀" and hearts(9) == "❤️ ×9"


@pytest.mark.parametrize(
    ("lang", "dealer", "other"),
    [
        ("en", ["Knock", "Look at my card (free)"], ["Look at my card (you lose a life: 2 left)"]),
        ("fr", ["Toquer", "Regarder ma carte (gratuit)"], ["Regarder ma carte (vous perdez une vie : il en reste 2)"]),
    ],
)
def test_before_the_knock_the_buttons_and_their_colours(lang: str, dealer: list[str], other: list[str]) -> None:
    tab = table_of(rigged(FIVE))
    assert moves(tab, 0, lang) == [(dealer[0], discord.ButtonStyle.success), (dealer[1], discord.ButtonStyle.primary)]
    assert moves(tab, 2, lang) == [(other[0], discord.ButtonStyle.danger)]  # out of turn, costly: red
    question = confirm_question(tab, 2, 0, lang)
    assert question is not None and question.startswith("⚠️")
    assert confirm_question(tab, 0, 1, lang) is None  # the dealer's look is free: no question


def test_a_look_with_your_last_life_says_you_die() -> None:
    tab = table_of(rigged(FIVE, lives=[3, 3, 1, 3, 3]))
    assert moves(tab, 2, "en") == [("Look at my card (you lose your last life and die)", discord.ButtonStyle.danger)]


@pytest.mark.parametrize(
    ("lang", "swap", "deck"),
    [
        ("en", [("Keep my card", 3), ("Swap with Dov", 1)], [("Keep my card", 3), ("Swap with the deck", 1)]),
        (
            "fr",
            [("Garder ma carte", 3), ("Échanger avec Dov", 1)],
            [("Garder ma carte", 3), ("Échanger avec la pioche", 1)],
        ),
    ],
)
def test_after_the_knock_keep_or_swap(lang: str, swap: list[tuple[str, int]], deck: list[tuple[str, int]]) -> None:
    state = knock(rigged(FIVE))
    assert [(label, style.value) for label, style in moves(table_of(state), 4, lang)] == swap
    while state.to_move != 0:
        state = keep(state)
    assert [(label, style.value) for label, style in moves(table_of(state), 0, lang)] == deck


def test_decisions_in_the_second_person() -> None:
    assert lines(hand_embed(table_of(rigged(FIVE)), 0, "en"))[0] == (
        "**You deal: knock when you are ready. You may look at your card first, for free.**"
    )
    state = knock(rigged(["5C", "3D", "7S", "9B", "6C"]))
    assert lines(hand_embed(table_of(state), 4, "en"))[0] == (
        "**Keep your card, or swap it with Cyd, jumping the face-up Cavallo of Dov.**"
    )
    state = knock(rigged(["5C", "3D", "10S", "9B", "6C"]))
    assert lines(hand_embed(table_of(state), 4, "fr"))[0].startswith("**Cyd montre un Re")
    blocked = moves(table_of(state), 4, "en")
    assert blocked[1] == ("Swap", discord.ButtonStyle.secondary)  # disabled
    state = knock(rigged(["9C", "3D", "7S", "2B", "6C"]))
    while state.to_move != 1:
        state = keep(state)
    assert "top of the deck: only the face-up Cavallo of Ann" in lines(hand_embed(table_of(state), 1, "en"))[0]
    state = knock(rigged(["5C", "3D", "7S", "2B", "9C"]))
    assert lines(hand_embed(table_of(state), 4, "en"))[0] == "**Your card is face up: keep it.**"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_never_shows_a_face_down_card(lang: str) -> None:
    state = look(look(rigged(["5C", "3D", "7S", "10B", "6C"]), 2), 0)
    shown = table_text(state, lang)
    for face in ("5🏆", "3🪙", "7🗡️", "R🪵", "6🏆"):
        assert face not in shown
    assert "❤️❤️" in shown and "👀" in shown and "🎴" in shown
    state = knock(state)
    shown = table_text(state, lang)
    assert "R🪵" in shown  # the Re is face up
    for face in ("5🏆", "3🪙", "7🗡️", "6🏆"):
        assert face not in shown
    assert "▶️ Eli" in shown


def test_your_card_shows_in_your_hand_once_you_may_see_it() -> None:
    state = rigged(FIVE)
    assert "Face down. Looking before the knock costs a life." in hand_text(state, 2)
    assert "7🗡️" not in hand_text(state, 2)
    assert "You deal: you may look for free." in hand_text(state, 0)
    state = knock(state)
    assert "7🗡️ 7 di Spade" in hand_text(state, 2)
    assert "7🗡️ 7 di Spade" in hand_text(state, 2, "fr")
    assert "7🗡️" not in hand_text(state, 3)


def test_a_swap_you_took_part_in_tells_you_the_other_card() -> None:
    state = act(knock(rigged(FIVE)), 4, ENGINE.candidate_actions(knock(rigged(FIVE)), 4)[1])
    assert "You know: Dov: 6🏆 6 di Coppe" in hand_text(state, 4)
    assert "6🏆" not in hand_text(state, 2)


def test_the_dead_are_marked_and_told() -> None:
    state = act(rigged(["5C", "3D", "7S", None, None], lives=[3, 2, 3, 0, 0]), 1, GiveLife(to=3))
    shown = table_text(state)
    assert "💀 dead" in shown and "no card until the next deal" in shown
    assert "You are dead" in hand_text(state, 4)
    assert "Brought back to life" in hand_text(state, 3)
    assert moves(table_of(state), 4, "en") == []  # the dead have no buttons


def test_the_end_shows_the_winner_and_the_last_reveal() -> None:
    state = knock(rigged(["5C", "3D", None, None, None], lives=[3, 1, 0, 0, 0]))
    state = keep(keep(state))
    shown = table_text(state)
    assert "🏆 last one alive" in shown and "Last reveal: 3🪙 −1 ❤️" in shown
    assert "Rounds survived" in shown


def payload(embed: discord.Embed, view: discord.ui.View | None) -> dict[str, Any]:
    body: dict[str, Any] = {"embeds": [embed.to_dict()]}
    if view is not None:
        body["components"] = view.to_components()
    return json.loads(json.dumps(body))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_twelve_players_with_the_longest_names_fit_discords_limits(lang: str) -> None:
    names = [f"{'W' * 30}{seat:02d}" for seat in range(12)]
    hands = ["9C", "9D", "9S", "9B", "10C", "10D", "10S", "10B", "1C", "2C", "3C", "4C"]
    state = knock(rigged(hands, lives=[3, 9, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]))
    for current in (state, keep(state)):
        tab = table_of(current, names)
        problems = message_problems(payload(table_embed(tab, lang), table_view(tab, lang)))
        for seat in range(12):
            problems += message_problems(payload(hand_embed(tab, seat, lang), hand_view(tab, seat, lang)))
            assert len(hand_embed(tab, seat, lang)) < 6000
        assert problems == []
        assert len(table_embed(tab, lang).fields) >= 13  # nothing dropped: the summary and every seat


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_random_states_render_without_leftover_placeholders(lang: str) -> None:
    renderer = renderer_for("ilmorto")
    for playout, step in sampled_states(ENGINE, random.Random(5), playouts=8, per_playout=3, ends=True):
        state = playout.states[step]
        assert isinstance(state, IlMortoState)
        for viewer in [None, *range(playout.players)]:
            view = ENGINE.perspective(state, viewer)
            shown = text(renderer.table_fields(view, NAMES, lang) + renderer.hand_fields(view, NAMES, lang))
            assert "{" not in shown and "ilmorto." not in shown
            for seat in range(playout.players):
                for action in [*ENGINE.candidate_actions(state, seat), *ENGINE.reported_actions(state, seat)]:
                    label = renderer.action_label(action, view, lang, NAMES)
                    assert 0 < len(label) <= 80 and "{" not in label and "ilmorto." not in label
