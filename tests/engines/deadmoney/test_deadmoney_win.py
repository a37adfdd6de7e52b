"""Winning: "Pour gagner, vous devez vous débarrasser de toute votre main. Vous devez appliquer tous les effets des
cartes avant d'être proclamé vainqueur" (rulebook "Le vainqueur"; docs/games/deadmoney.md#how-a-game-goes,
#house-defaults), and the `Result`.
"""

from __future__ import annotations

from deadmoney_rig import ENGINE, act, assert_conserved, event_params, legal, rig, to_act, with_rolls
from deadmoney_rig_extra import bid, give, hand, pass_, passes, roll_ok

from engines.deadmoney import Play, TakeBrain, Target


def test_playing_your_last_card_wins_once_its_effect_is_done() -> None:
    # 9♠: the Brains move; nothing left to resolve, the hand is empty: a win.
    state = rig(hands={0: ["9S"], 1: ["2D", "3D"], 2: ["4D"], 3: ["5D", "6D", "7D"]}, brains={1: ["BRAIN-C"]})
    state = act(state, 0, Play(card="9S"))
    assert state.brains[2] == ["BRAIN-C"]
    assert state.over and state.winner == 0
    assert event_params(state, "wins") == [{"seat": 0}]
    assert to_act(state) == ()
    assert legal(state, 0) == []
    assert ENGINE.is_over(state)
    assert_conserved(state)


def test_the_result_ranks_the_others_by_the_cards_they_hold() -> None:
    state = rig(hands={0: ["9S"], 1: ["2D", "3D"], 2: ["4D"], 3: ["5D", "6D", "7D"]})
    result = ENGINE.result(act(state, 0, Play(card="9S")))
    assert result is not None
    assert result.winners == (0,)
    assert result.places == (1, 3, 2, 4)
    assert result.measure == (0, 2, 1, 3)
    assert result.measure_key == "deadmoney.measure.cards"
    assert result.higher_is_better is False


def test_equal_hands_share_a_place() -> None:
    state = rig(hands={0: ["9S"], 1: ["2D", "3D"], 2: ["4D", "5D"], 3: ["6D"]})
    result = ENGINE.result(act(state, 0, Play(card="9S")))
    assert result is not None and result.places == (1, 3, 3, 2)


def test_no_result_before_the_end() -> None:
    assert ENGINE.result(rig()) is None


def test_a_hand_empty_for_a_moment_in_an_effect_does_not_win() -> None:
    # The rulebook's own example: "défausser toutes vos cartes puis en piocher 6" (3♣).
    state = rig(hands={0: ["3C"]}, brains={0: ["BRAIN-C"]})
    state = act(roll_ok(state), 0, Play(card="3C"))
    assert len(state.hands[0]) == 6
    assert not state.over and "wins" not in [e.key.rsplit(".", 1)[1] for e in state.events]


def test_the_last_card_of_an_opponent_taken_by_the_8_hearts_does_not_win_it() -> None:
    # 8♥: giving your last card makes you draw as many as the player holds: empty only for a moment.
    state = rig(hands={0: ["8H", "KC"], 1: ["2D"]})
    state = act(act(state, 0, Play(card="8H")), 0, Target(seat=1))
    assert len(state.hands[1]) == 2
    assert not state.over


def test_the_win_waits_for_a_pick_that_is_still_open() -> None:
    # 6♠ with your last card played: your hand is empty while the others still discard, and you win after.
    state = rig(hands={0: ["6S"], 1: ["2D", "3D"], 2: ["4D", "5D"], 3: ["7D", "8D"]}, brains={0: ["BRAIN-S"]})
    state = act(roll_ok(state), 0, Play(card="6S"))
    assert hand(state, 0) == [] and not state.over
    assert to_act(state) == (1,)
    state = give(give(give(state, 1, "2D"), 2, "4D"), 3, "7D")
    assert state.over and state.winner == 0


