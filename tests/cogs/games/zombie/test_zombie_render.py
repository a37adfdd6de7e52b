"""Zombie Life on Discord: button labels, the public table without face-down values, the private hand with them."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cogs.games.zombie.render import ZombieRenderer
from cogs.render.games import Field, renderer_for
from engines.zombie import ENGINE, Draw, Hide, Place, Take, ZombieState
from engines.zombie.state import Status
from tests.conformance.playout import sampled_states
from tests.engines.zombie.zombie_rig import arrange, draw, on_top, table

NAMES = ["Ann", "Bob", "Cyd", "Dee"]


def hidden_table() -> ZombieState:
    """Seat 0 hid with 2 and 5 face down; seat 1 to move with a 4 and a 9 takeable from the Horde."""
    status: list[Status] = ["hidden", "in_play", "in_play", "in_play"]
    return arrange(table(4), refuge=[[9], [3, 7], [8], [1]], face_down=[[2, 5], [], [], []], horde=[4, 10],
                   status=status, points=[3, 0, 1, 2], to_move=1, hid=[0])  # fmt: skip


def text(fields: Sequence[Field]) -> str:
    return "\n".join(f"{field.name}\n{field.value}" for field in fields)


def test_the_renderer_is_registered() -> None:
    assert isinstance(renderer_for("zombie"), ZombieRenderer)


@pytest.mark.parametrize(
    ("lang", "labels"),
    [
        ("en", ["Draw", "Take 4 from the Horde", "Take 10 from the Horde", "Hide"]),
        ("fr", ["Piocher", "Prendre le 4 de la Horde", "Prendre le 10 de la Horde", "Se cacher"]),
    ],
)
def test_button_labels(lang: str, labels: list[str]) -> None:
    state = hidden_table()
    view = ENGINE.perspective(state, 1)
    renderer = renderer_for("zombie")
    candidates = ENGINE.candidate_actions(state, 1)
    assert candidates == [Draw(), Take(card=4), Take(card=10), Hide()]
    assert [renderer.action_label(action, view, lang) for action in candidates] == labels


def test_place_button_labels() -> None:
    state = draw(on_top(hidden_table(), 6))
    view = ENGINE.perspective(state, 1)
    renderer = renderer_for("zombie")
    assert ENGINE.candidate_actions(state, 1) == [Place(zone="refuge"), Place(zone="horde")]
    labels = [renderer.action_label(action, view, "en") for action in ENGINE.candidate_actions(state, 1)]
    assert labels == ["Place in my Refuge", "Place in the Horde"]
    assert "Bob** drew a `6`" in text(renderer.table_fields(ENGINE.perspective(state, None), NAMES, "en"))
    assert isinstance(renderer, ZombieRenderer)
    assert renderer.decision(view, NAMES, "en") == "You drew a `6`: put it in your Refuge or in the Horde."
    assert "drew" not in text(renderer.hand_fields(view, NAMES, "en"))  # the decision says it, once


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_shows_face_down_cards_as_a_count_only(lang: str) -> None:
    state = hidden_table()
    shown = text(renderer_for("zombie").table_fields(ENGINE.perspective(state, None), NAMES, lang))
    assert "`2`" not in shown and "`5`" not in shown
    assert "+ 2 face down" in shown or "+ 2 cartes cachées" in shown
    assert "`4` `10`" in shown  # the Horde
    assert "▶️ Bob" in shown


def test_the_hand_shows_your_own_face_down_cards_and_what_you_can_do() -> None:
    state = hidden_table()
    renderer = renderer_for("zombie")
    own = text(renderer.hand_fields(ENGINE.perspective(state, 0), NAMES, "en"))
    assert "Face down: `2` `5`" in own
    assert "You are out of this round" in own
    mover = text(renderer.hand_fields(ENGINE.perspective(state, 1), NAMES, "en"))
    assert "`2`" not in mover
    assert "You may take from the Horde: `4` `10`" in mover
    assert "If you hide now, you turn 2 cards face down. Points assured: at least 0." in mover


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_random_states_render_without_leftover_placeholders(lang: str) -> None:
    renderer = renderer_for("zombie")
    for playout, step in sampled_states(ENGINE, random.Random(5), playouts=6, per_playout=3, ends=True):
        state = playout.states[step]
        assert isinstance(state, ZombieState)
        names = [f"P{seat}" for seat in range(playout.players)]
        for viewer in [None, *range(playout.players)]:
            view = ENGINE.perspective(state, viewer)
            shown = text(renderer.table_fields(view, names, lang) + renderer.hand_fields(view, names, lang))
            assert "{" not in shown and "zombie." not in shown
            for seat in range(playout.players):
                for action in ENGINE.candidate_actions(state, seat):
                    label = renderer.action_label(action, view, lang)
                    assert 0 < len(label) <= 80 and "{" not in label
