"""Reactive cards on a rigged table: FBI, Jugement, Bombe, and windows that reveal nothing."""

from __future__ import annotations

from fod_rig import ENGINE, act, biz, decline_all, events, many_bombe_targets, params, police, rig, special, uzi

from engines.fullofdollars import Bomb, CloseBusiness, Decline, Fbi, Judge, KeepBusiness, Pass
from tests.engines.family_support import refused_by


def _public(state: object, viewer: int | None) -> dict[str, object]:
    view = ENGINE.perspective(state, viewer).model_dump(mode="json")
    for private in ("viewer", "hand", "legal"):
        view.pop(private)
    return view


def test_fbi_cancels_the_collection() -> None:
    state = rig(
        3,
        hands={0: [uzi(1)], 1: [police(1), police(2)], 2: [special("fbi"), police(3)]},
        businesses={0: [biz("casino")]},
        turn=0,
    )
    state = act(state, 2, Fbi())
    assert events(state) == []  # secret until everyone has answered
    state = act(state, 1, Decline())
    assert events(state) == ["fbi", "collection_cancelled"]
    assert state.money == [2600] * 3 and state.hands[2] == [police(3)]
    assert state.stage == "turn" and ENGINE.to_act(state) == (0,)


def test_a_window_reveals_nothing_of_who_holds_the_card() -> None:
    """Everyone but the collector answers; a player with and without an FBI see the same public table, before
    and after answering, and a spectator sees who has yet to answer, not what was answered."""
    with_fbi = rig(3, hands={0: [uzi(1)], 1: [police(1)], 2: [special("fbi")]}, businesses={0: [biz("casse")]})
    without = rig(3, hands={0: [uzi(1)], 1: [police(1)], 2: [police(2)]}, businesses={0: [biz("casse")]})
    assert ENGINE.to_act(with_fbi) == ENGINE.to_act(without) == (1, 2)
    for viewer in (None, 0, 1):
        assert _public(with_fbi, viewer) == _public(without, viewer)
    played = act(with_fbi, 2, Fbi())
    declined = act(without, 2, Decline())
    for viewer in (None, 0, 1):
        assert _public(played, viewer) == _public(declined, viewer)
    assert ENGINE.perspective(played, 2).window.my_answer == "fbi"
    assert ENGINE.perspective(played, None).window.waiting == [1]


def test_jugement_pay_again_or_close_business_by_business() -> None:
    hands = {0: [uzi(1)], 1: [special("jugement"), police(1)], 2: [police(2)]}
    state = rig(3, hands=hands, businesses={2: [biz("casse"), biz("casino")]}, turn=0)
    state = act(state, 0, Pass())
    assert ENGINE.to_act(state) == (0, 1, 2)  # the end of a turn: every player is asked
    state = act(state, 1, Judge(target=2))
    state = act(state, 0, Decline())
    state = act(state, 2, Decline())
    assert events(state) == ["judge"]
    assert state.stage == "judgement" and ENGINE.to_act(state) == (2,)
    state = act(state, 2, KeepBusiness())
    assert params(state, "keep") == [{"seat": 2, "business": "casse", "amount": 100}]
    assert state.pot == 100 and state.money[2] == 2500
    state = act(state, 2, CloseBusiness())
    assert events(state)[0] == "close" and state.businesses[2] == [biz("casse")]
    assert state.turn == 1  # then the next turn


def test_a_jugement_target_who_cannot_pay_closes() -> None:
    hands = {0: [uzi(1)], 1: [special("jugement")], 2: [police(2)]}
    state = rig(3, hands=hands, businesses={2: [biz("casino")]}, money={2: 700}, turn=0)
    state = act(state, 0, Pass())
    state = act(state, 0, Decline())
    state = act(state, 2, Decline())
    state = act(state, 1, Judge(target=2))
    assert "close_forced" in events(state) and state.businesses[2] == []
    assert "call_poker_last" in events(state)  # the Jugement was player 1's last card


