"""The end of a round and of the game (SEED-OMB, Fin de la manche / Fin de la partie; house defaults): the player
who finishes a turn with no cards ends the round, every other player loses a brain per card left (one at a time,
together); the fewest brains starts the next round; the game ends the moment someone loses their last brain,
even mid-round; most brains wins, ties shared."""

from __future__ import annotations

from ohmybrain_rig import ENGINE, act, arrange, events, keys, quiet, table

from engines.ohmybrain import Bury, Pass, Play
from engines.ohmybrain.endings import round_losses


def test_the_round_ends_when_a_player_finishes_a_turn_with_no_card_and_the_others_pay_per_card() -> None:
    state = arrange(table(3), hands=[[14], [4, 5], [6, 7, 9]], cemeteries=[[], [10], [12, 13]], horde=[10],
                    brains=[9, 9, 9])  # fmt: skip
    state = act(quiet(state), Play(card=14))
    assert events(state, "round_end") == [{"round": 1, "seat": 0}]
    assert state.brains == [9, 6, 4]
    assert events(state, "round_loss") == [{"seat": 1, "lost": 3, "brains": 6}, {"seat": 2, "lost": 5, "brains": 4}]
    assert state.last_round is not None and state.last_round.lost == (0, 3, 5) and state.last_round.out == 0
    # The fewest brains starts the next round, after a new deal of the whole deck.
    assert events(state, "next_starter") == [{"seat": 2, "brains": 4}]
    assert state.round == 2 and state.lot == 1 and state.starter == 2
    assert sorted(state.all_cards()) == sorted(ENGINE.deck.full_deck())
    assert all(len(lot) == 3 for lot in state.lots) and state.horde == [] and state.defausse == []


def test_the_round_does_not_end_while_the_player_still_has_cemetery_cards() -> None:
    state = arrange(table(2), hands=[[14], [4, 5]], cemeteries=[[3], [10]], horde=[10])
    state = act(state, Play(card=14))
    assert "round_end" not in keys(state) and state.hands[0] == [3]


def test_a_tie_for_the_fewest_brains_is_drawn_at_random() -> None:
    starters = set()
    for seed in range(30):
        state = arrange(table(3, seed=seed), hands=[[14], [4, 5], [6]], cemeteries=[[], [], [7]], horde=[10],
                        brains=[9, 5, 5])  # fmt: skip
        state = act(quiet(state), Play(card=14))
        assert state.brains == [9, 3, 3] and keys(state).count("next_starter_tie") == 1
        starters.add(state.starter)
    assert starters == {1, 2}


def test_brains_are_removed_one_at_a_time_and_the_count_stops_at_the_first_last_brain() -> None:
    state = arrange(table(3), hands=[[14], [4, 5, 6, 7, 9], [6, 7, 9]], cemeteries=[[], [10], [12]], horde=[10],
                    brains=[9, 2, 7])  # fmt: skip
    assert round_losses(state, 0) == [0, 2, 2]  # seat 1 reaches 0 at the second count: seat 2 stops there too
    state = act(quiet(state), Play(card=14))
    assert state.brains == [9, 0, 5] and state.over
    assert state.winners == [0] and ENGINE.to_act(state) == ()
    result = ENGINE.result(state)
    assert result is not None and result.places == (1, 3, 2) and result.measure == (9, 0, 5)


def test_two_players_reaching_zero_together_end_the_game_and_most_brains_win() -> None:
    state = arrange(table(3), hands=[[14], [4, 5], [6, 7]], cemeteries=[[], [], []], horde=[10], brains=[3, 2, 2])
    state = act(quiet(state), Play(card=14))
    assert state.brains == [3, 0, 0] and state.over and state.winners == [0]
    assert keys(state).count("last_brain") == 2


def test_losing_the_last_brain_by_not_playing_ends_the_game_mid_round() -> None:
    state = arrange(table(3), hands=[[4], [9, 10], [12]], horde=[13], brains=[1, 3, 3])
    state = act(quiet(state), Pass())
    assert state.over and state.brains == [0, 3, 3]
    assert state.winners == [1, 2]  # a tie shares the win
    result = ENGINE.result(state)
    assert result is not None and result.places == (3, 1, 1) and set(result.winners) == {1, 2}
    assert ENGINE.measure_order == "high" and result.measure_key == "ohmybrain.measure.brains"
    assert "pass_draw" not in keys(state)  # nothing more happens: no draw, no new Horde


def test_the_active_player_is_checked_first_then_the_others_clockwise() -> None:
    state = arrange(table(3), hands=[[14], [4], [5]], cemeteries=[[], [], []], horde=[10])
    state = act(quiet(state), Play(card=14))
    assert events(state, "round_end")[0]["seat"] == 0


def test_a_second_round_is_dealt_and_played() -> None:
    state = arrange(table(2), hands=[[14], [4, 5]], horde=[10], brains=[9, 9])
    state = act(state, Play(card=14))
    assert state.round == 2 and state.brains == [9, 7] and state.starter == 1
    for _ in range(3):
        for seat in (0, 1):
            state = act(state, Bury(card=state.lots[seat][0]), seat)
    assert state.lot == 0 and state.active == 1 and len(state.hands[1]) == 6 and len(state.cemeteries[0]) == 3
