"""The 14 ♣ cards (rulebook "TRADUCTION DES CARTES", docs/games/deadmoney.md#card-effects and #house-defaults).

Costs (docs/games/deadmoney.md#the-cards): A 2H, 2 1H R, 3 2H R, 4 2H R, 5 2H R, 6 2H R, 7 1H R, 8 2H, 9 1H, 10 1H, J
1H, Q 1H, K 1H, Brain 2H. Seats are clockwise: seat s's left neighbour is s+1, its right neighbour s-1.
"""

from __future__ import annotations

from collections import Counter

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
    view,
    with_outcome,
    with_rolls,
)

from engines.deadmoney import Cards, DeadMoneyState, EndTurn, Play, PutNext, Target
from engines.deadmoney.state import Arrange, ChooseSeat, PickCards, Roll

# ----- A♣: a chosen player takes a random card from you -----------------------------------------------


def test_ace_a_chosen_player_takes_a_random_card_from_your_hand() -> None:
    state = rig(hands={0: ["AC", "KD", "KD"]})
    hand2 = list(state.hands[2])
    state = act(state, 0, Play(card="AC"))
    decision = state.stack[-1]
    assert isinstance(decision, ChooseSeat) and decision.purpose == "take_random"
    assert legal(state, 0) == [Target(seat=1), Target(seat=2), Target(seat=3)]
    assert refused(state, 0, Target(seat=0)) == "bad_target"
    state = act(state, 0, Target(seat=2))
    assert state.hands[0] == ["KD"] and state.hands[2] == [*hand2, "KD"]
    assert events(state) == ["named", "take", "you_took", "taken_from_you", "turn"]
    assert event_params(state, "take") == [{"seat": 2, "from_seat": 0}]  # the public event names no card
    assert [e.audience for e in state.events if e.key.endswith((".you_took", ".taken_from_you"))] == [(2,), (0,)]
    assert event_params(state, "you_took") == [{"from_seat": 0, "card": "KD"}]
    assert event_params(state, "taken_from_you") == [{"seat": 2, "card": "KD"}]
    assert state.active == 1
    assert_conserved(state)


def test_ace_taking_your_last_card_makes_you_draw_two() -> None:
    # "(si c'est votre dernière, piochez en 2)": you do not win by it.
    state = rig(hands={0: ["AC", "KD"]}, deck_top=["2S", "3S"])
    state = act(state, 0, Play(card="AC"))
    state = act(state, 0, Target(seat=1))
    assert state.hands[1][-1] == "KD"
    assert state.hands[0] == ["2S", "3S"]
    assert "wins" not in events(state) and not state.over
    assert state.active == 1


# ----- 2♣: draw one card per Brain ----------------------------------------------------------------------


def test_two_each_player_draws_one_card_per_brain_from_you_clockwise() -> None:
    brains = {0: ["BRAIN-C"], 1: ["BRAIN-D", "BRAIN-H"], 3: ["BRAIN-S"]}
    state = rig(hands={0: ["2C", "KD"]}, brains=brains, deck_top=["2S", "3S", "4S", "5S"])
    sizes = [len(hand) for hand in state.hands]
    state = act(state, 0, Play(card="2C"))  # +1 (Brain of clubs): always at least 2
    assert state.hands[0] == ["KD", "2S"]
    assert state.hands[1][-2:] == ["3S", "4S"]
    assert state.hands[3][-1] == "5S"
    assert [len(hand) for hand in state.hands] == [sizes[0], sizes[1] + 2, sizes[2], sizes[3] + 1]
    assert [p["seat"] for p in event_params(state, "draw")] == [0, 1, 3]
    assert "roll_success" in events(state)


# ----- 3♣: discard your hand and draw 6 -------------------------------------------------------------------


def test_three_discards_the_hand_and_draws_six() -> None:
    top = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    state = rig(hands={0: ["3C", "KD", "10H"]}, brains={0: ["BRAIN-C"]}, deck_top=top)
    state = act(with_rolls(state, [2]), 0, Play(card="3C"))  # 2 + 1 = 3
    assert state.hands[0] == top[:6]
    assert state.discard == ["KD", "10H", "3C"]
    assert deck_top(state) == ["8S"]
    assert state.active == 1


