"""`reshuffle_unseen` as the computer players' only window on hidden information: it deals what a seat cannot
see anew, from what that seat sees and the seed alone, even in the rare cases (the conformance suite checks
the property on every engine's random games; these rig the cases random games seldom reach)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engines.zombie.engine as zombie_engine
from engines.core import GameState
from engines.deadmoney import Cards, DeadMoneyState, Play
from engines.deadmoney.resolve import pick_refusal
from engines.deadmoney.state import PickCards
from engines.hawthorn import ENGINE as HAWTHORN
from engines.hawthorn.state import HawthornState
from engines.zombie import ENGINE as ZOMBIE
from engines.zombie.engine import setup as zombie_setup
from engines.zombie.state import ZombieOptions, ZombieState
from tests.conformance.playout import AnyEngine, sampled_states, viewers
from tests.conformance.toy_engine import _distinct_hands
from tests.engines.deadmoney.deadmoney_rig import ENGINE as DEADMONEY
from tests.engines.deadmoney.deadmoney_rig import act, assert_conserved, rig


def same_from_any_arrangement(engine: AnyEngine, state: GameState, viewer: int | None) -> bool:
    """reshuffle_unseen(reshuffle_unseen(s, v, a), v, b) == reshuffle_unseen(s, v, b), for a few a and b."""
    for first, second in ((1, 2), (7, 3), (40, 41)):
        twice = engine.reshuffle_unseen(engine.reshuffle_unseen(state, viewer, first), viewer, second)
        if engine.dump_state(twice) != engine.dump_state(engine.reshuffle_unseen(state, viewer, second)):
            return False
    return True


# ----- Dead Money: the others' secret picks ------------------------------------------------------------------------


def picks_table() -> DeadMoneyState:
    """Seat 0 plays the 3♦: everyone passes a card left at once. Seats 1 and 3 have picked, seat 2's pick
    made itself (two copies of one card); seat 0 has not picked yet."""
    hands = {0: ["3D", "KD", "AH"], 1: ["QS", "QS", "3H", "3H"], 2: ["JH", "JH"], 3: ["5S", "5S", "6H", "6H"]}
    state = rig(hands=hands, brains={0: ["BRAIN-D", "BRAIN-D"]})
    state = act(state, 0, Play(card="3D"))
    state = act(state, 1, Cards(cards=("3H",)))
    return act(state, 3, Cards(cards=("6H",)))


def test_dead_money_deals_the_others_secret_picks_anew_from_their_new_hands() -> None:
    state = picks_table()
    decision = state.top_decision()
    assert isinstance(decision, PickCards) and decision.submitted[0] is None
    seen: dict[int, set[str]] = {1: set(), 3: set()}
    for seed in range(30):
        other = DEADMONEY.reshuffle_unseen(state, 0, seed)
        assert_conserved(other)  # every pick is still in its picker's hand
        step = other.top_decision()
        assert isinstance(step, PickCards)
        assert step.submitted[0] is None and other.hands[0] == state.hands[0]
        for seat in (1, 2, 3):
            picked = step.submitted[seat]
            assert picked is not None and len(picked) == 1
            assert pick_refusal(DEADMONEY.table(other), step, seat, tuple(picked)) is None
            seen.get(seat, set()).update(picked)
        assert DEADMONEY.perspective(other, 0) == DEADMONEY.perspective(state, 0)
        after = act(other, 0, Cards(cards=("KD",)))  # the pass goes through on the sample
        assert_conserved(after)
    assert seen[1] - {"3H"} and seen[3] - {"6H"}, "the real picks showed through"
    assert same_from_any_arrangement(DEADMONEY, state, 0)


def test_dead_money_keeps_the_viewers_own_pick() -> None:
    state = picks_table()
    for seed in range(10):
        other = DEADMONEY.reshuffle_unseen(state, 1, seed)
        step = other.top_decision()
        assert isinstance(step, PickCards)
        assert step.submitted[1] == ["3H"] and other.hands[1] == state.hands[1]
        assert step.submitted[0] is None
        assert_conserved(other)
    assert same_from_any_arrangement(DEADMONEY, state, 1)


# ----- Hawthorn: the others' votes ----------------------------------------------------------------------------------


ENOUGH_VOTES = 8  # vote states checked (the playouts are drawn until this many were found)
ENOUGH_SEARCHES = 200  # face-down deals searched for (likewise)


def test_hawthorn_draws_the_others_pending_votes_anew() -> None:
    found = 0
    for playout, step in sampled_states(HAWTHORN, random.Random(5), playouts=200, per_playout=12, withdrawals=False):
        state = playout.states[step]
        assert isinstance(state, HawthornState)
        if state.phase != "vote":
            continue
        waiting = list(HAWTHORN.to_act(state))
        voted = [seat for seat, vote in enumerate(state.votes) if vote is not None]
        if not waiting or not voted:
            continue
        viewer = waiting[0]
        ballots: dict[int, set[str | None]] = {seat: set() for seat in voted}
        for seed in range(16):
            other = HAWTHORN.reshuffle_unseen(state, viewer, seed)
            for seat in voted:
                ballots[seat].add(other.votes[seat])
            assert HAWTHORN.perspective(other, viewer) == HAWTHORN.perspective(state, viewer)
        assert all(seen == {"next", "stop"} for seen in ballots.values()), ballots
        assert same_from_any_arrangement(HAWTHORN, state, viewer)
        found += 1
        if found == ENOUGH_VOTES:
            break
    assert found >= 3


# ----- Zombie: a legal deal of the face-down cards, searched for when random deals fail --------------------------


def test_zombie_searches_for_a_legal_face_down_deal_when_random_deals_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(zombie_engine, "FACE_DOWN_ATTEMPTS", 0)  # straight to the search
    searched = 0
    for playout, step in sampled_states(ZOMBIE, random.Random(3), playouts=40, per_playout=5):
        state = playout.states[step]
        assert isinstance(state, ZombieState)
        for viewer in viewers(playout.players):
            other = ZOMBIE.reshuffle_unseen(state, viewer, step)
            assert ZOMBIE.perspective(other, viewer) == ZOMBIE.perspective(state, viewer)
            assert other.card_count() == 55
            hidden = [seat for seat in range(state.players) if seat != viewer]
            assert Counter(
                [*other.deck, *other.discard, *(card for seat in hidden for card in other.face_down[seat])]
            ) == Counter([*state.deck, *state.discard, *(card for seat in hidden for card in state.face_down[seat])])
            for seat in range(state.players):
                cards = other.refuge[seat] + other.face_down[seat]
                assert len(set(cards)) == len(cards)
                assert len(other.face_down[seat]) == len(state.face_down[seat])
            assert same_from_any_arrangement(ZOMBIE, state, viewer)
            searched += sum(1 for seat in hidden if state.face_down[seat])
        if searched > ENOUGH_SEARCHES:
            break
    assert searched > 50


def test_zombie_search_finds_the_only_legal_deal() -> None:
    # Seat 1 shows 1-7 and hides three cards: they can only be 8, 9 and 10, whose one copy each is in the pool.
    # Seat 2 hides two cards of different values. A greedy deal in this order would give seat 2 the 8 first.
    state = zombie_setup(3, ZombieOptions(), seed=0)
    state.refuge = [[], [1, 2, 3, 4, 5, 6, 7], []]
    state.face_down = [[], [8, 9, 10], [1, 2]]  # only the sizes matter
    pool = [8, 9, 10, 1, 1, 2]
    dealt = zombie_engine._search_face_down(state, [2, 1], pool)
    assert sorted(dealt[1]) == [8, 9, 10]
    assert len(set(dealt[2])) == 2 and not set(dealt[2]) & {8, 9, 10}
    assert sorted(pool + dealt[2]) == [1, 1, 2]


# ----- the toy game's fallback ----------------------------------------------------------------------------------------


def test_the_toy_fallback_deals_pair_free_hands() -> None:
    pool = [1, 1, 1, 2, 2, 3, 4]
    left, hands = _distinct_hands(pool, {1: 3, 2: 2, 3: 1})
    assert all(len(set(hand)) == len(hand) for hand in hands.values())
    assert [len(hands[seat]) for seat in (1, 2, 3)] == [3, 2, 1]
    assert sorted(left + [card for hand in hands.values() for card in hand]) == pool
