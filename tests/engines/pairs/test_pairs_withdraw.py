"""A player leaving: the game goes on without them, or ends when one player is left; leavers rank last."""

from __future__ import annotations

from pairs_rig import arrange, events, hit, new_rigged

from engines.core import Withdraw
from engines.pairs import ENGINE, PairsOptions
from engines.pairs.engine import setup


def test_leaving_on_your_turn_discards_your_cards_and_play_passes_left() -> None:
    state = new_rigged(4, [5, 3, 8, 9])  # seat 1 starts
    target = state.losing_score
    state = ENGINE.apply(state, 1, Withdraw())
    assert state.withdrawn == [1]
    assert state.in_play == [[5], [], [8], [9]]
    assert state.discard[-1] == 3
    assert ENGINE.to_act(state) == (2,)
    assert state.losing_score == target == 16  # set for 4 players at the start, unchanged
    assert events(state, "left") == [{"seat": 1}]
    assert not state.finished and state.card_count() == 55


def test_leaving_out_of_turn_keeps_the_turn_and_play_skips_the_leaver() -> None:
    state = new_rigged(3, [5, 3, 8, 9])  # seat 1 starts
    state = ENGINE.apply(state, 2, Withdraw())
    assert ENGINE.to_act(state) == (1,)
    state = hit(state)  # seat 1 draws 9: play passes left, skipping seat 2
    assert ENGINE.to_act(state) == (0,)


def test_later_rounds_deal_only_to_players_still_in() -> None:
    state = new_rigged(3, [5, 3, 8, 9])
    state = ENGINE.apply(state, 2, Withdraw())
    state = ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[1])  # seat 1 folds
    assert state.round == 2
    assert state.in_play[2] == []
    assert len(state.in_play[0]) >= 1 and len(state.in_play[1]) >= 1


def test_game_ends_when_one_player_is_left_and_the_leaver_is_last() -> None:
    state = new_rigged(2, [5, 3])
    state = ENGINE.apply(state, 1, Withdraw())
    assert state.finished
    assert ENGINE.to_act(state) == ()
    assert events(state, "last_player") == [{"seat": 0}]
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (1, 2)
    assert result.winners == (0,)


def test_leavers_share_last_place_when_the_game_ends_normally() -> None:
    # 4 players: seat 3 leaves; seat 0 then reaches 16 and loses. Seat 3 ranks below the loser.
    state = setup(4, PairsOptions(), seed=1)
    arrange(state, in_play=[[4], [6], [7], [8]], score_cards=[[10, 2], [5], [3], []], to_move=0, deck=None)
    state.deck.remove(4)
    state.deck.insert(0, 4)
    state = ENGINE.apply(state, 3, Withdraw())
    state = hit(state)
    assert state.finished
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (3, 2, 1, 4)
    assert result.winners == (2,)


def test_two_leavers_in_a_betting_match_end_it_and_keep_their_chips() -> None:
    state = ENGINE.new(3, PairsOptions(ending="cutchfeld", games=5, chips=20), seed=8)
    assert state.chips is not None
    state.chips.pay(0, 2, 5)
    state.chips.pay_to_pot(0, 1)  # as if a cutchfeld remainder were being carried
    state = ENGINE.apply(state, 0, Withdraw())
    assert not state.finished
    state = ENGINE.apply(state, 1, Withdraw())
    assert state.finished
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (2, 2, 1)
    assert result.winners == (2,)
    assert result.measure == (-6, 0, 5)
    assert events(state, "pot_unclaimed") == [{"amount": 1}]
    assert ENGINE.perspective(state, 2).unclaimed_pot == 1
