"""The end of a round (hidden players score their face-up cards) and of the game (the target, ties)."""

from __future__ import annotations

from zombie_rig import arrange, draw, events, hide, keys, on_top, table

from engines.zombie import ENGINE, ZombieOptions, ZombieState
from engines.zombie.state import Status


def closing(points: list[int], options: ZombieOptions = ZombieOptions()) -> ZombieState:  # noqa: B008
    """3 players: seat 0 hid (9, 7 face up, 2 face down), seat 1 was overrun, seat 2 is last in play with a 4."""
    status: list[Status] = ["hidden", "eliminated", "in_play"]
    state = table(3, options)
    return arrange(state, refuge=[[9, 7], [], [4]], face_down=[[2], [], []], status=status, points=points,
                   to_move=2, hid=[0], eliminated=[1])  # fmt: skip


def test_hidden_players_score_1_point_per_face_up_card_and_the_overrun_score_0() -> None:
    state = hide(closing([0, 0, 0]))
    assert events(state, "score") == [
        {"seat": 0, "gained": 2, "points": 2},  # the face-down 2 does not count
        {"seat": 2, "gained": 1, "points": 1},
    ]
    assert state.points == [2, 0, 1]
    assert state.last_round is not None
    assert state.last_round.gained == (2, 0, 1)
    assert state.last_round.hid == (0, 2) and state.last_round.eliminated == (1,)
    assert events(state, "round_end") == [{"round": 1}]
    assert state.round == 2 and not state.finished
    assert ENGINE.result(state) is None


def test_reaching_21_ends_the_game_and_a_tie_at_the_top_shares_the_win() -> None:
    state = hide(closing([19, 15, 20]))
    # Seat 0: 19 + 2 = 21, seat 2: 20 + 1 = 21: a shared win (the default).
    assert state.points == [21, 15, 21]
    assert state.finished
    assert events(state, "winner") == [{"seat": 0, "points": 21}, {"seat": 2, "points": 21}]
    result = ENGINE.result(state)
    assert result is not None
    assert result.winners == (0, 2)
    assert result.places == (1, 3, 1)
    assert result.measure == (21, 15, 21)
    assert result.measure_key == "zombie.measure.points"
    assert result.higher_is_better


def test_a_single_top_score_wins_even_if_others_passed_21() -> None:
    state = hide(closing([20, 15, 20]))
    assert state.points == [22, 15, 21]
    result = ENGINE.result(state)
    assert result is not None
    assert result.winners == (0,) and result.places == (1, 3, 2)
    assert ENGINE.to_act(state) == ()


def test_an_overrun_player_close_to_21_scores_nothing() -> None:
    state = hide(closing([10, 20, 5]))
    assert state.points == [12, 20, 6]
    assert not state.finished


def test_a_tie_at_the_top_plays_one_more_round_with_the_play_on_option() -> None:
    state = hide(closing([19, 15, 20], ZombieOptions(tie="play_on")))
    assert not state.finished
    assert events(state, "tie_play_on") == [{"seats": "0,2", "points": 21}]
    assert state.round == 2 and keys(state)[-1] == "first_player"
    # The next round: seat 0 hides with two cards, then seat 2 is overrun: seat 0 leads alone and wins.
    status: list[Status] = ["in_play", "hidden", "in_play"]
    arrange(state, refuge=[[3, 5], [], [6]], face_down=[[], [8], []], horde=[6], status=status,
            points=state.points, to_move=0, hid=[1])  # fmt: skip
    state = hide(state)  # seat 0 turns one card down (seat 2 is still in play)
    on_top(state, 6)
    state = draw(state)  # seat 2 is overrun: seat 0 turns its card back up
    assert state.finished
    assert state.points == [23, 16, 21]  # seat 1's face-down 8 came back up too
    result = ENGINE.result(state)
    assert result is not None and result.winners == (0,)


def test_a_shorter_target_can_be_chosen() -> None:
    state = hide(closing([9, 0, 3], ZombieOptions(target=11)))
    assert state.points == [11, 0, 4]
    assert state.finished
    result = ENGINE.result(state)
    assert result is not None and result.winners == (0,)


def test_below_the_target_a_new_round_is_dealt() -> None:
    state = hide(closing([18, 15, 19]))
    assert state.points == [20, 15, 20]
    assert not state.finished and state.round == 2
    assert state.dealer == 1  # the fewest points
