"""The Business phase on a rigged table: money, collecting, opening businesses, passing, calling poker, the end."""

from __future__ import annotations

import pytest
from fod_rig import ENGINE, act, biz, decline_all, events, params, police, rig, special, uzi

from engines.fullofdollars import CallPoker, Decline, Fbi, HoldUp, Open, Pass, PlayOn
from engines.fullofdollars.state import starting_money
from tests.engines.family_support import refused_by


@pytest.mark.parametrize(("players", "money"), [(2, 2100), (3, 2600), (4, 3100), (5, 3600)])
def test_starting_money_by_player_count(players: int, money: int) -> None:
    """10 × 100k + 2 × 50k + one 500k note per player; five cards each; money visible to all."""
    state = ENGINE.new(players, ENGINE.options_model(), 7)
    assert starting_money(players) == money
    assert state.money == [money] * players
    assert all(len(hand) == 5 for hand in state.hands)
    view = ENGINE.perspective(state, None)
    assert [seat.money for seat in view.seats] == [money] * players
    assert [seat.hand for seat in view.seats] == [5] * players


def test_collection_is_automatic_from_the_next_player() -> None:
    """The turn starts with the claim; the FBI window asks everyone else at once; then the next player pays."""
    state = rig(3, hands={0: [uzi(1)], 1: [police(1)], 2: [police(2)]}, businesses={0: [biz("casino")]}, turn=0)
    assert events(state) == ["turn", "claim"]
    assert params(state, "claim") == [{"seat": 0, "payer_seat": 1, "amount": 400}]
    assert ENGINE.to_act(state) == (1, 2)
    state = decline_all(state)
    assert "collect" in events(state)
    assert state.money[0] == 2600 + 400 and state.money[1] == 2600 - 400
    assert state.stage == "turn" and ENGINE.to_act(state) == (0,)


def test_open_a_business_pays_twice_its_value_into_the_pot() -> None:
    state = rig(3, hands={0: [biz("video"), uzi(1)], 1: [police(1)], 2: [police(2)]}, turn=0)
    assert state.stage == "turn"  # nothing to collect: no window
    state = act(state, 0, Open(card=biz("video")))
    assert state.money[0] == 2600 - 300 and state.pot == 300
    assert state.businesses[0] == [biz("video")]
    assert events(state)[:1] == ["open"]
    assert state.stage == "end"  # the end-of-turn window for Jugement and Bombe


def test_never_two_copies_of_one_business_and_never_beyond_your_means() -> None:
    state = rig(3, hands={0: [biz("casino", 1), biz("video")]}, businesses={0: [biz("casino")]}, turn=0)
    state = decline_all(state)  # the collection of the casino
    assert refused_by(ENGINE, state, 0, Open(card=biz("casino", 1))) == "fullofdollars.refusal.same_business"
    state = rig(3, hands={0: [biz("casino")]}, money={0: 750}, turn=0)
    assert refused_by(ENGINE, state, 0, Open(card=biz("casino"))) == "fullofdollars.refusal.cannot_afford"
    assert refused_by(ENGINE, state, 0, Open(card=police(1))) == "fullofdollars.refusal.not_in_hand"
    state = rig(3, hands={0: [police(1)]}, turn=0)
    assert refused_by(ENGINE, state, 0, Open(card=police(1))) == "fullofdollars.refusal.not_a_business"
    assert refused_by(ENGINE, state, 0, HoldUp(card=police(1), victim=1)) == "fullofdollars.refusal.not_an_uzi"
    state = rig(3, hands={0: [uzi(1)]}, turn=0)
    assert refused_by(ENGINE, state, 0, HoldUp(card=uzi(1), victim=0)) == "fullofdollars.refusal.bad_target"
    assert refused_by(ENGINE, state, 1, Pass()) == "error.not_your_turn"
    assert refused_by(ENGINE, state, 0, CallPoker()) == "fullofdollars.refusal.not_now"


