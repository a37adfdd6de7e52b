"""The 14 ♠ cards, each played on a rigged table as the rulebook's "TRADUCTION DES CARTES" says
(docs/games/deadmoney.md#card-effects).

Costs and the Brain requirement come from the card data (docs/games/deadmoney.md#the-cards): 2♠-7♠ need a Brain (then a
d6 roll ≥ the number); 2♠ 3♠ 5♠ 6♠ 10♠ J♠ cost 2 hands. Seat 0 plays, 4 players unless said otherwise. "Counting" starts
at 1 on the player the card names and goes clockwise, wrapping round (docs/games/deadmoney.md#house-defaults).
"""

from __future__ import annotations

from deadmoney_rig import (
    ENGINE,
    act,
    assert_conserved,
    deck_top,
    event_params,
    events,
    refused,
    rig,
    to_act,
    with_rolls,
)
from deadmoney_rig_extra import brain_spots, card_offers, give, hand, may_decline, pending, roll_ok, targets

from engines.deadmoney import Cards, Decline, EndTurn, Play, TakeBrain, Target
from engines.deadmoney.state import ChooseBrain, PickCards


def test_card_costs_and_brain_requirements_as_printed() -> None:
    # docs/games/deadmoney.md#the-cards, ♠ column.
    costs = {"A": 1, "2": 2, "3": 2, "4": 1, "5": 2, "6": 2, "7": 1, "8": 1, "9": 1, "10": 2, "J": 2, "Q": 1, "K": 1}
    for rank, hands in costs.items():
        spec = ENGINE.specs[f"{rank}S"]
        assert spec.hands == hands, rank
        assert spec.needs_brain == (rank in ("2", "3", "4", "5", "6", "7")), rank
    assert ENGINE.specs["BRAIN-S"].hands == 2


# ----- A♠ ------------------------------------------------------------------------------------------
def test_ace_steals_a_brain_and_draws_one() -> None:
    # "Volez 1 cerveau et piochez 1 carte."
    state = rig(hands={0: ["AS", "QC"]}, brains={1: ["BRAIN-C"], 2: ["BRAIN-D"]}, deck_top=["KD"])
    state = act(state, 0, Play(card="AS"))
    assert hand(state, 0) == ["KD", "QC"]
    assert brain_spots(state, 0) == {(1, "BRAIN-C"), (2, "BRAIN-D")}
    state = act(state, 0, TakeBrain(seat=1, brain="BRAIN-C"))
    assert state.brains[:3] == [["BRAIN-C"], [], ["BRAIN-D"]]
    assert (to_act(state), state.hands_left) == ((0,), 1)
    assert_conserved(state)


def test_ace_with_one_brain_on_the_table_steals_it_at_once() -> None:
    state = act(rig(hands={0: ["AS", "QC"]}, brains={3: ["BRAIN-H"]}), 0, Play(card="AS"))
    assert state.brains[0] == ["BRAIN-H"] and state.brains[3] == []
    assert pending(state) is None


# ----- 2♠ ------------------------------------------------------------------------------------------
def test_two_rolls_and_counts_from_the_left_neighbour() -> None:
    # "Désignez un joueur en lançant le dé et en comptant à partir de votre voisin de gauche.
    #  Ce joueur défausse 1 cerveau." A 2: seat 1 is 1, seat 2 is 2. Seat 2 chooses which of its Brains.
    state = rig(hands={0: ["2S", "QC"]}, brains={0: ["BRAIN-S"], 2: ["BRAIN-C", "BRAIN-D"], 3: ["BRAIN-H"]})
    state = act(with_rolls(state, [2, 6]), 0, Play(card="2S"))
    assert event_params(state, "counted") == [{"seat": 2, "count": 2}]
    assert isinstance(pending(state), ChooseBrain)
    assert to_act(state) == (2,)
    assert brain_spots(state, 2) == {(2, "BRAIN-C"), (2, "BRAIN-D")}
    state = act(state, 2, TakeBrain(seat=2, brain="BRAIN-D"))
    assert state.brains[2] == ["BRAIN-C"]
    assert state.discard == ["BRAIN-D", "2S"]
    assert "brain_dropped" not in events(state)  # a discarded Brain starts no showdown
    assert (state.active, to_act(state)) == (1, (1,))
    assert_conserved(state)


