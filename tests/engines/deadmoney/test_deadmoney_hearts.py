"""The 14 ♥ cards, each played on a rigged table as the rulebook's "TRADUCTION DES CARTES" says
(docs/games/deadmoney.md#card-effects).

Costs and the Brain requirement come from the card data (docs/games/deadmoney.md#the-cards): A♥ 2 hands, 2♥-7♥ need a
Brain (then a d6 roll ≥ the number), 6♥ 7♥ Q♥ cost 2 hands. Seat 0 plays, 4 players unless said otherwise; the Brain
rolls are rigged to succeed so the effect alone is under test.
"""

from __future__ import annotations

from deadmoney_rig import (
    ENGINE,
    act,
    assert_conserved,
    deck_top,
    event_params,
    refused,
    rig,
    to_act,
    view,
    with_rolls,
)
from deadmoney_rig_extra import (
    brain_spots,
    card_offers,
    give,
    hand,
    may_decline,
    passes,
    pending,
    roll_ok,
    showdown,
    targets,
)

from engines.deadmoney import Cards, Decline, EndTurn, Play, TakeBrain, Target
from engines.deadmoney.state import ChooseBrain, ChooseSeat, PickCards


def test_card_costs_and_brain_requirements_as_printed() -> None:
    # docs/games/deadmoney.md#the-cards, ♥ column: hands, then R (Brain required).
    costs = {"A": 2, "2": 2, "3": 1, "4": 1, "5": 1, "6": 2, "7": 2, "8": 1, "9": 1, "10": 1, "J": 1, "Q": 2, "K": 1}
    for rank, hands in costs.items():
        spec = ENGINE.specs[f"{rank}H"]
        assert spec.hands == hands, rank
        assert spec.needs_brain == (rank in ("2", "3", "4", "5", "6", "7")), rank
    assert ENGINE.specs["BRAIN-H"].hands == 2


def test_a_brain_card_needs_a_brain_in_front_of_you() -> None:
    state = rig(hands={0: ["3H", "KC"]})
    assert refused(state, 0, Play(card="3H")) == "needs_brain"
    state = rig(hands={0: ["AH", "3H"]}, brains={0: ["BRAIN-C"]}, hands_left=1, played=1)
    assert refused(state, 0, Play(card="AH")) == "too_costly"  # A♥ costs 2 hands


# ----- A♥ ------------------------------------------------------------------------------------------
def test_ace_drops_any_brain_and_the_showdown_starts_left_of_its_holder() -> None:
    # "Fin du tour. 1 cerveau de votre choix est perdu ; les enchères commencent à gauche de la victime."
    state = rig(hands={0: ["AH", "KC"]}, brains={0: ["BRAIN-S"], 2: ["BRAIN-D"]})
    state = act(state, 0, Play(card="AH"))
    assert isinstance(pending(state), ChooseBrain)
    assert to_act(state) == (0,)
    assert brain_spots(state, 0) == {(0, "BRAIN-S"), (2, "BRAIN-D")}  # any Brain, your own included
    state = act(state, 0, TakeBrain(seat=2, brain="BRAIN-D"))
    assert event_params(state, "brain_dropped") == [{"seat": 2, "card": "BRAIN-D"}]
    assert state.brains[2] == []
    assert showdown(state).order == [3, 0, 1, 2]  # from the victim's left, the victim last
    assert to_act(state) == (3,)
    assert state.in_play == ["AH"]  # the A♥ is discarded once its effect (the showdown) is over
    state = passes(state, 3, 0, 1, 2)
    assert state.discard == ["BRAIN-D", "AH"]  # nobody bid: the Brain is discarded
    assert (state.active, to_act(state)) == (1, (1,))  # end of turn: the player after the one who played A♥
    assert_conserved(state)


def test_ace_with_no_brain_on_the_table_just_ends_the_turn() -> None:
    state = act(rig(hands={0: ["AH", "KC"]}), 0, Play(card="AH"))
    assert (state.active, to_act(state)) == (1, (1,))
    assert state.discard == ["AH"]
    assert hand(state, 0) == ["KC"]


