"""A player leaving a running game (engine contract `Withdraw`; the rulebook says nothing, these are the engine's
choices): their Brains are discarded, their hand leaves with them, the game goes on without them, and the last
player left wins.
"""

from __future__ import annotations

from deadmoney_rig import ENGINE, act, assert_conserved, event_params, refused, rig, to_act, with_rolls
from deadmoney_rig_extra import bid, give, hand, pass_, passes, roll_ok, showdown

from engines.core import Withdraw
from engines.deadmoney import EndTurn, Play, TakeBrain, Target
from engines.deadmoney.state import DeadMoneyState


def leave(state: DeadMoneyState, seat: int) -> DeadMoneyState:
    return act(state, seat, Withdraw())


def test_a_leavers_brains_are_discarded_and_the_turn_stays() -> None:
    state = rig(hands={0: ["KC", "QC"]}, brains={0: ["BRAIN-S"], 2: ["BRAIN-C", "BRAIN-D"]}, discard=["5C"])
    state = leave(state, 2)
    assert event_params(state, "left") == [{"seat": 2}]
    assert state.brains == [["BRAIN-S"], [], [], []]
    assert state.discard == ["5C", "BRAIN-C", "BRAIN-D"]
    assert (state.active, state.hands_left, to_act(state)) == (0, 2, (0,))
    assert_conserved(state)  # the hand stays with the leaver, out of play


def test_a_leaver_never_acts_again_and_is_skipped() -> None:
    state = leave(rig(hands={0: ["KC", "QC"]}), 1)
    assert refused(state, 1, EndTurn()) == "error.not_a_player"
    state = act(state, 0, EndTurn())
    assert (state.active, to_act(state)) == (2, (2,))


def test_leaving_on_your_own_turn_passes_the_turn_on() -> None:
    state = leave(rig(hands={0: ["KC", "QC"]}, brains={0: ["BRAIN-S"]}), 0)
    assert (state.active, state.hands_left, state.played, to_act(state)) == (1, 2, 0, (1,))
    assert state.discard == ["BRAIN-S"]
    assert_conserved(state)


def test_leaving_in_the_middle_of_your_own_effect_abandons_it() -> None:
    # 4♥: the card being passed and the 4♥ itself are discarded; nobody gets the card.
    state = rig(hands={0: ["4H", "KC"]}, brains={0: ["BRAIN-C"]}, deck_top=["QS"])
    state = act(roll_ok(state), 0, Play(card="4H"))
    assert state.held == "QS"
    state = leave(state, 0)
    assert state.held is None and state.stack == [] and state.in_play == []
    assert sorted(state.discard) == ["4H", "BRAIN-C", "QS"]
    assert (state.active, to_act(state)) == (1, (1,))
    assert_conserved(state)


def test_leaving_during_a_simultaneous_pick_lets_it_go_on() -> None:
    # 6♥: seat 3 has chosen the card to give, seat 2 has not; both leave. Only seat 1's card arrives.
    state = rig(
        hands={0: ["6H", "2C", "3C"], 1: ["KD", "QD"], 2: ["JD", "JH"], 3: ["10D", "9D"]},
        brains={0: ["BRAIN-C"]},
        players=5,
    )
    state = act(roll_ok(state), 0, Play(card="6H"))
    assert to_act(state) == (1, 2, 3, 4)
    state = give(state, 3, "9D")
    state = leave(state, 2)
    assert to_act(state) == (1, 4)
    state = leave(state, 3)
    assert to_act(state) == (1, 4)
    state = give(state, 1, "QD")
    state = give(state, 4, state.hands[4][0])
    assert hand(state, 3) == ["10D", "9D"]  # a pick made in secret leaves with its player
    assert hand(state, 2) == ["JD", "JH"]
    assert len(state.hands[0]) == 4  # 2♣ 3♣ + two cards received
    assert to_act(state) == (0,)
    state = give(state, 0, "2C", "3C")
    assert len(state.hands[0]) == 2
    assert_conserved(state)


def test_a_bidder_leaving_lets_the_showdown_go_on_with_the_next_bidder() -> None:
    # Bidding 1, 2, 3, 0. Seat 1 passes, seat 2 passes, then seat 1 leaves while seat 3 is to bid: seat 3 is still
    # asked, then seat 0, and both must pass for the Brain to be discarded.
    state = rig(hands={0: ["AH", "2C"], 1: ["3D"], 2: ["4D"], 3: ["5D"]}, brains={0: ["BRAIN-S"]})
    state = passes(act(state, 0, Play(card="AH")), 1, 2)
    assert to_act(state) == (3,)
    state = leave(state, 1)
    assert showdown(state).order == [2, 3, 0]
    assert to_act(state) == (3,)
    state = pass_(state, 3)
    assert to_act(state) == (0,)  # seat 1's pass no longer counts: seat 0 is still asked
    state = bid(state, 0, "2C")
    assert to_act(state) == (2,)
    state = passes(state, 2, 3)
    assert state.brains[0] == ["BRAIN-S"]
    assert_conserved(state)