def test_two_passes_to_the_next_player_on_the_left_who_has_a_brain() -> None:
    # "(s'il n'en a pas, défaussez le prochain à sa gauche)": a 1 names seat 1, who has none; seat 2 neither.
    state = rig(hands={0: ["2S", "QC"]}, brains={0: ["BRAIN-S"], 3: ["BRAIN-H"]})
    state = act(with_rolls(state, [1, 6]), 0, Play(card="2S"))
    assert event_params(state, "counted") == [{"seat": 1, "count": 1}]
    assert state.brains == [["BRAIN-S"], [], [], []]
    assert state.discard == ["BRAIN-H", "2S"]


def test_two_counting_wraps_round_to_you() -> None:
    # A 4 with 4 players: seats 1, 2, 3, then you. Your only Brain goes, so there is no roll left to make.
    state = rig(hands={0: ["2S", "QC"]}, brains={0: ["BRAIN-S"], 1: ["BRAIN-C"]})
    state = act(with_rolls(state, [4]), 0, Play(card="2S"))
    assert event_params(state, "counted") == [{"seat": 0, "count": 4}]
    assert state.brains == [[], ["BRAIN-C"], [], []]
    assert "no_brain_no_roll" in events(state)


# ----- 3♠ ------------------------------------------------------------------------------------------
def test_three_deals_numbers_by_counting_from_you_until_a_letter_which_you_keep() -> None:
    # "Retournez la première carte de la pioche ; si c'est un chiffre, comptez (en commençant par vous) et
    #  donnez-la au joueur désigné, puis recommencez. Si c'est une lettre, gardez-la et continuez votre tour."
    # 3 → seat 2; 2 → seat 1; 10 → 0,1,2,3,0,1,2,3,0,1 → seat 1; 5 → seat 0 (you); K: yours, and it stops.
    state = rig(
        hands={0: ["3S", "QC"], 1: ["2D"], 2: ["4D"], 3: ["6D"]},
        brains={0: ["BRAIN-S"]},
        deck_top=["3C", "2H", "10D", "5C", "KD", "9S"],
    )
    state = act(roll_ok(state), 0, Play(card="3S"))
    assert event_params(state, "chain_give") == [
        {"card": "3C", "seat": 2},
        {"card": "2H", "seat": 1},
        {"card": "10D", "seat": 1},
        {"card": "5C", "seat": 0},
    ]
    assert event_params(state, "chain_keep") == [{"card": "KD", "seat": 0}]
    assert hand(state, 0) == ["5C", "KD", "QC"]
    assert hand(state, 1) == ["10D", "2D", "2H"]
    assert hand(state, 2) == ["3C", "4D"]
    assert hand(state, 3) == ["6D"]
    assert deck_top(state) == ["9S"]
    assert "roll_success" in events(state)  # the roll comes after the whole chain
    assert_conserved(state)


def test_three_a_brain_or_an_ace_is_a_letter_kept_in_hand() -> None:
    state = rig(hands={0: ["3S", "QC"]}, brains={0: ["BRAIN-S"]}, deck_top=["BRAIN-C", "9S"])
    state = act(roll_ok(state), 0, Play(card="3S"))
    assert hand(state, 0) == ["BRAIN-C", "QC"]  # in the hand, not in front of you
    assert state.brains[0] == ["BRAIN-S"]
    state = rig(hands={0: ["3S", "QC"]}, brains={0: ["BRAIN-S"]}, deck_top=["AH", "9S"])
    state = act(roll_ok(state), 0, Play(card="3S"))
    assert hand(state, 0) == ["AH", "QC"]


def test_three_turn_goes_on_after_the_chain_when_hands_are_left() -> None:
    # The 3♠ costs 2 hands; revealed by the 10♣ it costs nothing, and the turn goes on with the letter kept.
    state = rig(hands={0: ["10C", "QC"], 1: ["2D"]}, deck_top=["3S", "2C", "JD"])
    state = act(state, 0, Play(card="10C"))
    assert event_params(state, "chain_give") == [{"card": "2C", "seat": 1}]
    assert hand(state, 0) == ["JD", "QC"]
    assert (to_act(state), state.hands_left) == ((0,), 1)


# ----- 4♠ ------------------------------------------------------------------------------------------
def test_four_a_player_you_choose_draws_two() -> None:
    # "Un joueur de votre choix pioche 2 cartes." You may name yourself: last, and it is the one harmful choice.
    state = rig(hands={0: ["4S", "QC"], 3: ["2D"]}, brains={0: ["BRAIN-S"]}, deck_top=["KD", "KH", "9S"])
    state = act(roll_ok(state), 0, Play(card="4S"))
    assert targets(state, 0) == [1, 2, 3, 0]
    state = act(state, 0, Target(seat=3))
    assert hand(state, 3) == ["2D", "KD", "KH"]
    assert deck_top(state) == ["9S"]
    assert (to_act(state), state.hands_left) == ((0,), 1)
    assert_conserved(state)