# ----- 2♥ ------------------------------------------------------------------------------------------
def test_two_fewer_cards_draw_more_cards_discard_and_the_discarders_decide_at_once() -> None:
    # "Tous les joueurs avec moins de cartes que vous en piochent 1. Tous ceux avec plus en défaussent 1."
    state = rig(
        players=5,
        hands={
            0: ["2H", "KC", "KD", "KH"],  # 3 cards once the 2♥ is played
            1: ["QC", "QD"],  # fewer: draws
            2: ["JC", "JD", "JH"],  # as many: nothing
            3: ["5C", "5D", "5H", "5S"],  # more: discards
            4: ["6C", "6D", "6H", "6S", "4C"],  # more: discards
        },
        brains={0: ["BRAIN-C"]},
        deck_top=["10S"],
    )
    state = act(roll_ok(state), 0, Play(card="2H"))
    assert hand(state, 1) == ["10S", "QC", "QD"]
    assert isinstance(pending(state), PickCards)
    assert to_act(state) == (3, 4)  # both at once
    assert card_offers(state, 3) == {("5C",), ("5D",), ("5H",), ("5S",)}
    state = give(state, 4, "4C")
    assert to_act(state) == (3,)
    assert "4C" in state.hands[4] and state.discard == []  # a secret until everyone has picked
    assert "4C" not in view(state, 3).discard
    state = give(state, 3, "5S")
    assert hand(state, 3) == ["5C", "5D", "5H"]
    assert hand(state, 4) == ["6C", "6D", "6H", "6S"]
    assert hand(state, 2) == ["JC", "JD", "JH"]
    assert state.discard == ["5S", "4C", "2H"]
    assert event_params(state, "roll_success")[0]["target"] == 2
    assert (state.active, to_act(state)) == (1, (1,))  # 2 hands spent
    assert_conserved(state)


# ----- 3♥ ------------------------------------------------------------------------------------------
def test_three_every_brain_holder_passes_one_card_left() -> None:
    # "Chaque joueur avec au moins un cerveau passe 1 carte à son voisin de gauche."
    state = rig(
        hands={0: ["3H", "KC", "QC"], 1: ["2D", "3D"], 2: ["4D", "5D"], 3: ["6D", "7D"]},
        brains={0: ["BRAIN-C"], 2: ["BRAIN-D"], 3: ["BRAIN-S"]},
    )
    state = act(roll_ok(state), 0, Play(card="3H"))
    assert to_act(state) == (0, 2, 3)  # seat 1 has no Brain
    state = give(state, 3, "7D")
    state = give(state, 2, "5D")
    assert hand(state, 0) == ["KC", "QC"]  # nothing moves before everyone has chosen
    state = give(state, 0, "QC")
    assert hand(state, 0) == ["7D", "KC"]
    assert hand(state, 1) == ["2D", "3D", "QC"]
    assert hand(state, 2) == ["4D"]
    assert hand(state, 3) == ["5D", "6D"]
    assert (to_act(state), state.hands_left) == ((0,), 1)  # the turn goes on
    assert_conserved(state)


# ----- 4♥ ------------------------------------------------------------------------------------------
def test_four_draw_look_and_pass_it_to_an_opponent_you_choose() -> None:
    # "Piochez 1 carte, regardez-la et passez-la." House default: to any opponent.
    state = rig(hands={0: ["4H", "KC"], 2: ["2D"]}, brains={0: ["BRAIN-C"]}, deck_top=["QS", "JS"])
    state = act(roll_ok(state), 0, Play(card="4H"))
    assert isinstance(pending(state), ChooseSeat)
    assert targets(state, 0) == [1, 2, 3]
    assert view(state, 0).held == "QS"  # you look at it
    assert view(state, 2).held is None
    assert deck_top(state) == ["JS"]
    state = act(state, 0, Target(seat=2))
    assert hand(state, 2) == ["2D", "QS"]
    assert hand(state, 0) == ["KC"]
    assert state.held is None
    assert [e.audience for e in state.events if e.key.endswith(".received")] == [(2,)]
    assert (to_act(state), state.hands_left) == ((0,), 1)
    assert_conserved(state)


# ----- 5♥ ------------------------------------------------------------------------------------------
def test_five_every_player_without_a_brain_gives_one_card_left() -> None:
    # "Tous les joueurs sans cerveau donnent 1 carte à leur voisin de gauche."
    state = rig(
        hands={0: ["5H", "KC"], 1: ["2D", "3D"], 2: ["4D"], 3: ["6D", "7D"]},
        brains={0: ["BRAIN-C"], 2: ["BRAIN-D"]},
    )
    state = act(roll_ok(state), 0, Play(card="5H"))
    assert to_act(state) == (1, 3)
    state = give(state, 3, "6D")
    state = give(state, 1, "3D")
    assert hand(state, 0) == ["6D", "KC"]
    assert hand(state, 1) == ["2D"]
    assert hand(state, 2) == ["3D", "4D"]
    assert hand(state, 3) == ["7D"]
    assert_conserved(state)


