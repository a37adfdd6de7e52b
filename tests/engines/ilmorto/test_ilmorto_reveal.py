"""The reveal and the round after it: the lowest card loses a life, ties included; a player with no life left is
dead, dealt no card and skipped; the deal passes right to the next living player; the round in which every
living player would die is cancelled and dealt again by the same dealer; the last one alive wins
(docs/games/ilmorto.md)."""

from __future__ import annotations

from ilmorto_rig import events, keep, keys, knock, redeal, rigged

from engines.ilmorto import ENGINE, IlMortoState
from engines.ilmorto.engine import MEASURE_KEY
from engines.ilmorto.table import swap_target


def play_round(state: IlMortoState) -> IlMortoState:
    """Knock, and everyone keeps."""
    state = knock(state)
    round_number = state.round
    while state.round == round_number and not state.finished:
        state = keep(state)
    return state


def test_the_lowest_card_loses_a_life() -> None:
    state = play_round(rigged(["5C", "3D", "7S", "2B", "6C"]))
    assert state.lives == [3, 3, 3, 2, 3]
    assert events(state, "reveal") == [{"card": "2B", "seats": "3"}]
    assert events(state, "lose_life") == [{"seat": 3, "lives": 2}]
    assert state.last_reveal == ["5C", "3D", "7S", "2B", "6C"] and state.last_losers == [3]


def test_everyone_holding_the_lowest_card_loses_a_life_suits_do_not_matter() -> None:
    state = play_round(rigged(["1C", "3D", "1S", "7B", "1D"]))
    assert state.lives == [2, 3, 2, 3, 2]
    assert events(state, "reveal")[0]["seats"] == "4,2,0"  # in play order
    assert sorted(state.last_losers) == [0, 2, 4]


def test_figures_rank_above_the_numbers_fante_cavallo_re() -> None:
    state = play_round(rigged(["8C", "9D", "10S", "7B", "9C"]))
    assert state.lives == [3, 3, 3, 2, 3]
    state = play_round(rigged(["8C", "9D", "10S", "10B", "9C"]))
    assert state.lives == [2, 3, 3, 3, 3]  # the Fante


def test_the_deal_passes_to_the_right() -> None:
    state = play_round(rigged(["5C", "3D", "7S", "2B", "6C"], dealer=2))
    assert state.dealer == 1 and state.round == 2
    assert events(state, "round_start")[-1] == {"round": 2, "seat": 1}
    assert ENGINE.to_act(state) == (1,)
    state = play_round(redeal(state, ["5C", "3D", "7S", "2B", "6C"]))
    assert state.dealer == 0
    state = play_round(redeal(state, ["5C", "3D", "7S", "2B", "6C"]))
    assert state.dealer == 4  # round the table


def test_losing_your_last_life_kills_you_the_dead_get_no_card_and_never_deal() -> None:
    state = play_round(rigged(["5C", "3D", "7S", "2B", "6C"], lives=[3, 3, 3, 1, 3], dealer=4))
    assert state.lives[3] == 0 and state.dead() == [3]
    assert "death" in keys(state) and events(state, "death") == [{"seat": 3}]
    assert state.died_at[3] == 1
    # The deal would pass from seat 4 to seat 3, who is dead: it goes on to seat 2.
    assert state.dealer == 2
    assert state.hands[3] is None and sum(card is not None for card in state.hands) == 4
    assert state.card_count() == 40
    state = redeal(state, ["5C", "3D", "7S", None, "6C"])
    state = knock(state)
    order = []
    while state.round == 2:
        order.append(state.to_move)
        state = keep(state)
    assert order == [1, 0, 4, 2]  # seat 3 is skipped


def test_a_dead_player_is_skipped_by_a_swap() -> None:
    state = rigged(["5C", "3D", "7S", None, "6C"], lives=[3, 3, 3, 0, 3])
    state = knock(state)
    assert state.to_move == 4
    assert swap_target(state, 4).seat == 2


def test_the_round_where_everyone_alive_would_die_is_cancelled_and_dealt_again_by_the_same_dealer() -> None:
    state = rigged(["2C", None, "2S", None, None], lives=[1, 0, 1, 0, 0], dealer=0)
    state = play_round(state)
    assert state.lives == [1, 0, 1, 0, 0]
    assert events(state, "cancelled") == [{"card": "2S", "seats": "2,0"}]
    assert "lose_life" not in keys(state)
    assert state.dealer == 0 and state.round == 2 and not state.finished
    assert state.hands[0] is not None and state.hands[2] is not None and state.hands[1] is None


def test_if_some_would_survive_the_others_die_as_usual() -> None:
    state = rigged(["2C", "5D", "2S", None, None], lives=[1, 3, 1, 0, 0], dealer=0)
    state = play_round(state)
    assert state.lives == [0, 3, 0, 0, 0]
    assert state.finished and state.winners == [1]
    # Holding the lowest with lives to spare is no reason to cancel either.
    state = play_round(rigged(["2C", None, "2S", None, None], lives=[2, 0, 1, 0, 0]))
    assert state.lives == [1, 0, 0, 0, 0] and state.winners == [0]


def test_the_last_one_alive_wins_places_by_elimination_order() -> None:
    # Seat 4 died first (round 1), then seats 1 and 3 together, then seat 2; seat 0 is the last one alive.
    state = play_round(rigged(["5C", "6D", "7S", "8B", "1C"], lives=[3, 1, 2, 1, 1], dealer=0))
    assert state.dead() == [4] and state.dealer == 3
    state = play_round(redeal(state, ["5C", "1D", "7S", "1B", None]))
    assert state.dead() == [1, 3, 4] and state.dealer == 2
    assert not state.finished
    state = play_round(redeal(state, ["5C", None, "2S", None, None]))
    assert state.lives[2] == 1 and state.dealer == 0
    state = play_round(redeal(state, ["5C", None, "3S", None, None]))
    assert state.finished and state.winners == [0]
    assert events(state, "winner") == [{"seat": 0, "lives": 3}]
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (1, 3, 2, 3, 5)
    assert result.winners == (0,)
    assert result.measure_key == MEASURE_KEY and ENGINE.measure_order == "high"
    assert result.measure == (4, 1, 3, 1, 0)  # rounds survived
    assert ENGINE.to_act(state) == () and ENGINE.legal_actions(state, 0) == []