# ----- 5♠ ------------------------------------------------------------------------------------------
def test_five_goes_on_top_of_the_draw_pile_instead_of_the_discard() -> None:
    # "Posez cette carte sur la pioche."
    state = rig(hands={0: ["5S", "QC"]}, brains={0: ["BRAIN-S"]}, deck_top=["KD"])
    state = act(roll_ok(state), 0, Play(card="5S"))
    assert deck_top(state, 2) == ["5S", "KD"]
    assert state.discard == [] and state.in_play == []
    assert "roll_success" in events(state)
    assert state.active == 1
    state = act(state, 1, EndTurn())  # the next card drawn is the 5♠
    assert "5S" in state.hands[1]
    assert_conserved(state)


# ----- 6♠ ------------------------------------------------------------------------------------------
def test_six_everyone_discards_one_starting_with_you() -> None:
    # "Tout le monde défausse une carte (en commençant par vous)."
    state = rig(
        hands={0: ["6S", "KC", "QC"], 1: ["2D", "3D"], 2: ["4D"], 3: ["7D", "8D"]},
        brains={0: ["BRAIN-S"]},
    )
    state = act(roll_ok(state), 0, Play(card="6S"))
    assert isinstance(pending(state), PickCards)
    assert to_act(state) == (0,)  # one after the other, from you clockwise
    state = give(state, 0, "QC")
    assert to_act(state) == (1,)
    assert state.discard == ["QC"]
    state = give(state, 1, "3D")  # seat 2's only card goes by itself
    assert to_act(state) == (3,)
    assert state.discard == ["QC", "3D", "4D"]
    state = give(state, 3, "8D")
    assert state.discard == ["QC", "3D", "4D", "8D", "6S"]
    assert [hand(state, seat) for seat in range(4)] == [["KC"], ["2D"], [], ["7D"]]
    assert state.over and state.winner == 2  # seat 2's hand is empty once the 6♠ has resolved
    assert_conserved(state)


# ----- 7♠ ------------------------------------------------------------------------------------------
def test_seven_is_given_to_an_opponent() -> None:
    # "Donnez cette carte à un adversaire." A 7 needs a same-suit Brain: 6 + 1.
    state = rig(hands={0: ["7S", "QC"], 2: ["2D"]}, brains={0: ["BRAIN-S"]})
    state = act(roll_ok(state), 0, Play(card="7S"))
    assert targets(state, 0) == [1, 2, 3]
    state = act(state, 0, Target(seat=2))
    assert hand(state, 2) == ["2D", "7S"]
    assert state.discard == [] and state.in_play == []
    assert event_params(state, "give_public") == [{"seat": 0, "to_seat": 2, "card": "7S"}]
    assert event_params(state, "roll_success")[0]["total"] == 7
    assert (to_act(state), state.hands_left) == ((0,), 1)
    assert_conserved(state)


# ----- 8♠ ------------------------------------------------------------------------------------------
def test_eight_every_ace_holder_may_give_you_one() -> None:
    # "Tous les joueurs avec un As peuvent vous en donner 1."
    state = rig(hands={0: ["8S", "QC"], 1: ["AC", "2D"], 2: ["AD", "AH"], 3: ["4D"]})
    state = act(state, 0, Play(card="8S"))
    assert to_act(state) == (1, 2)
    assert card_offers(state, 2) == {("AD",), ("AH",)}
    assert may_decline(state, 2)
    state = give(state, 2, "AH")
    state = give(state, 1, "AC")
    assert hand(state, 0) == ["AC", "AH", "QC"]
    assert hand(state, 1) == ["2D"] and hand(state, 2) == ["AD"]
    assert (to_act(state), state.hands_left) == ((0,), 1)
    assert_conserved(state)


def test_eight_every_ace_holder_may_decline() -> None:
    state = rig(hands={0: ["8S", "QC"], 1: ["AC", "2D"], 2: ["AD", "AH"], 3: ["4D"]})
    state = act(state, 0, Play(card="8S"))
    assert refused(state, 0, Decline()) == "error.not_your_turn"  # only the Ace holders answer
    state = act(act(state, 1, Decline()), 2, Decline())
    assert hand(state, 0) == ["QC"]
    assert event_params(state, "declined") == [{"seat": 1}, {"seat": 2}]


