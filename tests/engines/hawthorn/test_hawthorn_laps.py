"""Laps: odd laps draw from the deck, even laps play from the hand; every lap starts at the button."""

from __future__ import annotations

from hawthorn_rig import act, draw, events, fold, keys, play, quiet, started

from engines.hawthorn import ENGINE, Draw, Fold, HawthornOptions, Play

# Seat 1 takes the button with a 3; lap order 1, 2, 0. Lap 1 draws 1, 2, 4.
HANDS = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
STARTS = [5, 3, 8]
TOP = [1, 2, 4, 9]


def refusal_key(state: object, seat: int, action: object) -> str | None:
    refusal = ENGINE.refusal(state, seat, action)  # type: ignore[arg-type]
    return None if refusal is None else refusal.key


def test_the_first_lap_draws_from_the_deck_starting_with_the_button() -> None:
    state = started(3, HANDS, STARTS, TOP)
    assert ENGINE.candidate_actions(state, 1) == [Draw(), Fold()]
    assert refusal_key(state, 1, Play(card=6)) == "hawthorn.refusal.deck_lap"
    state = draw(state)
    assert state.face_up[1] == [3, 1] and state.to_move == 2
    assert events(state, "draw") == [{"seat": 1, "card": 1}]
    state = draw(state)
    assert state.to_move == 0 and state.lap == 1
    state = draw(state)
    assert state.face_up == [[5, 4], [3, 1], [8, 2]]
    assert state.hands == [[2, 7, 9, 10], [6, 8, 9, 10], [4, 6, 7, 10]]  # hands untouched on a deck lap
    assert (state.lap, state.to_move) == (2, 1)
    assert events(state, "lap_hand") == [{"lap": 2, "seat": 1}]


def test_the_second_lap_plays_from_the_hand() -> None:
    state = draw(draw(draw(started(3, HANDS, STARTS, TOP))))
    deck = list(state.deck)
    assert ENGINE.candidate_actions(state, 1) == [Play(card=6), Play(card=8), Play(card=9), Play(card=10), Fold()]
    assert refusal_key(state, 1, Draw()) == "hawthorn.refusal.hand_lap"
    assert refusal_key(state, 1, Play(card=4)) == "hawthorn.refusal.not_in_hand"
    state = play(state, 6)
    assert state.face_up[1] == [3, 1, 6] and state.hands[1] == [8, 9, 10]
    assert events(state, "play") == [{"seat": 1, "card": 6}]
    state = play(play(state, 7), 9)
    assert state.face_up == [[5, 4, 9], [3, 1, 6], [8, 2, 7]]
    assert state.deck == deck  # nothing drawn on a hand lap
    # Lap 3 draws from the deck again.
    assert (state.lap, state.to_move) == (3, 1)
    assert events(state, "lap_deck")[-1] == {"lap": 3, "seat": 1}
    assert ENGINE.candidate_actions(state, 1) == [Draw(), Fold()]
    state = draw(state)
    assert state.face_up[1] == [3, 1, 6, 9]


def test_a_lap_starts_with_the_next_player_still_in_when_the_button_is_out() -> None:
    state = started(3, HANDS, STARTS, TOP)
    state = fold(state)  # seat 1, the button, folds
    state = draw(draw(state))  # seats 2 and 0 draw 1 and 2
    assert (state.lap, state.to_move, state.button) == (2, 2, 1)
    assert events(state, "lap_hand") == [{"lap": 2, "seat": 2}]
    state = play(play(state, 4), 7)
    assert (state.lap, state.to_move) == (3, 2)


def test_with_an_empty_hand_on_a_hand_lap_you_draw_by_default() -> None:
    state = draw(draw(draw(started(3, HANDS, STARTS, TOP))))
    state.deck.extend(state.hands[1])  # seat 1 has played out their hand (the cards stay at the table)
    state.hands[1] = []
    assert ENGINE.candidate_actions(state, 1) == [Draw(), Fold()]
    assert ENGINE.legal_actions(state, 1) == [Draw(), Fold()]
    state = act(quiet(state), Draw())
    assert state.face_up[1] == [3, 1, 9]
    assert keys(state) == ["draw"]


def test_with_the_fold_option_an_empty_hand_on_a_hand_lap_must_fold() -> None:
    options = HawthornOptions(empty_hand="fold")
    state = draw(draw(draw(started(3, HANDS, STARTS, TOP, options=options))))
    state.deck.extend(state.hands[1])
    state.hands[1] = []
    assert ENGINE.candidate_actions(state, 1) == [Fold()]
    assert refusal_key(state, 1, Draw()) == "hawthorn.refusal.must_fold"
    state = fold(state)
    assert state.status[1] == "folded"


def test_only_the_player_to_move_acts() -> None:
    state = started(3, HANDS, STARTS, TOP)
    assert ENGINE.to_act(state) == (1,)
    assert refusal_key(state, 0, Draw()) == "error.not_your_turn"
    assert ENGINE.legal_actions(state, 0) == []