def test_bombe_destroys_a_business_and_reverses_the_order() -> None:
    hands = {0: [uzi(1)], 1: [police(1)], 2: [special("bombe"), police(2)]}
    state = rig(3, hands=hands, businesses={1: [biz("video")]}, turn=0)
    state = act(state, 0, Pass())
    assert refused_by(ENGINE, state, 1, Bomb(card=biz("video"))) == "fullofdollars.refusal.no_such_card"
    state = act(state, 2, Bomb(card=biz("video")))
    state = decline_all(state)
    assert events(state)[:2] == ["bomb", "reverse"]
    assert state.businesses[1] == [] and state.direction == -1
    assert state.turn == 2  # after player 0, the next player the other way round


def test_bombe_does_not_reverse_with_two_players() -> None:
    state = rig(2, hands={0: [uzi(1)], 1: [special("bombe"), police(1)]}, businesses={0: [biz("video")]})
    state = decline_all(state)  # the collection
    state = act(state, 0, Pass())
    state = act(state, 1, Bomb(card=biz("video")))
    state = act(state, 0, Decline())
    assert "bomb" in events(state) and "reverse" not in events(state) and state.direction == 1


def test_reactive_cards_only_in_their_window() -> None:
    hands = {0: [uzi(1)], 1: [special("jugement"), special("fbi")], 2: [police(2)]}
    state = rig(3, hands=hands, businesses={0: [biz("casse")]}, turn=0)
    assert refused_by(ENGINE, state, 1, Judge(target=2)) == "fullofdollars.refusal.end_of_turn_only"
    state = decline_all(state)
    state = act(state, 0, Pass())
    assert refused_by(ENGINE, state, 1, Fbi()) == "fullofdollars.refusal.fbi_after_collection"
    assert refused_by(ENGINE, state, 1, Judge(target=1)) == "fullofdollars.refusal.bad_target"


def test_an_fbi_as_last_card_calls_poker_after_the_turn() -> None:
    """Playing your last card in any way calls poker; the turn in progress is played first, with no end window."""
    state = rig(3, hands={0: [uzi(1), police(1)], 1: [special("fbi")], 2: [police(2)]}, businesses={0: [biz("casse")]})
    state = act(state, 1, Fbi())
    state = act(state, 2, Decline())
    assert events(state) == ["fbi", "call_poker_last", "collection_cancelled"]
    assert state.stage == "turn" and state.caller == 1
    state = act(state, 0, Pass())
    assert state.stage == "draw" and state.poker is not None and state.poker.dealer == 1


def test_many_bombe_targets_are_a_pick_of_one_business_grouped_by_owner() -> None:
    state = many_bombe_targets()
    pick = ENGINE.card_pick(state, 3)
    assert pick is not None and (pick.kind, pick.field, pick.min, pick.max) == ("bomb", "card", 1, 1)
    assert pick.cards == (
        biz("drogue"), biz("casino"),
        biz("casse"), biz("maquillage"), biz("cercle"), biz("video"),
        biz("striptease"), biz("massage"), biz("trafic_voitures"), biz("callgirls"),
    )  # fmt: skip
    assert pick.groups == (2, 4, 4) and pick.params["owners"] == "0,0,1,1,1,1,2,2,2,2"
    assert all(ENGINE.card_pick(state, seat) is None for seat in (0, 1, 2))  # no Bombe: nothing to pick
    state = act(state, 3, Bomb(card=biz("massage")))
    state = decline_all(state)
    assert biz("massage") not in state.businesses[2] and "bomb" in events(state)


def test_few_bombe_targets_stay_buttons() -> None:
    hands = {0: [uzi(1)], 1: [police(1)], 2: [special("bombe"), police(2)]}
    state = act(rig(3, hands=hands, businesses={1: [biz("video")]}, turn=0), 0, Pass())
    assert ENGINE.card_pick(state, 2) is None
    assert Bomb(card=biz("video")) in ENGINE.candidate_actions(state, 2)
