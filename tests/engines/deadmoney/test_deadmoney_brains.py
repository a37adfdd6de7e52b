"""Brains (rulebook "Cerveau obligatoire", "Perdre un Cerveau", "Cartes Cerveau", "Pourquoi donc les cerveaux
ont-ils une couleur ?"; docs/games/deadmoney.md, its rules and house defaults): Brain-required cards, the roll after
their effect, the same-suit bonus, dropping a Brain on a failed roll, and playing Brain cards.

Card costs used here (docs/games/deadmoney.md#the-cards): 2♣ 7♦ 1 hand, 2♠ 2 hands, every Brain 2 hands; ranks 2-7 need
a Brain.
"""

from __future__ import annotations

from deadmoney_rig import (
    ENGINE,
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

from engines.deadmoney import Bid, DeadMoneyState, EndTurn, Pass, Play, TakeBrain, resolve
from engines.deadmoney.state import AfterPlayStep, ChooseBrain, Roll, Showdown

# ----- Brain-required cards and the roll -----------------------------------------------------------


def test_a_brain_required_card_is_refused_without_a_brain_in_front() -> None:
    # "Avoir un cerveau" = a Brain card in front of you; one in your hand does not count.
    state = rig(hands={0: ["2C", "BRAIN-C", "KD"]})
    assert refused(state, 0, Play(card="2C")) == "needs_brain"
    assert Play(card="2C") not in legal(state, 0)


def test_any_suit_of_brain_allows_a_brain_required_card() -> None:
    # "Vous n'avez pas besoin d'un cerveau de la même couleur pour jouer une carte qui en requiert un."
    state = rig(hands={0: ["2C", "KD"]}, brains={0: ["BRAIN-H"]})
    assert Play(card="2C") in legal(state, 0)
    state = with_rolls(state, [2])
    state = act(state, 0, Play(card="2C"))
    assert state.last_roll == Roll(seat=0, card="2C", die=2, bonus=0, target=2)


def test_the_roll_comes_after_the_effect_and_success_keeps_the_turn() -> None:
    # 2♣ (1 hand, R, rank 2): each player draws 1 card per Brain; then roll d6 >= 2.
    state = rig(hands={0: ["2C", "KD", "10H"]}, brains={0: ["BRAIN-H"]}, deck_top=["2S", "3S"])
    state = with_rolls(state, [2])
    state = act(state, 0, Play(card="2C"))
    assert events(state) == ["play", "draw", "you_draw", "roll_success"]
    assert event_params(state, "roll_success") == [
        {"seat": 0, "card": "2C", "die": 2, "bonus": 0, "total": 2, "target": 2}
    ]
    assert state.hands[0] == ["KD", "10H", "2S"]
    assert state.active == 0 and state.hands_left == 1 and to_act(state) == (0,)
    assert state.brains[0] == ["BRAIN-H"]
    assert state.discard == ["2C"]
    # The roll is shown to everyone.
    for viewer in (None, 0, 2):
        assert view(state, viewer).last_roll == Roll(seat=0, card="2C", die=2, bonus=0, target=2)


def test_a_successful_roll_with_no_hand_left_ends_the_turn() -> None:
    # "votre tour continue (s'il vous reste une main à dépenser), ou prend fin (si vous n'en avez plus)."
    state = rig(hands={0: ["KD", "2C", "10H"]}, brains={0: ["BRAIN-H"]}, deck_top=["2S", "3S"])
    state = act(state, 0, Play(card="KD"))
    state = with_rolls(state, [6])
    state = act(state, 0, Play(card="2C"))
    assert events(state)[-2:] == ["roll_success", "turn"]
    assert state.active == 1
    assert state.brains[0] == ["BRAIN-H"]


def test_a_same_suit_brain_adds_one() -> None:
    # 2♣ needs 2: a 1 and the Brain of clubs make 2.
    state = rig(hands={0: ["2C", "KD"]}, brains={0: ["BRAIN-C"]}, deck_top=["2S"])
    state = act(with_rolls(state, [1]), 0, Play(card="2C"))
    assert state.last_roll == Roll(seat=0, card="2C", die=1, bonus=1, target=2)
    assert "roll_success" in events(state)
    assert state.active == 0 and state.brains[0] == ["BRAIN-C"]


def test_a_brain_of_another_suit_adds_nothing() -> None:
    state = rig(hands={0: ["2C", "KD"]}, brains={0: ["BRAIN-D"]}, deck_top=["2S"])
    state = act(with_rolls(state, [1]), 0, Play(card="2C"))
    assert state.last_roll == Roll(seat=0, card="2C", die=1, bonus=0, target=2)
    assert "roll_failure" in events(state)


def _seven_diamonds(brains: list[str], die: int) -> DeadMoneyState:
    """7♦ (1 hand, R): everyone with a Brain (only seat 0 here) passes 1 card right; then the roll."""
    state = rig(hands={0: ["7D", "KD", "KD"]}, brains={0: brains}, deck_top=["2S"])
    return act(with_rolls(state, [die]), 0, Play(card="7D"))


def test_a_seven_succeeds_with_a_six_and_a_same_suit_brain() -> None:
    state = _seven_diamonds(["BRAIN-D"], 6)
    assert state.last_roll == Roll(seat=0, card="7D", die=6, bonus=1, target=7)
    assert state.active == 0 and state.hands_left == 1


def test_a_seven_always_fails_without_a_same_suit_brain() -> None:
    # "C'est grâce à cela que vous pouvez jouer un 7 sans forcément laisser tomber de cerveau."
    state = _seven_diamonds(["BRAIN-C"], 6)
    assert state.last_roll == Roll(seat=0, card="7D", die=6, bonus=0, target=7)
    assert "roll_failure" in events(state)


def test_both_same_suit_brains_add_two() -> None:
    # "Si vous avez les 2 cerveaux de la couleur correspondante, vous avez un bonus de +2 !"
    state = _seven_diamonds(["BRAIN-D", "BRAIN-D"], 5)
    assert state.last_roll == Roll(seat=0, card="7D", die=5, bonus=2, target=7)
    assert "roll_success" in events(state)
    state = _seven_diamonds(["BRAIN-D"], 5)
    assert state.last_roll == Roll(seat=0, card="7D", die=5, bonus=1, target=7)
    assert "roll_failure" in events(state)


def test_a_failed_roll_drops_the_only_brain_and_starts_a_showdown_left_of_the_dropper() -> None:
    state = rig(hands={0: ["2C", "KD", "10H"]}, brains={0: ["BRAIN-H"]}, deck_top=["2S"], active=0)
    state = act(with_rolls(state, [1]), 0, Play(card="2C"))
    assert events(state) == ["play", "draw", "you_draw", "roll_failure", "brain_dropped"]
    assert event_params(state, "brain_dropped") == [{"seat": 0, "card": "BRAIN-H"}]
    assert state.brains[0] == []
    showdown = state.stack[-1]
    assert isinstance(showdown, Showdown)
    assert showdown.brain == "BRAIN-H" and showdown.dropper == 0
    assert showdown.order == [1, 2, 3, 0]
    assert to_act(state) == (1,)
    assert view(state, 2).showdown is not None
    assert_conserved(state)
    # The turn is over even with a hand left: everyone passes, the Brain is discarded, the next player plays.
    for seat in (1, 2, 3, 0):
        state = act(state, seat, Pass())
    assert events(state)[-2:] == ["showdown_nobody", "turn"]
    assert top_discard(state) == "BRAIN-H"
    assert state.active == 1
    assert_conserved(state)


def test_a_failed_roll_asks_which_of_two_different_brains_to_drop() -> None:
    # "vous perdez le cerveau de votre choix ... Vous choisissez le cerveau perdu après avoir échoué au dé."
    state = rig(hands={0: ["2C", "KD"]}, brains={0: ["BRAIN-H", "BRAIN-S"], 2: ["BRAIN-D"]}, deck_top=["2S", "3S"])
    state = act(with_rolls(state, [1]), 0, Play(card="2C"))
    assert events(state)[-1] == "roll_failure"
    decision = state.stack[-1]
    assert isinstance(decision, ChooseBrain) and decision.purpose == "drop"
    assert to_act(state) == (0,)
    assert legal(state, 0) == [TakeBrain(seat=0, brain="BRAIN-H"), TakeBrain(seat=0, brain="BRAIN-S")]
    assert refused(state, 0, TakeBrain(seat=2, brain="BRAIN-D")) == "bad_brain"
    assert refused(state, 0, EndTurn()) == "not_now"
    state = act(state, 0, TakeBrain(seat=0, brain="BRAIN-S"))
    assert state.brains[0] == ["BRAIN-H"]
    assert isinstance(state.stack[-1], Showdown) and state.stack[-1].brain == "BRAIN-S"
    assert to_act(state) == (1,)


def test_two_copies_of_the_same_brain_are_no_choice() -> None:
    state = rig(hands={0: ["2C", "KD"]}, brains={0: ["BRAIN-H", "BRAIN-H"]}, deck_top=["2S", "3S"])
    state = act(with_rolls(state, [1]), 0, Play(card="2C"))
    assert events(state)[-2:] == ["roll_failure", "brain_dropped"]
    assert state.brains[0] == ["BRAIN-H"]
    assert isinstance(state.stack[-1], Showdown)


def test_a_showdown_after_a_failed_roll_gives_the_next_turn_to_its_winner() -> None:
    deck = ["2S", "3S", "4S", "5S"]
    state = rig(hands={0: ["2C", "KD"], 2: ["9H", "9S", "4C"]}, brains={0: ["BRAIN-H"]}, deck_top=deck)
    state = act(with_rolls(state, [1]), 0, Play(card="2C"))
    state = act(state, 1, Pass())
    state = act(state, 2, Bid(cards=("9H", "9S")))  # 9♥ 2 coins + 9♠ 1 coin
    state = act(state, 3, Pass())
    state = act(state, 0, Pass())
    state = act(state, 1, Pass())
    assert state.brains[2] == ["BRAIN-H"]
    assert state.hands[2] == ["4C", "3S", "4S", "5S"]  # one card per coin of the winning bid
    assert state.discard == ["2C", "9H", "9S"]
    assert state.active == 2
    assert events(state)[-1] == "turn"
    assert_conserved(state)


def test_no_brain_left_at_roll_time_means_no_roll() -> None:
    # 2♠ (2 hands, R): a counted player discards a Brain; the only Brain on the table is the player's own.
    # House default (docs/games/deadmoney.md#house-defaults): no roll, nothing to drop.
    state = rig(hands={0: ["2S", "KD"]}, brains={0: ["BRAIN-C"]})
    state = act(with_rolls(state, [1, 1]), 0, Play(card="2S"))
    assert "no_brain_no_roll" in events(state)
    assert "roll_failure" not in events(state) and "roll_success" not in events(state)
    assert state.last_roll is None
    assert state.brains[0] == [] and "BRAIN-C" in state.discard
    assert not any(isinstance(step, Showdown) for step in state.stack)
    assert state.active == 1  # a 2-hand card: no hand left


def test_no_brain_at_roll_time_keeps_the_turn_with_a_hand_left() -> None:
    # No 1-hand Brain-required card moves its own player's Brains away, so the "turn goes on" half of
    # the house default is checked on the step itself: a 3♦ (1 hand, R) has just resolved, no Brain left.
    state = rig(hands={0: ["KD", "10H"]}, discard=["3D"], hands_left=1, played=1)
    state.in_play.append(state.discard.pop())
    state.stack.append(AfterPlayStep(card="3D", seat=0))
    resolve.run(ENGINE.table(state))
    assert events(state) == ["no_brain_no_roll"]
    assert state.discard == ["3D"] and state.last_roll is None
    assert state.active == 0 and to_act(state) == (0,) and state.hands_left == 1
    assert_conserved(state)


# ----- Brain cards ------------------------------------------------------------------------------


def test_a_brain_goes_in_front_draws_two_and_gives_a_new_full_turn() -> None:
    # "Poser un Cerveau coûte 2 mains (votre tour complet), mais vous devez ensuite piocher 2 cartes et
    # jouer immédiatement un nouveau tour." No Brain is needed to play one.
    state = rig(hands={0: ["BRAIN-S", "KD"]}, deck_top=["2S", "3S", "4S"])
    turn = state.turn
    state = act(state, 0, Play(card="BRAIN-S"))
    assert state.brains[0] == ["BRAIN-S"]
    assert state.hands[0] == ["KD", "2S", "3S"]
    assert deck_top(state) == ["4S"]
    assert "BRAIN-S" not in state.discard
    assert state.active == 0 and state.hands_left == 2 and state.played == 0
    assert state.turn == turn + 1
    assert events(state) == ["play", "brain_down", "draw", "you_draw", "new_turn"]
    assert_conserved(state)
    # The new turn is a full one: a 2-hand card may follow.
    assert Play(card="BRAIN-S") not in legal(state, 0)
    state = act(state, 0, Play(card="KD"))
    assert state.hands_left == 1 and state.active == 0


def test_a_new_turn_after_a_brain_may_play_nothing_and_draw() -> None:
    state = rig(hands={0: ["BRAIN-S", "KD"]}, deck_top=["2S", "3S", "4S"])
    state = act(state, 0, Play(card="BRAIN-S"))
    state = act(state, 0, EndTurn())
    assert events(state) == ["idle", "draw", "you_draw", "turn"]
    assert state.hands[0] == ["KD", "2S", "3S", "4S"]
    assert state.active == 1


def test_a_brain_in_front_then_allows_brain_required_cards() -> None:
    state = rig(hands={0: ["BRAIN-S", "2C"]}, deck_top=["2S", "3S", "4S"])
    assert refused(state, 0, Play(card="2C")) == "needs_brain"
    state = act(state, 0, Play(card="BRAIN-S"))
    assert Play(card="2C") in legal(state, 0)
