"""Hawthorn on Discord: the public table, a player's hand and the button labels."""

from __future__ import annotations

from cogs.render.games import Field, renderer_for
from engines.hawthorn import ENGINE, HawthornState, Start
from tests.engines.hawthorn.hawthorn_rig import choose_all, draw, fold, rigged, started

HANDS = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
NAMES = ["Ann", "Bob", "Cat"]
RENDERER = renderer_for("hawthorn")


def text(fields: list[Field]) -> str:
    return "\n".join(f"{field.name}\n{field.value}" for field in fields)


def labels(state: HawthornState, seat: int, lang: str = "en") -> list[str]:
    view = ENGINE.perspective(state, seat)
    return [RENDERER.action_label(a, view, lang) for a in ENGINE.candidate_actions(state, seat)]


def test_the_secret_choice_buttons_and_who_has_chosen() -> None:
    state = ENGINE.apply(rigged(3, HANDS), 0, Start(card=5))
    assert labels(state, 1) == ["Start with 3", "Start with 6", "Start with 8", "Start with 9", "Start with 10"]
    assert labels(state, 1, "fr")[0] == "Commencer avec 3"
    table = text(RENDERER.table_fields(ENGINE.perspective(state, None), NAMES, "en"))
    assert table.count("has chosen") == 1 and table.count("choosing") == 3  # the summary line says it once too
    assert "`5`" not in table  # the choice itself stays hidden
    hand = text(RENDERER.hand_fields(ENGINE.perspective(state, 0), NAMES, "en"))
    assert "Your starting card (secret until everyone has chosen): `5`" in hand


def test_deck_lap_and_hand_lap_buttons() -> None:
    state = started(3, HANDS, [5, 3, 8], top=[1, 2, 4])
    assert labels(state, 1) == ["Draw", "Fold (pay 3)"]
    assert labels(state, 1, "fr") == ["Piocher", "Se coucher (payer 3)"]
    state = draw(draw(draw(state)))
    assert labels(state, 1) == ["Play 6", "Play 8", "Play 9", "Play 10", "Fold (pay 1)"]
    table = text(RENDERER.table_fields(ENGINE.perspective(state, None), NAMES, "en"))
    assert "Lap 2: cards from the **hand**" in table
    assert "Pot: **3** chips" in table
    assert "▶️ Bob 🔘" in table


def test_the_vote_buttons() -> None:
    state = fold(fold(started(3, HANDS, [5, 3, 8])))
    assert labels(state, 0) == ["Next hand", "Stop"]
    assert labels(state, 0, "fr") == ["Donne suivante", "Arrêter"]


def test_the_public_table_does_not_depend_on_hidden_cards() -> None:
    state = choose_all(rigged(3, HANDS), [5, None, 8])
    for lang in ("en", "fr"):
        shown = text(RENDERER.table_fields(ENGINE.perspective(state, None), NAMES, lang))
        for seed in range(5):
            other = ENGINE.reshuffle_unseen(state, None, seed)
            assert text(RENDERER.table_fields(ENGINE.perspective(other, None), NAMES, lang)) == shown
