"""What players see: their own hand and face-down cards only; others' hands, secret choices and the deck never."""

from __future__ import annotations

from collections import Counter

from hawthorn_rig import card_count, draw, fold, random_action, rigged, started

from engines.core import Rng
from engines.hawthorn import ENGINE, HawthornOptions, HawthornState, Start

HANDS = [[2, 5, 7, 9, 10], [3, 6, 8, 9, 10], [4, 6, 7, 8, 10]]
STARTS = [5, 3, 8]


def test_each_hand_is_seen_only_by_its_owner() -> None:
    state = rigged(3, HANDS)
    for viewer in range(3):
        view = ENGINE.perspective(state, viewer)
        assert view.my_hand == HANDS[viewer]
        assert [seat.hand_size for seat in view.seats] == [5, 5, 5]
        assert view.legal == ["start"]
    spectator = ENGINE.perspective(state, None)
    assert spectator.my_hand == [] and spectator.my_choice is None and spectator.legal == []
    assert spectator.deck_count == 40


def test_face_down_cards_are_seen_only_by_their_owner() -> None:
    state = draw(fold(started(3, HANDS, STARTS, top=[1])))  # seat 1 folds; seat 2 draws a 1
    assert state.face_down[1] == [3]
    assert ENGINE.perspective(state, 1).my_face_down == [3]
    for viewer in (0, 2, None):
        view = ENGINE.perspective(state, viewer)
        assert view.my_face_down == []
        assert view.seats[1].face_down == 1 and view.seats[1].face_up == []
        assert view.seats[1].status == "folded"


def test_the_public_table_is_the_same_for_everyone() -> None:
    state = draw(started(3, HANDS, STARTS))
    private = {"viewer", "legal", "my_hand", "my_choice", "my_face_down", "my_vote", "events"}
    private |= {"new_hand", "fresh", "pairing"}  # what is new to the viewer, which of their cards would pair
    views = [ENGINE.perspective(state, viewer).model_dump(exclude=private) for viewer in (0, 1, 2, None)]
    assert all(view == views[0] for view in views)


def check_reshuffle(state: HawthornState, viewer: int | None, seed: int) -> bool:
    """reshuffle_unseen keeps what `viewer` sees and every pile's size; True when it moved something."""
    other = ENGINE.reshuffle_unseen(state, viewer, seed)
    assert ENGINE.perspective(other, viewer) == ENGINE.perspective(state, viewer)
    assert card_count(other) == card_count(state)
    assert len(other.deck) == len(state.deck) and len(other.discard) == len(state.discard)
    for seat in range(state.players):
        assert len(other.hands[seat]) == len(state.hands[seat])
        assert len(other.face_down[seat]) == len(state.face_down[seat])
        assert (other.choices[seat] is None) == (state.choices[seat] is None)
        assert (other.votes[seat] is None) == (state.votes[seat] is None)
        if seat == viewer:
            assert other.hands[seat] == state.hands[seat]
            assert other.choices[seat] == state.choices[seat]
            assert other.face_down[seat] == state.face_down[seat]
            assert other.votes[seat] == state.votes[seat]
        assert other.face_up[seat] == state.face_up[seat]
    assert other.chips == state.chips
    return other.model_dump(exclude={"rng"}) != state.model_dump(exclude={"rng"})


def test_reshuffle_unseen_moves_others_hands_and_secret_choices() -> None:
    state = ENGINE.apply(rigged(3, HANDS), 1, Start(card=3))
    moved_choice = 0
    for seed in range(20):
        assert check_reshuffle(state, 0, seed)
        other = ENGINE.reshuffle_unseen(state, 0, seed)
        moved_choice += other.choices[1] != 3
        hidden = Counter([*state.deck, *state.hands[1], *state.hands[2], 3])
        assert Counter([*other.deck, *other.hands[1], *other.hands[2], other.choices[1]]) == hidden
    assert moved_choice > 0


def test_reshuffle_unseen_over_random_sessions() -> None:
    policy = Rng.from_seed(9)
    state = ENGINE.new(4, HawthornOptions(hands=3), seed=9)
    moved = 0
    for step in range(120):
        if ENGINE.is_over(state):
            break
        for viewer in (None, 0, 1, 2, 3):
            moved += check_reshuffle(state, viewer, seed=step)
        seat = policy.choice(list(ENGINE.to_act(state)))
        state = ENGINE.apply(state, seat, random_action(state, seat, policy))
    assert moved > 100
