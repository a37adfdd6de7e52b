"""A turn: hit or fold; the end of a round; reshuffles; reaching the losing score."""

from __future__ import annotations

from collections import Counter

import pytest
from pairs_rig import arrange, events, fold, hit, keys, new_rigged, without

from engines.core import IllegalActionError
from engines.pairs import ENGINE, Fold, Hit, PairsOptions, PairsState
from engines.pairs.deck import full_deck
from engines.pairs.engine import setup

BURN = [10, 10, 10, 10, 10]


def test_hit_without_a_pair_keeps_the_card_face_up_and_passes_left() -> None:
    state = new_rigged(3, [5, 3, 8, 9, 6])  # seat 1 starts on 3
    state = hit(state)
    assert state.in_play[1] == [3, 9]
    assert ENGINE.to_act(state) == (2,)
    assert events(state, "hit") == [{"seat": 1, "card": 9}]
    state = hit(state)  # the last seat passes to seat 0
    assert state.in_play[2] == [8, 6]
    assert ENGINE.to_act(state) == (0,)


def test_hit_with_a_pair_scores_the_rank_keeps_one_card_and_ends_the_round() -> None:
    # Seat 1 starts; 9 to seat 1, 6 to seat 2, then seat 0 draws a 5 onto its 5. Next round deals 7, 2, 4.
    state = new_rigged(3, [5, 3, 8, 9, 6, 5, 7, 2, 4])
    state = hit(hit(hit(state)))
    assert events(state, "pair") == [{"seat": 0, "card": 5, "score": 5}]
    assert state.score_cards == [[5], [], []]
    assert state.scores() == [5, 0, 0]
    # Every other card in play, the other 5 included, went to the discard pile.
    assert state.discard == [*BURN, 5, 3, 9, 8, 6]
    assert state.round == 2
    assert state.in_play == [[7], [2], [4]]
    assert ENGINE.to_act(state) == (1,)
    assert state.card_count() == 55


def test_fold_takes_the_lowest_face_up_card_of_another_player() -> None:
    # Seat 1 starts on 3 and draws 9; seat 2 draws 2; seat 0 folds and takes seat 2's 2.
    state = new_rigged(3, [5, 3, 8, 9, 2])
    state = hit(hit(state))
    assert ENGINE.perspective(state, 0).fold_card == 2
    state = fold(state)
    assert events(state, "fold") == [{"seat": 0, "card": 2, "from_seat": 2, "score": 2}]
    assert state.score_cards == [[2], [], []]
    assert state.discard == [*BURN, 5, 3, 9, 8]
    assert state.round == 2


def test_fold_can_take_your_own_card() -> None:
    state = new_rigged(3, [5, 3, 8])  # seat 1 holds the lowest card and folds at once
    state = fold(state)
    assert events(state, "fold") == [{"seat": 1, "card": 3, "from_seat": 1, "score": 3}]
    assert state.score_cards == [[], [3], []]


def test_empty_deck_reshuffles_the_discard_pile_and_burns_5() -> None:
    state = setup(3, PairsOptions(), seed=5)
    discard = without(full_deck(), [5, 3, 8])
    arrange(state, in_play=[[5], [3], [8]], to_move=1, deck=[], discard=discard)
    state = hit(state)
    assert events(state, "reshuffle") == [{"cards": 52, "burned": 5}]
    assert len(state.discard) == 5
    assert len(state.deck) == 52 - 5 - 1
    assert state.card_count() == 55


def test_reshuffle_in_the_middle_of_a_deal() -> None:
    # One card left when the round ends: it is dealt, then the discards are reshuffled and 5 burned.
    state = setup(3, PairsOptions(), seed=5)
    arrange(state, in_play=[[5], [3], [8]], to_move=1, deck=[7], discard=without(full_deck(), [5, 3, 8, 7]))
    state = fold(state)
    assert state.in_play[0] == [7]
    assert keys(state).index("reshuffle") > keys(state).index("deal")
    # 51 discards, plus the 5 and 8 left in play (seat 1 scored its 3).
    assert events(state, "reshuffle") == [{"cards": 53, "burned": 5}]
    assert state.card_count() == 55