# ----- 6♥ ------------------------------------------------------------------------------------------
def test_six_everyone_gives_you_a_card_then_you_discard_as_many() -> None:
    # "Chaque joueur vous donne 1 carte, puis vous en défaussez autant que vous en avez reçues."
    state = rig(
        hands={0: ["6H", "2C", "3C"], 1: ["KD", "QD"], 2: ["JD"], 3: ["10D", "9D"]},
        brains={0: ["BRAIN-C"]},
    )
    state = act(roll_ok(state), 0, Play(card="6H"))
    assert to_act(state) == (1, 3)  # seat 2's only card goes by itself
    state = give(state, 1, "QD")
    state = give(state, 3, "9D")
    assert hand(state, 0) == ["2C", "3C", "9D", "JD", "QD"]
    step = pending(state)
    assert isinstance(step, PickCards) and (step.purpose, step.count) == ("discard", 3)
    assert to_act(state) == (0,)
    assert refused(state, 0, Cards(cards=("2C", "3C"))) == "wrong_count"
    state = give(state, 0, "2C", "3C", "JD")
    assert hand(state, 0) == ["9D", "QD"]
    assert state.discard == ["2C", "3C", "JD", "6H"]
    # Seat 2 gave its last card; the hand is empty once everything is resolved: seat 2 wins.
    assert state.over and state.winner == 2
    assert_conserved(state)


# ----- 7♥ ------------------------------------------------------------------------------------------
def test_seven_steals_every_brain_on_the_table() -> None:
    # "Volez tous les cerveaux sur la table." The stolen B♥ counts for the roll: 6 + 1 ≥ 7.
    state = rig(
        hands={0: ["7H", "KC"]},
        brains={0: ["BRAIN-S"], 1: ["BRAIN-C"], 2: ["BRAIN-D", "BRAIN-H"]},
    )
    state = act(roll_ok(state), 0, Play(card="7H"))
    assert sorted(state.brains[0]) == ["BRAIN-C", "BRAIN-D", "BRAIN-H", "BRAIN-S"]
    assert state.brains[1] == state.brains[2] == state.brains[3] == []
    assert len(event_params(state, "steal")) == 3
    assert event_params(state, "roll_success") == [
        {"seat": 0, "card": "7H", "die": 6, "bonus": 1, "total": 7, "target": 7}
    ]
    assert (state.active, to_act(state)) == (1, (1,))  # 2 hands: the turn is over
    assert_conserved(state)


# ----- 8♥ ------------------------------------------------------------------------------------------
def test_eight_a_player_you_choose_gives_you_a_card() -> None:
    # "Un joueur de votre choix vous donne 1 carte."
    state = rig(hands={0: ["8H", "KC"], 1: ["2D", "3D"], 2: ["4D", "5D"], 3: ["6D", "7D"]})
    state = act(state, 0, Play(card="8H"))
    assert targets(state, 0) == [1, 2, 3]
    state = act(state, 0, Target(seat=2))
    assert to_act(state) == (2,)  # the giver chooses the card
    assert card_offers(state, 2) == {("4D",), ("5D",)}
    state = give(state, 2, "5D")
    assert hand(state, 0) == ["5D", "KC"]
    assert hand(state, 2) == ["4D"]
    assert (to_act(state), state.hands_left) == ((0,), 1)
    assert_conserved(state)


def test_eight_if_it_was_their_last_card_they_draw_as_many_as_you_hold() -> None:
    # "(si c'est sa dernière, il en pioche autant que vous en avez)": you hold KC QC and the card given = 3.
    state = rig(hands={0: ["8H", "KC", "QC"], 1: ["2D"], 2: ["4D", "5D"]}, deck_top=["JS", "JH", "10S", "10H"])
    state = act(state, 0, Play(card="8H"))
    state = act(state, 0, Target(seat=1))  # one card: it goes by itself
    assert hand(state, 0) == ["2D", "KC", "QC"]
    assert hand(state, 1) == ["10S", "JH", "JS"]
    assert deck_top(state) == ["10H"]
    assert not state.over  # seat 1 had an empty hand only for a moment
    assert_conserved(state)


