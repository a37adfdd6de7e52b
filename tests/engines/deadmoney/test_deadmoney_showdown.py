"""Showdowns: bidding for a dropped Brain (rulebook "Enchères"; docs/games/deadmoney.md#how-a-game-goes,
#poker-hands and #house-defaults: showdown laps, comparing bids, who plays after a showdown nobody wins).

Most tables: 4 players, seat 0 plays the A♥ and drops its own (only) Brain, so the bidding goes 1, 2, 3, then 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
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
    view,
    with_rolls,
)
from deadmoney_rig_extra import bid, coins, hand, pass_, passes, showdown
from pydantic import ValidationError

from engines.core import Refusal
from engines.deadmoney import Bid, EndTurn, Pass, Play, TakeBrain, Target, action_adapter
from engines.deadmoney.state import DeadMoneyState

DROP_DECK = ["10S", "10H", "10D", "10C", "9S", "9D"]  # what a showdown winner draws, top first


def dropped(hands: Mapping[int, Sequence[str]], players: int = 4, **kwargs: object) -> DeadMoneyState:
    """Seat 0 plays the A♥ and drops its only Brain (the B♠): the showdown starts with seat 1."""
    state = rig(
        players=players,
        hands={0: ["AH", *hands.get(0, ["2C"])], **{seat: cards for seat, cards in hands.items() if seat != 0}},
        brains={0: ["BRAIN-S"]},
        deck_top=DROP_DECK,
        **kwargs,  # type: ignore[arg-type]
    )
    state = act(state, 0, Play(card="AH"))
    assert showdown(state).brain == "BRAIN-S"
    return state


HANDS = {
    0: ["2C", "3C", "KC"],
    1: ["KS", "KH", "9C", "4D"],
    2: ["KD", "KC", "10C", "5D"],
    3: ["7H", "8H", "JD", "JH"],
}


# ----- who bids when ----------------------------------------------------------------------------------
def test_a_failed_roll_starts_the_bidding_left_of_the_dropper_who_bids_last() -> None:
    # "Les enchères commencent à la gauche du joueur qui a perdu le cerveau, et continuent en sens horaire."
    state = rig(hands={0: ["4H", "KC"], 1: ["2D"], 2: ["3D"], 3: ["5D"]}, brains={0: ["BRAIN-C"]})
    state = act(with_rolls(state, [1]), 0, Play(card="4H"))
    state = act(state, 0, Target(seat=2))
    assert event_params(state, "brain_dropped") == [{"seat": 0, "card": "BRAIN-C"}]  # your only Brain: no choice
    assert showdown(state).order == [1, 2, 3, 0]
    seen = []
    for _ in range(4):
        (seat,) = to_act(state)
        seen.append(seat)
        state = pass_(state, seat)
    assert seen == [1, 2, 3, 0]
    assert state.discard == ["4H", "BRAIN-C"]  # nobody bid: the Brain is discarded
    assert (state.active, to_act(state)) == (1, (1,))
    assert_conserved(state)


def test_a_brain_dropped_from_someone_else_is_bid_from_their_left_and_play_resumes_after_the_interrupted_player() -> (
    None
):
    # J♦/A♥ "les enchères commencent à gauche de la victime". Nobody bids: the Brain is discarded and play goes on with
    # the player after the one whose turn was interrupted (docs/games/deadmoney.md#house-defaults), not after the
    # victim.
    state = rig(hands={0: ["AH", "KC"]}, brains={0: ["BRAIN-S"], 2: ["BRAIN-D"]})
    state = act(act(state, 0, Play(card="AH")), 0, TakeBrain(seat=2, brain="BRAIN-D"))
    assert showdown(state).order == [3, 0, 1, 2]
    state = passes(state, 3, 0, 1, 2)
    assert "showdown_nobody" in events(state)
    assert state.discard == ["BRAIN-D", "AH"]
    assert state.brains == [["BRAIN-S"], [], [], []]
    assert (state.active, to_act(state)) == (1, (1,))
    assert_conserved(state)


def test_only_the_bidder_whose_turn_it_is_may_act() -> None:
    state = dropped(HANDS)
    offered = ENGINE.legal_actions(state, 1)
    assert Pass() in offered
    assert {Bid(cards=(card,)) for card in HANDS[1]} <= set(offered)
    assert Bid(cards=("KH", "KS")) in offered  # pairs are offered as such
    assert refused(state, 2, Pass()) == "error.not_your_turn"
    assert refused(state, 0, Bid(cards=("2C",))) == "error.not_your_turn"


# ----- what a raise is --------------------------------------------------------------------------------
def test_a_raise_must_be_strictly_stronger_and_a_kicker_beats_no_kicker() -> None:
    # docs/games/deadmoney.md#poker-hands: a missing kicker loses to any kicker (K-K-9 beats K-K); suits never break
    # ties, and a tie is not a raise.
    state = bid(dropped(HANDS), 1, "KS", "KH")
    assert refused(state, 2, Bid(cards=("KD", "KC"))) == "bid_too_low"  # K-K ties K-K
    assert refused(state, 2, Bid(cards=("10C", "5D"))) == "bid_too_low"  # high card under a pair
    state = bid(state, 2, "KD", "KC", "5D")  # K-K-5 beats K-K
    assert refused(state, 3, Bid(cards=("JD", "JH", "8H"))) == "bid_too_low"  # J-J-8 under K-K-5
    high = showdown(state).high
    assert high is not None and high.seat == 2
    assert [record.seat for record in showdown(state).bids] == [1, 2]


def test_a_refused_raise_names_both_hands() -> None:
    # The refusal carries both bids, for the table to say "pair of 10s does not beat pair of Kings".
    state = bid(dropped(HANDS), 1, "KS", "KH")
    refusal = ENGINE.refusal(state, 2, Bid(cards=("10C", "5D")))
    assert refusal == Refusal(key="deadmoney.refusal.bid_too_low", params={"bid": "10C,5D", "high": "KS,KH"})


def test_the_bid_pick_keeps_every_copy_of_a_rank_together() -> None:
    # The card picker offers a bid rank by rank (Brains never), so that a pair or three of a kind is one choice.
    state = dropped({1: ["JS", "4D", "JH", "JS", "9C", "BRAIN-C", "4C"]})
    pick = ENGINE.card_pick(state, 1)
    assert pick is not None and (pick.kind, pick.field, pick.min, pick.max) == ("bid", "cards", 1, 5)
    assert pick.cards == ("4C", "4D", "9C", "JH", "JS", "JS")
    assert pick.groups == (2, 1, 3)


def test_a_lone_card_that_cannot_raise_leaves_only_pass() -> None:
    state = bid(dropped({1: ["KS", "KH"], 2: ["AS"]}), 1, "KS", "KH")
    assert to_act(state) == (2,)
    assert ENGINE.card_pick(state, 2) is None
    assert legal(state, 2) == [Pass()]
    state = bid(dropped({1: ["5S"], 2: ["AS"]}), 1, "5S")
    pick = ENGINE.card_pick(state, 2)
    assert pick is not None and pick.cards == ("AS",) and pick.min == pick.max == 1  # one click bids it


def test_the_showdown_view_keeps_every_bid_and_who_passed_since_the_last() -> None:
    state = bid(dropped(HANDS), 1, "4D")
    state = pass_(state, 2)
    state = bid(state, 3, "JD", "JH")
    state = passes(state, 0, 1)
    for viewer in (None, 0, 2):
        shown = view(state, viewer).showdown
        assert shown is not None
        assert [(record.seat, record.cards) for record in shown.bids] == [(1, ["4D"]), (3, ["JD", "JH"])]
        assert shown.high is not None and shown.high.seat == 3 and shown.high_hand == "pair"
        assert shown.passed == [0, 1] and shown.to_bid == 2


@pytest.mark.parametrize(
    ("low", "high"),
    [
        (["KS", "KH"], ["KD", "KC", "9C"]),  # the rulebook's pair of Kings with a 9 beats the bare pair
        (["KS", "KH", "2C"], ["KD", "KC", "3C"]),  # kickers compare
        (["AS"], ["2C", "2D"]),  # any pair beats any high card
        (["AS", "KS", "QS", "JS"], ["2C", "2D"]),  # four cards are no straight, nor flush
        (["2H", "5H", "7H", "9H"], ["3C", "3D"]),  # four hearts are no flush
        (["9C", "10D", "JH", "QS", "KS"], ["2H", "5H", "7H", "9H", "JH"]),  # flush > straight
        (["2C", "2D", "3C", "3D", "4C"], ["5C", "5D", "5H", "5S"]),  # four of a kind > full house
        (["AS", "2D", "3C", "4H", "5S"], ["2S", "3D", "4C", "5H", "6S"]),  # the wheel is the lowest straight
        (["9H", "10H", "JH", "QH", "KH"], ["8C", "8C", "8D", "8D", "8H"]),  # five of a kind > straight flush
        (["10S", "JS", "QS", "KS", "AS"], ["3C", "3C", "3D", "3D", "3H"]),  # even over the royal flush
    ],
)
def test_bid_ranking(low: list[str], high: list[str]) -> None:
    state = dropped({1: low, 2: high})
    state = bid(state, 1, *low)
    state = bid(state, 2, *high)
    record = showdown(state).high
    assert record is not None and record.cards == high
    state = dropped({1: high, 2: low})
    state = bid(state, 1, *high)
    assert refused(state, 2, Bid(cards=tuple(low))) == "bid_too_low"


def test_brains_can_never_be_bid() -> None:
    # "Exception : Vous ne pouvez pas inclure de carte Cerveau dans vos enchères."
    state = dropped({1: ["BRAIN-C", "BRAIN-C", "KD"]})
    assert refused(state, 1, Bid(cards=("BRAIN-C",))) == "brain_in_bid"
    assert refused(state, 1, Bid(cards=("BRAIN-C", "BRAIN-C"))) == "brain_in_bid"
    pick = ENGINE.card_pick(state, 1)
    assert pick is not None and pick.cards == ("KD",)
    assert all("BRAIN-C" not in action.cards for action in ENGINE.legal_actions(state, 1) if isinstance(action, Bid))


def test_a_bid_is_one_to_five_cards_from_your_hand() -> None:
    state = dropped(HANDS)
    assert refused(state, 1, Bid(cards=("KD",))) == "not_in_hand"
    assert refused(state, 1, Bid(cards=("KS", "KS"))) == "not_in_hand"  # one K♠ held, not two
    with pytest.raises(ValidationError):
        action_adapter.validate_python({"kind": "bid", "cards": ["KS", "KH", "9C", "4D", "2C", "3C"]})
    with pytest.raises(ValidationError):
        action_adapter.validate_python({"kind": "bid", "cards": []})


# ----- laps and the end of the bidding -----------------------------------------------------------------
def test_bid_cards_leave_the_hand_and_every_bid_is_discarded_at_the_end() -> None:
    # "Lorsque le tour est fini, toutes les cartes misées sont défaussées."
    state = bid(dropped(HANDS), 1, "4D")
    assert hand(state, 1) == ["9C", "KH", "KS"]
    assert showdown(state).pot == ["4D"]
    state = bid(state, 2, "10C", "5D")
    state = bid(state, 3, "JD", "JH", "8H")
    assert hand(state, 3) == ["7H"]
    assert sorted(showdown(state).pot) == ["10C", "4D", "5D", "8H", "JD", "JH"]
    assert_conserved(state)
    state = passes(state, 0, 1, 2)
    assert sorted(state.discard) == sorted(["4D", "10C", "5D", "JD", "JH", "8H", "AH"])
    assert state.brains[3] == ["BRAIN-S"]
    assert hand(state, 1) == ["9C", "KH", "KS"]  # a losing bid is not given back, and its bidder draws nothing
    assert hand(state, 2) == ["KC", "KD"]
    assert_conserved(state)


def test_a_passer_may_raise_on_a_later_lap_and_a_raise_restarts_the_count() -> None:
    # docs/games/deadmoney.md#house-defaults: laps go on until all but the high bidder have passed in a row.
    state = pass_(dropped(HANDS), 1)
    state = bid(state, 2, "5D")
    state = passes(state, 3, 0)
    assert to_act(state) == (1,)  # seat 1 passed in the first lap, it is asked again
    state = bid(state, 1, "KS", "KH")
    state = passes(state, 2, 3)
    assert to_act(state) == (0,)  # seats 2 and 3 passed after the raise, seat 0 not yet
    state = pass_(state, 0)
    assert state.brains[1] == ["BRAIN-S"]
    assert event_params(state, "showdown_won") == [
        {"seat": 1, "card": "BRAIN-S", "cards": "KS,KH", "coins": coins("KS", "KH")}
    ]
    assert_conserved(state)


def test_the_showdown_ends_when_all_but_the_high_bidder_pass_in_a_row() -> None:
    state = bid(dropped(HANDS), 1, "4D")
    state = passes(state, 2, 3)
    assert to_act(state) == (0,)
    state = pass_(state, 0)
    assert state.brains[1] == ["BRAIN-S"]
    assert not state.stack


def test_the_dropper_may_win_its_brain_back() -> None:
    state = passes(dropped(HANDS), 1, 2, 3)
    state = bid(state, 0, "3C")
    assert to_act(state) == (1,)  # everyone else is asked again after the raise
    state = passes(state, 1, 2, 3)
    assert state.brains[0] == ["BRAIN-S"]
    assert (state.active, state.hands_left, to_act(state)) == (0, 2, (0,))  # and it plays next, a full turn


def test_a_player_with_nothing_to_bid_passes_by_itself() -> None:
    # Seat 2 holds only a Brain card, which can't be bid.
    state = dropped({1: ["2D"], 2: ["BRAIN-C"], 3: ["3D"]})
    state = pass_(state, 1)
    assert to_act(state) == (3,)
    assert event_params(state, "pass_auto") == [{"seat": 2}]


# ----- the winner ---------------------------------------------------------------------------------------
def test_the_winner_takes_the_brain_draws_a_card_per_coin_and_plays_next_then_play_goes_left() -> None:
    # "Le vainqueur prend la carte Cerveau et c'est à son tour de jouer. Il doit également piocher des cartes.
    #  Le nombre de cartes à piocher est égal au total des pièces sur les cartes de son enchère."
    # "Le jeu continuera ensuite normalement avec le joueur à sa gauche."
    state = bid(dropped(HANDS), 1, "4D")
    state = bid(state, 2, "KD", "KC", "10C")
    state = passes(state, 3, 0, 1)
    won = coins("KD", "KC", "10C")
    assert won == 4  # K♦ 1 + K♣ 1 + 10♣ 2 (docs/games/deadmoney.md#the-cards)
    assert state.brains[2] == ["BRAIN-S"]
    assert hand(state, 2) == sorted(["5D", *DROP_DECK[:won]])
    assert deck_top(state) == DROP_DECK[won : won + 1]
    assert (state.active, state.hands_left, state.played, to_act(state)) == (2, 2, 0, (2,))
    state = act(state, 2, EndTurn())
    assert (state.active, to_act(state)) == (3, (3,))  # then to the winner's left
    assert_conserved(state)


def test_the_rulebook_example_a_pair_of_kings_and_a_nine_is_four_coins() -> None:
    # "l'enchère représentée ci-dessus est une paire de Rois et un 9 seul ... il devra payer 4 cartes, une pour
    #  chaque pièce." docs/games/deadmoney.md#the-cards: K♠ and 9♥ carry 2 coins, the other Kings and 9s 1.
    assert coins("KS", "KH", "9C") == 4
    assert coins("KD", "KC", "9H") == 4
    assert coins("KS", "KD", "9H") == 5
    state = bid(dropped(HANDS), 1, "KS", "KH", "9C")
    state = passes(state, 2, 3, 0)
    assert event_params(state, "showdown_won")[0]["coins"] == 4
    assert hand(state, 1) == sorted(["4D", *DROP_DECK[:4]])


def test_someone_who_empties_their_hand_by_bidding_and_is_outbid_wins() -> None:
    # "Si un joueur joue la totalité de sa main lors d'une enchère ... Si vous [surenchérissez], il ne piochera
    #  aucune carte et remportera la partie !"
    state = dropped({1: ["2D", "3D"], 2: ["KD", "KC", "5D"], 3: ["7H"]})
    state = bid(state, 1, "2D", "3D")
    assert hand(state, 1) == []
    assert not state.over  # not while the showdown goes on
    state = bid(state, 2, "KD", "KC")
    state = pass_(state, 3)
    state = pass_(state, 0)  # seat 1, with nothing left to bid, passes by itself
    assert state.brains[2] == ["BRAIN-S"]
    assert state.over and state.winner == 1
    assert to_act(state) == ()
    assert_conserved(state)


def test_the_empty_bidder_who_is_not_outbid_draws_and_plays_on() -> None:
    state = dropped({1: ["2D", "3D"]})
    state = bid(state, 1, "2D", "3D")
    state = passes(state, 2, 3, 0)
    assert not state.over
    assert hand(state, 1) == sorted(DROP_DECK[: coins("2D", "3D")])
    assert to_act(state) == (1,)
