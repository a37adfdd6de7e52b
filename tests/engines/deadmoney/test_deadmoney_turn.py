"""The Dead Money turn (rulebook "Tour de jeu", "Payer des mains", "Cerveau obligatoire", "Perdre un
Cerveau", "Cartes Cerveau"; docs/games/deadmoney.md, its rules and house defaults).

Card costs used here (docs/games/deadmoney.md#the-cards): 1 hand: K♦ 10♥ 2♣ 7♦ 3♦; 2 hands: 9♦ J♦ 8♣ and every Brain.
Brain-required (R): ranks 2-7.
"""

from __future__ import annotations

from deadmoney_rig import (
    act,
    assert_conserved,
    deck_top,
    event_params,
    events,
    legal,
    refused,
    rig,
    to_act,
    top_discard,
)

from engines.deadmoney import DeadMoneyOptions, EndTurn, Play

# ----- two hands a turn ------------------------------------------------------------------------


def test_two_one_hand_cards_make_a_turn() -> None:
    # "vous pouvez donc jouer ... 2 cartes à 1 main (l'une après l'autre)".
    state = rig(hands={0: ["KD", "10H", "9C"]}, deck_top=["2S", "3S"])
    state = act(state, 0, Play(card="KD"))  # K♦: draw 1
    assert state.hands[0] == ["10H", "9C", "2S"]
    assert state.hands_left == 1 and state.played == 1
    assert to_act(state) == (0,) and state.active == 0
    assert top_discard(state) == "KD"
    assert events(state) == ["play", "draw", "you_draw"]
    state = act(state, 0, Play(card="10H"))  # 10♥: draw 1; no hand left, the turn passes clockwise
    assert state.hands[0] == ["9C", "2S", "3S"]
    assert state.hands_left == 2 and state.active == 1 and to_act(state) == (1,)
    assert events(state) == ["play", "draw", "you_draw", "turn"]
    assert event_params(state, "turn") == [{"seat": 1}]
    assert state.discard == ["KD", "10H"]
    assert_conserved(state)


def test_one_two_hand_card_is_the_whole_turn() -> None:
    state = rig(hands={0: ["9D", "KD"]}, deck_top=["2S"])
    right = state.hands[3]
    state = act(state, 0, Play(card="9D"))  # 9♦ (2 hands): your right neighbour draws 1
    assert state.hands[3] == [*right, "2S"]
    assert state.hands[0] == ["KD"]
    assert state.active == 1
    assert events(state) == ["play", "draw", "you_draw", "turn"]
    assert event_params(state, "draw") == [{"seat": 3, "count": 1}]


def test_a_two_hand_card_is_refused_with_one_hand_left() -> None:
    state = rig(hands={0: ["KD", "9D", "10H"]}, deck_top=["2S"])
    state = act(state, 0, Play(card="KD"))
    assert state.hands_left == 1
    assert refused(state, 0, Play(card="9D")) == "too_costly"
    moves = legal(state, 0)
    assert Play(card="9D") not in moves
    assert Play(card="10H") in moves and EndTurn() in moves


def test_a_two_hand_card_is_refused_with_one_hand_left_even_a_brain() -> None:
    state = rig(hands={0: ["KD", "BRAIN-S", "10H"]}, deck_top=["2S"])
    state = act(state, 0, Play(card="KD"))
    assert refused(state, 0, Play(card="BRAIN-S")) == "too_costly"


def test_only_your_own_cards_on_your_turn() -> None:
    state = rig(hands={0: ["KD", "10H"], 1: ["QS", "9C"]})
    assert refused(state, 0, Play(card="QS")) == "not_in_hand"
    assert refused(state, 1, Play(card="QS")) == "error.not_your_turn"
    assert refused(state, 1, EndTurn()) == "error.not_your_turn"


# ----- playing nothing --------------------------------------------------------------------------


def test_playing_nothing_draws_one_and_ends_the_turn() -> None:
    # "Si vous ne jouez aucune carte à votre tour ..., vous devez piocher. Cela met fin à votre tour."
    # How many is not said: house default 1 (docs/games/deadmoney.md#house-defaults).
    state = rig(hands={0: ["KD", "10H"]}, deck_top=["2S", "3S"])
    state = act(state, 0, EndTurn())
    assert state.hands[0] == ["KD", "10H", "2S"]
    assert deck_top(state) == ["3S"]
    assert state.active == 1
    assert events(state) == ["idle", "draw", "you_draw", "turn"]


def test_the_idle_draw_option_draws_two() -> None:
    state = rig(hands={0: ["KD", "10H"]}, deck_top=["2S", "3S", "4S"], options=DeadMoneyOptions(idle_draw=2))
    state = act(state, 0, EndTurn())
    assert state.hands[0] == ["KD", "10H", "2S", "3S"]
    assert deck_top(state) == ["4S"]
    assert state.active == 1


def test_a_player_who_cannot_play_may_only_draw() -> None:
    # Only Brain-required cards and no Brain: "parce que vous ne le pouvez ... pas".
    state = rig(hands={0: ["2D", "5C"]}, deck_top=["2S"])
    assert legal(state, 0) == [EndTurn()]
    assert refused(state, 0, Play(card="2D")) == "needs_brain"
    state = act(state, 0, EndTurn())
    assert state.hands[0] == ["2D", "5C", "2S"]
    assert state.active == 1


def test_ending_after_one_card_draws_nothing() -> None:
    state = rig(hands={0: ["KD", "10H", "9C"]}, deck_top=["2S", "3S"])
    state = act(state, 0, Play(card="KD"))
    state = act(state, 0, EndTurn())
    assert state.hands[0] == ["10H", "9C", "2S"]
    assert deck_top(state) == ["3S"]
    assert events(state) == ["end_turn", "turn"]
    assert state.active == 1


def test_the_turn_ends_by_itself_when_nothing_playable_is_left() -> None:
    # One hand left and only 2-hand cards in hand: nothing to decide.
    state = rig(hands={0: ["KD", "9D", "JD"]}, deck_top=["8C"])  # draws the 8♣, a 2-hand card
    state = act(state, 0, Play(card="KD"))
    assert events(state) == ["play", "draw", "you_draw", "end_turn", "turn"]
    assert state.active == 1 and state.hands[0] == ["9D", "JD", "8C"]


def test_the_turn_ends_by_itself_when_only_brain_cards_are_left_without_a_brain() -> None:
    state = rig(hands={0: ["KD", "2D"]}, deck_top=["3C"])
    state = act(state, 0, Play(card="KD"))
    assert events(state)[-2:] == ["end_turn", "turn"]
    assert state.active == 1


def test_play_goes_clockwise_and_wraps_round() -> None:
    state = rig(players=4, hands={3: ["9D", "KD"]}, active=3, deck_top=["2S"])
    state = act(state, 3, Play(card="9D"))  # right neighbour of 3 is 2
    assert event_params(state, "draw") == [{"seat": 2, "count": 1}]
    assert state.active == 0
    state = act(state, 0, EndTurn())
    assert state.active == 1
    state = act(state, 1, EndTurn())
    assert state.active == 2
    assert state.turn == 4