def test_the_bidder_to_act_leaving_hands_the_bid_to_the_next() -> None:
    state = rig(hands={0: ["AH", "2C"], 1: ["3D"], 2: ["4D"], 3: ["5D"]}, brains={0: ["BRAIN-S"]})
    state = bid(act(state, 0, Play(card="AH")), 1, "3D")
    assert to_act(state) == (2,)
    state = leave(state, 2)
    assert to_act(state) == (3,)
    state = passes(state, 3, 0)
    assert state.brains[1] == ["BRAIN-S"]
    assert (state.active, to_act(state)) == (1, (1,))


def test_the_high_bidder_leaving_ends_the_showdown_and_the_brain_is_discarded() -> None:
    state = rig(hands={0: ["AH", "2C"], 1: ["3D", "KD"], 2: ["4D"], 3: ["5D"]}, brains={0: ["BRAIN-S"]})
    state = bid(act(state, 0, Play(card="AH")), 1, "3D")
    state = bid(state, 2, "4D")
    state = leave(state, 2)
    assert state.stack == []
    assert state.brains == [[], [], [], []]
    assert sorted(state.discard) == ["3D", "4D", "AH", "BRAIN-S"]
    assert (state.active, to_act(state)) == (1, (1,))  # the player after the interrupted one
    assert_conserved(state)


def test_the_dropper_leaving_lets_the_showdown_go_on() -> None:
    # Seat 0's roll fails and it drops its Brain; it leaves while the others bid. The showdown goes on.
    state = rig(hands={0: ["4S", "2C"], 1: ["3D", "KD"], 2: ["4D"], 3: ["5D"]}, brains={0: ["BRAIN-C"]})
    state = act(with_rolls(state, [1]), 0, Play(card="4S"))
    state = act(state, 0, Target(seat=3))
    state = bid(state, 1, "3D")
    state = leave(state, 0)
    assert showdown(state).order == [1, 2, 3]
    assert to_act(state) == (2,)
    state = passes(state, 2, 3)
    assert state.brains[1] == ["BRAIN-C"]
    assert (state.active, to_act(state)) == (1, (1,))  # the winner plays next
    state = act(state, 1, EndTurn())
    assert state.active == 2
    assert_conserved(state)


def test_the_active_player_leaving_as_high_bidder_ends_the_showdown() -> None:
    state = rig(hands={0: ["AH", "2C"], 1: ["3D"], 2: ["4D"], 3: ["5D"]}, brains={0: ["BRAIN-S"]})
    state = passes(act(state, 0, Play(card="AH")), 1, 2, 3)
    state = bid(state, 0, "2C")
    state = leave(state, 0)
    assert state.stack == [] and "BRAIN-S" in state.discard and "2C" in state.discard
    assert (state.active, to_act(state)) == (1, (1,))


def test_a_chooser_leaving_skips_their_choice() -> None:
    # 2♠ names seat 2, which must choose which of its two Brains to discard; it leaves: both are discarded anyway.
    state = rig(hands={0: ["2S", "QC"]}, brains={0: ["BRAIN-S"], 2: ["BRAIN-C", "BRAIN-D"]})
    state = act(with_rolls(state, [2, 6]), 0, Play(card="2S"))
    assert to_act(state) == (2,)
    state = leave(state, 2)
    assert state.brains == [["BRAIN-S"], [], [], []]
    assert state.discard[:2] == ["BRAIN-C", "BRAIN-D"]
    assert state.active == 1  # the 2♠ resolved (2 hands): the turn passed on
    assert_conserved(state)


def test_down_to_one_player_they_win_and_leavers_rank_last() -> None:
    state = rig(players=3, hands={0: ["KC", "QC", "JC"], 1: ["2D"], 2: ["3D", "4D"]})
    state = leave(state, 1)
    assert not state.over
    assert to_act(state) == (0,)
    state = leave(state, 0)
    assert state.over and state.winner == 2
    assert event_params(state, "wins") == [{"seat": 2}]
    result = ENGINE.result(state)
    assert result is not None
    assert result.winners == (2,)
    assert result.places[2] == 1
    assert result.places[0] > 1 and result.places[1] > 1  # leavers after everyone still playing
    assert result.places == (3, 2, 1)  # leavers ranked between themselves by the cards they hold
    assert to_act(state) == ()


def test_the_last_player_wins_even_in_the_middle_of_a_showdown() -> None:
    state = rig(players=3, hands={0: ["AH", "2C"], 1: ["3D"], 2: ["4D"]}, brains={0: ["BRAIN-S"]})
    state = bid(act(state, 0, Play(card="AH")), 1, "3D")
    state = leave(leave(state, 2), 0)
    assert state.over and state.winner == 1
    assert state.stack == []
    assert_conserved(state)  # the bids and the Brain at stake are not lost


def test_a_left_player_is_no_target() -> None:
    state = rig(hands={0: ["4S", "QC"]}, brains={0: ["BRAIN-S"], 3: ["BRAIN-D"]})
    state = leave(state, 3)
    state = act(roll_ok(state), 0, Play(card="4S"))
    assert {action.seat for action in ENGINE.legal_actions(state, 0) if isinstance(action, Target)} == {0, 1, 2}
    assert not any(isinstance(action, TakeBrain) for action in ENGINE.legal_actions(state, 0))
