"""The deal of a round (SEED-OMB, Mise en place): three lots of 3, keep 2 and bury 1, all players choosing at once
and in secret; 9 brains; the rest is the Réserve; a random first player (docs/games/ohmybrain.md#house-defaults)."""

from __future__ import annotations

import pytest
from ohmybrain_rig import ENGINE, act, events, keys, new_rigged, quiet

from engines.core import IllegalActionError
from engines.ohmybrain import Bury, OhMyBrainOptions, Play
from engines.ohmybrain.state import PlayStep

# Lot 1: seat 0 gets 4 5 6, seat 1 gets 7 9 10; lot 2: 12 13 14 / 15 16 7; lot 3: 9 10 12 / 13 14 5.
TOP = [4, 5, 6, 7, 9, 10, 12, 13, 14, 15, 16, 7, 9, 10, 12, 13, 14, 5]


def test_a_new_game_gives_nine_brains_and_deals_the_first_lot_to_everyone() -> None:
    state = ENGINE.new(4, OhMyBrainOptions(), 7)
    assert state.brains == [9, 9, 9, 9]
    assert state.lot == 1 and all(len(lot) == 3 for lot in state.lots)
    assert ENGINE.to_act(state) == (0, 1, 2, 3)  # a simultaneous decision of all players
    assert len(state.reserve) == 50 - 12
    assert keys(state)[:3] == ["game_start", "first_player", "round_start"]


def test_the_first_player_is_drawn_at_random() -> None:
    starters = {ENGINE.new(3, OhMyBrainOptions(), seed).starter for seed in range(40)}
    assert starters == {0, 1, 2}


def test_three_lots_make_a_hand_of_six_and_a_cemetery_of_three() -> None:
    state = new_rigged(2, TOP)
    assert state.lots == [[4, 5, 6], [7, 9, 10]]
    state = act(state, Bury(card=5), 0)
    state = act(state, Bury(card=10), 1)
    assert state.lot == 2 and state.lots == [[12, 13, 14], [7, 15, 16]]
    assert state.hands == [[4, 6], [7, 9]] and state.cemeteries == [[5], [10]]
    state = act(state, Bury(card=7), 1)  # the order of the choices does not matter
    state = act(state, Bury(card=14), 0)
    state = act(state, Bury(card=12), 0)
    state = act(state, Bury(card=5), 1)
    assert state.lot == 0 and state.lots == [[], []]
    assert sorted(state.hands[0]) == [4, 6, 9, 10, 12, 13] and sorted(state.cemeteries[0]) == [5, 12, 14]
    assert sorted(state.hands[1]) == [7, 9, 13, 14, 15, 16] and sorted(state.cemeteries[1]) == [5, 7, 10]
    assert len(state.reserve) == 50 - 18 and state.defausse == [] and state.horde == []
    assert ENGINE.to_act(state) == (0,) and isinstance(state.step, PlayStep)
    assert events(state, "first_turn") == [{"seat": 0, "reserve": 32}]


def test_a_choice_leaks_nothing_before_everyone_has_chosen() -> None:
    state = quiet(new_rigged(3, [4, 5, 6, 7, 9, 10, 12, 13, 14]))
    before = {viewer: ENGINE.perspective(state, viewer) for viewer in (1, 2, None)}
    chosen = act(state, Bury(card=6), 0)
    assert ENGINE.to_act(chosen) == (1, 2)
    assert chosen.buried[0] == 6 and chosen.hands[0] == [] and chosen.cemeteries[0] == []
    # The others see only that seat 0 has chosen; the choice itself is told to seat 0 alone.
    for viewer, view in before.items():
        after = ENGINE.perspective(chosen, viewer)
        assert [seat.decided for seat in after.seats] == [True, False, False]
        assert after.events == [] and after.my_choice is None
        assert after.model_dump(exclude={"seats", "to_act"}) == view.model_dump(exclude={"seats", "to_act"})
    own = ENGINE.perspective(chosen, 0)
    assert own.my_choice == 6 and own.my_lot == [4, 5, 6]
    assert [(event.key, event.audience) for event in own.events] == [("ohmybrain.event.buried", (0,))]
    # Rearranging what seat 1 cannot see draws seat 0's choice anew, within its new lot.
    for seed in range(5):
        again = ENGINE.reshuffle_unseen(chosen, 1, seed)
        assert again.buried[0] in again.lots[0]


def test_a_player_chooses_once_per_lot_and_only_a_card_of_their_lot() -> None:
    state = new_rigged(2, TOP)
    with pytest.raises(IllegalActionError) as refused:
        act(state, Bury(card=9), 0)
    assert refused.value.refusal.key == "ohmybrain.refusal.not_in_lot"
    state = act(state, Bury(card=4), 0)
    with pytest.raises(IllegalActionError) as again:
        act(state, Bury(card=5), 0)
    assert again.value.refusal.key == "error.not_your_turn"
    with pytest.raises(IllegalActionError) as early:
        act(state, Play(card=7), 1)
    assert early.value.refusal.key == "ohmybrain.refusal.not_now"


def test_a_lot_with_a_pair_offers_each_number_once() -> None:
    state = new_rigged(2, [9, 9, 12, 4, 5, 6])
    assert ENGINE.legal_actions(state, 0) == [Bury(card=9), Bury(card=12)]
