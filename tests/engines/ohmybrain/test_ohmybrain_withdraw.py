"""A player leaving: their cards go to the Défausse and the game goes on without them; the last one left wins."""

from __future__ import annotations

from ohmybrain_rig import ENGINE, FACE, act, arrange, keys, new_rigged, rig_die, table

from engines.core import Withdraw
from engines.ohmybrain import Bury, GiveTo, Play
from engines.ohmybrain.state import GiveStep, PlayStep, ShareStep


def test_a_leaver_during_the_deal_is_no_longer_waited_for() -> None:
    state = new_rigged(3, [4, 5, 6, 7, 9, 10, 12, 13, 14])
    state = act(state, Bury(card=4), 0)
    state = act(state, Bury(card=7), 1)
    state = ENGINE.apply(state, 2, Withdraw())
    assert state.lot == 2 and ENGINE.to_act(state) == (0, 1)
    assert state.lots[2] == [] and sorted(state.all_cards()) == sorted(ENGINE.deck.full_deck())


def test_a_leaving_active_player_abandons_the_turn_and_the_next_plays_free() -> None:
    state = arrange(table(3), hands=[[9, 9, 9, 5], [4], [6]], horde=[3])
    state = act(state, Play(card=9, count=3))
    assert isinstance(state.step, ShareStep)
    state = ENGINE.apply(state, 0, Withdraw())
    assert state.active == 1 and isinstance(state.step, PlayStep) and not state.step.spider
    assert sorted(state.all_cards()) == sorted(ENGINE.deck.full_deck())


def test_a_choice_naming_a_leaver_is_asked_again() -> None:
    state = arrange(table(3), hands=[[17, 5, 6], [4], [6]], horde=[3])
    state = act(rig_die(state, FACE["give"]), Play(card=17))
    state = act(state, GiveTo(seat=2))
    assert isinstance(state.step, GiveStep)
    state = ENGINE.apply(state, 2, Withdraw())
    assert isinstance(state.step, GiveStep) and state.step.to == 1  # one opponent left: only the card to choose


def test_the_last_player_left_wins() -> None:
    state = arrange(table(2), hands=[[5, 6], [4]], horde=[3], brains=[2, 9])
    state = ENGINE.apply(state, 1, Withdraw())
    assert state.over and state.winners == [0] and "last_player" in keys(state)
    result = ENGINE.result(state)
    assert result is not None and result.places == (1, 2)
