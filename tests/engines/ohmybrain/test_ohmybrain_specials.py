"""The pink specials (SEED-OMB, Cartes spéciales; docs/games/ohmybrain.md#house-defaults): the Mosquito 0 on anything,
the Spider 8 makes the next player play below 8, the Mouse 11 clears the Horde, refills and plays again; several copies
of a special apply its power once."""

from __future__ import annotations

from ohmybrain_rig import ENGINE, act, arrange, events, keys, quiet, table

from engines.ohmybrain import Keep, Pass, Play, Share, Take
from engines.ohmybrain.state import PlayStep, RefillStep
from tests.engines.family_support import refused_by


def test_the_mosquito_goes_on_anything_even_a_19_or_another_mosquito() -> None:
    state = arrange(table(2), hands=[[0, 5], [4, 0]], horde=[19])
    assert ENGINE.perspective(state, 0).playable == [0]
    state = act(state, Play(card=0))
    assert state.horde == [19, 0] and state.active == 1
    assert Play(card=0) in ENGINE.legal_actions(state, 1)  # 0 on 0
    assert Play(card=4) in ENGINE.legal_actions(state, 1)  # and anything above it


def test_the_spider_makes_the_next_player_play_below_8() -> None:
    state = arrange(table(3), hands=[[8, 13, 14, 15], [9, 7, 0, 11], [2, 3, 4]], horde=[5])
    state = act(quiet(state), Play(card=8))
    assert events(state, "spider") == [{"seat": 0, "next_seat": 1}]
    step = state.step
    assert state.active == 1 and isinstance(step, PlayStep) and step.spider
    assert ENGINE.perspective(state, 1).playable == [0, 7]
    assert refused_by(ENGINE, state, 1, Play(card=9)) == "ohmybrain.refusal.below_spider"
    assert refused_by(ENGINE, state, 1, Play(card=11)) == "ohmybrain.refusal.below_spider"  # no Mouse on a Spider
    state = act(state, Play(card=7))
    assert state.horde == [5, 8, 7]
    # Only the very next player is bound: the one after plays above the top as usual.
    step = state.step
    assert state.active == 2 and isinstance(step, PlayStep) and not step.spider
    assert ENGINE.perspective(state, 2).playable == []


def test_a_player_who_cannot_go_below_the_spider_does_not_play_and_the_new_horde_is_free() -> None:
    state = arrange(table(2), hands=[[8, 13, 14, 15], [9, 10, 11]], horde=[5], reserve=[12, 16])
    state = act(state, Play(card=8))
    assert ENGINE.legal_actions(state, 1) == [Pass()]
    state = act(state, Pass())
    state = act(state, Keep(card=16))
    step = state.step
    assert isinstance(step, PlayStep) and step.must and not step.spider
    state = act(state, Play(card=11))  # anything goes on the new Horde, the Mouse too
    assert state.horde == [] and "mouse" in keys(state)


def test_the_mouse_clears_the_horde_refills_and_plays_a_whole_new_turn() -> None:
    state = arrange(table(2), hands=[[11, 6], [4, 5, 6]], cemeteries=[[2, 9, 15], [7]], horde=[3, 10])
    state = act(quiet(state), Play(card=11))
    assert state.horde == [] and state.defausse[-3:] == [3, 10, 11]
    # Refill first: one card in hand, three in the Cemetery, two to take: the player chooses.
    assert isinstance(state.step, RefillStep) and state.step.then == "play"
    state = act(state, Take(card=15))
    state = act(state, Take(card=2))
    step = state.step
    assert state.active == 0 and isinstance(step, PlayStep) and step.must  # the extra turn requires a play
    assert sorted(state.hands[0]) == [2, 6, 15]
    state = act(state, Play(card=15))
    # The extra turn is a whole turn: its own refill (one card in the Cemetery) and then the next player.
    assert sorted(state.hands[0]) == [2, 6, 9] and state.active == 1


def test_several_mice_give_one_extra_turn() -> None:
    state = arrange(table(3), hands=[[11, 11, 11, 5], [4], [6]], horde=[3])
    state = act(state, Play(card=11, count=3))
    state = act(state, Share(seat=1))
    state = act(quiet(state), Share(seat=2))
    assert keys(state).count("mouse") == 1 and state.horde == []
    step = state.step
    assert state.active == 0 and isinstance(step, PlayStep) and step.must
    state = act(state, Play(card=5))
    assert state.active == 1  # no second extra turn


def test_several_spiders_bind_the_next_player_once() -> None:
    state = arrange(table(2), hands=[[8, 8, 13, 14], [9, 7]], horde=[5])
    state = act(quiet(state), Play(card=8, count=2))
    assert state.cemeteries[1] == [8] and keys(state).count("spider") == 1
    step = state.step
    assert isinstance(step, PlayStep) and step.spider
    state = act(state, Play(card=7))
    step = state.step
    assert isinstance(step, PlayStep) and not step.spider


def test_a_mouse_as_the_last_card_with_an_empty_cemetery_ends_the_turn_and_the_round() -> None:
    state = arrange(table(2), hands=[[11], [4, 5, 6]], cemeteries=[[], [7]], horde=[3])
    state = act(quiet(state), Play(card=11))
    assert "round_end" in keys(state) and events(state, "round_end")[0]["seat"] == 0