# ----- 9♠ ------------------------------------------------------------------------------------------
def test_nine_moves_every_brain_to_the_left_and_keeps_the_turn_order() -> None:
    # "Tous les cerveaux passent au voisin de gauche."
    state = rig(hands={0: ["9S", "QC"]}, brains={0: ["BRAIN-S"], 1: ["BRAIN-C", "BRAIN-D"], 3: ["BRAIN-H"]})
    state = act(state, 0, Play(card="9S"))
    assert state.brains == [["BRAIN-H"], ["BRAIN-S"], ["BRAIN-C", "BRAIN-D"], []]
    assert (state.active, to_act(state), state.hands_left) == (0, (0,), 1)
    assert_conserved(state)


# ----- 10♠ -----------------------------------------------------------------------------------------
def test_ten_both_neighbours_draw_one() -> None:
    # "Vos 2 voisins piochent chacun 1 carte."
    state = rig(hands={0: ["10S", "QC"], 1: ["2D"], 2: ["3D"], 3: ["4D"]}, deck_top=["KD", "KH", "9S"])
    state = act(state, 0, Play(card="10S"))
    assert hand(state, 1) == ["2D", "KD"]
    assert hand(state, 3) == ["4D", "KH"]
    assert hand(state, 2) == ["3D"]
    assert hand(state, 0) == ["QC"]
    assert state.active == 1  # 2 hands


def test_ten_with_three_players_left_and_right() -> None:
    state = rig(players=3, hands={0: ["10S", "QC"], 1: ["2D"], 2: ["3D"]}, deck_top=["KD", "KH"])
    state = act(state, 0, Play(card="10S"))
    assert len(state.hands[1]) == len(state.hands[2]) == 2


# ----- J♠ ------------------------------------------------------------------------------------------
def test_jack_your_right_neighbour_draws_one() -> None:
    # "Votre voisin de droite pioche 1 carte." Right = counter-clockwise = seat 3.
    state = rig(hands={0: ["JS", "QC"], 1: ["2D"], 3: ["4D"]}, deck_top=["KD"])
    state = act(state, 0, Play(card="JS"))
    assert hand(state, 3) == ["4D", "KD"]
    assert hand(state, 1) == ["2D"]
    assert state.active == 1


# ----- Q♠ ------------------------------------------------------------------------------------------
def test_queen_draws_two() -> None:
    state = act(rig(hands={0: ["QS", "QC"]}, deck_top=["KD", "KH", "9S"]), 0, Play(card="QS"))
    assert hand(state, 0) == ["KD", "KH", "QC"]
    assert deck_top(state) == ["9S"]
    assert (to_act(state), state.hands_left) == ((0,), 1)


# ----- K♠ ------------------------------------------------------------------------------------------
def test_king_takes_a_face_card_of_your_choice_from_the_discard() -> None:
    # "Prenez 1 figure de votre choix dans la défausse."
    state = rig(hands={0: ["KS", "2C"]}, discard=["QH", "5C", "JD", "AS", "QH"])
    state = act(state, 0, Play(card="KS"))
    assert to_act(state) == (0,)
    assert card_offers(state, 0) == {("JD",), ("QH",)}  # faces only: not the ace, not the K♠ being played
    assert refused(state, 0, Cards(cards=("AS",))) == "not_available"
    state = give(state, 0, "JD")
    assert hand(state, 0) == ["2C", "JD"]
    assert state.discard == ["QH", "5C", "AS", "QH", "KS"]
    assert_conserved(state)


def test_king_with_no_face_in_the_discard_does_nothing() -> None:
    state = act(rig(hands={0: ["KS", "QC"]}, discard=["5C", "AS"]), 0, Play(card="KS"))
    assert hand(state, 0) == ["QC"]
    assert state.discard == ["5C", "AS", "KS"]
    assert pending(state) is None


# ----- Brain ♠ --------------------------------------------------------------------------------------
def test_brain_goes_in_front_draws_two_and_starts_a_new_turn() -> None:
    state = rig(hands={0: ["BRAIN-S", "QC"]}, deck_top=["KD", "KH"])
    state = act(state, 0, Play(card="BRAIN-S"))
    assert state.brains[0] == ["BRAIN-S"]
    assert hand(state, 0) == ["KD", "KH", "QC"]
    assert (state.active, state.hands_left, state.played) == (0, 2, 0)
    assert event_params(state, "brain_down") == [{"seat": 0, "card": "BRAIN-S"}]
