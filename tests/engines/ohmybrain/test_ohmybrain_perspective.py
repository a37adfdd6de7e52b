"""What each player sees (SEED-OMB): your hand and your Cemetery are yours alone; the Horde, the counts and the
brains are public; rearranging what a player cannot see changes nothing they see."""

from __future__ import annotations

from ohmybrain_rig import ENGINE, act, arrange, table

from engines.ohmybrain import Keep, OhMyBrainState, Pass, Play, Share
from engines.ohmybrain.state import KeepStep


def laid_out() -> OhMyBrainState:
    return arrange(table(3), hands=[[5, 9, 12], [4, 6], [10, 13, 14, 15]], cemeteries=[[2, 16], [7], []],
                   horde=[3, 4], active=0, brains=[9, 7, 5])  # fmt: skip


def test_your_hand_and_cemetery_are_private_the_rest_public() -> None:
    state = laid_out()
    own = ENGINE.perspective(state, 0)
    assert own.hand == [5, 9, 12] and own.cemetery == [2, 16] and own.playable == [5, 9, 12]
    other = ENGINE.perspective(state, 1)
    assert other.hand == [4, 6] and other.cemetery == [7] and other.playable == []
    spectator = ENGINE.perspective(state, None)
    assert spectator.hand == [] and spectator.cemetery == []
    for view in (own, other, spectator):
        assert view.horde == [3, 4] and view.reserve_count == len(state.reserve)
        assert [(s.brains, s.hand, s.cemetery) for s in view.seats] == [(9, 3, 2), (7, 2, 1), (5, 4, 0)]
    dumped = spectator.model_dump_json()
    assert '"hand":[]' in dumped.replace(" ", "")


def test_rearranging_the_unseen_changes_nothing_a_player_sees() -> None:
    state = laid_out()
    for viewer in (0, 1, 2, None):
        seen = ENGINE.perspective(state, viewer).model_dump()
        for seed in range(4):
            other = ENGINE.reshuffle_unseen(state, viewer, seed)
            assert ENGINE.perspective(other, viewer).model_dump() == seen
            if viewer is not None:
                assert other.hands[viewer] == state.hands[viewer]
                assert other.cemeteries[viewer] == state.cemeteries[viewer]
        assert sorted(ENGINE.reshuffle_unseen(state, viewer, 1).all_cards()) == sorted(state.all_cards())


def test_the_cards_drawn_after_not_playing_are_the_drawers_alone() -> None:
    state = act(laid_out(), Pass())
    assert isinstance(state.step, KeepStep)
    assert ENGINE.perspective(state, 0).drawn == state.step.drawn
    for viewer in (1, 2, None):
        view = ENGINE.perspective(state, viewer)
        assert view.drawn == [] and view.pending is not None and view.pending.kind == "keep"
    moved = ENGINE.reshuffle_unseen(state, 1, 3)
    assert isinstance(moved.step, KeepStep) and len(moved.step.drawn) == 2
    after = act(state, Keep(card=state.step.drawn[0]))
    assert ENGINE.perspective(after, 1).drawn == []


def test_extras_being_shared_are_public() -> None:
    state = arrange(table(3), hands=[[9, 9, 5], [4], [6]], horde=[3])
    state = act(state, Play(card=9, count=2))
    view = ENGINE.perspective(state, 2)
    assert view.pending is not None and (view.pending.kind, view.pending.card, view.pending.left) == ("share", 9, 1)
    state = act(state, Share(seat=2))
    assert ENGINE.perspective(state, 2).fresh_cemetery == [9]  # new to its receiver


def test_cards_that_reached_you_since_your_last_move_are_marked_new() -> None:
    state = arrange(table(2), hands=[[14, 3, 4, 5], [4, 6]], cemeteries=[[], []], horde=[10], reserve=[2, 16])
    state = act(state, Play(card=14))
    state = act(state, Pass())  # seat 1 draws 2, keeps one
    state = act(state, Keep(card=16))
    assert ENGINE.perspective(state, 1).fresh == [16] and ENGINE.perspective(state, 1).fresh_cemetery == [2]
    assert ENGINE.perspective(state, 0).fresh == []