def test_the_win_waits_for_the_showdown_after_a_failed_roll() -> None:
    # Your last card fails its roll: you drop your Brain, have nothing to bid, and win once the showdown is over.
    state = rig(hands={0: ["4S"], 1: ["2D", "KD"], 2: ["3D"], 3: ["5D"]}, brains={0: ["BRAIN-C"]})
    state = act(with_rolls(state, [1]), 0, Play(card="4S"))
    state = act(state, 0, Target(seat=2))
    assert hand(state, 0) == [] and not state.over
    assert to_act(state) == (1,)  # the showdown
    state = bid(state, 1, "KD")
    state = passes(state, 2, 3)  # seat 0 has nothing to bid: it passes by itself
    assert state.brains[1] == ["BRAIN-C"]
    assert state.over and state.winner == 0
    assert_conserved(state)


def test_several_empty_hands_at_once_the_active_player_wins() -> None:
    # 6♠: you discard your last card, and so does seat 2. docs/games/deadmoney.md#house-defaults: the active player
    # wins.
    state = rig(hands={0: ["6S", "KC"], 1: ["2D", "3D"], 2: ["4D"], 3: ["7D", "8D"]}, brains={0: ["BRAIN-S"]})
    state = act(roll_ok(state), 0, Play(card="6S"))  # seat 0's K♣ and seat 2's 4♦ go by themselves
    state = give(give(state, 1, "2D"), 3, "7D")
    assert hand(state, 0) == hand(state, 2) == []
    assert state.over and state.winner == 0
    result = ENGINE.result(state)
    assert result is not None and result.winners == (0,) and result.places == (1, 3, 2, 3)


def test_several_empty_hands_and_not_the_active_player_the_first_clockwise_wins() -> None:
    # Seat 2 plays the A♥ and drops its Brain. Seats 3 and 0 empty their hands bidding, seat 1 outbids them both.
    # Clockwise from the active seat 2: seat 3 comes before seat 0.
    state = rig(
        hands={2: ["AH", "QC"], 3: ["2D"], 0: ["3D"], 1: ["KD", "KC", "5C"]},
        brains={2: ["BRAIN-S"]},
        active=2,
    )
    state = act(state, 2, Play(card="AH"))
    state = bid(state, 3, "2D")
    state = bid(state, 0, "3D")
    state = bid(state, 1, "KD", "KC")
    state = pass_(state, 2)  # seats 3 and 0 have nothing left: they pass by themselves
    assert state.brains[1] == ["BRAIN-S"]
    assert hand(state, 3) == hand(state, 0) == []
    assert state.over and state.winner == 3
    result = ENGINE.result(state)
    assert result is not None and result.winners == (3,) and result.places[3] == 1 and result.places[0] == 2


def test_an_empty_hand_at_the_end_of_someone_elses_effect_wins() -> None:
    # 9♥: seat 1 gives its only card, a King, to the player of the 9♥ and nothing makes it draw: it wins.
    state = rig(hands={0: ["9H", "QC"], 1: ["KD"], 2: ["4D"], 3: ["5D"]})
    state = act(state, 0, Play(card="9H"))
    state = give(state, 1, "KD")
    assert state.over and state.winner == 1


def test_a_brain_card_in_hand_keeps_you_from_winning() -> None:
    # "Brains count as cards while they are in your hand" (docs/games/deadmoney.md#how-a-game-goes): B♠ as the last card
    # is played, then draws 2, so holding only Brains never wins by itself.
    state = rig(hands={0: ["9S", "BRAIN-D"]})
    state = act(state, 0, Play(card="9S"))
    assert not state.over and hand(state, 0) == ["BRAIN-D"]


def test_a_brain_returned_to_a_hand_counts_as_a_card_there() -> None:
    # A♦ as your last card: a Brain goes back into its holder's hand (a card like any other there), and you win.
    state = rig(hands={0: ["AD"], 1: ["2D"]}, brains={1: ["BRAIN-C"], 2: ["BRAIN-D"]})
    state = act(state, 0, Play(card="AD"))
    state = act(state, 0, TakeBrain(seat=1, brain="BRAIN-C"))
    assert state.over and state.winner == 0  # seat 0 played its last card; seat 1 now holds 2
    assert hand(state, 1) == ["2D", "BRAIN-C"]
