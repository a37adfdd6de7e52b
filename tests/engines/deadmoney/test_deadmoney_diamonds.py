"""The 14 ♦ cards (rulebook "TRADUCTION DES CARTES", docs/games/deadmoney.md#card-effects and #house-defaults).

Costs (docs/games/deadmoney.md#the-cards): A 2H, 2 1H R, 3 1H R, 4 2H R, 5 1H R, 6 2H R, 7 1H R, 8 1H, 9 2H, 10 1H, J
2H, Q 2H, K 1H, Brain 2H. Seats are clockwise: seat s's left neighbour is s+1, its right neighbour s-1.
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
    with_rolls,
)

from engines.deadmoney import Cards, EndTurn, Pass, Play, TakeBrain, Target
from engines.deadmoney.state import ChooseBrain, ChooseSeat, PickCards, Roll, Showdown

# ----- A♦: a Brain goes back to its holder's hand ------------------------------------------------


def test_ace_returns_a_chosen_brain_to_its_holders_hand() -> None:
    # "Le cerveau de votre choix retourne dans la main de son propriétaire."
    state = rig(hands={0: ["AD", "KD"]}, brains={0: ["BRAIN-D"], 2: ["BRAIN-C"], 3: ["BRAIN-S"]})
    hand2 = list(state.hands[2])
    state = act(state, 0, Play(card="AD"))
    decision = state.stack[-1]
    assert isinstance(decision, ChooseBrain) and decision.purpose == "return"
    assert to_act(state) == (0,)
    # Any Brain on the table, your own included, holders clockwise from you.
    assert legal(state, 0) == [
        TakeBrain(seat=0, brain="BRAIN-D"),
        TakeBrain(seat=2, brain="BRAIN-C"),
        TakeBrain(seat=3, brain="BRAIN-S"),
    ]
    state = act(state, 0, TakeBrain(seat=2, brain="BRAIN-C"))
    assert state.brains == [["BRAIN-D"], [], [], ["BRAIN-S"]]
    assert state.hands[2] == [*hand2, "BRAIN-C"]
    assert "brain_returned" in events(state) and event_params(state, "brain_returned") == [
        {"seat": 2, "card": "BRAIN-C"}
    ]
    assert "showdown" not in " ".join(events(state))  # a Brain back in hand is not dropped: no showdown
    assert state.active == 1  # 2 hands: the turn is over
    assert_conserved(state)


def test_ace_with_one_brain_on_the_table_needs_no_choice() -> None:
    state = rig(hands={0: ["AD", "KD"]}, brains={0: ["BRAIN-D"]})
    state = act(state, 0, Play(card="AD"))
    assert state.brains[0] == [] and state.hands[0] == ["KD", "BRAIN-D"]
    assert state.active == 1


def test_ace_with_no_brain_on_the_table_does_nothing() -> None:
    state = rig(hands={0: ["AD", "KD"]})
    state = act(state, 0, Play(card="AD"))
    assert events(state) == ["play", "turn"]
    assert state.hands[0] == ["KD"] and top_discard(state) == "AD"


# ----- 2♦: the pool ----------------------------------------------------------------------------


def test_two_pools_one_card_each_secretly_and_deals_them_back() -> None:
    # "Tous les joueurs donne 1 carte (piochez en 1 si vous n'en avez plus) ; mélangez ces cartes et
    # distribuez en 1 à chaque joueur." Seat 0 plays its last card: it draws 1 first.
    hands = {0: ["2D"], 1: ["QS", "JC"], 2: ["9C", "9C"], 3: ["8H", "4C"]}
    state = rig(hands=hands, brains={0: ["BRAIN-D"]}, deck_top=["KS"])  # +1: a roll of 1 makes 2
    state = act(state, 0, Play(card="2D"))
    decision = state.stack[-1]
    assert isinstance(decision, PickCards) and decision.purpose == "pool"
    assert state.hands[0] == ["KS"]
    # Seat 0 (one card) and seat 2 (two copies of one card) have nothing to choose.
    assert decision.submitted[0] == ["KS"] and decision.submitted[2] == ["9C"]
    assert to_act(state) == (1, 3)
    assert legal(state, 1) == [Cards(cards=("JC",)), Cards(cards=("QS",))]
    # Picks come in any order and stay secret until everyone has picked.
    state = act(state, 3, Cards(cards=("4C",)))
    assert events(state) == ["decided"] and event_params(state, "decided") == [{"seat": 3}]
    assert to_act(state) == (1,)
    assert view(state, 3).my_pick == ["4C"]
    for viewer in (None, 0, 1, 2):
        assert view(state, viewer).my_pick in (None, ["KS"], ["9C"])
    assert view(state, 1).my_pick is None
    assert "4C" in state.hands[3]  # nothing moved yet
    assert refused(state, 3, Cards(cards=("8H",))) == "error.not_your_turn"
    state = act(state, 1, Cards(cards=("QS",)))
    assert "pool" in events(state)
    pool = Counter(["KS", "QS", "9C", "4C"])
    received = [state.hands[0][-1], state.hands[1][-1], state.hands[2][-1], state.hands[3][-1]]
    assert Counter(received) == pool
    assert sorted(state.hands[1][:-1]) == ["JC"] and state.hands[2][:-1] == ["9C"] and state.hands[3][:-1] == ["8H"]
    # Each player learns only the card they got.
    you_get = [e for e in state.events if e.key == "deadmoney.event.you_get"]
    assert sorted(e.audience or () for e in you_get) == [(0,), (1,), (2,), (3,)]
    assert "roll_success" in events(state)
    assert_conserved(state)


# ----- 3♦: everyone passes left ------------------------------------------------------------------


def test_three_everyone_passes_one_card_left_at_once() -> None:
    hands = {0: ["3D", "KD", "10H"], 1: ["QS", "JC"], 2: ["9C", "9C"], 3: ["8H", "4C"]}
    state = rig(hands=hands, brains={0: ["BRAIN-D", "BRAIN-D"]})  # +2: any roll makes 3
    state = act(state, 0, Play(card="3D"))
    decision = state.stack[-1]
    assert isinstance(decision, PickCards) and decision.purpose == "pass_left"
    assert to_act(state) == (0, 1, 3)
    state = act(state, 3, Cards(cards=("4C",)))
    state = act(state, 0, Cards(cards=("KD",)))
    assert to_act(state) == (1,)
    assert view(state, 1).my_pick is None and view(state, 0).my_pick == ["KD"]
    assert view(state, 0).pending is not None and view(state, 0).pending.waiting == [1]  # type: ignore[union-attr]
    assert state.hands[1] == ["QS", "JC"]  # nothing passed before everyone has picked
    state = act(state, 1, Cards(cards=("QS",)))
    assert state.hands == [["10H", "4C"], ["JC", "KD"], ["9C", "QS"], ["8H", "9C"]]
    assert event_params(state, "pass_left") == [{"seats": "0,1,2,3"}]
    # Who gave what is seen only by the giver and the receiver.
    gave = [e for e in state.events if e.key == "deadmoney.event.gave"]
    assert {e.audience for e in gave} == {(0,), (1,), (2,), (3,)}
    assert "gave" not in events(state, None)
    assert events(state)[-1] == "roll_success"
    assert state.active == 0
    assert_conserved(state)


# ----- 4♦: a card on top of the draw pile --------------------------------------------------------


def test_four_puts_a_card_face_down_on_the_draw_pile() -> None:
    state = rig(hands={0: ["4D", "KD", "10H"]}, brains={0: ["BRAIN-D"]}, deck_top=["2S"])
    state = with_rolls(state, [3])  # 3 + 1 (Brain of diamonds) = 4
    state = act(state, 0, Play(card="4D"))
    assert to_act(state) == (0,)
    assert legal(state, 0) == [Cards(cards=("10H",)), Cards(cards=("KD",))]
    state = act(state, 0, Cards(cards=("10H",)))
    assert deck_top(state, 2) == ["10H", "2S"]
    assert state.hands[0] == ["KD"]
    assert "top_of_deck" in events(state, 2) and "you_top_of_deck" not in events(state, 2)
    assert event_params(state, "top_of_deck") == [{"seat": 0}]  # face down: the card is not public
    assert state.last_roll == Roll(seat=0, card="4D", die=3, bonus=1, target=4)
    assert state.active == 1  # 2 hands
    state = act(state, 1, EndTurn())  # the next draw is that card
    assert state.hands[1][-1] == "10H"


# ----- 5♦: look at a hand and take a card ---------------------------------------------------------


def test_five_looks_at_a_chosen_hand_and_takes_one_card() -> None:
    hands = {0: ["5D", "KD"], 1: ["QS"], 2: ["9C"], 3: ["8H", "4C", "JC"]}
    state = rig(hands=hands, brains={0: ["BRAIN-D"]})
    state = act(with_rolls(state, [4]), 0, Play(card="5D"))  # 4 + 1 = 5
    decision = state.stack[-1]
    assert isinstance(decision, ChooseSeat) and decision.purpose == "peek"
    assert legal(state, 0) == [Target(seat=1), Target(seat=2), Target(seat=3)]  # any opponent, not yourself
    state = act(state, 0, Target(seat=3))
    assert to_act(state) == (0,)
    assert legal(state, 0) == [Cards(cards=("4C",)), Cards(cards=("8H",)), Cards(cards=("JC",))]
    state = act(state, 0, Cards(cards=("JC",)))
    assert state.hands[0] == ["KD", "JC"] and state.hands[3] == ["8H", "4C"]
    assert events(state)[-1] == "roll_success"
    assert "you_took" in events(state, 0) and "taken_from_you" in events(state, 3)
    assert "you_took" not in events(state, 1) and "JC" not in str(event_params(state, "take"))
    assert state.active == 0 and state.hands_left == 1
    assert_conserved(state)


# ----- 6♦: draw 1, discard 1 ------------------------------------------------------------------------


def test_six_draws_one_then_discards_one() -> None:
    state = rig(hands={0: ["6D", "KD"]}, brains={0: ["BRAIN-D", "BRAIN-D"]}, deck_top=["2S", "3S"])
    state = act(with_rolls(state, [4]), 0, Play(card="6D"))  # 4 + 2 = 6
    assert state.hands[0] == ["KD", "2S"]
    assert to_act(state) == (0,)
    assert legal(state, 0) == [Cards(cards=("2S",)), Cards(cards=("KD",))]
    state = act(state, 0, Cards(cards=("2S",)))
    assert state.hands[0] == ["KD"]
    assert state.discard == ["2S", "6D"]
    assert state.last_roll == Roll(seat=0, card="6D", die=4, bonus=2, target=6)
    assert state.active == 1


# ----- 7♦: players with a Brain pass right --------------------------------------------------------


def test_seven_players_with_a_brain_pass_one_card_right_at_once() -> None:
    hands = {0: ["7D", "KD", "10H"], 1: ["8S", "9S"], 2: ["QS", "JC"], 3: ["8H", "4C"]}
    state = rig(hands=hands, brains={0: ["BRAIN-D"], 2: ["BRAIN-C"]})
    state = act(with_rolls(state, [6]), 0, Play(card="7D"))
    decision = state.stack[-1]
    assert isinstance(decision, PickCards) and decision.purpose == "pass_right"
    assert decision.choosers == [0, 2]  # seats 1 and 3 have no Brain
    assert to_act(state) == (0, 2)
    state = act(state, 2, Cards(cards=("JC",)))
    assert view(state, 0).my_pick is None and view(state, 2).my_pick == ["JC"]
    assert view(state, 1).my_pick is None and view(state, None).my_pick is None
    assert state.hands[2] == ["QS", "JC"]
    state = act(state, 0, Cards(cards=("KD",)))
    assert state.hands == [["10H"], ["8S", "9S", "JC"], ["QS"], ["8H", "4C", "KD"]]
    assert state.last_roll == Roll(seat=0, card="7D", die=6, bonus=1, target=7)
    assert state.active == 0
    assert_conserved(state)


# ----- 8♦: Brains move left ---------------------------------------------------------------------------


def test_eight_moves_every_brain_to_the_left_neighbour() -> None:
    brains = {0: ["BRAIN-D"], 1: ["BRAIN-C", "BRAIN-H"], 3: ["BRAIN-S"]}
    state = rig(hands={0: ["8D", "KD"]}, brains=brains)
    state = act(state, 0, Play(card="8D"))
    assert state.brains == [["BRAIN-S"], ["BRAIN-D"], ["BRAIN-C", "BRAIN-H"], []]
    assert events(state) == ["play", "brains_left"]
    # Moving Brains does not change the turn order: still seat 0's turn, one hand left.
    assert state.active == 0 and state.hands_left == 1 and to_act(state) == (0,)


# ----- 9♦: the right neighbour draws ----------------------------------------------------------------


def test_nine_makes_the_right_neighbour_draw_one() -> None:
    state = rig(hands={1: ["9D", "KD"]}, active=1, deck_top=["2S"])
    state = act(state, 1, Play(card="9D"))
    assert state.hands[0][-1] == "2S" and len(state.hands[0]) == 8
    assert event_params(state, "draw") == [{"seat": 0, "count": 1}]
    assert state.active == 2


# ----- 10♦: steal 2 Brains, or draw 2 -----------------------------------------------------------------


def test_ten_steals_two_brains_from_the_only_player_who_has_two() -> None:
    brains = {2: ["BRAIN-C", "BRAIN-H"], 3: ["BRAIN-S"]}
    state = rig(hands={0: ["10D", "KD"]}, brains=brains)
    state = act(state, 0, Play(card="10D"))
    # Seat 2 is the only one to steal 2 from: no seat to choose, but which Brain first is asked.
    decision = state.stack[-1]
    assert isinstance(decision, ChooseBrain) and decision.purpose == "steal" and decision.seat == 2
    assert legal(state, 0) == [TakeBrain(seat=2, brain="BRAIN-C"), TakeBrain(seat=2, brain="BRAIN-H")]
    state = act(state, 0, TakeBrain(seat=2, brain="BRAIN-H"))
    assert state.brains == [["BRAIN-H", "BRAIN-C"], [], [], ["BRAIN-S"]]
    assert [p["card"] for p in event_params(state, "steal")] == ["BRAIN-H", "BRAIN-C"]
    assert state.active == 0 and state.hands_left == 1
    assert_conserved(state)


def test_ten_asks_whom_to_steal_from_when_several_have_two() -> None:
    brains = {1: ["BRAIN-C", "BRAIN-C"], 2: ["BRAIN-H"], 3: ["BRAIN-S", "BRAIN-D"]}
    state = rig(hands={0: ["10D", "KD"]}, brains=brains)
    state = act(state, 0, Play(card="10D"))
    decision = state.stack[-1]
    assert isinstance(decision, ChooseSeat) and decision.purpose == "steal2"
    assert legal(state, 0) == [Target(seat=1), Target(seat=3)]
    assert refused(state, 0, Target(seat=2)) == "bad_target"
    state = act(state, 0, Target(seat=1))  # two copies of one Brain: nothing more to choose
    assert state.brains == [["BRAIN-C", "BRAIN-C"], [], ["BRAIN-H"], ["BRAIN-S", "BRAIN-D"]]
    assert to_act(state) == (0,)


def test_ten_draws_two_when_nobody_has_two_brains() -> None:
    # "Volez 2 cerveaux à un joueur (sinon piochez 2 cartes)": one Brain each is not enough (house default),
    # and your own two do not count.
    brains = {0: ["BRAIN-C", "BRAIN-D"], 1: ["BRAIN-H"], 3: ["BRAIN-S"]}
    state = rig(hands={0: ["10D", "KD"]}, brains=brains, deck_top=["2S", "3S"])
    state = act(state, 0, Play(card="10D"))
    assert state.hands[0] == ["KD", "2S", "3S"]
    assert state.brains[0] == ["BRAIN-C", "BRAIN-D"]
    assert events(state) == ["play", "draw", "you_draw"]


# ----- J♦: drop any Brain -------------------------------------------------------------------------------


def test_jack_ends_the_turn_and_drops_a_chosen_brain_showdown_left_of_its_holder() -> None:
    # "Fin du tour. 1 cerveau de votre choix est perdu ; les enchères commence à gauche de la victime."
    state = rig(hands={0: ["JD", "KD"]}, brains={0: ["BRAIN-D"], 2: ["BRAIN-C"]})
    state = act(state, 0, Play(card="JD"))
    assert legal(state, 0) == [TakeBrain(seat=0, brain="BRAIN-D"), TakeBrain(seat=2, brain="BRAIN-C")]
    state = act(state, 0, TakeBrain(seat=2, brain="BRAIN-C"))
    assert event_params(state, "brain_dropped") == [{"seat": 2, "card": "BRAIN-C"}]
    showdown = state.stack[-1]
    assert isinstance(showdown, Showdown) and showdown.dropper == 2
    assert showdown.order == [3, 0, 1, 2]
    assert to_act(state) == (3,)
    for seat in (3, 0, 1, 2):
        state = act(state, seat, Pass())
    assert state.discard == ["BRAIN-C", "JD"]
    assert state.active == 1  # nobody won: the player after the interrupted one
    assert_conserved(state)


def test_jack_with_no_brain_on_the_table_just_ends_the_turn() -> None:
    state = rig(hands={0: ["JD", "KD"]})
    state = act(state, 0, Play(card="JD"))
    assert events(state) == ["play", "turn"] and state.active == 1


# ----- Q♦: the roll-off -----------------------------------------------------------------------------


def test_queen_roll_off_the_first_six_steals_a_brain_and_plays_next() -> None:
    # "Fin du tour. En commençant par vous, le premier joueur à lancer un 6 vole 1 cerveau et joue
    # immédiatement." House default: plain d6, clockwise from you; then play goes on to the winner's left.
    state = rig(hands={0: ["QD", "KD"]}, brains={1: ["BRAIN-C"], 3: ["BRAIN-S"]})
    state = act(with_rolls(state, [3, 5, 6]), 0, Play(card="QD"))
    assert event_params(state, "roll") == [{"seat": 0, "die": 3}, {"seat": 1, "die": 5}, {"seat": 2, "die": 6}]
    assert event_params(state, "rolloff_won") == [{"seat": 2}]
    assert state.last_roll is None  # not a Brain roll
    decision = state.stack[-1]
    assert isinstance(decision, ChooseBrain) and decision.purpose == "steal"
    assert to_act(state) == (2,)
    assert legal(state, 2) == [TakeBrain(seat=1, brain="BRAIN-C"), TakeBrain(seat=3, brain="BRAIN-S")]
    state = act(state, 2, TakeBrain(seat=3, brain="BRAIN-S"))
    assert state.brains == [[], ["BRAIN-C"], ["BRAIN-S"], []]
    assert state.active == 2 and to_act(state) == (2,)
    state = act(state, 2, EndTurn())
    assert state.active == 3


def test_queen_roll_off_wraps_round_and_without_brains_only_gives_the_turn() -> None:
    state = rig(hands={2: ["QD", "KD"]}, active=2)
    state = act(with_rolls(state, [1, 2, 3, 4, 6]), 2, Play(card="QD"))
    assert [p["seat"] for p in event_params(state, "roll")] == [2, 3, 0, 1, 2]
    assert event_params(state, "rolloff_won") == [{"seat": 2}]
    assert state.active == 2 and state.hands_left == 2  # the roller who plays at once may be you


def test_queen_roll_off_winner_steals_any_other_players_brain() -> None:
    state = rig(hands={0: ["QD", "KD"]}, brains={0: ["BRAIN-D"], 1: ["BRAIN-C"]})
    state = act(with_rolls(state, [2, 6]), 0, Play(card="QD"))
    # Seat 1 rolled the 6: the only Brain it may steal is seat 0's.
    assert state.brains == [[], ["BRAIN-C", "BRAIN-D"], [], []]
    assert state.active == 1


# ----- K♦ and the Brain of diamonds ---------------------------------------------------------------


def test_king_draws_one() -> None:
    state = rig(hands={0: ["KD", "10H"]}, deck_top=["2S"])
    state = act(state, 0, Play(card="KD"))
    assert state.hands[0] == ["10H", "2S"] and state.hands_left == 1


def test_brain_of_diamonds_goes_in_front_draw_two_and_play_again() -> None:
    state = rig(hands={0: ["BRAIN-D", "KD"]}, deck_top=["2S", "3S"])
    state = act(state, 0, Play(card="BRAIN-D"))
    assert state.brains[0] == ["BRAIN-D"]
    assert state.hands[0] == ["KD", "2S", "3S"]
    assert state.active == 0 and state.hands_left == 2
    # It now counts for the roll of a diamond: 1 + 1 makes the 2♦.
    assert Play(card="KD") in legal(state, 0)
