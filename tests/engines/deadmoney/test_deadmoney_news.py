"""What reaches a player's hand is told to them: every card that comes into a hand is named in an event that
player sees (a secret one when only they may know the card), and their perspective marks the cards that reached
their hand since their own last action (`fresh`), for the hand to show them as new."""

from __future__ import annotations

import random
from collections import Counter

from deadmoney_rig import ENGINE, act, event_params, events, rig, view
from deadmoney_rig_extra import roll_ok

from engines.core import Event
from engines.deadmoney import Cards, DeadMoneyState, EndTurn, Play, Target


def named_cards(events_seen: list[Event]) -> Counter[str]:
    """The cards named by `events_seen` (params `card`, `cards`, `*_card`, `*_cards`)."""
    named: Counter[str] = Counter()
    for event in events_seen:
        for key, value in event.params.items():
            if isinstance(value, str) and (key in ("card", "cards") or key.endswith(("_card", "_cards"))):
                named.update(part for part in value.split(",") if part)
    return named


def test_every_card_that_reaches_a_hand_is_told_to_its_player() -> None:
    steps = 0
    for seed in range(40):
        rng = random.Random(seed)
        state: DeadMoneyState = ENGINE.new(rng.randint(3, 6), ENGINE.options_model(), seed)
        for _ in range(300):
            if state.over:
                break
            seat = rng.choice(ENGINE.to_act(state))
            action = rng.choice(ENGINE.legal_actions(state, seat))
            before = [Counter(hand) for hand in state.hands]
            new = act(state, seat, action)
            for player in range(new.players):
                gained = Counter(new.hands[player]) - before[player]
                told = named_cards([event for event in new.events if event.visible_to(player)])
                assert not gained - told, f"seed {seed}: {action!r} gave seat {player} {gained - told} untold"
                if gained:
                    steps += 1
            state = new
    assert steps > 500


def test_a_draw_is_new_to_its_player_alone_until_they_act() -> None:
    state = rig(hands={0: ["2C", "3C"], 1: ["KD", "QC"]}, deck_top=["9D", "KH"])
    state = act(state, 0, EndTurn())  # nothing playable: draw 1
    assert events(state, 0) == ["idle", "draw", "you_draw", "turn"]
    assert event_params(state, "you_draw") == [{"cards": "9D"}]
    assert view(state, 0).fresh == ["9D"]
    assert view(state, 1).fresh == [] and view(state, None).fresh == []
    state = act(state, 1, Play(card="KD"))  # seat 1 draws the K♥: new to seat 1; seat 0's 9♦ is still new
    assert view(state, 1).fresh == ["KH"] and view(state, 0).fresh == ["9D"]
    state = act(state, 1, EndTurn())
    assert view(state, 1).fresh == []  # seat 1 acted again: nothing new since
    assert view(state, 0).fresh == ["9D"]


def test_a_passed_card_is_new_to_its_receiver_and_a_taken_card_leaves_the_news() -> None:
    # 4♥: "Piochez 1 carte, regardez-la et passez-la": the 4♥ player passes it to the opponent they name.
    state = rig(hands={0: ["4H", "KD"], 2: ["QS", "JC"]}, brains={0: ["BRAIN-H"]}, deck_top=["9D"])
    state = act(roll_ok(state), 0, Play(card="4H"))
    state = act(state, 0, Target(seat=2))
    received = [e for e in state.events if e.key == "deadmoney.event.received"]
    assert [(e.audience, dict(e.params)) for e in received] == [((2,), {"from_seat": 0, "card": "9D"})]
    assert view(state, 2).fresh == ["9D"]
    # The 9♣ player takes a random card from seat 2: the 9♦, its only one, is no longer new to seat 2, who
    # draws 2 for losing their last card ("s'il s'agit de sa dernière, il pioche 2 cartes"): those are new.
    moved = rig(hands={0: ["9C", "KD"], 2: ["9D"]}, deck_top=["2S", "3S"])
    moved.fresh[2] = ["9D"]
    assert view(moved, 2).fresh == ["9D"]
    moved = act(moved, 0, Play(card="9C"))
    moved = act(moved, 0, Target(seat=2))
    assert "9D" in moved.hands[0] and view(moved, 0).fresh == ["9D"]
    assert moved.hands[2] == ["2S", "3S"] and view(moved, 2).fresh == ["2S", "3S"]


def test_the_fresh_cards_are_the_viewers_own_secret() -> None:
    state = rig(hands={0: ["2C", "3C"]}, deck_top=["9D"])
    state = act(state, 0, EndTurn())
    for viewer in (1, 2, 3, None):
        assert view(state, viewer).fresh == []
    # A pick submitted in a simultaneous choice (3♦, every player passes left) changes nothing of it.
    hands = {0: ["3D", "KD", "8S"], 1: ["QC", "9S"], 2: ["JC", "9H"], 3: ["10S", "9C"]}
    state = act(roll_ok(rig(hands=hands, brains={0: ["BRAIN-D"]})), 0, Play(card="3D"))
    state = act(state, 1, Cards(cards=("QC",)))
    assert view(state, 1).fresh == [] and view(state, 2).fresh == []  # nothing has moved yet
    for seat, card in ((2, "JC"), (3, "10S"), (0, "KD")):
        state = act(state, seat, Cards(cards=(card,)))
    assert [view(state, seat).fresh for seat in range(4)] == [["10S"], ["KD"], ["QC"], ["JC"]]
    assert view(state, 2).my_hand == ["9H", "QC"]