def test_second_pass_in_a_row_asks_whether_to_call_poker() -> None:
    hands = {0: [uzi(1), uzi(2)], 1: [police(1), police(2)]}
    state = rig(2, hands=hands, turn=0)
    state = act(state, 0, Pass())
    assert state.stage == "end"
    state = decline_all(state)
    state = act(state, 1, Pass())
    state = decline_all(state)
    state = act(state, 0, Pass())
    assert state.stage == "call" and ENGINE.legal_actions(state, 0) == [PlayOn(), CallPoker()]
    state = act(state, 0, PlayOn())
    state = decline_all(state)
    state = act(state, 1, Pass())
    state = act(state, 1, CallPoker())
    # No window at the end of a turn that called poker: the Poker phase starts, the caller deals.
    assert state.stage == "draw" and state.poker is not None and state.poker.dealer == 1
    assert ENGINE.to_act(state) == (0,)  # the dealer is served last


def test_a_pass_after_playing_a_card_is_a_first_pass_again() -> None:
    state = rig(2, hands={0: [biz("casse"), uzi(1)], 1: [police(1)]}, turn=0)
    state = decline_all(act(state, 0, Pass()))
    state = decline_all(act(state, 1, Pass()))
    state = decline_all(act(state, 0, Open(card=biz("casse"))))
    state = act(state, 1, Pass())
    state = decline_all(act(state, 1, PlayOn()))  # the end window, then player 0 collects 50k from player 1
    assert state.money[0] == 2100 - 100 + 50
    state = act(state, 0, Pass())
    assert state.stage == "end"  # one pass since the business: no question


def test_playing_your_last_card_calls_poker() -> None:
    state = rig(3, hands={0: [biz("casse")], 1: [police(1)], 2: [police(2)]}, turn=0)
    state = act(state, 0, Open(card=biz("casse")))
    assert "call_poker_last" in events(state)
    assert state.stage == "draw" and state.poker is not None and state.poker.dealer == 0


def test_the_game_ends_when_someone_cannot_pay_and_the_richest_wins() -> None:
    """Player 1 owes 400k but holds 150k: they pay it all, and the game ends after the collection."""
    state = rig(
        3,
        hands={0: [uzi(1)], 1: [police(1)], 2: [police(2)]},
        businesses={0: [biz("casino")]},
        money={0: 1000, 1: 150, 2: 1400},
        turn=0,
    )
    state = decline_all(state)
    assert events(state)[-3:] == ["ruined", "collect", "game_over"]
    assert state.money == [1150, 0, 1400]
    result = ENGINE.result(state)
    assert result is not None and result.winners == (2,) and result.places == (2, 3, 1)
    assert result.measure == (1150, 0, 1400)


def test_paying_exactly_everything_does_not_end_the_game() -> None:
    state = rig(
        3, hands={0: [uzi(1)], 1: [police(1)], 2: [police(2)]}, businesses={0: [biz("casino")]}, money={1: 400}, turn=0
    )
    state = decline_all(state)
    assert state.money[1] == 0 and not ENGINE.is_over(state)


def test_a_money_tie_goes_to_the_higher_business_total() -> None:
    state = rig(
        3,
        hands={0: [uzi(1)], 1: [police(1)], 2: [police(2)]},
        businesses={0: [biz("casse")], 2: [biz("video")]},
        money={0: 1000, 1: 20, 2: 1050},
        turn=0,
    )
    state = decline_all(state)  # 1 pays 20 of the 50 owed: 0 has 1020... not a tie yet
    assert ENGINE.is_over(state)
    state = rig(
        3,
        hands={0: [uzi(1)], 1: [police(1)], 2: [police(2)]},
        businesses={0: [biz("casse")], 2: [biz("video")]},
        money={0: 1000, 1: 0, 2: 1000},
        turn=0,
    )
    # Player 1 holds nothing and owes 50k: ruined; 0 and 2 both hold 1000k, 2's businesses are worth more.
    state = decline_all(state)
    result = ENGINE.result(state)
    assert state.money[0] == state.money[2] == 1000
    assert result is not None and result.winners == (2,) and result.places == (2, 3, 1)


def test_fbi_window_needs_an_fbi_card_and_is_refused_elsewhere() -> None:
    state = rig(3, hands={0: [uzi(1)], 1: [special("fbi")], 2: [police(2)]}, businesses={0: [biz("casse")]})
    assert ENGINE.legal_actions(state, 1) == [Decline(), Fbi()]
    assert ENGINE.legal_actions(state, 2) == [Decline()]
    assert refused_by(ENGINE, state, 2, Fbi()) == "fullofdollars.refusal.no_such_card"
    assert refused_by(ENGINE, state, 0, Decline()) == "error.not_your_turn"
