"""What players see: the table face up; face-down Refuge cards only to their owner; deck and discards as counts."""

from __future__ import annotations

from collections import Counter

from zombie_rig import arrange, draw, on_top, random_action, table

from engines.core import Rng
from engines.zombie import ENGINE, ZombieOptions, ZombieState
from engines.zombie.state import Status


def hidden_table() -> ZombieState:
    """4 players: seat 0 hid with 2 and 5 face down, seat 3 hid with 6 face down; seat 1 to move, 9 just drawn."""
    status: list[Status] = ["hidden", "in_play", "in_play", "hidden"]
    state = arrange(table(4), refuge=[[9], [3, 7], [8], [1]], face_down=[[2, 5], [], [], [6]], horde=[4, 10],
                    status=status, points=[3, 0, 1, 2], to_move=1, hid=[0, 3])  # fmt: skip
    return draw(on_top(state, 9))


def test_perspective_shows_the_table() -> None:
    state = hidden_table()
    view = ENGINE.perspective(state, 1)
    assert view.viewer == 1 and view.players == 4
    assert view.to_act == (1,) and view.to_move == 1
    assert view.pending == 9
    assert view.legal == ["place"]
    assert view.horde == [4, 10]
    assert [s.refuge for s in view.seats] == [[9], [3, 7], [8], [1]]
    assert [s.face_down for s in view.seats] == [2, 0, 0, 1]
    assert [s.status for s in view.seats] == ["hidden", "in_play", "in_play", "hidden"]
    assert [s.points for s in view.seats] == [3, 0, 1, 2]
    assert (view.round, view.target, view.tie) == (1, 21, "shared")
    assert view.deck_count == len(state.deck) and view.discard_count == 0
    assert not view.last_in_play


def test_face_down_cards_are_seen_by_their_owner_only() -> None:
    state = hidden_table()
    assert ENGINE.perspective(state, 0).seats[0].face_down_cards == [2, 5]
    assert ENGINE.perspective(state, 3).seats[3].face_down_cards == [6]
    for viewer in (None, 1, 2, 3):
        assert ENGINE.perspective(state, viewer).seats[0].face_down_cards is None
    assert ENGINE.perspective(state, 0).seats[3].face_down_cards is None


def test_the_viewer_sees_what_they_can_take_and_what_hiding_costs() -> None:
    status: list[Status] = ["in_play", "in_play", "in_play", "hidden"]
    state = arrange(table(4), refuge=[[9, 2, 6], [3], [8], []], face_down=[[], [], [], [1]], horde=[4, 9, 10],
                    status=status, to_move=0, hid=[3])  # fmt: skip
    view = ENGINE.perspective(state, 0)
    assert view.legal == ["draw", "take", "hide"]
    assert view.takeable == [4, 10]
    assert view.hide_count == 2  # seats 1 and 2 are still in play
    other = ENGINE.perspective(state, 1)
    assert other.legal == [] and other.takeable == [] and other.hide_count == 0


def test_everyone_sees_the_same_table_but_their_own_face_down_cards() -> None:
    state = hidden_table()
    views = []
    for viewer in (0, 1, 2, 3, None):
        data = ENGINE.perspective(state, viewer).model_dump(exclude={"viewer", "legal", "takeable", "hide_count"})
        for seat in data["seats"]:
            seat["face_down_cards"] = None
        views.append(data)
    assert all(view == views[0] for view in views)


def unseen(state: ZombieState) -> list[int]:
    """The deck, the discard pile and every face-down card."""
    return state.deck + state.discard + [card for cards in state.face_down for card in cards]


def test_reshuffle_unseen_deals_the_other_players_face_down_cards_anew() -> None:
    state = hidden_table()
    moved = 0
    for seed in range(40):
        for viewer in (None, 0, 1, 3):
            other = ENGINE.reshuffle_unseen(state, viewer, seed)
            assert ENGINE.perspective(other, viewer) == ENGINE.perspective(state, viewer)
            assert other.card_count() == 55
            assert Counter(unseen(other)) == Counter(unseen(state))
            for seat in range(4):
                cards = other.refuge[seat] + other.face_down[seat]
                assert len(set(cards)) == len(cards)  # still no value twice in a Refuge
                assert len(other.face_down[seat]) == len(state.face_down[seat])
            if viewer is not None:
                assert other.face_down[viewer] == state.face_down[viewer]
            moved += other.face_down != state.face_down
    assert moved > 0


def test_the_deck_order_and_hidden_cards_stay_hidden_through_a_game() -> None:
    """Rearranging what a viewer cannot see never changes what they see."""
    policy = Rng.from_seed(6)
    state = ENGINE.new(5, ZombieOptions(target=11), seed=6)
    changed = 0
    for step in range(120):
        if ENGINE.is_over(state):
            break
        for viewer in (None, *range(5)):
            other = ENGINE.reshuffle_unseen(state, viewer, seed=step)
            assert ENGINE.perspective(other, viewer) == ENGINE.perspective(state, viewer)
            assert len(other.deck) == len(state.deck) and len(other.discard) == len(state.discard)
            changed += other.deck != state.deck
        state = ENGINE.apply(state, state.to_move, random_action(state, policy))
    assert changed > 0