# ----- 9♥ ------------------------------------------------------------------------------------------
def test_nine_every_king_holder_is_asked_and_may_decline_in_any_order() -> None:
    # "Tous les joueurs avec un Roi peuvent vous en donner 1."
    state = rig(hands={0: ["9H", "2C"], 1: ["KC", "KD", "3D"], 2: ["4D", "5D"], 3: ["KH", "6D"]})
    state = act(state, 0, Play(card="9H"))
    assert to_act(state) == (1, 3)  # seat 2 holds no King
    assert card_offers(state, 1) == {("KC",), ("KD",)}
    assert may_decline(state, 1) and may_decline(state, 3)
    assert refused(state, 1, Cards(cards=("3D",))) == "not_available"  # only a King
    state = act(state, 3, Decline())  # seat 3 answers first
    assert to_act(state) == (1,)
    state = give(state, 1, "KD")
    assert hand(state, 0) == ["2C", "KD"]
    assert hand(state, 1) == ["3D", "KC"]
    assert hand(state, 3) == ["6D", "KH"]
    assert event_params(state, "declined") == [{"seat": 3}]
    assert event_params(state, "give_public") == [{"seat": 1, "to_seat": 0, "card": "KD"}]
    assert (to_act(state), state.hands_left) == ((0,), 1)
    assert_conserved(state)


def test_nine_with_no_king_anywhere_does_nothing() -> None:
    state = rig(hands={0: ["9H", "QC"], 1: ["3D"], 2: ["4D"], 3: ["6D"]})
    state = act(state, 0, Play(card="9H"))
    assert (to_act(state), pending(state)) == ((0,), None)
    assert hand(state, 0) == ["QC"]


# ----- 10♥ -----------------------------------------------------------------------------------------
def test_ten_draws_one() -> None:
    state = act(rig(hands={0: ["10H", "2C"]}, deck_top=["QS"]), 0, Play(card="10H"))
    assert hand(state, 0) == ["2C", "QS"]
    assert state.discard == ["10H"]
    assert (to_act(state), state.hands_left) == ((0,), 1)


# ----- J♥ ------------------------------------------------------------------------------------------
def test_jack_steals_a_brain_and_draws_one() -> None:
    # "Volez 1 cerveau et piochez 1 carte."
    state = rig(hands={0: ["JH", "2C"]}, brains={0: ["BRAIN-S"], 1: ["BRAIN-C"], 3: ["BRAIN-D"]}, deck_top=["QS"])
    state = act(state, 0, Play(card="JH"))
    assert hand(state, 0) == ["2C", "QS"]
    assert brain_spots(state, 0) == {(1, "BRAIN-C"), (3, "BRAIN-D")}  # not your own
    state = act(state, 0, TakeBrain(seat=3, brain="BRAIN-D"))
    assert sorted(state.brains[0]) == ["BRAIN-D", "BRAIN-S"]
    assert state.brains[3] == []
    assert event_params(state, "steal") == [{"seat": 0, "from_seat": 3, "card": "BRAIN-D"}]
    assert (to_act(state), state.hands_left) == ((0,), 1)
    assert_conserved(state)


def test_jack_with_no_brain_to_steal_still_draws() -> None:
    state = act(rig(hands={0: ["JH", "2C"]}, brains={0: ["BRAIN-S"]}, deck_top=["QS"]), 0, Play(card="JH"))
    assert hand(state, 0) == ["2C", "QS"]
    assert state.brains[0] == ["BRAIN-S"]
    assert pending(state) is None


# ----- Q♥ ------------------------------------------------------------------------------------------
def test_queen_takes_a_brain_from_the_discard_pile() -> None:
    # "Prenez 1 cerveau de la défausse et posez-le devant vous (s'il n'y en a pas, volez-en 1)."
    state = rig(
        hands={0: ["QH", "2C"]},
        brains={1: ["BRAIN-C"]},
        discard=["BRAIN-H", "5C", "BRAIN-S", "6C"],
    )
    state = act(state, 0, Play(card="QH"))
    assert brain_spots(state, 0) == {(None, "BRAIN-H"), (None, "BRAIN-S")}  # not the one in front of seat 1
    state = act(state, 0, TakeBrain(brain="BRAIN-H"))
    assert state.brains[0] == ["BRAIN-H"]  # in front of you, not in your hand
    assert hand(state, 0) == ["2C"]
    assert state.discard == ["5C", "BRAIN-S", "6C", "QH"]
    assert state.brains[1] == ["BRAIN-C"]
    assert (state.active, to_act(state)) == (1, (1,))  # 2 hands
    assert_conserved(state)


