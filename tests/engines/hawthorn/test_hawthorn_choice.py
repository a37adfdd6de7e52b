"""The secret starting card: chosen by everyone at once, revealed together; the lowest takes the button."""

from __future__ import annotations

from hawthorn_rig import choose_all, draw, events, fold, keys, rigged, started

from engines.hawthorn import ENGINE, Draw, HawthornOptions, NextHand, Start

HANDS = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]


def test_choices_come_in_any_order_and_are_revealed_together() -> None:
    state = rigged(3, HANDS)
    state = ENGINE.apply(state, 2, Start(card=8))
    assert ENGINE.to_act(state) == (0, 1)
    assert state.face_up == [[], [], []] and state.choices == [None, None, 8]
    state = ENGINE.apply(state, 0, Start(card=5))
    assert ENGINE.to_act(state) == (1,)
    assert "reveal" not in keys(state)
    state = ENGINE.apply(state, 1, Start(card=3))
    assert state.face_up == [[5], [3], [8]]
    assert state.choices == [None, None, None]
    assert state.hands == [[2, 7, 9, 10], [6, 8, 9, 10], [4, 6, 7, 10]]
    assert events(state, "reveal") == [{"seat": 0, "card": 5}, {"seat": 1, "card": 3}, {"seat": 2, "card": 8}]
    assert events(state, "button") == [{"seat": 1, "card": 3}]
    assert (state.phase, state.button, state.to_move, state.lap) == ("play", 1, 1, 1)
    assert ENGINE.to_act(state) == (1,)
    assert events(state, "lap_deck") == [{"lap": 1, "seat": 1}]


def test_a_secret_choice_is_seen_only_by_its_chooser_until_the_reveal() -> None:
    state = ENGINE.apply(rigged(3, HANDS), 0, Start(card=5))
    mine = ENGINE.perspective(state, 0)
    assert mine.my_choice == 5 and mine.my_hand == [2, 7, 9, 10]
    assert [e.params for e in mine.events if e.key == "hawthorn.event.you_chose"] == [{"card": 5}]
    for viewer in (1, 2, None):
        view = ENGINE.perspective(state, viewer)
        assert view.my_choice is None
        assert [seat.chosen for seat in view.seats] == [True, False, False]
        assert view.seats[0].face_up == [] and view.seats[0].hand_size == 4
        assert all(e.key != "hawthorn.event.you_chose" for e in view.events)
        assert all("card" not in e.params for e in view.events)  # nothing public names a card yet
    # Once revealed, everyone sees it.
    state = choose_all(state, [None, 3, 8])
    assert all(ENGINE.perspective(state, viewer).seats[0].face_up == [5] for viewer in (0, 1, 2, None))


def test_a_player_chooses_once() -> None:
    state = ENGINE.apply(rigged(3, HANDS), 0, Start(card=5))
    refusal = ENGINE.refusal(state, 0, Start(card=7))
    assert refusal is not None and refusal.key == "error.not_your_turn"
    assert ENGINE.legal_actions(state, 0) == []


def test_nothing_but_a_starting_card_is_chosen_now() -> None:
    state = rigged(3, HANDS)
    for action in (Draw(), NextHand()):
        refusal = ENGINE.refusal(state, 0, action)
        assert refusal is not None and refusal.key == "hawthorn.refusal.not_now"


def test_a_tie_for_the_lowest_card_is_broken_with_cards_from_the_deck() -> None:
    hands = [[3, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
    state = started(3, hands, [3, 3, 4], top=[6, 4])
    assert events(state, "tie") == [{"card": 3, "count": 2}]
    assert events(state, "tie_card") == [{"seat": 0, "card": 6}, {"seat": 1, "card": 4}]
    assert state.face_up == [[3, 6], [3, 4], [4]]  # the tie-break cards stay in front of their players
    assert state.button == 1 and state.to_move == 1


def test_a_pair_dealt_during_the_tie_break_is_replaced() -> None:
    hands = [[3, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
    state = started(3, hands, [3, 3, 4], top=[3, 5, 2])
    assert events(state, "tie_pair") == [{"seat": 0, "card": 3}]
    assert events(state, "tie_card") == [{"seat": 0, "card": 5}, {"seat": 1, "card": 2}]
    assert state.face_up == [[3, 5], [3, 2], [4]]
    assert state.discard == [3]
    assert state.button == 1


def test_a_repeated_tie_compares_only_the_newest_cards() -> None:
    hands = [[3, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
    state = started(3, hands, [3, 3, 4], top=[6, 6, 2, 5])
    assert events(state, "tie") == [{"card": 3, "count": 2}, {"card": 6, "count": 2}]
    assert state.face_up == [[3, 6, 2], [3, 6, 5], [4]]
    assert state.button == 0


def test_tie_break_cards_can_pair_later() -> None:
    hands = [[3, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
    state = started(3, hands, [3, 3, 4], top=[6, 4, 4])  # seat 1 wins the button with a 4, then draws a 4
    state = draw(state)
    assert events(state, "paired_draw") == [{"seat": 1, "card": 4, "paid": 4}]
    assert state.status[1] == "out"


def test_the_button_is_decided_again_every_hand_by_default() -> None:
    state = started(3, HANDS, [5, 3, 8])
    state = fold(fold(state))  # seats 1 and 2 fold: seat 0 takes the pot
    state = choose_all(state, [None, None, None])
    for seat in (0, 1, 2):
        state = ENGINE.apply(state, seat, NextHand())
    assert state.hand == 2 and state.phase == "choose"
    starts = [min(hand) for hand in state.hands]
    state = choose_all(state, starts)
    assert events(state, "button") and not events(state, "button_left")
    low = min(starts)
    if starts.count(low) == 1:
        assert state.button == starts.index(low)


def test_with_the_left_option_the_button_passes_left_after_the_first_hand() -> None:
    state = started(3, HANDS, [5, 3, 8], options=HawthornOptions(button="left"))
    assert state.button == 1
    state = fold(fold(state))
    for seat in (0, 1, 2):
        state = ENGINE.apply(state, seat, NextHand())
    state = choose_all(state, [min(hand) for hand in state.hands])
    assert events(state, "button_left") == [{"seat": 2}]
    assert not events(state, "tie") and not events(state, "button")
    assert state.button == 2 and state.to_move == 2
