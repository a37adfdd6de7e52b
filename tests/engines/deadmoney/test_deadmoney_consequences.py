"""Moves that harm their own player, reported by `Engine.consequence` so that the table asks first.

In Dead Money the cards in your hand are what you try to lose (rulebook "But du jeu";
docs/games/deadmoney.md#how-a-game-goes), so a legal move that certainly makes you draw or take a card back by your own
choice costs you. Only such moves report a consequence; the other legal answers to the same decision report none, and so
does ending your turn without playing (an ordinary choice: its button says that you draw).
"""

from __future__ import annotations

from deadmoney_rig import ENGINE, act, legal, rig, with_rolls
from deadmoney_rig_extra import roll_ok

from engines.core import Consequence
from engines.deadmoney import DeadMoneyAction, DeadMoneyOptions, EndTurn, Play, TakeBrain, Target


def consequence(state: object, seat: int, action: DeadMoneyAction) -> Consequence | None:
    assert action in legal(state, seat)  # type: ignore[arg-type]  # the contract asks only about legal moves
    result: Consequence | None = ENGINE.consequence(state, seat, action)
    return result


def harmful(state: object, seat: int) -> list[DeadMoneyAction]:
    return [action for action in legal(state, seat) if consequence(state, seat, action) is not None]  # type: ignore[arg-type]


# ----- 4♠: "Un joueur de votre choix pioche 2 cartes" ----------------------------------------------------------
def test_naming_yourself_for_the_four_of_spades_makes_you_draw_two() -> None:
    state = rig(hands={0: ["4S", "QC"]}, brains={0: ["BRAIN-S"]})
    state = act(roll_ok(state), 0, Play(card="4S"))
    assert legal(state, 0) == [Target(seat=1), Target(seat=2), Target(seat=3), Target(seat=0)]  # you: last
    assert consequence(state, 0, Target(seat=0)) == Consequence(key="deadmoney.consequence.draw", params={"count": 2})
    assert harmful(state, 0) == [Target(seat=0)]


def test_a_timeout_names_an_opponent_for_the_four_of_spades() -> None:
    state = rig(hands={0: ["4S", "QC"]}, brains={0: ["BRAIN-S"]})
    state = act(roll_ok(state), 0, Play(card="4S"))
    assert ENGINE.default_action(state, 0) == Target(seat=1)  # the left neighbour, never yourself


def test_naming_yourself_to_discard_or_swap_costs_nothing() -> None:
    # Q♣: discarding is what you want; 4♣: a swap leaves both hand sizes as they were.
    state = act(rig(hands={0: ["QC", "KD"]}), 0, Play(card="QC"))
    assert Target(seat=0) in legal(state, 0) and harmful(state, 0) == []
    state = act(rig(hands={0: ["4C", "KD"]}, brains={0: ["BRAIN-C"]}), 0, Play(card="4C"))
    assert Target(seat=0) in legal(state, 0) and harmful(state, 0) == []


# ----- playing nothing: "Si vous ne jouez aucune carte, vous piochez" ------------------------------------------
def test_ending_your_turn_without_playing_is_an_ordinary_choice_not_a_harm() -> None:
    # Drawing instead of playing is the choice every turn offers (the playable card may cost you more): the
    # "Draw & end turn" button says it draws, and nothing asks "Are you sure?" (issue 28).
    state = rig(hands={0: ["KD", "QC"]})
    assert EndTurn() in legal(state, 0) and consequence(state, 0, EndTurn()) is None
    assert harmful(state, 0) == []
    two = rig(hands={0: ["KD", "QC"]}, options=DeadMoneyOptions(idle_draw=2))
    assert consequence(two, 0, EndTurn()) is None


def test_drawing_when_nothing_can_be_played_or_ending_after_a_card_costs_nothing() -> None:
    stuck = rig(hands={0: ["2C", "3C"]})  # both need a Brain, and there is none in front of seat 0
    assert legal(stuck, 0) == [EndTurn()] and consequence(stuck, 0, EndTurn()) is None
    played = act(rig(hands={0: ["KD", "QC", "JC"]}, deck_top=["9S"]), 0, Play(card="KD"))
    assert played.played == 1 and consequence(played, 0, EndTurn()) is None


# ----- A♦ and J♦: your own Brain ------------------------------------------------------------------------------
def test_sending_your_own_brain_back_into_your_hand_is_harmful() -> None:
    # A♦: "Choisissez n'importe quel cerveau en jeu ; il retourne dans la main du joueur devant qui il était."
    state = rig(hands={0: ["AD", "KD"]}, brains={0: ["BRAIN-S"], 2: ["BRAIN-H"]})
    state = act(state, 0, Play(card="AD"))
    own = TakeBrain(seat=0, brain="BRAIN-S")
    assert consequence(state, 0, own) == Consequence(key="deadmoney.consequence.brain_back", params={"card": "BRAIN-S"})
    assert harmful(state, 0) == [own]


def test_dropping_your_own_brain_is_harmful_only_when_another_could_be_dropped() -> None:
    # J♦: "Un cerveau de votre choix est perdu."
    state = act(rig(hands={0: ["JD", "KD"]}, brains={0: ["BRAIN-S"], 1: ["BRAIN-H"]}), 0, Play(card="JD"))
    own = TakeBrain(seat=0, brain="BRAIN-S")
    assert consequence(state, 0, own) == Consequence(key="deadmoney.consequence.drop_own", params={"card": "BRAIN-S"})
    assert harmful(state, 0) == [own]
    # A failed roll: you must drop one of your own Brains, so no choice is worse than another.
    state = rig(hands={0: ["4H", "KC"], 1: ["2D"]}, brains={0: ["BRAIN-C", "BRAIN-S"]})
    state = act(with_rolls(state, [1]), 0, Play(card="4H"))
    state = act(state, 0, Target(seat=1))
    assert {action for action in legal(state, 0)} == {
        TakeBrain(seat=0, brain="BRAIN-C"),
        TakeBrain(seat=0, brain="BRAIN-S"),
    }
    assert harmful(state, 0) == []


def test_dead_money_ranks_its_measure_low() -> None:
    # The measure is the cards left in hand: fewer is better, and the places agree.
    state = act(rig(hands={0: ["8D"], 1: ["QC", "JC"], 2: ["9S"], 3: ["KS", "KH", "KD"]}), 0, Play(card="8D"))
    result = ENGINE.result(state)
    assert result is not None and result.winners == (0,)
    assert result.measure == (0, 2, 1, 3) and result.places == (1, 3, 2, 4)
    assert ENGINE.measure_order == "low" and not result.higher_is_better
    assert type(ENGINE).__mro__[1].measure_order == "high"  # the contract's default