def test_three_with_no_other_card_cannot_win_by_the_momentary_empty_hand() -> None:
    # "si une consigne vous indique de défausser toutes vos cartes puis d'en piocher 6, vous ne pouvez pas
    # gagner pas juste parce que vous n'avez plus eu de cartes pendant un bref instant."
    top = ["2S", "3S", "4S", "5S", "6S", "7S"]
    state = rig(hands={0: ["3C", "KD"]}, brains={0: ["BRAIN-C"]}, deck_top=top)
    state = act(with_rolls(state, [6]), 0, Play(card="3C"))
    assert state.hands[0] == top
    assert "wins" not in events(state) and not state.over and state.winner is None
    state = rig(hands={0: ["3C"]}, brains={0: ["BRAIN-C"]}, deck_top=top)
    state = act(with_rolls(state, [6]), 0, Play(card="3C"))  # played as the last card
    assert state.hands[0] == top and not state.over


# ----- 4♣: two chosen players swap -------------------------------------------------------------------------


def test_four_two_chosen_players_swap_as_many_cards_as_the_smaller_hand() -> None:
    # House default: the smaller hand is given whole; the other gives as many random cards; you may name
    # yourself.
    hands = {0: ["4C", "KD", "10H"], 2: ["QS", "JC", "9C", "8H", "8D"]}
    state = rig(hands=hands, brains={0: ["BRAIN-C"]})
    state = act(state, 0, Play(card="4C"))
    decision = state.stack[-1]
    assert isinstance(decision, ChooseSeat) and decision.purpose == "swap_first"
    # Opponents first, from your left; yourself last.
    assert legal(state, 0) == [Target(seat=1), Target(seat=2), Target(seat=3), Target(seat=0)]
    state = act(state, 0, Target(seat=0))
    decision = state.stack[-1]
    assert isinstance(decision, ChooseSeat) and decision.purpose == "swap_second" and decision.first == 0
    assert legal(state, 0) == [Target(seat=1), Target(seat=2), Target(seat=3)]
    assert view(state, 1).pending is not None and view(state, 1).pending.first == 0  # type: ignore[union-attr]

    def swap(before: DeadMoneyState) -> DeadMoneyState:
        return act(before, 0, Target(seat=2))

    state = with_outcome(state, swap, lambda after: "roll_success" in events(after))
    state = swap(state)
    assert event_params(state, "swap") == [{"seat": 0, "other_seat": 2, "count": 2}]
    assert len(state.hands[0]) == 2 and len(state.hands[2]) == 5
    assert not Counter(state.hands[0]) - Counter(hands[2])  # two of seat 2's cards
    assert Counter(state.hands[2]) == Counter(hands[2]) - Counter(state.hands[0]) + Counter(["KD", "10H"])
    gets = [e for e in state.events if e.key == "deadmoney.event.you_get"]
    assert [e.audience for e in gets] == [(0,), (2,)]
    assert state.active == 1
    assert_conserved(state)


def test_four_may_swap_two_other_players() -> None:
    hands = {0: ["4C", "KD"], 1: ["QS", "JC", "9C"], 3: ["8H"]}
    state = rig(hands=hands, brains={0: ["BRAIN-C", "BRAIN-C"]})
    state = act(state, 0, Play(card="4C"))
    state = act(state, 0, Target(seat=3))
    assert refused(state, 0, Target(seat=3)) == "bad_target"  # not the same player twice
    state = act(state, 0, Target(seat=1))
    assert len(state.hands[3]) == 1 and len(state.hands[1]) == 3
    assert "8H" in state.hands[1] and state.hands[3][0] in ("QS", "JC", "9C")
    assert state.hands[0] == ["KD"]


# ----- 5♣: players with a Brain discard one, in turn ---------------------------------------------------------


def test_five_each_player_with_a_brain_discards_one_starting_with_you() -> None:
    hands = {0: ["5C", "KD", "10H"], 1: ["9S", "8S"], 2: ["QS", "JC"]}
    state = rig(hands=hands, brains={0: ["BRAIN-C"], 2: ["BRAIN-D"]})
    state = act(with_rolls(state, [4]), 0, Play(card="5C"))  # 4 + 1 = 5
    decision = state.stack[-1]
    assert isinstance(decision, PickCards) and decision.purpose == "discard" and decision.choosers == [0]
    assert to_act(state) == (0,)  # one after the other, not all at once
    state = act(state, 0, Cards(cards=("10H",)))
    assert to_act(state) == (2,)
    assert legal(state, 2) == [Cards(cards=("JC",)), Cards(cards=("QS",))]
    state = act(state, 2, Cards(cards=("QS",)))
    assert state.hands[0] == ["KD"] and state.hands[1] == ["9S", "8S"] and state.hands[2] == ["JC"]
    assert state.discard == ["10H", "QS", "5C"]
    assert state.last_roll == Roll(seat=0, card="5C", die=4, bonus=1, target=5)
    assert state.active == 1