def test_score_cards_never_return_to_the_deck() -> None:
    state = setup(3, PairsOptions(), seed=9)
    score_cards = [[7], [9], [4, 2]]
    in_play = [[5], [3], [8]]
    placed = [5, 3, 8, 7, 9, 4, 2]
    arrange(state, in_play=in_play, score_cards=score_cards, to_move=1, deck=[], discard=without(full_deck(), placed))
    state = hit(state)
    assert state.score_cards == score_cards
    circulating = Counter(state.deck + state.discard + state.face_up())
    assert circulating == Counter(without(full_deck(), [7, 9, 4, 2]))


def eight_players_holding_everything() -> PairsState:
    """8 players: player p holds every rank above p; the last 9 and two 10s are score cards. Nothing to draw."""
    state = setup(8, PairsOptions(), seed=4)
    in_play = [[rank for rank in range(1, 11) if rank > seat] for seat in range(8)]
    return arrange(state, in_play=in_play, score_cards=[[9], [10], [10], [], [], [], [], []], to_move=3, deck=[])


def test_no_card_anywhere_refuses_hit_but_fold_stays_legal() -> None:
    state = eight_players_holding_everything()
    assert state.deck == [] and state.discard == []
    refusal = ENGINE.refusal(state, 3, Hit())
    assert refusal is not None and refusal.key == "pairs.refusal.no_cards"
    assert ENGINE.legal_actions(state, 3) == [Fold()]
    with pytest.raises(IllegalActionError) as error:
        hit(state)
    assert error.value.refusal.key == "pairs.refusal.no_cards"


def test_after_the_fold_the_next_deal_reshuffles_everything_but_score_cards() -> None:
    state = fold(eight_players_holding_everything())
    assert events(state, "fold") == [{"seat": 3, "card": 1, "from_seat": 0, "score": 1}]
    assert events(state, "reshuffle") == [{"cards": 51, "burned": 5}]
    assert state.card_count() == 55
    assert sorted(c for s in state.score_cards for c in s) == [1, 9, 10, 10]


def test_reaching_the_losing_score_ends_the_game() -> None:
    # 3 players lose at 21. Seat 0 has 18 and pairs its 3: 21.
    state = setup(3, PairsOptions(), seed=2)
    arrange(state, in_play=[[3], [4], [6]], score_cards=[[10, 8], [5], [2, 1]], to_move=0, deck=[3])
    state = hit(state)
    assert state.finished
    assert ENGINE.to_act(state) == ()
    assert events(state, "game_over") == [{"seat": 0, "score": 21, "game": 1}]
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (3, 2, 1)
    assert result.winners == (2,)
    assert result.measure == (0, 0, 0)
    assert result.measure_key == "pairs.measure.chips"


def test_a_score_below_the_losing_score_plays_on() -> None:
    state = setup(3, PairsOptions(), seed=2)
    arrange(state, in_play=[[3], [4], [6]], score_cards=[[10, 7], [5], [2, 1]], to_move=0, deck=[3])
    state = hit(state)
    assert state.scores()[0] == 20
    assert not state.finished
    assert state.round == 2
    assert ENGINE.result(state) is None


def test_folding_to_the_losing_score_also_loses() -> None:
    state = setup(2, PairsOptions(), seed=2)  # 2 players lose at 31
    arrange(state, in_play=[[9, 6], [7]], score_cards=[[10, 10, 5], [4]], to_move=0)
    state = fold(state)
    assert state.scores()[0] == 31
    assert state.finished
    result = ENGINE.result(state)
    assert result is not None and result.places == (2, 1) and result.winners == (1,)
