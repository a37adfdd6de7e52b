"""A turn (SEED-OMB, Comment jouer ; docs/games/ohmybrain.md): play strictly above the Horde, one card or several of a
number (the extras shared out into opponents' Cemeteries as the player chooses), or do not play (the Horde
discarded, a brain lost, 2 cards drawn, a new Horde); then refill to 3 from your own Cemetery, choosing which."""

from __future__ import annotations

import pytest
from ohmybrain_rig import ENGINE, act, arrange, events, full_deck, keys, kinds, quiet, table

from engines.core import IllegalActionError
from engines.ohmybrain import Keep, OhMyBrainState, Pass, Play, Share, Take
from engines.ohmybrain.state import KeepStep, PlayStep, RefillStep, ShareStep
from tests.engines.family_support import refused_by, without


def three() -> OhMyBrainState:
    """Seat 0 to play on a 7 with 5 9 9 9 12 in hand; Cemeteries 4 13 / 6 / 10."""
    return arrange(table(3), hands=[[5, 9, 9, 9, 12], [4, 5, 6], [10, 12, 13]], cemeteries=[[4, 13], [6], [10]],
                   horde=[2, 7], active=0)  # fmt: skip


def test_play_strictly_above_the_top_of_the_horde() -> None:
    state = three()
    assert refused_by(ENGINE, state, 0, Play(card=5)) == "ohmybrain.refusal.too_low"
    assert ENGINE.perspective(state, 0).playable == [9, 12]
    state = act(quiet(state), Play(card=12))
    assert state.horde == [2, 7, 12] and sorted(state.hands[0]) == [5, 9, 9, 9]
    assert events(state, "play") == [{"seat": 0, "card": 12, "count": 1}]
    assert state.active == 1 and isinstance(state.step, PlayStep)  # 4 cards left: no refill; the left plays


def test_an_equal_card_does_not_go_and_any_card_starts_an_empty_horde() -> None:
    state = arrange(table(2), hands=[[7, 3], [9]], horde=[7])
    assert refused_by(ENGINE, state, 0, Play(card=7)) == "ohmybrain.refusal.too_low"
    state = arrange(table(2), hands=[[3, 7], [9]], horde=[])
    assert ENGINE.legal_actions(state, 0) == [Play(card=3), Play(card=7), Pass()]


def test_several_copies_one_on_the_horde_the_extras_shared_out_one_by_one() -> None:
    state = act(quiet(three()), Play(card=9, count=3))
    assert state.horde == [2, 7, 9] and sorted(state.hands[0]) == [5, 12]
    assert isinstance(state.step, ShareStep) and state.step.left == 2
    assert ENGINE.legal_actions(state, 0) == [Share(seat=1), Share(seat=2)]
    assert ENGINE.perspective(state, None).pending is not None
    state = act(state, Share(seat=2))
    state = act(state, Share(seat=2))  # all to one player, as the player wishes
    assert sorted(state.cemeteries[2]) == [9, 9, 10] and state.cemeteries[1] == [6]
    assert events(state, "share") == [{"seat": 0, "to_seat": 2, "card": 9}] * 2
    # Then the refill: 2 cards in hand, 2 in the Cemetery, one to take: the player chooses which.
    assert isinstance(state.step, RefillStep)


def test_with_one_opponent_the_extras_go_to_them_without_asking() -> None:
    state = arrange(table(2), hands=[[10, 10, 13, 14], [4]], cemeteries=[[], [5]], horde=[6])
    state = act(state, Play(card=10, count=2))
    assert state.cemeteries[1] == [5, 10] and state.active == 1


def test_the_extras_never_go_into_your_own_cemetery() -> None:
    state = act(three(), Play(card=9, count=2))
    assert refused_by(ENGINE, state, 0, Share(seat=0)) == "ohmybrain.refusal.not_opponent"


def test_you_cannot_play_more_copies_than_you_hold() -> None:
    assert refused_by(ENGINE, three(), 0, Play(card=12, count=2)) == "ohmybrain.refusal.not_in_hand"


def test_not_playing_discards_the_horde_costs_a_brain_and_draws_two_the_player_splits() -> None:
    state = arrange(table(3), hands=[[5, 9], [4], [6]], horde=[3, 12], active=0, reserve=[14, 2, 16])
    state = act(quiet(state), Pass())
    assert state.horde == [] and state.defausse[-2:] == [3, 12]
    assert state.brains[0] == 8
    assert isinstance(state.step, KeepStep) and state.step.drawn == [2, 14] and state.reserve == [16]
    # The drawn cards are secret: only the player knows them.
    assert ENGINE.perspective(state, 0).drawn == [2, 14] and ENGINE.perspective(state, 1).drawn == []
    assert [e.audience for e in state.events if e.key == "ohmybrain.event.drew"] == [(0,)]
    state = act(state, Keep(card=14))
    assert sorted(state.hands[0]) == [5, 9, 14] and state.cemeteries[0] == [2]
    # A new Horde, started with a play: not playing again is not offered.
    assert isinstance(state.step, PlayStep) and state.step.must
    assert "pass" not in kinds(state, 0)
    assert refused_by(ENGINE, state, 0, Pass()) == "ohmybrain.refusal.must_play"
    state = act(state, Play(card=5))
    assert state.horde == [5] and state.active == 1