# ----- 6♣: roll and count -------------------------------------------------------------------------------------


def test_six_rolls_and_counts_from_you_as_one_that_player_draws_the_die() -> None:
    # House default: the starting player counts as 1, clockwise, wrapping round.
    state = rig(hands={0: ["6C", "KD"]}, brains={0: ["BRAIN-C"]})
    size2 = len(state.hands[2])
    state = act(with_rolls(state, [3, 5]), 0, Play(card="6C"))  # count 3: seats 0, 1, 2
    assert event_params(state, "roll") == [{"seat": 0, "die": 3}]
    assert event_params(state, "counted") == [{"seat": 2, "count": 3}]
    assert len(state.hands[2]) == size2 + 3
    assert state.last_roll == Roll(seat=0, card="6C", die=5, bonus=1, target=6)
    assert "roll_success" in events(state)


def test_six_counting_one_is_yourself_and_counting_wraps_round() -> None:
    state = rig(hands={0: ["6C", "KD"]}, brains={0: ["BRAIN-C"]})
    after = act(with_rolls(state, [1, 6]), 0, Play(card="6C"))
    assert event_params(after, "counted") == [{"seat": 0, "count": 1}]
    assert len(after.hands[0]) == 1 + 1
    after = act(with_rolls(state, [5, 6]), 0, Play(card="6C"))  # seats 0 1 2 3 0
    assert event_params(after, "counted") == [{"seat": 0, "count": 5}]
    assert len(after.hands[0]) == 1 + 5
    state = rig(players=3, hands={1: ["6C", "KD"]}, brains={1: ["BRAIN-C"]}, active=1)
    after = act(with_rolls(state, [6, 6]), 1, Play(card="6C"))  # seats 1 2 0 1 2 0
    assert event_params(after, "counted") == [{"seat": 0, "count": 6}]


# ----- 7♣: draw 3, pass 2 -------------------------------------------------------------------------------------


def test_seven_draws_three_and_passes_two_cards_to_opponents_of_your_choice() -> None:
    # House default: any 2 cards of your hand, each to an opponent you choose.
    state = rig(hands={0: ["7C", "KD"]}, brains={0: ["BRAIN-C", "BRAIN-C"]}, deck_top=["2S", "3S", "4S"])
    hand1, hand3 = list(state.hands[1]), list(state.hands[3])
    state = act(with_rolls(state, [5]), 0, Play(card="7C"))
    assert state.hands[0] == ["KD", "2S", "3S", "4S"]
    decision = state.stack[-1]
    assert isinstance(decision, PickCards) and decision.purpose == "pass_pick"
    assert legal(state, 0) == [Cards(cards=(card,)) for card in ("2S", "3S", "4S", "KD")]
    state = act(state, 0, Cards(cards=("3S",)))
    assert state.held == "3S"
    assert view(state, 0).held == "3S" and view(state, 1).held is None and view(state, None).held is None
    decision = state.stack[-1]
    assert isinstance(decision, ChooseSeat) and decision.purpose == "pass_to"
    assert legal(state, 0) == [Target(seat=1), Target(seat=2), Target(seat=3)]
    state = act(state, 0, Target(seat=3))
    assert state.hands[3] == [*hand3, "3S"] and state.held is None
    state = act(state, 0, Cards(cards=("KD",)))
    state = act(state, 0, Target(seat=1))
    assert state.hands[1] == [*hand1, "KD"]
    assert state.hands[0] == ["2S", "4S"]
    assert state.last_roll == Roll(seat=0, card="7C", die=5, bonus=2, target=7)
    assert state.active == 0 and state.hands_left == 1
    assert_conserved(state)


def test_seven_both_cards_may_go_to_the_same_opponent() -> None:
    state = rig(hands={0: ["7C", "KD"]}, brains={0: ["BRAIN-C", "BRAIN-C"]}, deck_top=["2S", "3S", "4S"])
    hand2 = list(state.hands[2])
    state = act(with_rolls(state, [6]), 0, Play(card="7C"))
    state = act(state, 0, Cards(cards=("2S",)))
    state = act(state, 0, Target(seat=2))
    state = act(state, 0, Cards(cards=("4S",)))
    state = act(state, 0, Target(seat=2))
    assert state.hands[2] == [*hand2, "2S", "4S"]


