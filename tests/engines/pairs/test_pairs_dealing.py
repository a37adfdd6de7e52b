"""The deck, the losing score, the burn, and how a round is dealt (who starts, tie-breaks)."""

from __future__ import annotations

from collections import Counter

import pytest
from pairs_rig import events, hit, keys, new_rigged

from engines.core import Rng
from engines.pairs import ENGINE, PairsOptions
from engines.pairs.deck import full_deck


def test_deck_has_55_cards_one_1_two_2s_to_ten_10s() -> None:
    deck = full_deck()
    assert len(deck) == 55
    assert Counter(deck) == {rank: rank for rank in range(1, 11)}


def test_a_new_game_holds_all_55_cards() -> None:
    state = ENGINE.new(4, PairsOptions(), seed=3)
    assert state.card_count() == 55
    assert sorted(state.deck + state.discard + state.face_up()) == full_deck()


@pytest.mark.parametrize(("players", "target"), [(2, 31), (3, 21), (4, 16), (5, 13), (6, 11), (7, 11), (8, 11)])
def test_losing_score_by_player_count(players: int, target: int) -> None:
    assert ENGINE.new(players, PairsOptions(), seed=1).losing_score == target


@pytest.mark.parametrize("players", [1, 9])
def test_player_count_outside_2_to_8_is_refused(players: int) -> None:
    assert ENGINE.check_players(players) is not None
    with pytest.raises(ValueError):
        ENGINE.new(players, PairsOptions(), seed=1)


def test_first_shuffle_burns_the_top_5_cards_face_down() -> None:
    seed = 11
    state = ENGINE.new(3, PairsOptions(), seed=seed)
    shuffled = full_deck()
    Rng.from_seed(seed).shuffle(shuffled)
    assert state.discard == shuffled[:5]
    assert [cards[0] for cards in state.in_play] == shuffled[5:8]
    assert events(state, "shuffle") == [{"burned": 5}]


def test_stacked_deck_burns_then_deals_one_card_face_up_each() -> None:
    state = new_rigged(3, [6, 2, 9], burn=[1, 3, 3, 4, 4])
    assert state.discard == [1, 3, 3, 4, 4]
    assert state.in_play == [[6], [2], [9]]
    assert len(state.deck) == 55 - 5 - 3
    assert events(state, "deal") == [{"seat": 0, "card": 6}, {"seat": 1, "card": 2}, {"seat": 2, "card": 9}]


def test_lowest_card_plays_first() -> None:
    state = new_rigged(3, [6, 2, 9])
    assert ENGINE.to_act(state) == (1,)
    assert events(state, "first_player") == [{"seat": 1, "card": 2}]


def test_tie_for_lowest_deals_one_more_card_to_the_tied_players_only() -> None:
    # Seats 0 and 1 tie on 4; seat 2's 6 is not involved. Extra cards: 7 to seat 0, 5 to seat 1.
    state = new_rigged(3, [4, 4, 6, 7, 5])
    assert state.in_play == [[4, 7], [4, 5], [6]]
    assert ENGINE.to_act(state) == (1,)
    assert events(state, "tie") == [{"card": 4, "count": 2}]
    assert events(state, "tie_card") == [{"seat": 0, "card": 7}, {"seat": 1, "card": 5}]


def test_repeated_tie_break_compares_only_the_newest_cards() -> None:
    # 3-3 tie, then 6-6 tie, then 9 v 2: seat 1 starts even though seat 2's 5 is lower than 9.
    state = new_rigged(3, [3, 3, 5, 6, 6, 9, 2])
    assert state.in_play == [[3, 6, 9], [3, 6, 2], [5]]
    assert ENGINE.to_act(state) == (1,)
    assert [e["card"] for e in events(state, "tie")] == [3, 6]


def test_pair_dealt_in_tie_break_is_discarded_and_replaced() -> None:
    # Seats 0 and 1 tie on 4; seat 0's tie card is another 4: discarded, replaced by 8. Nobody scores.
    state = new_rigged(3, [4, 4, 9, 4, 8, 5])
    assert state.in_play == [[4, 8], [4, 5], [9]]
    assert state.discard == [10, 10, 10, 10, 10, 4]
    assert events(state, "tie_pair") == [{"seat": 0, "card": 4}]
    assert state.scores() == [0, 0, 0]
    assert ENGINE.to_act(state) == (1,)
    assert state.card_count() == 55


def test_tie_break_cards_stay_in_play_and_can_pair_later() -> None:
    # Tie on 4; seat 0 gets 7, seat 1 gets 5 and starts. Later seat 0 draws a 7: a pair with the tie-break card.
    state = new_rigged(3, [4, 4, 6, 7, 5, 8, 3, 7])
    state = hit(state)  # seat 1 draws 8
    state = hit(state)  # seat 2 draws 3
    state = hit(state)  # seat 0 draws 7
    assert events(state, "pair") == [{"seat": 0, "card": 7, "score": 7}]
    assert state.score_cards[0] == [7]


def test_each_round_deals_again_and_the_lowest_starts() -> None:
    # Round 1: seat 0 starts on 2 and folds (takes its own 2). Round 2 deals 8, 3, 5: seat 1 starts.
    state = new_rigged(3, [2, 6, 9, 8, 3, 5])
    state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[1])
    assert state.round == 2
    assert state.in_play == [[8], [3], [5]]
    assert ENGINE.to_act(state) == (1,)
    assert "round_start" in keys(state)
