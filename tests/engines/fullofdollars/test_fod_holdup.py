"""Hold-ups on a rigged table: the rulebook's worked example, failures, ties, laps and sides."""

from __future__ import annotations

from fod_rig import ENGINE, act, biz, events, params, police, rig, uzi

from engines.fullofdollars import Abstain, Attack, Defend, HoldUp
from tests.engines.family_support import refused_by

A, B, C, D = 0, 1, 2, 3


def test_the_rulebook_example() -> None:
    """Seed: A holds up C with 5 uzis; B defends with 3 police; C, the victim, passes for now; D joins with 2.
    Lap 2: A adds 4 (and has no card left: poker!), B nothing, C 5 police, D nothing. Lap 3: C 4 police, D comes
    back with 3 uzis. 14 uzis against 12 police: C pays A 900k and D 500k."""
    hands = {
        A: [uzi(5), uzi(4)],
        B: [police(3), biz("casse")],
        C: [police(5), police(4), biz("video")],
        D: [uzi(2), uzi(3), biz("cercle")],
    }
    state = rig(4, hands=hands, turn=A)
    state = act(state, A, HoldUp(card=uzi(5), victim=C))
    assert ENGINE.to_act(state) == (B,)
    state = act(state, B, Defend(card=police(3)))
    state = act(state, C, Abstain())
    state = act(state, D, Attack(card=uzi(2)))
    view = ENGINE.perspective(state, None)
    assert view.holdup is not None
    assert (view.holdup.total_uzis, view.holdup.total_police, view.holdup.lap) == (7, 3, 2)
    assert view.holdup.attackers == [A, D] and view.holdup.defenders == [B]
    assert ENGINE.to_act(state) == (A,)  # every later lap starts with the player who started the hold-up
    state = act(state, A, Attack(card=uzi(4)))
    assert "call_poker_last" in events(state) and state.caller == A
    state = act(state, B, Abstain())
    state = act(state, C, Defend(card=police(5)))  # the victim may come in though they played nothing in lap 1
    state = act(state, D, Abstain())
    view = ENGINE.perspective(state, None)
    assert view.holdup is not None and (view.holdup.total_uzis, view.holdup.total_police) == (11, 8)
    assert ENGINE.to_act(state) == (B,)  # A has no card left: skipped
    state = act(state, B, Abstain())
    state = act(state, C, Defend(card=police(4)))
    state = act(state, D, Attack(card=uzi(3)))
    # Lap 4: police were played in lap 3, so the sides are asked again; nobody plays police: it ends.
    state = act(state, B, Abstain())
    state = act(state, C, Abstain())
    state = act(state, D, Abstain())
    assert params(state, "holdup_success") == [{"victim_seat": C, "uzis": 14, "police": 12}]
    assert params(state, "holdup_paid") == [
        {"seat": A, "victim_seat": C, "amount": 900},
        {"seat": D, "victim_seat": C, "amount": 500},
    ]
    assert state.money == [3100 + 900, 3100, 3100 - 1400, 3100 + 500]
    # A's call takes effect after the hold-up: the Poker phase, A deals.
    assert state.stage == "draw" and state.poker is not None and state.poker.dealer == A


def test_caught_robbers_pay_the_defenders_in_whole_notes_the_rest_to_the_pot() -> None:
    """5 uzis against 6 police from three defenders: 500k shared, 150k each, 50k to the pot."""
    hands = {0: [uzi(5), biz("casse")], 1: [police(2), biz("video")], 2: [police(2, 1)], 3: [police(2, 2)]}
    state = rig(4, hands=hands, turn=0)
    state = act(state, 0, HoldUp(card=uzi(5), victim=2))
    state = act(state, 1, Defend(card=police(2)))
    state = act(state, 2, Defend(card=police(2, 1)))
    state = act(state, 3, Defend(card=police(2, 2)))
    state = act(state, 0, Abstain())
    state = act(state, 1, Abstain())
    assert params(state, "holdup_failed") == [{"victim_seat": 2, "uzis": 5, "police": 6}]
    assert params(state, "holdup_fined") == [{"seat": 0, "amount": 500}]
    assert params(state, "holdup_shared") == [{"seats": "2,3,1", "amount": 150, "rest": 50, "count": 3}]
    assert state.money == [3100 - 500, 3250, 3250, 3250] and state.pot == 50