# ----- 8♣: the left neighbour draws ---------------------------------------------------------------------------


def test_eight_makes_the_left_neighbour_draw_one() -> None:
    state = rig(hands={3: ["8C", "KD"]}, active=3, deck_top=["2S"])
    state = act(state, 3, Play(card="8C"))
    assert state.hands[0][-1] == "2S"
    assert event_params(state, "draw") == [{"seat": 0, "count": 1}]
    assert state.active == 0


# ----- 9♣: a random card from an opponent ---------------------------------------------------------------------


def test_nine_takes_a_random_card_from_a_chosen_opponent() -> None:
    state = rig(hands={0: ["9C", "KD"], 2: ["QS", "QS"]})
    state = act(state, 0, Play(card="9C"))
    assert legal(state, 0) == [Target(seat=1), Target(seat=2), Target(seat=3)]
    state = act(state, 0, Target(seat=2))
    assert state.hands[0] == ["KD", "QS"] and state.hands[2] == ["QS"]
    assert state.active == 0 and state.hands_left == 1
    # Which card went is told to the two players only.
    assert events(state, None) == ["named", "take"]
    assert event_params(state, "you_took") == [{"from_seat": 2, "card": "QS"}]
    assert events(state, 0) == ["named", "take", "you_took"] and events(state, 2) == ["named", "take", "taken_from_you"]


def test_nine_taking_an_opponents_last_card_makes_them_draw_two() -> None:
    state = rig(hands={0: ["9C", "KD"], 1: ["QS"]}, deck_top=["2S", "3S"])
    state = act(state, 0, Play(card="9C"))
    state = act(state, 0, Target(seat=1))
    assert state.hands[0] == ["KD", "QS"]
    assert state.hands[1] == ["2S", "3S"]
    assert not state.over


# ----- 10♣: resolve the top card for free ----------------------------------------------------------------------


def test_ten_resolves_the_top_card_as_if_played() -> None:
    state = rig(hands={0: ["10C", "KD"]}, deck_top=["JC", "2S", "3S"])
    state = act(state, 0, Play(card="10C"))
    assert events(state) == ["play", "reveal", "draw", "you_draw"]
    assert event_params(state, "reveal") == [{"seat": 0, "card": "JC"}]
    assert state.hands[0] == ["KD", "2S", "3S"]  # J♣: draw 2
    assert state.discard == ["JC", "10C"]
    assert state.active == 0 and state.hands_left == 1  # the revealed card costs no hand


def test_ten_reveals_a_two_hand_card_and_it_costs_nothing() -> None:
    state = rig(hands={0: ["10C", "KD"]}, deck_top=["8C", "2S"])
    state = act(state, 0, Play(card="10C"))
    assert event_params(state, "draw") == [{"seat": 1, "count": 1}]  # 8♣: the left neighbour draws 1
    assert state.active == 0 and state.hands_left == 1


def test_ten_reveals_a_brain_required_card_no_brain_needed_and_no_roll() -> None:
    # "(pas besoin de cerveau ni de dé)"
    state = rig(hands={0: ["10C", "KD"]}, deck_top=["2C", "2S"])  # no Brain on the table
    state = act(state, 0, Play(card="10C"))
    assert "reveal" in events(state)
    assert not {"roll", "roll_success", "roll_failure", "no_brain_no_roll"} & set(events(state))
    assert state.last_roll is None
    assert state.discard == ["2C", "10C"]
    state = rig(hands={0: ["10C", "KD"]}, brains={0: ["BRAIN-S"]}, deck_top=["2C", "2S"])
    state = act(state, 0, Play(card="10C"))  # 2♣: one card per Brain
    assert state.hands[0] == ["KD", "2S"]
    assert state.last_roll is None and "roll_failure" not in events(state)
    assert state.brains[0] == ["BRAIN-S"] and state.active == 0


def test_ten_reveals_a_brain_it_goes_in_front_of_you_with_its_effect() -> None:
    # House default: draw 2 and a new full turn.
    state = rig(hands={0: ["10C", "KD"]}, deck_top=["BRAIN-H", "2S", "3S"])
    state = act(state, 0, Play(card="10C"))
    assert event_params(state, "reveal") == [{"seat": 0, "card": "BRAIN-H"}]
    assert state.brains[0] == ["BRAIN-H"]
    assert state.hands[0] == ["KD", "2S", "3S"]
    assert state.active == 0 and state.hands_left == 2 and state.played == 0
    assert "new_turn" in events(state)
    assert state.discard == ["10C"]
    assert_conserved(state)


