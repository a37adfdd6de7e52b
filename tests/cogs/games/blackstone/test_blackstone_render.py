"""The Blackstone renderer: the public table, a player's hand and the button labels."""

from __future__ import annotations

from cogs.render.games import Field, renderer_for
from engines.blackstone import ENGINE, NextHand, Pass, Stop, Take
from tests.engines.blackstone.blackstone_rig import arrange, new_rigged, pass_, take, top, vote

NAMES = ["Ann", "Bob", "Cid"]
RENDERER = renderer_for("blackstone")


def text(fields: list[Field]) -> str:
    return "\n".join(f"{field.name}: {field.value}" for field in fields)


def test_the_table_shows_the_middle_the_stones_the_antes_and_the_turn() -> None:
    state = new_rigged(3, [5, 3, 8])
    arrange(state, middle=[5, 3, 8, 9, 1], blacks=[1, 0, 0], to_move=1)
    top(state, 2, 2)
    state = take(state, 2)
    shown = text(RENDERER.table_fields(ENGINE.perspective(state, None), NAMES, "en"))
    assert "Hand 1 of 5 at most" in shown
    assert "To play: **Cid**" in shown
    assert "Middle: **7** white stones `1` `2` `2` `3` `5` `8` `9`" in shown
    assert "Pass costs ante + 4 · a second black stone costs ante + 7" in shown
    assert "Minimum take: **2** (last taken by **Bob**)" in shown
    assert "Deck: 47 cards (black stones: 9)" in shown
    assert "Pot: **0** chips" in shown
    assert "Ann: Chips: **95** · ante: 5\n⚫ black stone\nin the hand" in shown
    assert "▶️ Cid" in shown


def test_the_table_between_hands_shows_who_has_decided_but_not_what() -> None:
    state = pass_(pass_(new_rigged(3, [5, 3, 8])))
    state = vote(state, 2, stop=True)
    shown = text(RENDERER.table_fields(ENGINE.perspective(state, None), NAMES, "en"))
    assert "Decided: 1/3" in shown
    assert "✅ decided" in shown and "⏳ deciding" in shown
    assert "Cid: Chips: **93** · ante: 0\nno black stone\n✅ decided" in shown  # not what they chose
    assert "Last hand: won by **Ann** (+14)" in shown


def test_the_hand_shows_the_players_own_choice_and_the_others() -> None:
    state = pass_(pass_(new_rigged(3, [5, 3, 8])))
    state = vote(state, 2, stop=True)
    mine = text(RENDERER.hand_fields(ENGINE.perspective(state, 2), NAMES, "fr"))
    assert "Votre choix\u00a0: arrêter" in mine
    assert mine.index("Vous:") < mine.index("Votre choix") < mine.index("Table:")  # own first, then the table
    assert "Ann" in mine and "Bob" in mine
    theirs = text(RENDERER.hand_fields(ENGINE.perspective(state, 0), NAMES, "en"))
    assert "Your choice" not in theirs


def test_button_labels() -> None:
    state = new_rigged(3, [5, 3, 8])
    arrange(state, middle=[5, 3, 8, 9, 1], blacks=[0, 0, 0], to_move=1)
    view = ENGINE.perspective(state, 1)
    labels = [RENDERER.action_label(a, view, "en") for a in ENGINE.candidate_actions(state, 1)]
    assert labels[:3] == ["Pass (pay 3)", "Take 1", "Take 2"] and labels[-1] == "Take 10"
    assert RENDERER.action_label(Take(count=7), view, "fr") == "Prendre 7"
    assert RENDERER.action_label(Pass(), view, "fr") == "Passer (payer 3)"
    assert RENDERER.action_label(NextHand(), view, "en") == "Next hand"
    assert RENDERER.action_label(Stop(), view, "fr") == "Arrêter"


def test_the_finished_session_shows_the_unclaimed_pot() -> None:
    state = new_rigged(3, [5, 3, 8])
    arrange(state, middle=[5, 3, 8, 9], blacks=[0, 1, 0], to_move=1)
    top(state, 10)
    state = take(state, 1)  # 9 in the pot, 4 each to two survivors, 1 carried
    for seat in range(3):
        state = vote(state, seat, stop=True)
    shown = text(RENDERER.table_fields(ENGINE.perspective(state, None), NAMES, "en"))
    assert "The session is over." in shown
    assert "Unclaimed pot: 1 chip" in shown
    assert "Last hand: **Bob** lost, **Ann** and **Cid** won (+4 each)" in shown