def test_queen_steals_when_the_discard_pile_holds_no_brain() -> None:
    state = rig(hands={0: ["QH", "2C"]}, brains={1: ["BRAIN-C"], 2: ["BRAIN-D"]}, discard=["5C"])
    state = act(state, 0, Play(card="QH"))
    assert brain_spots(state, 0) == {(1, "BRAIN-C"), (2, "BRAIN-D")}
    state = act(state, 0, TakeBrain(seat=1, brain="BRAIN-C"))
    assert state.brains[0] == ["BRAIN-C"] and state.brains[1] == []


def test_queen_with_a_single_brain_in_the_discard_takes_it_at_once() -> None:
    state = act(rig(hands={0: ["QH", "2C"]}, discard=["BRAIN-D", "5C"]), 0, Play(card="QH"))
    assert state.brains[0] == ["BRAIN-D"]
    assert state.discard == ["5C", "QH"]


# ----- K♥ ------------------------------------------------------------------------------------------
def test_king_discards_a_brain_of_someone_else() -> None:
    # "Choisissez 1 cerveau sur la table et défaussez-le (un des vôtres si nécessaire)."
    state = rig(hands={0: ["KH", "2C"]}, brains={0: ["BRAIN-S"], 1: ["BRAIN-C"], 2: ["BRAIN-D"]})
    state = act(state, 0, Play(card="KH"))
    assert brain_spots(state, 0) == {(1, "BRAIN-C"), (2, "BRAIN-D")}  # not your own while there is another
    state = act(state, 0, TakeBrain(seat=2, brain="BRAIN-D"))
    assert state.discard == ["BRAIN-D", "KH"]
    assert state.brains == [["BRAIN-S"], ["BRAIN-C"], [], []]
    assert "showdown" not in [step.type for step in state.stack]  # discarded, not dropped
    assert event_params(state, "brain_discarded") == [{"seat": 2, "card": "BRAIN-D"}]
    assert (to_act(state), state.hands_left) == ((0,), 1)
    assert_conserved(state)


def test_king_discards_your_own_brain_if_there_is_no_other() -> None:
    state = act(rig(hands={0: ["KH", "2C"]}, brains={0: ["BRAIN-S"]}), 0, Play(card="KH"))
    assert state.brains[0] == []
    assert state.discard == ["BRAIN-S", "KH"]
    assert pending(state) is None


# ----- Brain ♥ --------------------------------------------------------------------------------------
def test_brain_goes_in_front_draws_two_and_starts_a_new_turn() -> None:
    # "Fin du tour. Piochez 2 cartes et rejouez." It costs 2 hands and needs no Brain.
    state = rig(hands={0: ["BRAIN-H", "2C"]}, deck_top=["QS", "JS", "10S"])
    state = act(state, 0, Play(card="BRAIN-H"))
    assert state.brains[0] == ["BRAIN-H"]
    assert hand(state, 0) == ["2C", "JS", "QS"]
    assert state.discard == []
    assert (state.active, state.hands_left, state.played, to_act(state)) == (0, 2, 0, (0,))
    state = act(state, 0, EndTurn())  # nothing played in the new turn: draw 1, as after any idle turn
    assert hand(state, 0) == ["10S", "2C", "JS", "QS"]
    assert state.active == 1


def test_a_brain_costs_the_whole_turn() -> None:
    state = rig(hands={0: ["BRAIN-H", "2C"]}, hands_left=1, played=1)
    assert refused(state, 0, Play(card="BRAIN-H")) == "too_costly"


def test_a_failed_roll_after_a_heart_drops_a_brain_of_your_choice() -> None:
    # 4♥ needs 4: a 3 fails even though the card was passed; the turn ends and you choose the Brain dropped.
    state = rig(hands={0: ["4H", "KC"]}, brains={0: ["BRAIN-C", "BRAIN-D"]}, deck_top=["QS"])
    state = act(with_rolls(state, [3]), 0, Play(card="4H"))
    state = act(state, 0, Target(seat=1))
    assert "QS" in state.hands[1]
    assert brain_spots(state, 0) == {(0, "BRAIN-C"), (0, "BRAIN-D")}
    state = act(state, 0, TakeBrain(seat=0, brain="BRAIN-D"))
    assert state.brains[0] == ["BRAIN-C"]
    assert showdown(state).order == [1, 2, 3, 0]
    assert to_act(state) == (1,)