def test_not_playing_reshuffles_the_defausse_with_the_discarded_horde_when_the_reserve_runs_out() -> None:
    state = arrange(table(2), hands=[[5], [4]], horde=[13, 15], reserve=[], active=0)
    before = len(state.defausse)
    state = act(quiet(state), Pass())
    assert "reshuffle" in keys(state)
    assert events(state, "reshuffle") == [{"cards": before + 2}]
    assert len(state.reserve) == before + 2 - 2 and state.defausse == []


def test_a_single_card_left_to_draw_goes_to_the_hand() -> None:
    # Every other card is in seat 1's Cemetery: one card only is left to draw, and the Horde is empty.
    rest = without(full_deck(), [5, 4, 17])
    state = arrange(table(2), hands=[[5], [4]], cemeteries=[[], rest], reserve=[17], defausse=[], active=0)
    state = act(quiet(state), Pass())
    assert sorted(state.hands[0]) == [5, 17] and events(state, "pass_draw") == [{"seat": 0, "count": 1}]
    assert isinstance(state.step, PlayStep) and state.step.must


def test_refill_to_three_with_cemetery_cards_of_your_choice_one_at_a_time() -> None:
    state = arrange(table(2), hands=[[14], [4, 5, 6]], cemeteries=[[2, 9, 9, 16], [7]], horde=[10])
    state = act(quiet(state), Play(card=14))
    assert isinstance(state.step, RefillStep) and ENGINE.to_act(state) == (0,)
    pick = ENGINE.card_pick(state, 0)
    assert pick is not None and pick.kind == "take" and pick.cards == ("2", "9", "16") and pick.params == {"count": 3}
    assert ENGINE.card_pick(state, 1) is None
    state = act(state, Take(card=16))
    state = act(state, Take(card=9))
    assert refused_by(ENGINE, state, 0, Take(card=13)) == "ohmybrain.refusal.not_in_cemetery"
    state = act(state, Take(card=9))
    assert sorted(state.hands[0]) == [9, 9, 16] and state.cemeteries[0] == [2]
    assert [event["count"] for event in events(state, "refill")] == [1, 1, 1]
    assert state.active == 1
    # What was taken is secret; how many is public.
    assert all(e.audience == (0,) for e in state.events if e.key == "ohmybrain.event.took")


def test_a_refill_with_no_choice_takes_the_cemetery_at_once() -> None:
    state = arrange(table(2), hands=[[14, 3], [4, 5, 6]], cemeteries=[[2, 9], [7]], horde=[10])
    state = act(quiet(state), Play(card=14))
    assert sorted(state.hands[0]) == [2, 3, 9] and state.cemeteries[0] == [] and state.active == 1
    assert events(state, "refill") == [{"seat": 0, "count": 2}]


def test_no_refill_with_three_cards_or_more() -> None:
    state = arrange(table(2), hands=[[14, 3, 4, 5], [4, 5, 6]], cemeteries=[[2, 9], [7]], horde=[10])
    state = act(state, Play(card=14))
    assert sorted(state.hands[0]) == [3, 4, 5] and state.active == 1


@pytest.mark.parametrize(("brains", "key"), [(5, "lose_brain"), (1, "lose_last_brain")])
def test_not_playing_when_a_card_could_be_played_is_a_certain_loss(brains: int, key: str) -> None:
    state = arrange(table(2), hands=[[14, 3], [4]], horde=[10], brains=[brains, 9])
    consequence = ENGINE.consequence(state, 0, Pass())
    assert consequence is not None and consequence.key == f"ohmybrain.consequence.{key}"
    assert ENGINE.consequence(state, 0, Play(card=14)) is None


def test_not_playing_when_nothing_can_be_played_is_no_choice_and_asks_no_confirmation() -> None:
    state = arrange(table(2), hands=[[4, 3], [4]], horde=[10])
    assert ENGINE.legal_actions(state, 0) == [Pass()]
    assert ENGINE.consequence(state, 0, Pass()) is None
    assert ENGINE.default_action(state, 0) == Pass()


def test_the_safe_default_plays_rather_than_losing_a_brain() -> None:
    state = arrange(table(2), hands=[[14, 3, 12], [4]], horde=[10])
    assert ENGINE.default_action(state, 0) == Play(card=12)


def test_an_action_for_another_decision_is_refused() -> None:
    state = act(three(), Play(card=9, count=2))
    with pytest.raises(IllegalActionError) as refused:
        act(state, Play(card=12))
    assert refused.value.refusal.key == "ohmybrain.refusal.not_now"
