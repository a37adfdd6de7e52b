"""What each player sees, determinization, withdrawals and the computer-facing bits."""

from __future__ import annotations

import random

from fod_rig import ENGINE, act, biz, decline_all, police, rig, special, uzi, valued

from engines.core import Withdraw
from engines.fullofdollars import Decline, Discard, Fbi, HoldUp, Pass, Reveal
from tests.conformance.playout import random_playout


def test_own_hand_only_and_everyone_sees_money_and_businesses() -> None:
    state = rig(3, hands={0: [uzi(3)], 1: [police(2)], 2: [special("fbi")]}, businesses={1: [biz("casino")]}, turn=0)
    mine = ENGINE.perspective(state, 0)
    assert [card.id for card in mine.hand] == [uzi(3)] and mine.hand[0].icons == 3
    assert mine.hand[0].poker == ENGINE.deck.card(uzi(3)).poker
    assert ENGINE.perspective(state, None).hand == []
    assert mine.seats[1].businesses[0].business == "casino" and mine.seats[1].business_total == 400
    assert [seat.money for seat in mine.seats] == state.money
    assert "U" not in str(ENGINE.perspective(state, 1).model_dump(exclude={"hand", "legal"}))


def test_hold_up_totals_are_public() -> None:
    state = rig(3, hands={0: [uzi(4)], 1: [police(2), uzi(1)], 2: [police(1)]}, turn=0)
    state = act(state, 0, HoldUp(card=uzi(4), victim=2))
    for viewer in (None, 0, 1, 2):
        view = ENGINE.perspective(state, viewer).holdup
        assert view is not None and (view.total_uzis, view.total_police, view.to_play) == (4, 0, 1)


def test_reshuffle_keeps_what_the_viewer_sees_and_redraws_secret_answers() -> None:
    state = rig(3, hands={0: [uzi(1)], 1: [special("fbi")], 2: [police(2)]}, businesses={0: [biz("casse")]}, fill=False)
    state = act(state, 1, Fbi())
    for viewer in (None, 0, 2):
        for seed in range(5):
            other = ENGINE.reshuffle_unseen(state, viewer, seed)
            assert ENGINE.perspective(other, viewer) == ENGINE.perspective(state, viewer)
            assert other.window is not None and other.window.answers[1] in ("decline", "fbi")
    mine = ENGINE.reshuffle_unseen(state, 1, 4)
    assert mine.hands[1] == state.hands[1] and mine.window is not None and mine.window.answers[1] == "fbi"


def test_reshuffle_after_the_reveal_keeps_the_shown_values() -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(30):
        playout = random_playout(ENGINE, rng, withdrawals=False)
        for state in playout.states:
            if state.stage != "contest":
                continue
            for viewer in (None, *range(state.players)):
                other = ENGINE.reshuffle_unseen(state, viewer, 99)
                assert ENGINE.perspective(other, viewer) == ENGINE.perspective(state, viewer)
                for seat, codes in state.poker.shown.items():
                    cards = [ENGINE.deck.card(card) for card in other.hands[seat]]
                    high = set(other.poker.high[seat] or [])
                    shown = [c.poker[1] if c.id in high else c.poker[0] for c in cards]
                    assert shown == codes
                checked += 1
    assert checked > 20


def test_a_player_who_leaves_on_their_turn_passes_it_on() -> None:
    state = rig(3, hands={0: [uzi(1)], 1: [police(1)], 2: [police(2)]}, turn=0)
    state = ENGINE.apply(state, 0, Withdraw())
    assert state.turn == 1 and ENGINE.to_act(state) == (1,)
    state = ENGINE.apply(state, 1, Pass())
    assert ENGINE.to_act(state) == (1, 2)  # the end window asks the two left
    state = ENGINE.apply(state, 2, Withdraw())
    result = ENGINE.result(state)
    assert result is not None and result.winners == (1,) and result.places == (2, 1, 2)


def test_a_window_stops_waiting_for_a_player_who_left() -> None:
    state = rig(3, hands={0: [uzi(1)], 1: [police(1)], 2: [police(2)]}, businesses={0: [biz("casse")]}, turn=0)
    state = act(state, 1, Decline())
    state = ENGINE.apply(state, 2, Withdraw())
    assert state.stage == "turn" and state.money[0] == 2650


def test_timeouts_take_the_safe_answer() -> None:
    state = rig(
        3, hands={0: [uzi(1), biz("casse")], 1: [special("fbi")], 2: [police(2)]}, businesses={0: [biz("video")]}
    )
    assert ENGINE.default_action(state, 1) == Decline()
    state = decline_all(state)
    assert ENGINE.default_action(state, 0) == Pass()


def test_discard_and_reveal_are_card_picks() -> None:
    state = rig(2, hands={0: [valued("2C"), valued("3D")], 1: [valued("5H")]}, turn=0)
    state.caller, state.stage = 0, "turn_end"
    from engines.fullofdollars import flow

    flow.settle(ENGINE.deck, state)
    pick = ENGINE.card_pick(state, 1)
    assert pick is not None and pick.kind == "discard" and pick.cards == (valued("5H"),) and pick.max == 1
    assert ENGINE.legal_actions(state, 1) == [Discard(), Discard(cards=(valued("5H"),))]
    while state.stage == "draw":
        state = act(state, ENGINE.to_act(state)[0], Discard())
    assert state.stage == "reveal"
    assert all(ENGINE.legal_actions(state, seat)[0] == Reveal() for seat in (0, 1))
