"""What each seat sees of a Dead Money table (engines/deadmoney/perspective.py).

Public: hand sizes, Brains in front, the discard pile, the cards in play, the last roll, the pending decision.
Private: your own hand, your secret pick, the card you pass, the hand you look at with the 5♦, the cards
you arrange with the K♣. The checks look for card ids anywhere in the serialised perspective.
"""

from __future__ import annotations

import re

from deadmoney_rig import ENGINE, act, assert_conserved, rig, view, with_rolls

from engines.deadmoney import Cards, DeadMoneyPerspective, DeadMoneyState, Play, PutNext, Target

CARD = re.compile(r"\b(?:BRAIN-[CDHS]|(?:10|[2-9AJQK])[CDHS])\b")

# Both copies of each of these cards are in one hand, so no public place can show them.
HANDS = {0: ["KD", "AH", "AH"], 1: ["QS", "QS", "3H", "3H"], 2: ["JH", "JH"], 3: ["5S", "5S", "6H", "6H"]}
SECRET = {seat: set(cards) - {"KD"} for seat, cards in HANDS.items()}


def cards_seen(perspective: DeadMoneyPerspective) -> set[str]:
    return set(CARD.findall(perspective.model_dump_json()))


def table() -> DeadMoneyState:
    """Seat 0 plays the K♦ and draws the 7♥ (whose other copy is at the bottom of the draw pile)."""
    state = rig(hands=HANDS, deck_top=["7H"], brains={2: ["BRAIN-C"]})
    return act(state, 0, Play(card="KD"))


def test_a_spectator_sees_no_hand_card() -> None:
    state = table()
    seen = view(state, None)
    assert seen.my_hand == [] and seen.my_pick is None and seen.held is None and seen.legal == []
    assert [s.hand_size for s in seen.seats] == [3, 4, 2, 4]
    assert [s.brains for s in seen.seats] == [[], [], ["BRAIN-C"], []]
    assert seen.discard == ["KD"]
    cards = cards_seen(seen)
    assert not cards & set().union(*SECRET.values())
    assert "7H" not in cards  # the card drawn is told only to its drawer
    assert cards <= {"KD", "BRAIN-C"}


def test_each_player_sees_their_own_hand_and_no_other() -> None:
    state = table()
    for seat in range(4):
        seen = view(state, seat)
        cards = cards_seen(seen)
        others = set().union(*(SECRET[other] for other in range(4) if other != seat))
        assert not cards & others, seat
        assert SECRET[seat] <= cards
        assert ("7H" in cards) == (seat == 0)
    assert view(state, 0).my_hand == ["7H", "AH", "AH"]
    assert view(state, 1).my_hand == ["3H", "3H", "QS", "QS"]
    # Seat 0 had one hand left and only 2-hand cards: seat 1 plays now.
    assert view(state, 1).legal == ["play", "end_turn"]
    assert view(state, 0).legal == []


def test_a_seat_out_of_range_is_a_spectator() -> None:
    state = table()
    assert view(state, 7).my_hand == [] and not cards_seen(view(state, 7)) & SECRET[0]


def test_the_five_of_diamonds_peek_is_seen_only_by_the_peeker() -> None:
    state = rig(hands={**HANDS, 0: ["5D", "KD", "AH", "AH"]}, brains={0: ["BRAIN-D"]})
    state = act(with_rolls(state, [6]), 0, Play(card="5D"))
    state = act(state, 0, Target(seat=3))
    peeker = view(state, 0)
    assert peeker.peek_seat == 3 and peeker.peek == ["5S", "5S", "6H", "6H"]
    assert SECRET[3] <= cards_seen(peeker)
    for viewer in (None, 1, 2, 3):
        seen = view(state, viewer)
        assert seen.peek_seat is None and seen.peek == []
        if viewer != 3:
            assert not cards_seen(seen) & SECRET[3], viewer
    # The card taken: only the peeker and the player it is taken from learn which.
    state = act(state, 0, Cards(cards=("6H",)))
    assert view(state, 0).peek == [] and view(state, 0).peek_seat is None
    assert "6H" in cards_seen(view(state, 0)) and "6H" in cards_seen(view(state, 3))
    for viewer in (None, 1, 2):
        assert "6H" not in cards_seen(view(state, viewer)), viewer


def test_secret_picks_are_seen_only_by_their_picker() -> None:
    state = rig(hands={**HANDS, 0: ["3D", "KD", "AH"]}, brains={0: ["BRAIN-D", "BRAIN-D"]})
    state = act(state, 0, Play(card="3D"))  # everyone passes 1 card left, all at once
    state = act(state, 1, Cards(cards=("3H",)))
    state = act(state, 3, Cards(cards=("6H",)))
    assert view(state, 1).my_pick == ["3H"] and view(state, 3).my_pick == ["6H"]
    # Seat 2 holds two copies of one card: its pick made itself, and is shown only to seat 2.
    assert view(state, 2).my_pick == ["JH"]
    for viewer in (None, 0):
        seen = view(state, viewer)
        assert seen.my_pick is None
        assert seen.pending is not None and seen.pending.waiting == [0]
    assert "6H" not in cards_seen(view(state, 0)) and "3H" not in cards_seen(view(state, 2))
    state = act(state, 0, Cards(cards=("AH",)))
    assert "3H" in view(state, 2).my_hand and "6H" in view(state, 0).my_hand
    assert "3H" not in cards_seen(view(state, 0))


def test_the_arranged_cards_are_seen_only_by_their_arranger() -> None:
    top = ["2S", "3S", "4S", "5S", "6S"]
    state = rig(hands={0: ["KC", "KD"]}, deck_top=top)
    state = act(state, 0, Play(card="KC"))
    state = act(state, 0, PutNext(card="4S"))
    assert view(state, 0).arranged == ["4S"] and set(view(state, 0).arrange) == {"2S", "3S", "5S", "6S"}
    for viewer in (None, 1, 2, 3):
        assert not cards_seen(view(state, viewer)) & set(top), viewer


def test_reshuffling_the_unseen_keeps_what_the_viewer_sees() -> None:
    state = rig(hands={**HANDS, 0: ["5D", "KD", "AH", "AH"]}, brains={0: ["BRAIN-D"]})
    state = act(with_rolls(state, [6]), 0, Play(card="5D"))
    state = act(state, 0, Target(seat=3))
    for seed in range(3):
        other = ENGINE.reshuffle_unseen(state, 0, seed)
        assert other.hands[0] == state.hands[0] and other.hands[3] == state.hands[3]  # own hand and the peeked one
        assert [len(hand) for hand in other.hands] == [len(hand) for hand in state.hands]
        assert view(other, 0) == view(state, 0)
        assert_conserved(other)
