"""A player leaving: the game goes on without them while two remain, else it ends; leavers rank last."""

from __future__ import annotations

from zombie_rig import arrange, draw, events, hide, new_rigged, on_top, table

from engines.core import Withdraw
from engines.zombie import ENGINE
from engines.zombie.state import Status


def test_leaving_on_your_turn_discards_your_refuge_and_play_passes_left() -> None:
    state = new_rigged(4, [5, 3, 8, 9])  # seat 1 starts
    state = ENGINE.apply(state, 1, Withdraw())
    assert state.withdrawn == [1]
    assert state.refuge == [[5], [], [8], [9]]
    assert state.discard == [3]
    assert state.status[1] == "left"
    assert ENGINE.to_act(state) == (2,)
    assert events(state, "left") == [{"seat": 1}]
    assert not state.finished and state.card_count() == 55
    assert ENGINE.candidate_actions(state, 1) == []


def test_leaving_with_a_drawn_card_discards_it_too() -> None:
    state = arrange(table(3), refuge=[[5], [3], [8]], to_move=1)
    on_top(state, 9)
    state = draw(state)
    assert state.pending == 9
    state = ENGINE.apply(state, 1, Withdraw())
    assert state.pending is None
    assert state.discard == [9, 3]
    assert ENGINE.to_act(state) == (2,) and state.card_count() == 55


def test_leaving_out_of_turn_keeps_the_turn_and_play_skips_the_leaver() -> None:
    state = new_rigged(3, [5, 3, 8, 9])  # seat 1 starts
    state = ENGINE.apply(state, 2, Withdraw())
    assert ENGINE.to_act(state) == (1,)
    on_top(state, 7)
    state = draw(state)
    state = ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[0])
    assert ENGINE.to_act(state) == (0,)


def test_a_player_in_play_who_leaves_turns_a_hidden_card_face_up_like_an_elimination() -> None:
    status: list[Status] = ["hidden", "in_play", "in_play"]
    state = arrange(table(3), refuge=[[9], [3], [8]], face_down=[[2, 5], [], []], status=status, to_move=1, hid=[0])
    state = ENGINE.apply(state, 2, Withdraw())
    assert events(state, "turn_up") == [{"seat": 0, "card": 5}]
    assert events(state, "last_in_play") == [{"seat": 1}]
    assert ENGINE.to_act(state) == (1,)


def test_a_hidden_player_who_leaves_changes_nothing_for_the_others() -> None:
    status: list[Status] = ["hidden", "in_play", "in_play"]
    state = arrange(table(3), refuge=[[9], [3], [8]], face_down=[[2, 5], [], []], status=status, to_move=1, hid=[0])
    state = ENGINE.apply(state, 0, Withdraw())
    assert "turn_up" not in [e.key.removeprefix("zombie.event.") for e in state.events]
    assert ENGINE.to_act(state) == (1,)
    assert state.refuge[0] == [] and state.face_down[0] == []


def test_the_last_player_in_play_leaving_ends_the_round() -> None:
    status: list[Status] = ["hidden", "hidden", "in_play"]
    state = arrange(table(3), refuge=[[9, 4], [3], [8]], status=status, points=[1, 2, 3], to_move=2, hid=[0, 1])
    state = ENGINE.apply(state, 2, Withdraw())
    assert events(state, "score") == [{"seat": 0, "gained": 2, "points": 3}, {"seat": 1, "gained": 1, "points": 3}]
    assert state.round == 2
    assert state.refuge[2] == [] and state.status[2] == "left"  # no card for the leaver
    assert all(state.refuge[seat] for seat in (0, 1))


def test_the_game_ends_when_one_player_is_left_who_wins_and_the_leaver_is_last() -> None:
    state = arrange(table(2), refuge=[[5], [3]], points=[4, 12], to_move=0)
    state = ENGINE.apply(state, 1, Withdraw())
    assert state.finished
    assert ENGINE.to_act(state) == ()
    assert events(state, "last_player") == [{"seat": 0}]
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (1, 2)
    assert result.winners == (0,)
    assert result.measure == (4, 12)
    assert state.card_count() == 55


def test_a_drawn_card_is_discarded_when_the_game_ends_by_a_withdrawal() -> None:
    state = on_top(arrange(table(2), refuge=[[5], [3]], to_move=0), 9)
    state = draw(state)
    state = ENGINE.apply(state, 1, Withdraw())
    assert state.finished and state.pending is None and state.card_count() == 55


def test_leavers_share_the_last_place_when_the_game_ends_normally() -> None:
    status: list[Status] = ["hidden", "in_play", "in_play", "in_play"]
    state = arrange(table(4), refuge=[[9, 4], [3], [8], [6]], status=status, points=[20, 22, 5, 7], to_move=2,
                    hid=[0])  # fmt: skip
    state = ENGINE.apply(state, 1, Withdraw())  # seat 1 leads when it leaves
    state = ENGINE.apply(state, 3, Withdraw())
    state = hide(state)  # seat 2 was last in play
    assert state.finished
    result = ENGINE.result(state)
    assert result is not None
    assert state.points == [22, 22, 6, 7]
    assert result.winners == (0,)
    assert result.places == (1, 3, 2, 3)
