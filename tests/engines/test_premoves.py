"""Pre-moves in the engines: which decision a waiting seat may choose ahead (`Engine.premoves`) and how the
decision in hand is recognised when it comes (`Engine.decision_kind`), on rigged tables.

Full of Dollars: reaction windows ask every player concerned at once, and Decline is always an answer
(docs/games/fullofdollars.md, "Special cards" and "House defaults"), so a waiting player may decline the next
window ahead, or every window. Dead Money: a showdown asks one bidder at a time, who raises or passes, and a
passer may raise again on a later lap (docs/games/deadmoney.md, "Showdown"), so a waiting bidder may pass their
next bid ahead. The other games keep the default: nothing can be chosen ahead.
"""

from __future__ import annotations

import pytest

from engines import registry
from engines.core.engine import PreMove
from engines.deadmoney import Bid, Play
from engines.deadmoney import Pass as BidPass
from engines.deadmoney.state import DeadMoneyState, Showdown
from engines.fullofdollars import Decline, Fbi, Pass
from tests.engines.deadmoney import deadmoney_rig as dm
from tests.engines.fullofdollars import fod_rig as fod

REACTION = PreMove("reaction", (Decline(),), standing=True)
BID = PreMove("bid", (BidPass(),))


# ----- Full of Dollars: reaction windows ------------------------------------------------------------------
def test_a_waiting_player_may_decline_the_next_window_ahead() -> None:
    state = fod.rig(3, hands={0: [fod.uzi(1)], 1: [fod.police(1)], 2: [fod.police(2)]}, turn=0)
    assert state.stage == "turn" and fod.ENGINE.to_act(state) == (0,)
    assert list(fod.ENGINE.premoves(state, 1)) == list(fod.ENGINE.premoves(state, 2)) == [REACTION]
    assert list(fod.ENGINE.premoves(state, 0)) == []  # to act now: nothing ahead
    assert [fod.ENGINE.decision_kind(state, seat) for seat in range(3)] == [None, None, None]


def test_the_end_of_turn_window_is_the_reaction_decision_for_everyone() -> None:
    state = fod.rig(3, hands={0: [fod.uzi(1)], 1: [fod.police(1)], 2: [fod.police(2)]}, turn=0)
    state = fod.act(state, 0, Pass())
    assert fod.ENGINE.to_act(state) == (0, 1, 2)
    assert [fod.ENGINE.decision_kind(state, seat) for seat in range(3)] == ["reaction"] * 3
    assert all(fod.ENGINE.can(state, seat, Decline()) for seat in range(3))
    state = fod.act(state, 1, Decline())  # answered: waiting for the next window now
    assert fod.ENGINE.decision_kind(state, 1) is None
    assert list(fod.ENGINE.premoves(state, 1)) == [REACTION]
    assert list(fod.ENGINE.premoves(state, 2)) == []


def test_the_fbi_window_asks_everyone_but_the_collector() -> None:
    hands = {0: [fod.uzi(1)], 1: [fod.police(1)], 2: [fod.special("fbi")]}
    state = fod.rig(3, hands=hands, businesses={0: [fod.biz("casino")]}, turn=0)
    assert state.stage == "fbi"
    assert [fod.ENGINE.decision_kind(state, seat) for seat in range(3)] == [None, "reaction", "reaction"]
    assert list(fod.ENGINE.premoves(state, 0)) == [REACTION]  # the collector waits for the others
    state = fod.act(state, 2, Fbi())
    assert fod.ENGINE.decision_kind(state, 2) is None and fod.ENGINE.decision_kind(state, 1) == "reaction"


def test_nothing_ahead_once_the_game_is_ending_or_for_a_player_who_left() -> None:
    state = fod.rig(3, hands={0: [fod.uzi(1)], 1: [fod.police(1)], 2: [fod.police(2)]}, turn=0)
    ruined = state.model_copy(update={"ruined": [2]})
    assert list(fod.ENGINE.premoves(ruined, 1)) == []  # the game ends at the next passing stage: no window
    left = fod.ENGINE.apply(state, 2, fod.ENGINE.parse_action({"kind": "withdraw"}))
    assert list(fod.ENGINE.premoves(left, 2)) == []


# ----- Dead Money: showdown bids --------------------------------------------------------------------------
def dropped() -> DeadMoneyState:
    """Seat 0 plays the A♥ and drops its only Brain: the bidding goes 1, 2, 3, then 0."""
    hands = {0: ["AH", "2C", "3C", "KC"], 1: ["KS", "KH", "9C", "4D"], 2: ["KD", "QC", "10C", "5D"], 3: ["7H", "JD"]}
    state = dm.rig(players=4, hands=hands, brains={0: ["BRAIN-S"]}, deck_top=["10S", "10H", "10D", "10C"])
    return dm.act(state, 0, Play(card="AH"))


def test_a_waiting_bidder_may_pass_ahead() -> None:
    state = dropped()
    assert dm.to_act(state) == (1,)
    assert dm.ENGINE.decision_kind(state, 1) == "bid"
    assert [dm.ENGINE.decision_kind(state, seat) for seat in (0, 2, 3)] == [None, None, None]
    assert [list(dm.ENGINE.premoves(state, seat)) for seat in range(4)] == [[BID], [], [BID], [BID]]


def test_the_pass_chosen_ahead_is_legal_when_the_bid_comes() -> None:
    state = dm.act(dropped(), 1, Bid(cards=("KS", "KH")))
    assert dm.to_act(state) == (2,) and dm.ENGINE.decision_kind(state, 2) == "bid"
    assert dm.ENGINE.can(state, 2, BidPass())
    state = dm.act(state, 2, BidPass())
    assert dm.ENGINE.decision_kind(state, 3) == "bid" and dm.ENGINE.can(state, 3, BidPass())


def test_no_bid_ahead_outside_a_showdown() -> None:
    state = dm.rig(players=4)
    assert all(list(dm.ENGINE.premoves(state, seat)) == [] for seat in range(4))
    assert all(dm.ENGINE.decision_kind(state, seat) is None for seat in range(4))


def test_the_showdown_over_nothing_is_left_ahead() -> None:
    state = dropped()
    for seat in (1, 2, 3, 0):  # a whole lap with no bid: the Brain is discarded
        state = dm.act(state, seat, BidPass())
    assert not isinstance(state.top_decision(), Showdown)
    assert all(list(dm.ENGINE.premoves(state, seat)) == [] for seat in range(4))


# ----- the default --------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["pairs", "zombie", "hawthorn", "blackstone", "ilmorto", "ohmybrain"])
def test_other_games_offer_nothing_ahead(game: str) -> None:
    engine = registry.get(game)
    state = engine.new(engine.min_players, engine.options_model(), 7)
    for seat in range(state.players):
        assert list(engine.premoves(state, seat)) == []
        assert engine.decision_kind(state, seat) is None
