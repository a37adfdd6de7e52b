"""A turn: draw then place, forced placements, being overrun, taking from the Horde, hiding, the last player."""

from __future__ import annotations

from zombie_rig import arrange, draw, events, hide, keys, on_top, place, table, take

from engines.zombie import ENGINE, Draw, Hide, Place, Take
from engines.zombie.state import Status


def test_a_drawn_card_with_two_possible_places_waits_for_its_player() -> None:
    state = on_top(arrange(table(3), refuge=[[5], [3], [8]], to_move=1), 9)
    state = draw(state)
    assert state.pending == 9
    assert ENGINE.to_act(state) == (1,)
    assert events(state, "draw") == [{"seat": 1, "card": 9}]
    assert ENGINE.legal_actions(state, 1) == [Place(zone="refuge"), Place(zone="horde")]
    assert ENGINE.candidate_actions(state, 0) == [Draw(), Hide()]  # the others' buttons stay as they were
    assert ENGINE.perspective(state, 0).pending == 9  # everyone sees the drawn card
    assert state.card_count() == 55


def test_placing_in_the_refuge_passes_the_turn_left() -> None:
    state = arrange(table(3), refuge=[[5], [3], [8]], to_move=2)
    on_top(state, 9)
    state = place(draw(state), "refuge")
    assert state.refuge[2] == [8, 9] and state.pending is None
    assert events(state, "place_refuge") == [{"seat": 2, "card": 9}]
    assert ENGINE.to_act(state) == (0,)


def test_placing_in_the_horde() -> None:
    state = arrange(table(3), refuge=[[5], [3], [8]], horde=[2], to_move=1)
    on_top(state, 9)
    state = place(draw(state), "horde")
    assert state.horde == [2, 9] and state.refuge[1] == [3]
    assert events(state, "place_horde") == [{"seat": 1, "card": 9}]
    assert ENGINE.to_act(state) == (2,)


def test_a_value_the_horde_holds_must_go_to_the_refuge() -> None:
    state = arrange(table(3), refuge=[[5], [3], [8]], horde=[9], to_move=1)
    on_top(state, 9)
    state = draw(state)
    assert state.pending is None
    assert state.refuge[1] == [3, 9] and state.horde == [9]
    assert events(state, "forced_refuge") == [{"seat": 1, "card": 9}]
    assert ENGINE.to_act(state) == (2,)


def test_a_value_the_refuge_holds_must_go_to_the_horde() -> None:
    state = arrange(table(3), refuge=[[5], [3, 9], [8]], to_move=1)
    on_top(state, 9)
    state = draw(state)
    assert state.refuge[1] == [3, 9] and state.horde == [9]
    assert events(state, "forced_horde") == [{"seat": 1, "card": 9}]
    assert ENGINE.to_act(state) == (2,)


def test_a_value_in_both_the_horde_and_the_refuge_overruns_the_player() -> None:
    state = arrange(table(3), refuge=[[5], [3, 9], [8]], horde=[9], to_move=1)
    on_top(state, 9)
    state = draw(state)
    assert events(state, "overrun") == [{"seat": 1, "card": 9}]
    assert state.status == ["in_play", "eliminated", "in_play"]
    assert state.refuge[1] == [] and state.eliminated == [1]
    assert state.discard[-3:] == [9, 3, 9]  # the drawn card and the whole Refuge
    assert state.horde == [9]
    assert ENGINE.to_act(state) == (2,)
    assert ENGINE.candidate_actions(state, 1) == []  # out of the round: no buttons
    assert state.card_count() == 55


def test_take_moves_a_horde_card_into_the_refuge() -> None:
    state = arrange(table(3), refuge=[[5], [3, 9], [8]], horde=[4, 9], to_move=1)
    assert ENGINE.candidate_actions(state, 1) == [Draw(), Take(card=4), Hide()]
    state = take(state, 4)
    assert state.refuge[1] == [3, 9, 4] and state.horde == [9]
    assert events(state, "take") == [{"seat": 1, "card": 4}]
    assert ENGINE.to_act(state) == (2,)