def test_defenders_are_those_who_played_police_and_a_tie_pays_nothing() -> None:
    hands = {0: [uzi(2), biz("casse")], 1: [police(2)], 2: [biz("video")]}
    state = rig(3, hands=hands, turn=0)
    state = act(state, 0, HoldUp(card=uzi(2), victim=2))
    state = act(state, 1, Defend(card=police(2)))  # B's last card: the victim has cards but plays nothing
    state = act(state, 2, Abstain())
    state = act(state, 0, Abstain())
    state = act(state, 2, Abstain())
    assert "holdup_tie" in events(state)
    assert state.money == [2600] * 3 and state.pot == 0


def test_a_player_who_plays_nothing_in_the_first_lap_is_out() -> None:
    hands = {0: [uzi(1), uzi(1, 1)], 1: [uzi(2), biz("casse")], 2: [police(3), police(1)], 3: [police(4)]}
    state = rig(4, hands=hands, turn=0)
    state = act(state, 0, HoldUp(card=uzi(1), victim=2))
    state = act(state, 1, Abstain())
    state = act(state, 2, Defend(card=police(1)))
    state = act(state, 3, Abstain())
    view = ENGINE.perspective(state, None)
    assert view.holdup is not None and view.holdup.out == [1, 3]
    assert ENGINE.to_act(state) == (0,)
    state = act(state, 0, Abstain())
    assert ENGINE.to_act(state) == (2,)  # B and D are out: only the sides (and the victim) are asked


def test_sides_never_change_and_the_victim_only_defends() -> None:
    hands = {0: [uzi(1), police(1, 5)], 1: [uzi(2), police(2)], 2: [uzi(3), police(3)]}
    state = rig(3, hands=hands, turn=0)
    state = act(state, 0, HoldUp(card=uzi(1), victim=2))
    state = act(state, 1, Attack(card=uzi(2)))
    assert refused_by(ENGINE, state, 2, Attack(card=uzi(3))) == "fullofdollars.refusal.victim_defends"
    state = act(state, 2, Defend(card=police(3)))
    assert refused_by(ENGINE, state, 0, Defend(card=police(1, 5))) == "fullofdollars.refusal.no_side_change"
    assert refused_by(ENGINE, state, 0, Attack(card=police(1, 5))) == "fullofdollars.refusal.not_an_uzi"
    assert refused_by(ENGINE, state, 1, Abstain()) == "error.not_your_turn"


def test_a_lap_without_police_ends_the_hold_up_in_success() -> None:
    hands = {0: [uzi(3), biz("casse")], 1: [police(2)], 2: [biz("video")]}
    state = rig(3, hands=hands, turn=0)
    state = act(state, 0, HoldUp(card=uzi(3), victim=1))
    state = act(state, 1, Abstain())
    state = act(state, 2, Abstain())
    assert params(state, "holdup_paid") == [{"seat": 0, "victim_seat": 1, "amount": 300}]
    assert state.stage == "end" and state.turn == 0


def test_the_victim_leaving_calls_the_hold_up_off() -> None:
    from engines.core import Withdraw

    hands = {0: [uzi(3), biz("casse")], 1: [police(2)], 2: [biz("video")]}
    state = rig(3, hands=hands, turn=0)
    state = act(state, 0, HoldUp(card=uzi(3), victim=2))
    state = ENGINE.apply(state, 2, Withdraw())
    assert "holdup_cancelled" in events(state) and state.holdup is None
    assert state.money == [2600] * 3 and ENGINE.to_act(state) == (0, 1)  # the end window of 0's turn