def test_ten_reveals_a_card_that_asks_a_choice_of_its_player() -> None:
    state = rig(hands={0: ["10C", "KD"]}, deck_top=["QC", "2S"])
    state = act(state, 0, Play(card="10C"))
    decision = state.stack[-1]
    assert isinstance(decision, ChooseSeat) and decision.purpose == "discard_one" and decision.card == "QC"
    assert to_act(state) == (0,)


# ----- J♣, Q♣, K♣ ----------------------------------------------------------------------------------------------


def test_jack_draws_two() -> None:
    state = rig(hands={0: ["JC", "KD"]}, deck_top=["2S", "3S"])
    state = act(state, 0, Play(card="JC"))
    assert state.hands[0] == ["KD", "2S", "3S"] and state.hands_left == 1


def test_queen_a_chosen_player_discards_one_card_of_their_choice() -> None:
    state = rig(hands={0: ["QC", "KD"], 2: ["9S", "8S"]})
    state = act(state, 0, Play(card="QC"))
    assert legal(state, 0) == [Target(seat=1), Target(seat=2), Target(seat=3), Target(seat=0)]
    state = act(state, 0, Target(seat=2))
    assert to_act(state) == (2,)
    assert legal(state, 2) == [Cards(cards=("8S",)), Cards(cards=("9S",))]
    assert refused(state, 0, Cards(cards=("KD",))) == "error.not_your_turn"
    state = act(state, 2, Cards(cards=("9S",)))
    assert state.hands[2] == ["8S"] and state.discard == ["9S", "QC"]
    assert to_act(state) == (0,) and state.hands_left == 1


def test_king_rearranges_the_top_five_cards_seen_only_by_its_player() -> None:
    top = ["2S", "3S", "4S", "5S", "6S", "7S"]
    state = rig(hands={0: ["KC", "KD"]}, deck_top=top)
    state = act(state, 0, Play(card="KC"))
    decision = state.stack[-1]
    assert isinstance(decision, Arrange) and decision.remaining == top[:5]
    assert to_act(state) == (0,)
    assert legal(state, 0) == [PutNext(card=card) for card in top[:5]]
    assert view(state, 0).arrange == top[:5]
    for viewer in (None, 1, 2, 3):
        assert view(state, viewer).arrange == [] and view(state, viewer).arranged == []
    assert view(state, 1).deck_count == len(state.deck)
    for card in ("6S", "4S", "2S", "5S"):
        state = act(state, 0, PutNext(card=card))
    assert view(state, 0).arranged == [] and not state.stack  # the last card placed itself
    assert deck_top(state, 6) == ["6S", "4S", "2S", "5S", "3S", "7S"]
    assert state.active == 0 and state.hands_left == 1
    assert_conserved(state)
    state = act(state, 0, Play(card="KD"))  # K♦ draws the card put on top
    assert state.hands[0] == ["6S"]


def test_king_midway_shows_the_placed_cards_to_its_player() -> None:
    top = ["2S", "3S", "4S", "5S", "6S"]
    state = rig(hands={0: ["KC", "KD"]}, deck_top=top)
    state = act(state, 0, Play(card="KC"))
    state = act(state, 0, PutNext(card="5S"))
    assert view(state, 0).arranged == ["5S"] and view(state, 0).arrange == ["2S", "3S", "4S", "6S"]
    assert view(state, 2).arranged == []
    assert refused(state, 0, PutNext(card="5S")) == "bad_card"
    assert refused(state, 0, EndTurn()) == "not_now"


def test_brain_of_clubs_goes_in_front_draw_two_and_play_again() -> None:
    state = rig(hands={0: ["BRAIN-C", "2C"]}, deck_top=["2S", "3S"])
    state = act(state, 0, Play(card="BRAIN-C"))
    assert state.brains[0] == ["BRAIN-C"] and state.hands[0] == ["2C", "2S", "3S"]
    assert state.active == 0 and state.hands_left == 2
    state = act(with_rolls(state, [1]), 0, Play(card="2C"))  # 1 + 1 (Brain of clubs) = 2
    assert state.last_roll == Roll(seat=0, card="2C", die=1, bonus=1, target=2)
    assert top_discard(state) == "2C"