def test_take_is_refused_for_a_value_the_refuge_has_or_the_horde_lacks() -> None:
    state = arrange(table(3), refuge=[[5], [3, 9], [8]], horde=[4, 9], to_move=1)
    refusal = ENGINE.refusal(state, 1, Take(card=9))
    assert refusal is not None and refusal.key == "zombie.refusal.refuge_has" and refusal.params == {"card": 9}
    refusal = ENGINE.refusal(state, 1, Take(card=7))
    assert refusal is not None and refusal.key == "zombie.refusal.not_in_horde"


def test_take_is_unavailable_when_the_refuge_has_every_horde_value() -> None:
    state = arrange(table(3), refuge=[[5], [3, 9], [8]], horde=[3, 9], to_move=1)
    assert ENGINE.legal_actions(state, 1) == [Draw(), Hide()]
    assert ENGINE.perspective(state, 1).takeable == []


def test_hiding_turns_down_one_card_per_player_still_in_play() -> None:
    state = arrange(table(4), refuge=[[7, 2, 9, 5], [3], [8], [6]], to_move=0)
    state = hide(state)
    assert state.face_down[0] == [2, 5, 7]  # the lowest cards
    assert state.refuge[0] == [9]
    assert state.status[0] == "hidden" and state.hid == [0]
    assert events(state, "hide") == [{"seat": 0, "count": 3}]
    assert ENGINE.to_act(state) == (1,)
    assert ENGINE.candidate_actions(state, 0) == []


def test_hiding_counts_neither_hidden_nor_eliminated_players() -> None:
    status: list[Status] = ["in_play", "hidden", "eliminated", "in_play"]
    state = arrange(table(4), refuge=[[7, 2, 9], [3], [], [6]], status=status, to_move=0, hid=[1], eliminated=[2])
    state = hide(state)
    assert state.face_down[0] == [2] and state.refuge[0] == [7, 9]
    assert ENGINE.to_act(state) == (3,)


def test_hiding_with_fewer_cards_than_players_in_play_turns_them_all_down() -> None:
    state = arrange(table(4), refuge=[[6], [3], [8], [5]], to_move=0)
    state = hide(state)
    assert state.face_down[0] == [6] and state.refuge[0] == []
    assert events(state, "hide") == [{"seat": 0, "count": 1}]


def test_each_later_elimination_turns_a_hidden_card_face_up_again() -> None:
    status: list[Status] = ["hidden", "in_play", "in_play", "in_play"]
    state = arrange(table(4), refuge=[[9], [3, 4], [8], [6]], face_down=[[2, 5, 7], [], [], []],
                    horde=[4], status=status, to_move=1, hid=[0])  # fmt: skip
    on_top(state, 4)
    state = draw(state)  # seat 1 is overrun
    assert events(state, "turn_up") == [{"seat": 0, "card": 7}]
    assert state.refuge[0] == [9, 7] and state.face_down[0] == [2, 5]
    assert keys(state) == ["overrun", "turn_up"]


def test_play_passes_left_skipping_players_out_of_the_round() -> None:
    status: list[Status] = ["in_play", "in_play", "hidden", "eliminated"]
    state = arrange(table(4), refuge=[[5], [3], [8], []], status=status, to_move=1, hid=[2], eliminated=[3])
    on_top(state, 9)
    state = place(draw(state), "horde")
    assert ENGINE.to_act(state) == (0,)


def test_the_last_player_in_play_goes_on_but_may_not_take_from_the_horde() -> None:
    state = arrange(table(3), refuge=[[5], [3], [8]], horde=[4], to_move=0)
    state = hide(state)
    state = hide(state)
    assert events(state, "last_in_play") == [{"seat": 2}]
    assert ENGINE.to_act(state) == (2,)
    assert ENGINE.perspective(state, 2).last_in_play
    refusal = ENGINE.refusal(state, 2, Take(card=4))
    assert refusal is not None and refusal.key == "zombie.refusal.last_player"
    assert ENGINE.legal_actions(state, 2) == ENGINE.candidate_actions(state, 2) == [Draw(), Hide()]
    on_top(state, 9)
    state = place(draw(state), "horde")  # the last player may still feed the Horde
    assert state.horde == [4, 9]
    assert ENGINE.to_act(state) == (2,)  # and plays again


def test_the_last_player_hiding_ends_the_round() -> None:
    state = arrange(table(2), refuge=[[5, 6], [3]], to_move=0)
    state = hide(state)
    state = hide(state)
    assert state.round == 2
    assert "round_end" in keys(state)
